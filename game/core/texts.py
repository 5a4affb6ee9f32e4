"""Player-visible text that comes from a data file in several languages.

The interface's own words go through gettext catalogues (game/i18n.py); names and rule
texts written in YAML next to the data they describe (element types, option cards) come as
one `Texts` per text, keyed by language code, so a new language needs no code change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

FALLBACK_LANGUAGE = "en"
"""Every text has it: a language without its own text shows this one."""

LANGUAGE_CODE = re.compile(r"^[a-z]{2}(_[A-Z]{2})?$")
"""`de`, `fr`, or a regional variant such as `pt_BR` (the codes of gettext's folders)."""


@dataclass(frozen=True, slots=True)
class Texts:
    """One text in every language it was written in (sorted by code; English among them)."""

    by_language: tuple[tuple[str, str], ...]

    def __post_init__(self) -> None:
        codes = [code for code, _ in self.by_language]
        if FALLBACK_LANGUAGE not in codes:
            raise ValueError(f"a text needs its {FALLBACK_LANGUAGE!r} version, got {codes}")
        wrong = [code for code in codes if not LANGUAGE_CODE.match(code)]
        if wrong or len(set(codes)) != len(codes):
            raise ValueError(f"language codes must be distinct codes like 'de' or 'pt_BR', "
                             f"got {codes}")

    @classmethod
    def of(cls, texts: Mapping[str, str]) -> Texts:
        return cls(tuple(sorted(texts.items())))

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(code for code, _ in self.by_language)

    def in_language(self, language: str) -> str:
        """The text in `language`; a regional code (`de_AT`) without its own text takes its
        language's (`de`), and a language without any takes English."""
        texts = dict(self.by_language)
        return texts.get(language) or texts.get(language.split("_")[0]) \
            or texts[FALLBACK_LANGUAGE]
