"""The language server (``basra lsp``): the checker's findings, the outline and the
formatter for an editor, over the Language Server Protocol (pygls on lsprotocol).

``convert`` turns the package's data (diagnostics, the syntax tree) into protocol data;
``server`` holds the handlers over the open documents. Everything the editor shows comes
from the same code paths as ``basra check`` and ``basra fmt``.

May import: ``check``, ``language``, ``diagnostics`` and the layers below them.
"""
