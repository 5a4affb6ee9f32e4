"""A question during the register phases shows every answer whole: which option card a
destroyed robot loses (CB-6.24), which weapon fires, what Fire Control takes (CB-6.15). The
cards' German names run to twenty letters and were cut to "Zusätzlicher …"; an option card's
answer also says what the card does when hovered."""

from __future__ import annotations

import pygame
import pytest

import game.ui.widgets as widgets
from game.controllers.roborally import Decision
from game.roborally.actions import Answer
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.demo_tables import programming_table
from game.scenes.roborally.texts import answer_label, card_label, option_text
from game.ui import text_fit
from tests.roborally_scene.helpers import options_table
from tests.ui.helpers import click, frame, headless_services

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


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_conditional_program_question_names_both_cards(language: str) -> None:
    """CB-6.3: "swap the reserve card into this register?" with the answers "Register 1"
    and "No" left the player to remember which card was set aside, and which card the
    register holds. The question now names both, and the answer says Swap."""
    services, scene = options_table((1280, 720), 2, {0: ["conditional_program"]}, language=language)
    for _ in range(5):
        rect = next(rect for rect, card in scene.hand_slots() if card is not None)
        frame(services, click(rect.center))
    frame(services, click(scene.spare_buttons[0].rect.center))
    reserve = scene.spare["reserve"]
    first = scene.controller.registers(0)[0]
    frame(services, click(scene.confirm_button.rect.center))
    for _ in range(200):
        if isinstance(services.scenes.top, DecisionDialog):
            break
        frame(services, dt=0.1)
    dialog = services.scenes.top
    assert isinstance(dialog, DecisionDialog) and dialog.decision.kind == "reserve"
    question = dialog.question()
    assert card_label(*scene.controller.card(reserve)) in question
    assert card_label(*scene.controller.card(first)) in question
    labels = [w.current_text() for w in dialog.ui.widgets if isinstance(w, widgets.Button)]
    assert labels == (["Tauschen", "Nein"] if language == "de" else ["Swap", "No"])
    frame(services, click(dialog.ui.widgets[0].rect.center))
    assert Answer(0, "reserve", "1") in scene.controller.match.log
