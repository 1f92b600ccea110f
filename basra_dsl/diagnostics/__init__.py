"""Diagnostics: findings as data, the registry of their codes, and their renderings.

One job: carry what a stage found (code, severity, span, message, help) to whoever shows
it. ``model`` holds the data types every stage builds; ``codes`` is the registry of codes;
``render`` prints text with the quoted line and a caret, JSON and GitHub annotations;
``sarif`` prints SARIF.

May import: nothing else of basra_dsl (every layer may import it).
"""

from .model import Diagnostic, DiagnosticError, Severity, SourceFile, Span, closest_word, did_you_mean, error, limit_per_file, warning

__all__ = ["limit_per_file", "Diagnostic", "DiagnosticError", "Severity", "SourceFile", "Span", "closest_word", "did_you_mean", "error", "warning"]
