"""Every string a player sees goes through one catalogue; German is complete."""

from __future__ import annotations

import re

import polib

from game import i18n
from game.tools.catalog import marked_messages

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def test_every_marked_message_has_a_german_translation() -> None:
    german = i18n.translations("de")
    missing = sorted(m for m in marked_messages() if m not in german)
    assert missing == []


def test_translations_keep_their_placeholders() -> None:
    german = i18n.translations("de")
    wrong = [m for m, t in german.items()
             if sorted(PLACEHOLDER.findall(m)) != sorted(PLACEHOLDER.findall(t))]
    assert wrong == []


def test_catalogue_files_parse_and_have_no_fuzzy_entries() -> None:
    for po_path in sorted((i18n.locale_dir() / "de").glob("*.po")):
        fuzzy = [e.msgid for e in polib.pofile(str(po_path)) if "fuzzy" in e.flags]
        assert fuzzy == [], po_path


def test_the_language_switch_takes_effect_at_once() -> None:
    try:
        i18n.set_language("de")
        assert i18n._("Settings") == "Einstellungen"
        i18n.set_language("en")
        assert i18n._("Settings") == "Settings"
        i18n.set_language("xx")
        assert i18n.current_language() == "en"
    finally:
        i18n.set_language("en")
