"""A question during the register phases shows every answer whole: which option card a
destroyed robot loses (CB-5.5), which weapon fires, what Fire Control takes (CB-6.15). The
cards' German names run to twenty letters and were cut to "Zusätzlicher …"; an option card's
answer also says what the card does when hovered."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

import game.ui.widgets as widgets
from game.controllers.roborally import Decision
from game.roborally.actions import Answer
from game.roborally.questions import QuestionContext
from game.roborally.events import DamagePrevented, OptionDiscarded
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.demo_tables import execution_table, programming_table
from game.scenes.roborally.steps import LogLine, Step
from game.scenes.roborally.texts import answer_label, card_label, card_name, option_text
from game.ui import text_fit
from tests.roborally_scene.helpers import button, options_table, the_question
from tests.ui.helpers import click, frame, headless_services, key

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


@pytest.mark.parametrize("size", [(800, 450), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("choices", [
    ("none", "conditional_program", "flywheel", "recompile"),
    ("laser", "mini_howitzer", "pressor_beam", "tractor_beam", "radio_control", "scrambler"),
], ids=["discard", "weapon"])
def test_the_answers_share_one_type_size_in_rows_as_even_as_their_count_allows(
        size: tuple[int, int], language: str, choices: tuple[str, ...],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """CB-5.4: the four answers to the discard question stood three and one in German, the
    two long card names in a smaller type than the other two, as if they weighed less."""
    drawn: dict[str, int] = {}
    real = widgets.draw_text

    def recording(surface, text, font, colour, pos, anchor="topleft", **kwargs):  # noqa: ANN001, ANN003, ANN202
        drawn[text] = font.get_height()
        return real(surface, text, font, colour, pos, anchor, **kwargs)

    monkeypatch.setattr(widgets, "draw_text", recording)
    kind = "discard" if "none" in choices else "weapon"
    _services, dialog, _reports = _ask(size, language, Decision(kind, 0, choices, choices[0]))
    buttons = [w for w in dialog.ui.widgets if isinstance(w, widgets.Button)]
    assert len(buttons) == len(choices)
    assert len({drawn[b.current_text()] for b in buttons}) == 1, \
        {b.current_text(): drawn[b.current_text()] for b in buttons}
    per_row = Counter(b.rect.y for b in buttons)
    assert max(per_row.values()) - min(per_row.values()) <= 1, per_row


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
    dialog = the_question(services, "reserve")
    question = dialog.question()
    assert card_label(*scene.controller.card(reserve)) in question
    assert card_label(*scene.controller.card(first)) in question
    labels = [w.current_text() for w in dialog.ui.widgets if isinstance(w, widgets.Button)]
    assert labels == (["Tauschen", "Nein"] if language == "de" else ["Swap", "No"])
    frame(services, click(dialog.ui.widgets[0].rect.center))
    assert Answer(0, "reserve", "1") in scene.controller.match.log


def test_a_target_is_offered_by_the_name_its_player_wrote() -> None:
    """Radio Control asks which robot is the target (CB-6.20): the answers are the robots'
    names, which were read as answer words: a robot named "N" showed as "North", "laser"
    as "Main laser" and "Max_Power" as an option card's name."""
    names = ("N", "laser", "Max_Power")
    _services, dialog, _reports = _ask((1280, 720), "de", Decision("target", 0, names, "N"))
    labels = [w.current_text() for w in dialog.ui.widgets if isinstance(w, widgets.Button)]
    assert labels == list(names)


@pytest.mark.parametrize("damage, suggested", [(0, "option"), (2, "repair")])
def test_a_double_wrench_suggests_the_option_card_when_there_is_nothing_to_repair(
        damage: int, suggested: str) -> None:
    """CB-5.1: a robot on a double wrench repairs 2 damage or takes an option card. Enter
    and Esc gave the repair even to a robot without damage, wasting the card."""
    services = headless_services((1280, 720), "en")
    services.settings.animation_speed = "instant"
    scene = programming_table(services, "sunday-drive", 2, 0, turn=1, placed=0)
    for _ in range(damage):
        scene.controller.state.robots[0].add_token()
    assert scene.controller.robot(0).damage == damage
    for press in (pygame.K_RETURN, pygame.K_ESCAPE):
        answered: list[str] = []
        scene.answer = lambda decision, value: answered.append(value)  # type: ignore[method-assign]
        dialog = DecisionDialog(services, scene, Decision("repair_or_option", 0,
                                                          ("repair", "option"), "repair"))
        services.scenes.push(dialog)
        services.scenes.apply_pending()
        frame(services)
        primary = [w.current_text() for w in dialog.ui.widgets
                   if isinstance(w, widgets.Button) and w.style == "primary"]
        assert primary == [answer_label(suggested)]
        frame(services, [key(press)])
        assert answered == [suggested]


def test_a_fourth_option_card_is_given_up_without_talk_of_destruction() -> None:
    """The same question comes on destruction (CB-5.5) and when a double wrench brings a
    fourth option card (CB-5.2, three at most); it said "Your robot was destroyed" both
    times."""
    four = HELD[:4]
    _services, dialog, _reports = _ask((1280, 720), "en", Decision("lose_option", 0, four,
                                                                   four[0]))
    assert "destroyed" not in dialog.question()
    assert "4 option cards" in dialog.question()
    _services, dialog, _reports = _ask((1280, 720), "de", Decision("lose_option", 0, four[:2],
                                                                   four[0]))
    assert "zerstört" in dialog.question()


@pytest.mark.parametrize("reason, english, german", [
    ("prevent_damage", "Anna discards Shield to prevent 1 damage.",
     "Anna wirft Schutzschirm ab und verhindert 1 Schaden."),
    ("destroyed", "Anna loses Shield on being destroyed.",
     "Anna verliert bei der Zerstörung Schutzschirm."),
    ("limit", "Anna gives up Shield: three option cards at most.",
     "Anna gibt Schutzschirm ab: höchstens drei Optionskarten."),
    ("fire_control", "Anna loses Shield to Fire Control.",
     "Anna verliert Schutzschirm durch Zielkontrolle."),
])
def test_the_log_says_why_a_robot_parts_with_an_option_card(
        reason: str, english: str, german: str) -> None:
    """"Anna discards Shield." said the same whether she spent it against damage (CB-5.4),
    lost it with her robot (CB-5.5), held one too many (CB-5.2) or was hit by Fire Control
    (CB-6.15)."""
    for language, expected in (("en", english), ("de", german)):
        _services, scene = options_table((1280, 720), 2, {0: ["shield"]}, language=language)
        scene.presenter.absorb(OptionDiscarded(0, "Anna", "shield", reason, "lasers"),
                               Step(None, 0.0))
        assert scene.presenter.log[-1].text() == expected


def test_an_option_card_spent_against_damage_is_told_once() -> None:
    """CB-5.4: "Anna discards Flywheel to prevent 1 damage." was followed by "Anna prevents
    1 damage (Flywheel)."; a card that prevents damage while kept (CB-5.10: Ablative Coat)
    still says so in a line of its own."""
    services, scene = options_table((1280, 720), 2, {0: ["recompile", "flywheel"],
                                                     1: ["ablative_coat"]})
    frame(services, click(button(scene, "Recompile").rect.center))
    dialog = the_question(services, "discard")
    frame(services, click(button(dialog, "Flywheel").rect.center))
    for _ in range(20):
        frame(services, dt=0.1)
    told = [line.text() for line in scene.presenter.log if "Flywheel" in line.text()]
    assert told == ["Anna discards Flywheel to prevent 1 damage."]
    scene.presenter.absorb(DamagePrevented(1, "Ben", "ablative_coat", "lasers"),
                           Step(None, 0.0))
    assert scene.presenter.log[-1].text() == "Ben prevents 1 damage (Ablative Coat)."


def test_a_shields_sides_read_as_sides_in_german() -> None:
    """CB-6.6, CB-6.7: the side answer "back" shared the msgid of the Back button, so
    the Shield and the Turret offered "Vorne, Rechts, Zurück, Links"; it is "Hinten"."""
    sides = ("front", "right", "back", "left", "none")
    _services, dialog, _reports = _ask((1280, 720), "de", Decision("shield", 0, sides,
                                                                   "none"))
    labels = [w.current_text() for w in dialog.ui.widgets if isinstance(w, widgets.Button)]
    assert labels == ["Vorne", "Rechts", "Hinten", "Links", "Keine"]


@pytest.mark.parametrize("language, fourth, reverse", [
    ("en", ["3 squares", "4 squares"], ["1 square", "2 squares"]),
    ("de", ["3 Felder", "4 Felder"], ["1 Feld", "2 Felder"])])
def test_gears_are_answered_in_squares_not_registers(language: str, fourth: list[str],
                                                     reverse: list[str]) -> None:
    """Fourth Gear (CB-6.9) asks "move 3 or 4 squares?" and Reverse Gears (CB-6.10) "back
    up 1 or 2 squares?"; their answers read "Register 3" and "Register 4", as digits do
    for Fire Control. The replay's log said "Anna answers: Register 3." too."""
    for decision, expected in ((Decision("fourth_gear", 0, ("3", "4"), "3"), fourth),
                               (Decision("reverse_gears", 0, ("1", "2"), "1"), reverse)):
        _services, dialog, _reports = _ask((1280, 720), language, decision)
        labels = [w.current_text() for w in dialog.ui.widgets
                  if isinstance(w, widgets.Button)]
        assert labels == expected
    line = LogLine("{name} · {topic}: {answer}.", {"name": "Anna", "topic": "fourth_gear",
                                                   "answer": "3", "kind": "fourth_gear"},
                   ("topic", "answer"))
    assert line.text() == ("Anna · Fourth Gear: 3 squares." if language == "en"
                           else "Anna · Vierter Gang: 3 Felder.")


@pytest.mark.parametrize("language, cause, expected", [
    ("en", "robot_laser", "{robot}'s laser hits your robot. Discard an option card"),
    ("de", "robot_laser", "Der Laser von {robot} trifft deinen Roboter. Eine Optionskarte"),
    ("en", "ramming", "{robot} rams your robot (Ramming Gear)."),
    ("de", "howitzer", "{robot} trifft deinen Roboter mit Turbo-Blaster."),
    ("en", "board_laser", "A board laser hits your robot."),
    ("de", "burner", "Ein Brenner verbrennt deinen Roboter."),
])
def test_the_discard_question_says_what_hurts_the_robot(language: str, cause: str,
                                                        expected: str) -> None:
    """CB-5.4: "Discard an option card to prevent 1 damage?" did not say where the damage
    came from; with several beams in one register the player could not tell which hit."""
    decision = Decision("discard", 0, ("none",) + HELD[:2], "none",
                        QuestionContext(cause, 1 if "{robot}" in expected else -1))
    _services, dialog, reports = _ask((800, 450), language, decision)
    other = dialog.factory.controller.robot(1).name
    assert dialog.question().startswith(expected.format(robot=other))
    assert not [r for r in reports if r.problem == "cut"]


@pytest.mark.parametrize("language, expected", [
    ("en", "Fire Control: lock one of {robot}'s registers or destroy one of its option cards?"),
    ("de", "Zielkontrolle: ein Register von {robot} sperren oder eine seiner Optionskarten"),
])
def test_the_fire_control_question_names_the_robot_it_hits(language: str,
                                                          expected: str) -> None:
    """CB-6.15: the question asked what to lock or destroy, but not whose."""
    decision = Decision("fire_control", 0, ("1", "2") + HELD[:2], "2",
                        QuestionContext("fire_control", 1))
    _services, dialog, _reports = _ask((1280, 720), language, decision)
    other = dialog.factory.controller.robot(1).name
    assert dialog.question().startswith(expected.format(robot=other))


def test_a_question_from_an_older_save_asks_without_its_context() -> None:
    _services, dialog, _reports = _ask((1280, 720), "en",
                                       Decision("discard", 0, ("none",) + HELD[:1], "none"))
    assert dialog.question() == "Discard an option card to prevent 1 damage?"


@pytest.mark.parametrize("language", ["en", "de"])
def test_fire_control_names_the_cards_of_the_registers_already_revealed(language: str) -> None:
    """CB-6.15: the register Fire Control locks keeps its card into the next turn, so which
    card lies there is the point of the choice; the revealed ones lie face up on the table.
    The answers said only "Register 1" to "Register 5"."""
    services = headless_services((1280, 720), language)
    services.settings.animation_speed = "instant"
    scene = execution_table(services, register=2)
    shown = scene.display.register
    assert 2 <= shown < 5
    decision = Decision("fire_control", 0, ("1", "2", "3", "4", "5") + HELD[:1], "5",
                        QuestionContext("fire_control", 1))
    dialog = DecisionDialog(services, scene, decision)
    with text_fit.collected() as reports:
        services.scenes.push(dialog)
        services.scenes.apply_pending()
        frame(services)
    labels = [w.current_text() for w in dialog.ui.widgets if isinstance(w, widgets.Button)]
    cards = scene.controller.registers(1)
    for n in range(1, 6):
        if n <= shown:
            name = card_name(scene.controller.card(cards[n - 1])[0])
            assert labels[n - 1] == f"Register {n} · {name}"
        else:
            assert labels[n - 1] == f"Register {n}"     # still face down
    assert not [r for r in reports if r.problem == "cut"]
