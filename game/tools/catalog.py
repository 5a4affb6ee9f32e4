"""Find every message id the code marks for translation (`_("...")`, `N_("...")`,
`ngettext("...", "...", n)`) and compare with the catalogues.

`python -m game.tools.catalog` prints .po entries for ids the German catalogue lacks."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from game import i18n
from game.paths import resource_root

MARKERS = {"_", "N_"}
PLURAL_MARKER = "ngettext"


def _marked_calls(root: Path) -> list[tuple[str, int, ast.Call]]:
    """Every call of a marker function in game/, with its file and line."""
    calls = []
    for path in sorted((root / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in MARKERS | {PLURAL_MARKER}:
                calls.append((str(path.relative_to(root)), node.lineno, node))
    return calls


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) \
        else None


def marked_messages(root: Path | None = None) -> dict[str, list[str]]:
    """Every literal marked with `_()` or `N_()` in game/ with the places (file:line) that
    use it. Plural messages are separate: see `marked_plurals`."""
    found: dict[str, list[str]] = {}
    for where, line, call in _marked_calls(root or resource_root()):
        if call.func.id in MARKERS and call.args:  # type: ignore[attr-defined]
            text = _literal(call.args[0])
            if text is not None:
                found.setdefault(text, []).append(f"{where}:{line}")
    return found


def marked_plurals(root: Path | None = None) -> dict[tuple[str, str], list[str]]:
    """Every `ngettext("singular", "plural", n)` pair in game/ with its places; the
    catalogue needs one entry with msgid, msgid_plural and every msgstr[i] for each."""
    found: dict[tuple[str, str], list[str]] = {}
    for where, line, call in _marked_calls(root or resource_root()):
        if call.func.id == PLURAL_MARKER and len(call.args) >= 2:  # type: ignore[attr-defined]
            singular, plural = _literal(call.args[0]), _literal(call.args[1])
            if singular is not None and plural is not None:
                found.setdefault((singular, plural), []).append(f"{where}:{line}")
    return found


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def main() -> int:

    german = i18n.translations("de")
    missing = {m: w for m, w in marked_messages().items() if m not in german}
    for message, places in sorted(missing.items()):
        print(f"#: {' '.join(places[:3])}\nmsgid \"{_escape(message)}\"\nmsgstr \"\"\n")
    german_plurals = i18n.plural_translations("de")
    german_forms = i18n.plural_forms("de")
    incomplete = {pair: w for pair, w in marked_plurals().items()
                  if not all(german_plurals.get(pair, {}).get(i)
                             for i in range(german_forms))}
    for (singular, plural), places in sorted(incomplete.items()):
        forms = "".join(f"msgstr[{i}] \"\"\n" for i in range(german_forms))
        print(f"#: {' '.join(places[:3])}\nmsgid \"{_escape(singular)}\"\n"
              f"msgid_plural \"{_escape(plural)}\"\n{forms}")
    print(f"# {len(missing)} message(s) and {len(incomplete)} plural(s) missing in de",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
