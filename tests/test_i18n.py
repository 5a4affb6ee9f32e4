"""Every string a player sees goes through one catalogue; German is complete."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from game import i18n
from game.core.texts import Texts
from game.tools.catalog import marked_messages, marked_plurals

PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def plural_problems(po_path: Path) -> list[str]:
    """Plural entries of one catalogue that are not fully translated or lose a placeholder:
    every form msgstr[0..n-1] must be filled; no form may bring a placeholder the English
    lacks (format() would fail); the many-form keeps all of the plural's placeholders."""
    problems = []
    catalogue = polib.pofile(str(po_path))
    count = i18n.plural_count(catalogue.metadata.get("Plural-Forms", ""))
    for entry in catalogue:
        if entry.obsolete or not entry.msgid_plural:
            continue
        forms = {int(i): text for i, text in entry.msgstr_plural.items()}
        for index in range(count):
            text = forms.get(index, "")
            if not text:
                problems.append(f"{po_path.name}: {entry.msgid!r} has no msgstr[{index}]")
            elif not set(placeholders(text)) <= set(placeholders(entry.msgid_plural)):
                problems.append(f"{po_path.name}: {entry.msgid!r} msgstr[{index}] has a "
                                f"placeholder the English lacks")
        many = forms.get(count - 1, "")
        if many and placeholders(many) != placeholders(entry.msgid_plural):
            problems.append(f"{po_path.name}: {entry.msgid!r} msgstr[{count - 1}] "
                            f"loses a placeholder")
    return problems


def german_catalogues() -> list[Path]:
    return sorted((i18n.locale_dir() / "de").glob("*.po"))


def test_every_marked_message_has_a_german_translation() -> None:
    german = i18n.translations("de")
    missing = sorted(m for m in marked_messages() if m not in german)
    assert missing == []


def test_translations_keep_their_placeholders() -> None:
    german = i18n.translations("de")
    wrong = [m for m, t in german.items()
             if sorted(PLACEHOLDER.findall(m)) != sorted(PLACEHOLDER.findall(t))]
    assert wrong == []


def test_every_marked_plural_has_every_german_form() -> None:
    german = i18n.plural_translations("de")
    missing = sorted(f"{pair} at {places[0]}" for pair, places in marked_plurals().items()
                     if not all(german.get(pair, {}).get(i)
                                for i in range(i18n.plural_forms("de"))))
    assert missing == []


def test_every_plural_entry_in_every_catalogue_is_complete() -> None:
    assert german_catalogues(), "no German catalogues found"
    problems = [p for po_path in german_catalogues() for p in plural_problems(po_path)]
    assert problems == []


def test_the_plural_check_finds_a_half_translated_entry(tmp_path: Path) -> None:
    po_path = tmp_path / "broken.po"
    po_path.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} Karte"\nmsgstr[1] ""\n\n'
        'msgid "{n} robot"\nmsgid_plural "{n} robots"\nmsgstr[0] "ein Roboter"\n'
        'msgstr[1] "Roboter"\n', encoding="utf-8")
    assert plural_problems(po_path) == [
        "broken.po: '{n} card' has no msgstr[1]",
        "broken.po: '{n} robot' msgstr[1] loses a placeholder"]


def test_german_plurals_follow_the_count() -> None:
    pairs = list(marked_plurals())
    assert pairs, "the code marks no plural message"
    singular, plural = pairs[0]
    german = i18n.plural_translations("de")[(singular, plural)]
    i18n.set_language("de")
    assert i18n.ngettext(singular, plural, 1) == german[0]
    assert i18n.ngettext(singular, plural, 3) == german[1]
    assert i18n.ngettext(singular, plural, 0) == german[1]
    i18n.set_language("en")
    assert i18n.ngettext(singular, plural, 1) == singular
    assert i18n.ngettext(singular, plural, 2) == plural


def test_catalogue_files_parse_and_have_no_fuzzy_entries() -> None:
    for po_path in sorted((i18n.locale_dir() / "de").glob("*.po")):
        fuzzy = [e.msgid for e in polib.pofile(str(po_path)) if "fuzzy" in e.flags]
        assert fuzzy == [], po_path


def test_the_language_switch_takes_effect_at_once() -> None:
    i18n.set_language("de")
    assert i18n._("Settings") == "Einstellungen"
    i18n.set_language("en")
    assert i18n._("Settings") == "Settings"
    i18n.set_language("xx")
    assert i18n.current_language() == "en"


FRENCH = ('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"X-Language-Name: Français\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
          'msgid "Settings"\nmsgstr "Paramètres"\n')


def test_the_shipped_catalogues_offer_english_and_german() -> None:
    assert i18n.LANGUAGES == {"en": "English", "de": "Deutsch"}


def test_a_third_language_is_a_catalogue_away(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "shell.po").write_text(FRENCH, encoding="utf-8")
    (tmp_path / "drafts").mkdir()           # not a language code: not offered
    (tmp_path / "it").mkdir()               # no catalogue yet: not offered
    offered = i18n.offered_languages(tmp_path)
    assert offered == {"en": "English", "fr": "Français"}
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(i18n, "LANGUAGES", offered)
    from game.ui.roborally_view import element_name
    i18n.set_language("fr")
    assert i18n.current_language() == "fr"
    assert i18n._("Settings") == "Paramètres"
    assert i18n.localized(Texts.of({"en": "Floor", "de": "Wegfeld", "fr": "Sol"})) == "Sol"
    assert i18n.localized(Texts.of({"en": "Pit", "de": "Grube"})) == "Pit"
    assert element_name("floor") == "Floor"     # the shipped elements.yaml has no French


POLISH = ('msgid ""\nmsgstr ""\n"Language: pl\\n"\n"X-Language-Name: Polski\\n"\n'
          '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && '
          '(n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
          'msgid "{n} card"\nmsgid_plural "{n} cards"\n'
          'msgstr[0] "{n} karta"\nmsgstr[1] "{n} karty"\nmsgstr[2] "{n} kart"\n\n'
          'msgid "{n} robot"\nmsgid_plural "{n} robots"\n'
          'msgstr[0] "{n} robot"\nmsgstr[1] "{n} roboty"\nmsgstr[2] ""\n')


def test_a_language_with_three_plural_forms_is_a_catalogue_away(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the catalogue's own Plural-Forms header says how many forms there are and which a
    # count takes; no code names the number of forms
    (tmp_path / "pl").mkdir()
    po_path = tmp_path / "pl" / "shell.po"
    po_path.write_text(POLISH, encoding="utf-8")
    assert plural_problems(po_path) == ["shell.po: '{n} robot' has no msgstr[2]"]
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(i18n, "LANGUAGES", i18n.offered_languages(tmp_path))
    assert i18n.plural_forms("pl") == 3
    i18n.set_language("pl")
    assert [i18n.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 3, 5, 22)] \
        == ["1 karta", "3 karty", "5 kart", "22 karty"]
