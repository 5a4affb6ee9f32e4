"""Find every message id the code marks for translation (`_("...")`, `N_("...")`,
`ngettext("...", "...", n)`) and compare with the catalogues.

`python -m game.tools.catalog` prints .po entries for ids the German catalogue lacks."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from game.paths import resource_root

MARKERS = {"_", "N_", "ngettext"}


def marked_messages(root: Path | None = None) -> dict[str, list[str]]:
    """Every marked literal in game/ with the places (file:line) that use it."""
    root = root or resource_root()
    found: dict[str, list[str]] = {}
    for path in sorted((root / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                    and node.func.id in MARKERS:
                literals = node.args[:2] if node.func.id == "ngettext" else node.args[:1]
                for arg in literals:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        where = f"{path.relative_to(root)}:{node.lineno}"
                        found.setdefault(arg.value, []).append(where)
    return found


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def main() -> int:
    from game import i18n

    german = i18n.translations("de")
    missing = {m: w for m, w in marked_messages().items() if m not in german}
    for message, places in sorted(missing.items()):
        print(f"#: {' '.join(places[:3])}\nmsgid \"{_escape(message)}\"\nmsgstr \"\"\n")
    print(f"# {len(missing)} message(s) missing in de", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
