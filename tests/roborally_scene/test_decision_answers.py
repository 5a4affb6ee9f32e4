"""A question during the register phases shows every answer whole: which option card a
destroyed robot loses (CB-6.24), which weapon fires, what Fire Control takes (CB-6.15). The
cards' German names run to twenty letters and were cut to "Zusätzlicher …"; an option card's
answer also says what the card does when hovered."""

from __future__ import annotations

import pygame
import pytest

import game.ui.widgets as widgets
from game.controllers.roborally import Decision
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.demo_tables import programming_table
from game.scenes.roborally.texts import answer_label, option_text
from game.ui import text_fit
from tests.ui.helpers import frame, headless_services

HELD = ("extra_memory", "reverse_gears", "conditional_program", "gyroscopic_stabilizer",
        "double_barreled_laser", "power_down_shield", "superior_archive")


def _ask(size: tuple[int, int], language: str, decision: Decision
         ) -> tuple[object, DecisionDialog, list[text_fit.TextReport]]:
    services = headless_services(size, language)
    services.settings.animation_speed = "instant"
    scene = programming_table(services, "sunday-drive", 2, 0, turn=1, placed=0)
    dialog = DecisionDialog(services, scene, decision)
    with text_fit.collected() as reports:
        services.scenes.push(dialog)
        services.scenes.apply_pending()
        frame(services)
    return services, dialog, reports


@pytest.mark.parametrize("size", [(800, 450), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("decision", [
    Decision("lose_option", 0, HELD, HELD[0]),
    Decision("fire_control", 0, ("1", "2", "3", "4", "5") + HELD, "5"),
    Decision("weapon", 0, ("laser", "mini_howitzer", "pressor_beam", "tractor_beam",
                           "radio_control", "scrambler"), "laser"),
], ids=["lose_option", "fire_control", "weapon"])
def test_every_answer_shows_whole_inside_the_window(size: tuple[int, int], language: str,
                                                    decision: Decision) -> None:
    services, dialog, reports = _ask(size, language, decision)
    labels = {answer_label(v) for v in decision.choices}
    buttons = [w for w in dialog.ui.widgets if isinstance(w, widgets.Button)]
    assert {b.current_text() for b in buttons} == labels
    cut = [r for r in reports if r.problem == "cut" and r.text in labels]
    assert not cut, cut
    window = services.window.surface.get_rect()
    assert window.contains(dialog.box)
    assert all(dialog.box.contains(b.rect) for b in buttons)


def test_an_option_cards_answer_says_what_the_card_does_on_hover(
        monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    real = widgets.draw_tooltip

    def recording(surface, text, at):  # noqa: ANN001, ANN202
        shown.append(text)
        return real(surface, text, at)

    monkeypatch.setattr(widgets, "draw_tooltip", recording)
    services, dialog, _reports = _ask((1280, 720), "de",
                                      Decision("lose_option", 0, HELD, HELD[0]))
    button = next(w for w in dialog.ui.widgets if isinstance(w, widgets.Button)
                  and w.current_text() == answer_label("superior_archive"))
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center,
                                        rel=(0, 0), buttons=(0, 0, 0))])
    for _ in range(20):
        frame(services, dt=0.1)
    assert option_text("superior_archive") in shown
