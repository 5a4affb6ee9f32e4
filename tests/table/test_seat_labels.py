"""Every table and end screen names a seat's bot level in the words of the setup screen
(issue 16: "the levels in every game with the same names, English and German")."""

from __future__ import annotations

import pytest

import game.scenes.robotmaster.painting as robot_master_painting
import game.scenes.roborally.end as roborally_end
import game.scenes.volt.panel_painting as volt_panel
from game.i18n import _, set_language
from game.scenes.games import BOT_LEVELS, seat_label
from game.tools.screenshot import render_scene

SCENES = {"robot-master-table": robot_master_painting, "volt-programming": volt_panel,
          "roborally-end": roborally_end}
"""A catalogue scene of each game with a bot at the table, and the module that draws its
seats."""


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_a_bot_is_named_by_its_level_as_setup_names_it(scene: str, language: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    module = SCENES[scene]
    drawn: list[str] = []
    real = module.draw_text

    def recording(surface, text, *args, **kwargs):  # noqa: ANN001, ANN202 - draw_text's
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(module, "draw_text", recording)
    render_scene(scene, language, (1280, 720), frames=1)
    setup_words = [_(label) for _level, label in BOT_LEVELS]
    set_language("en")
    named = [text for text in drawn if any(word in text for word in setup_words)]
    assert named, f"no bot named by a setup level in {scene}: {drawn}"
    assert not any("(bot)" in text.lower() or "bot (" in text.lower() for text in drawn)


def test_a_seat_label_is_the_setup_word_or_human() -> None:
    assert [seat_label(level) for level, _label in BOT_LEVELS] == \
        ["Bot: easy", "Bot: normal", "Bot: strong"]
    assert seat_label(None) == "Human"
    assert seat_label("greedy", {"greedy": "Bot: greedy"}) == "Bot: greedy"
    assert seat_label("from-the-future") == "Bot"
