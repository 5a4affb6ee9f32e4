"""Plurals go through gettext's plural forms (the catalogue's Plural-Forms rule), never a
hand-made `if n == 1` choice between two messages; German uses German words."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game import i18n

ROOT = Path(__file__).resolve().parent.parent
MARKERS = {"_", "N_"}


def _translates(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in MARKERS
               for n in ast.walk(node))


def _counts_one(test: ast.AST) -> bool:
    return isinstance(test, ast.Compare) and any(
        isinstance(side, ast.Constant) and side.value == 1
        for side in (test.left, *test.comparators)) and all(
        isinstance(op, (ast.Eq, ast.NotEq)) for op in test.ops)


def test_no_message_is_chosen_by_hand_for_one_or_many() -> None:
    offenders = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.IfExp) and _counts_one(node.test) \
                    and _translates(node.body) and _translates(node.orelse):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_ngettext_follows_the_catalogues_plural_rule() -> None:
    i18n.set_language("de")
    forms = [i18n.ngettext("{n} game", "{n} games", n).format(n=n) for n in (0, 1, 2)]
    assert forms == ["0 Spiele", "1 Spiel", "2 Spiele"]
    moves = i18n.ngettext("Blue die, face {face}: it moves {face} square. Blue keys only.",
                          "Blue die, face {face}: it moves {face} squares. Blue keys only.",
                          1).format(face=1)
    assert "1 Feld." in moves
    i18n.set_language("en")
    assert i18n.ngettext("{n} game", "{n} games", 1) == "{n} game"
    assert i18n.ngettext("{n} game", "{n} games", 0) == "{n} games"


def test_a_plural_rule_with_more_forms_picks_the_form_gettext_would() -> None:
    rule = i18n.plural_rule("n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                            "(n%100<10 || n%100>=20) ? 1 : 2")
    assert [rule(n) for n in (1, 2, 5, 11, 21, 22)] == [0, 1, 2, 2, 0, 1]


def test_german_says_roboter_not_robot() -> None:
    english_word = re.compile(r"\bRobots?\b(?! Master| Games)")
    found = [text for text in i18n.translations("de").values() if english_word.search(text)]
    found += [form for forms in i18n.plural_translations("de").values()
              for form in forms.values() if english_word.search(form)]
    assert found == []
