"""Reads YAML keeping positions, refusing anchors and aliases, repeated keys and unknown tags."""

from __future__ import annotations

from typing import Any

import yaml

from ..diagnostics import Diagnostic, DiagnosticError, Span, error
from .model import MAX_DEPTH, SURROGATE, Document, Marks, surrogate, too_deep

# libyaml (shipped in PyYAML's wheels) reads YAML a hundred times faster than PyYAML's own
# Python reader, whose time on a large hostile file runs to minutes; either gives the same nodes.
# libyaml is only the fast way: what a document may hold (how deep it nests, no anchors) is
# decided here on the events, and where libyaml stops with an error of its own (its own
# nesting limit, say, which it may reach before handing over the events that cross ours), the
# Python reader, which has no limits of its own, reads the text again and has the last word
# (only text libyaml refuses pays for it: a few seconds at most, for the 1 MB a YAML document may be).
_FAST = getattr(yaml, "CSafeLoader", None)
_PURE = yaml.SafeLoader


def compose(text: str, path: str, what: str) -> yaml.Node | None:
    """Returns the YAML text composed into nodes (with positions), or None for an empty
    document; raises DiagnosticError for an anchor or alias or nesting deeper than
    ``MAX_DEPTH``, and yaml.YAMLError for text that is not YAML.

    The events are read first, so what is refused is refused before any node is built (an
    alias may make a few lines stand for a huge document; deep nesting would recurse). The
    answer is the same whichever reader is used: see ``_FAST``."""
    if _FAST is not None:
        try:
            _check_events(text, path, what, _FAST)
            return yaml.compose(text, Loader=_FAST)
        except yaml.YAMLError:
            pass  # libyaml's word is not the last: the Python reader decides below
    _check_events(text, path, what, _PURE)
    return yaml.compose(text, Loader=_PURE)


def _check_events(text: str, path: str, what: str, loader: type) -> None:
    """Raises DiagnosticError at the first anchor or alias, or the first collection nested
    deeper than ``MAX_DEPTH``, in the events the loader reads (yaml.YAMLError where it can
    read no further)."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        anchor = getattr(event, "anchor", None)
        if isinstance(event, yaml.AliasEvent) or anchor is not None:
            mark = event.start_mark
            raise DiagnosticError([error("B508", f"anchors and aliases are not allowed in {what}",
                                         Span(path, mark.line + 1, mark.column + 1),
                                         f"write out in full what '&{anchor}' names where it is used")])
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                mark = event.start_mark
                raise DiagnosticError([too_deep(Span(path, mark.line + 1, mark.column + 1))])
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


class YamlBuilder:
    """Turns composed YAML nodes into data, noting the position of each value."""

    def __init__(self, path: str):
        self.path = path
        self.marks: Marks = {}
        self.problems: list[Diagnostic] = []
        self.constructor = yaml.SafeLoader("")

    def document(self, node: yaml.Node) -> Document:
        try:
            data = self.value(node, ())
        finally:
            self.constructor.dispose()
        if self.problems:
            raise DiagnosticError(self.problems)
        return Document(self.path, data, self.marks)

    def span(self, node: yaml.Node) -> Span:
        return Span(self.path, node.start_mark.line + 1, node.start_mark.column + 1)

    def value(self, node: yaml.Node, where: tuple) -> Any:
        if len(where) > MAX_DEPTH:
            raise DiagnosticError([too_deep(self.span(node))])
        self.marks[where] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            result: dict = {}
            first: dict[Any, yaml.Node] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    self.problems.append(error("B508", "a key must be a word or a string, not a list or a mapping",
                                               self.span(key_node)))
                    continue
                key = self.scalar(key_node)
                if key in first:
                    self.problems.append(error("B508", f"'{key}' is given twice in this mapping", self.span(key_node),
                                               f"it was first given at line {first[key].start_mark.line + 1}; "
                                               "give each key once"))
                    continue
                first[key] = key_node
                result[key] = self.value(value_node, where + (key,))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.value(item, where + (i,)) for i, item in enumerate(node.value)]
        return self.scalar(node)

    def scalar(self, node: yaml.ScalarNode) -> Any:
        try:
            if node.tag == "tag:yaml.org,2002:str":
                text = self.constructor.construct_scalar(node)
                if SURROGATE.search(text):
                    self.problems.append(surrogate(self.span(node)))
                return text
            return self.constructor.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, TypeError) as exc:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            reason = f"the tag {tag} is not allowed" if isinstance(exc, yaml.constructor.ConstructorError) \
                else f"'{node.value}' is not a valid {tag.lstrip('!')}"
            self.problems.append(error("B508", f"cannot read this value: {reason}", self.span(node),
                                       "quote it to make it a string"))
            return None


def yaml_hint(text: str, line: int, problem: str = "") -> str | None:
    """The likely fix of a YAML error at ``line``: tabs indenting it, or a text holding ': '
    that was not quoted (a cite such as "pagat: the deal")."""
    lines = text.splitlines()
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    indent = source[:len(source) - len(source.lstrip())]
    if "\t" in indent:
        return "YAML indents with spaces, not tabs"
    if "mapping values are not allowed" in problem:
        return 'a text holding ": " must be quoted: put it in double quotes, "like: this"'
    return None
