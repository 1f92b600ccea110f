"""The language server (``basra lsp``): the checker's findings, hover, completion, go to
definition, references, quick fixes, the outline and formatting, over the Language Server
Protocol (pygls on lsprotocol).

``server`` holds the handlers over the open documents; each answer is worked out on text
and syntax trees by its own module (``hover``, ``complete``, ``navigate``, ``fixes``, with
``cursor`` finding what stands under the cursor), and ``convert`` turns it into protocol
data, with ``lines`` converting positions between the protocol's lines and the package's.
Text from a file that an answer quotes (a title, an option's description) goes through
``shown``, so it is shown as text and never as Markdown, HTML or a link of its own.
``wire`` reads the messages and answers a client's mistakes with JSON-RPC errors. Findings
come from the same code path as ``basra check``.

May import: ``check``, ``rulebook``, ``language``, ``diagnostics`` and the layers below them.
"""
