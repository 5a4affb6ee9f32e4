"""The one catalogue every player-visible string goes through (gettext .po files).

English text is the message id. Translations are gettext catalogues under
`assets/locale/<lang>/*.po` (one file per part of the app, merged into one catalogue per
language), read with polib, so there is no compiled file to go stale. The language switch
takes effect at once: widgets translate at draw time.

    _("Settings")        translate now
    N_("Settings")       mark for the catalogue; translate later with _(...)
    ngettext("{n} card", "{n} cards", n)
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

from game.core.texts import LANGUAGE_CODE, Texts
from game.paths import assets_dir

LANGUAGE_NAME = re.compile(r'^"X-Language-Name:\s*(.+?)\\n"$', re.M)
"""The catalogue header that names its language in that language (`Deutsch`)."""

_current = "en"
_catalogues: dict[str, dict[str, str]] = {}
_plurals: dict[str, dict[tuple[str, int], str]] = {}
_plural_entries: dict[str, dict[tuple[str, str], dict[int, str]]] = {}
_plural_rules: dict[str, Callable[[int], int]] = {}
_plural_counts: dict[str, int] = {}

ENGLISH_PLURAL_RULE = "n != 1"
"""gettext's own rule for the English message ids: the singular for one, else the plural."""
PLURAL_RULE = re.compile(r"plural\s*=\s*([^;]+)")
PLURAL_COUNT = re.compile(r"nplurals\s*=\s*(\d+)")
ENGLISH_PLURAL_FORMS = 2


def locale_dir() -> Path:
    return assets_dir() / "locale"


def offered_languages(folder: Path) -> dict[str, str]:
    """English, then every language with a catalogue folder in `folder` (`de/`, `fr/`, named
    by its code), each with its name in that language from its catalogues'
    `X-Language-Name` header (else its code): a new language is a folder of .po files."""
    found = {"en": "English"}
    folders = sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []
    for language_folder in folders:
        code, catalogues = language_folder.name, sorted(language_folder.glob("*.po"))
        if LANGUAGE_CODE.match(code) and catalogues:
            headers = (LANGUAGE_NAME.search(po.read_text(encoding="utf-8")) for po in catalogues)
            found[code] = next((header.group(1) for header in headers if header), code)
    return found


def _load(language: str) -> None:
    if language in _catalogues:
        return
    import polib  # here: English, the usual start, reads no catalogue (10 ms saved)

    messages: dict[str, str] = {}
    plurals: dict[tuple[str, int], str] = {}
    plural_entries: dict[tuple[str, str], dict[int, str]] = {}
    rule = ENGLISH_PLURAL_RULE
    count = ENGLISH_PLURAL_FORMS
    folder = locale_dir() / language
    for po_path in sorted(folder.glob("*.po")) if folder.is_dir() else []:
        catalogue = polib.pofile(str(po_path))
        header = catalogue.metadata.get("Plural-Forms", "")
        found = PLURAL_RULE.search(header)
        if found:
            rule = found.group(1).strip()
            count = plural_count(header)
        for entry in catalogue:
            if entry.obsolete or "fuzzy" in entry.flags:
                continue
            if entry.msgid_plural:
                plural_entries[(entry.msgid, entry.msgid_plural)] = {
                    int(index): text for index, text in entry.msgstr_plural.items()}
                for index, text in entry.msgstr_plural.items():
                    if text:
                        plurals[(entry.msgid, int(index))] = text
            elif entry.msgstr:
                messages[entry.msgid] = entry.msgstr
    _plurals[language] = plurals
    _plural_entries[language] = plural_entries
    _plural_rules[language] = plural_rule(rule)
    _plural_counts[language] = count
    _catalogues[language] = messages    # last: it tells the language is loaded whole


def plural_count(header: str) -> int:
    """How many forms a `Plural-Forms` header declares (`nplurals`; gettext's English two
    where it says nothing)."""
    found = PLURAL_COUNT.search(header)
    return int(found.group(1)) if found else ENGLISH_PLURAL_FORMS


def plural_forms(language: str) -> int:
    """How many plural forms `language` has (German two; Polish would say three): every
    plural entry of its catalogue fills as many."""
    _load(language)
    return _plural_counts[language]


def plural_rule(expression: str) -> Callable[[int], int]:
    """The catalogue's `Plural-Forms` expression (C syntax, e.g. `(n != 1)`) as a function
    from a count to the index of its form; gettext's own parser checks it."""
    return gettext.c2py(expression)


_ENGLISH = plural_rule(ENGLISH_PLURAL_RULE)

LANGUAGES: dict[str, str] = offered_languages(locale_dir())
"""Language codes the app offers, each with its name in that language."""


def set_language(language: str) -> None:
    """Switch every later `_()` to `language` (unknown codes fall back to English)."""
    global _current
    chosen = language if language in LANGUAGES else "en"
    if chosen != "en":
        _load(chosen)
    # only now: a worker thread (the board scan, a bot) translating meanwhile must never
    # find the language switched on before its catalogue is read
    _current = chosen


def current_language() -> str:
    return _current


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """`_()` in `language` inside the block, the language before it after: for messages made
    before the language they are read in is switched on (the settings' own warnings)."""
    before = _current
    set_language(language)
    try:
        yield
    finally:
        set_language(before)


def _(message: str) -> str:
    """`message` in the current language (the English text when there is no translation)."""
    if _current == "en":
        return message
    return _catalogues[_current].get(message, message)


def localized(texts: Texts) -> str:
    """A text from a data file (an element's or option card's name or rule) in the current
    language, else in English."""
    return texts.in_language(_current)


def N_(message: str) -> str:
    """Mark `message` for the catalogue without translating it yet."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of the message for `n`, chosen by the current language's plural rule (its
    catalogue's `Plural-Forms` header); the English ids by gettext's English rule."""
    if _current != "en":
        found = _plurals[_current].get((singular, _plural_rules[_current](n)))
        if found:
            return found
    return singular if _ENGLISH(n) == 0 else plural



def translations(language: str) -> dict[str, str]:
    """Every singular message of `language` (for tests, tools, and the saves list, which reads
    titles saved in another language); plural messages are in
    `plural_translations`."""
    _load(language)
    return dict(_catalogues[language])


def plural_translations(language: str) -> dict[tuple[str, str], dict[int, str]]:
    """Every plural entry of `language`: (singular, plural) -> {form index: text}, empty
    forms included, so a test can see an entry that is only half translated."""
    _load(language)
    return {key: dict(forms) for key, forms in _plural_entries[language].items()}
