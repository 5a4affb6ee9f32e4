"""The factory scene plays a whole game through clicks alone, shows the robots where the
engine has them, hides hands behind the privacy screen and animates from events."""

from __future__ import annotations

import pygame

from game.roborally.actions import ClearRegister, LockIn, PlaceCard
from game.roborally.options import ConditionalProgramState, FlywheelState
from game.scenes.dialogs import PrivacyScreen
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.end import EndScene
from game.saves import ProgrammingClock, read_save, write_save
from game.scenes.games import GameSetup
from game.scenes.roborally.entry import resume, start
from game.scenes.roborally.table import FactoryScene
from game.scenes.roborally.texts import rules_text
from game.ui import theme
from tests.roborally_scene.helpers import (new_game, program_by_clicks, programming_scene,
                                           until_the_human_programs)
from tests.ui.helpers import click, frame, headless_services, key


def test_two_humans_and_two_bots_play_to_the_end_by_clicks() -> None:
    services, scene = new_game()
    c = scene.controller
    privacy_names = []
    turn = 0
    for _ in range(3000):
        top = services.scenes.top
        if isinstance(top, EndScene):
            break
        if isinstance(top, PrivacyScreen):
            privacy_names.append(top.player_name)
            assert scene.programmer is None or isinstance(top, PrivacyScreen)
            frame(services, click((640, 360)))
            continue
        if isinstance(top, DecisionDialog):
            frame(services, click(top.ui.default.rect.center))
            continue
        if top is scene and scene.programmer is not None:
            turn += 1
            program_by_clicks(services, scene, turn)
            continue
        frame(services, dt=0.1)
    assert isinstance(services.scenes.top, EndScene), "the game did not end"
    assert c.is_over() and c.winner() is not None
    # both humans programmed through the scene: their placements and lock-ins are logged
    log = c.match.log
    for p in (0, 1):
        assert any(isinstance(a, PlaceCard) and a.robot == p for a in log)
        assert any(isinstance(a, LockIn) and a.robot == p for a in log)
    assert any(isinstance(a, ClearRegister) for a in log)
    assert {"Anna", "Ben"} <= set(privacy_names)
    # the robots stand where the engine says, and the status shows the engine's numbers
    for p, (robot, sprite) in enumerate(zip(c.robots(), scene.display.sprites)):
        if robot.pos is None:
            assert not sprite.visible
        else:
            assert (round(sprite.x), round(sprite.y)) == (robot.pos.x, robot.pos.y), p
            assert round(sprite.angle) % 360 == {"N": 0, "E": 90, "S": 180, "W": 270}[
                robot.facing.value]
        shown = scene.display.robots[p]
        assert (shown.damage, shown.next_flag, shown.lives) == (robot.damage, robot.next_flag,
                                                               robot.lives)
    winner = c.seats[c.winner()].name
    assert any(winner in line.text() for line in scene.display.log[-3:])


def _at_the_first_privacy_screen() -> tuple[object, FactoryScene]:
    """A two-human game at the privacy screen before the first hand."""
    services, scene = new_game()
    for _ in range(200):
        if isinstance(services.scenes.top, PrivacyScreen):
            break
        frame(services, dt=0.1)
    assert isinstance(services.scenes.top, PrivacyScreen)
    return services, scene


def test_the_hand_stays_hidden_until_the_player_clicks_the_privacy_screen() -> None:
    services, scene = _at_the_first_privacy_screen()
    assert scene.programmer is None           # nothing private is laid out behind it
    name = services.scenes.top.player_name
    frame(services, click((640, 360)))
    assert scene.programmer is not None and scene.controller.seats[scene.programmer].name == name
    assert not scene.confirm_button.enabled   # empty registers cannot be confirmed


def test_execution_is_animated_from_events_and_skip_snaps_to_the_state() -> None:
    services, scene = new_game(speed="normal", seed=9)
    c = scene.controller
    seen_phases = set()
    moving = False
    for _ in range(4000):
        top = services.scenes.top
        if isinstance(top, PrivacyScreen):
            frame(services, click((640, 360)))
        elif top is scene and scene.programmer is not None:
            program_by_clicks(services, scene, 2)
        else:
            frame(services, dt=1 / 30)
        if scene.display.register:
            seen_phases.add(scene.display.phase)
        step = scene.current
        if step is not None and step.tweens and 0 < step.t < step.duration:
            moving = True
        if moving and "lasers" in seen_phases:
            break
    assert moving, "robots were never seen between squares"
    assert "cards" in seen_phases and "lasers" in seen_phases
    scene.skip()
    assert scene.current is None and not c.pending
    for robot, sprite in zip(c.robots(), scene.display.sprites):
        if robot.pos is not None:
            assert (sprite.x, sprite.y) == (robot.pos.x, robot.pos.y)


def test_skip_is_greyed_while_nothing_animates_and_becomes_results_at_the_end() -> None:
    """Skip shows the end of an animation; while a player programs there is none, and a
    live Skip there read as skipping the turn."""
    services, scene = new_game(speed="normal", seed=9)
    states = set()
    for _ in range(6000):
        top = services.scenes.top
        if isinstance(top, PrivacyScreen):
            frame(services, click((640, 360)))
        elif isinstance(top, EndScene):
            break
        elif top is scene and scene.programmer is not None:
            frame(services)
            assert not scene.skip_button.enabled, "greyed while a player programs"
            states.add("programming")
            program_by_clicks(services, scene, 2)
        else:
            frame(services, dt=1 / 10)
            if scene.current is not None and scene.skip_button.enabled:
                states.add("animating")
                frame(services, click(scene.skip_button.rect.center))
                assert scene.current is None and not scene.controller.pending
        if isinstance(services.scenes.top, DecisionDialog):
            frame(services, [key(pygame.K_RETURN)])
    assert states == {"programming", "animating"}
    assert isinstance(services.scenes.top, EndScene)
    frame(services, [key(pygame.K_ESCAPE)])           # the board again
    assert scene.skip_button.text == "Results" and scene.skip_button.enabled


def test_clear_is_greyed_until_a_card_lies_in_a_register() -> None:
    services, scene = programming_scene([])
    assert not scene.clear_button.enabled and not scene.confirm_button.enabled
    held = [rect for rect, card in scene.hand_slots() if card is not None]
    frame(services, click(held[0].center))              # into the first free register
    assert scene.clear_button.enabled
    frame(services, click(scene.clear_button.rect.center))
    assert not any(scene.controller.registers(0)) and not scene.clear_button.enabled


def test_rules_text_covers_the_turn_elements_and_options_in_both_languages() -> None:
    from game import i18n
    english = rules_text()
    i18n.set_language("de")
    german = rules_text()
    i18n.set_language("en")
    assert "Express belts move 1 square" in english
    assert "Pusher" in english and "Ablative Coat" in english
    assert english != german and "Schutzhaut" in german
    # the setup's timer option (RR-5.7): what happens when the 30 seconds run out
    assert "its player has 30 seconds left" in english and "fill the empty registers" in english
    assert "bleiben seinem Spieler 30 Sekunden" in german


def test_conditional_program_and_flywheel_keep_spare_cards_at_lock_in() -> None:
    services, scene = programming_scene(["conditional_program", "flywheel"])
    c = scene.controller

    def spare_buttons() -> list:
        return [b for b in scene.ui.widgets if "Reserve" in b.current_text()
                or "Flywheel" in b.current_text()]

    # a spare card is one a full program leaves over: greyed until then, like Confirm
    assert [b.enabled for b in spare_buttons()] == [False, False]
    for placed in range(5):
        first = next(rect for rect, card in scene.hand_slots() if card is not None)
        frame(services, click(first.center))
        assert [b.enabled for b in spare_buttons()] == [placed == 4] * 2
    spare = spare_buttons()
    reserve_button = next(b for b in spare if "Reserve" in b.current_text())
    flywheel_button = next(b for b in spare if "Flywheel" in b.current_text())
    frame(services, click(reserve_button.rect.center))
    frame(services, click(flywheel_button.rect.center))
    reserve, flywheel = scene.spare["reserve"], scene.spare["flywheel"]
    assert reserve and flywheel and reserve != flywheel
    assert str(c.card(reserve)[1]) in reserve_button.current_text()
    frame(services, click(scene.confirm_button.rect.center))
    robot = c.state.robots[0]
    assert robot.locked_in or c.turn > 1
    set_aside = robot.state_of(ConditionalProgramState)
    assert set_aside.card == reserve or set_aside.used or c.turn > 1
    assert robot.state_of(FlywheelState).card == flywheel or c.turn > 1


def test_a_flywheel_card_chosen_before_a_save_is_still_chosen_after_resume(tmp_path) -> None:
    """CB-6.4: the card set aside for the Flywheel is chosen beside the registers and only
    becomes an action at the lock-in; saved mid-programming, the resumed table shows it
    chosen again (docs/saves.md: program_choices)."""
    services, scene = programming_scene(["flywheel"])
    for _ in range(5):
        frame(services, click(next(rect for rect, card in scene.hand_slots()
                                   if card is not None).center))
    flywheel_button = next(b for b in scene.ui.widgets if "Flywheel" in b.current_text())
    frame(services, click(flywheel_button.rect.center))
    chosen = scene.spare["flywheel"]
    label = flywheel_button.current_text()
    assert chosen and str(scene.controller.card(chosen)[1]) in label
    write_save(tmp_path / "flywheel.yaml", scene.saved_game())

    again = resume(services, read_save(tmp_path / "flywheel.yaml"))
    assert isinstance(again, FactoryScene)
    again.controller.state.robots[0].options = ["flywheel"]   # as programming_scene gave it
    services.scenes.reset(again)
    services.scenes.apply_pending()
    until_the_human_programs(services, again)
    assert next(b for b in again.ui.widgets if "Flywheel" in b.current_text()
                ).current_text() == label
    frame(services, click(again.confirm_button.rect.center))
    locked = [a for a in again.controller.match.log if isinstance(a, LockIn) and a.robot == 0]
    assert locked[-1].flywheel == chosen


def test_recompile_is_offered_before_the_first_card_only() -> None:
    services, scene = programming_scene(["recompile"])
    c = scene.controller
    button = next(b for b in scene.ui.widgets if b.current_text() == "Recompile")
    assert button.visible
    before = sorted(c.hand(0))
    frame(services, click(button.rect.center))
    for _ in range(20):
        frame(services, dt=0.1)               # the new cards are drawn (chance)
        top = services.scenes.top
        if isinstance(top, DecisionDialog):
            # CB-5.4: it may discard Recompile itself to prevent the 1 damage; it declines
            assert top.decision.kind == "discard" and top.decision.player == 0
            none = next(b for b in top.ui.widgets if b.current_text() == "None")
            frame(services, click(none.rect.center))
    assert scene.programmer == 0
    assert sorted(c.hand(0)) != before and c.state.robots[0].damage == 1
    assert "recompile" in {line.values.get("option") for line in scene.display.log}
    button = next(b for b in scene.ui.widgets if b.current_text() == "Recompile")
    assert not button.visible              # once per turn (CB-6.2)


def test_a_saved_game_resumes_where_it_was(tmp_path) -> None:
    from game.saves import read_save, write_save
    from game.scenes.roborally.entry import resume
    services, scene = new_game(seed=12)
    for _ in range(400):
        top = services.scenes.top
        if isinstance(top, PrivacyScreen):
            frame(services, click((640, 360)))
        elif top is scene and scene.programmer is not None:
            if scene.controller.turn >= 2:
                break
            program_by_clicks(services, scene, 2)
        else:
            frame(services, dt=0.1)
    c = scene.controller
    assert c.turn >= 2
    path = tmp_path / "game.yaml"
    write_save(path, scene.saved_game())
    again = resume(services, read_save(path))
    assert isinstance(again, FactoryScene)
    assert again.controller.state.to_dict() == c.state.to_dict()
    for a, b in zip(again.display.sprites, scene.display.sprites):
        assert (a.x, a.y, a.visible) == (b.x, b.y, b.visible)


def until_the_timer_runs(services, scene: FactoryScene, dt: float) -> None:
    for _ in range(50):
        if scene.timer_left is not None:
            break
        frame(services, dt=dt)
    assert scene.programmer == 0 and scene.timer_left is not None   # the bot has locked in


def timer_game(speed: str = "instant"):
    """Anna against a bot on Sunday Drive with the timer on (RR-5.7): the bot has locked
    in, Anna's 30 seconds run."""
    services = headless_services()
    services.settings.animation_speed = speed
    base = demo_setup("sunday-drive", humans=1, bots=1, seed=6)
    setup = GameSetup(base.game, base.players, base.variant, base.board, base.seed,
                      {"timer": True})
    scene = start(services, setup)
    assert isinstance(scene, FactoryScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    until_the_timer_runs(services, scene, 0.1)
    return services, scene


def test_the_timer_fills_the_last_programmers_registers_after_30_seconds() -> None:
    services, scene = timer_game()
    assert not any(scene.controller.registers(0))
    for _ in range(29):
        frame(services, dt=1.0)
    assert scene.programmer == 0 and 0 < scene.timer_left <= 2
    frame(services, dt=1.0)
    frame(services, dt=1.0)
    assert any(isinstance(a, LockIn) and a.robot == 0 for a in scene.controller.match.log)


def test_when_the_time_is_up_the_board_says_whose_registers_were_filled_at_random() -> None:
    """RR-5.7: the log says only that Anna locked in her program (a replay cannot tell), so a
    player whose time ran out did not learn why her robot ran cards she never chose."""
    services, scene = timer_game("normal")     # the robots run while it shows
    top = scene.table.board_area.y + scene.px(16) // 2 + 2    # the band's edge, above its text
    band = [(x, top) for x in range(scene.table.board_area.centerx - scene.px(40),
                                    scene.table.board_area.centerx + scene.px(40), 4)]

    def banner_drawn() -> bool:
        frame(services, dt=0.0)
        surface = services.window.surface
        return services.scenes.top is scene and all(
            tuple(surface.get_at(p))[:3] == theme.ACCENT for p in band)

    for _ in range(25):
        frame(services, dt=1.0)
    assert not scene.time_up.active and not banner_drawn()
    for _ in range(6):
        frame(services, dt=1.0)
        if scene.time_up.active:
            break
    assert scene.time_up.text() == "Time is up: Anna's registers filled at random"
    assert banner_drawn()
    for _ in range(5):
        frame(services, dt=1.0)
    assert not scene.time_up.active and not banner_drawn(), "it goes after a few seconds"


def test_a_game_saved_while_the_timer_runs_resumes_with_the_seconds_that_were_left(
        tmp_path) -> None:
    """RR-5.7: saving with 18 seconds left and resuming must not give the last programmer 30
    again (docs/saves.md)."""
    services, scene = timer_game()
    for _ in range(12):
        frame(services, dt=1.0)
    assert scene.timer_left is not None and 17.5 < scene.timer_left <= 18.0
    write_save(tmp_path / "timer.yaml", scene.saved_game())
    saved = read_save(tmp_path / "timer.yaml")
    assert saved.clock is not None and saved.clock.player == 0
    assert saved.clock == ProgrammingClock(0, round(30.0 - scene.timer_left, 3))

    again = resume(services, saved)
    assert isinstance(again, FactoryScene)
    services.scenes.reset(again)
    services.scenes.apply_pending()
    until_the_timer_runs(services, again, 0.01)
    assert 17.4 < again.timer_left <= 18.0, "the timer goes on, not from 30"
    for _ in range(19):
        frame(services, dt=1.0)
    assert any(isinstance(a, LockIn) and a.robot == 0 for a in again.controller.match.log), \
        "her registers were filled when the 18 seconds ran out"


def test_the_top_bar_follows_the_animation_not_the_state_ahead_of_it() -> None:
    services, scene = new_game(speed="normal", seed=9)
    c = scene.controller
    for _ in range(4000):
        top = services.scenes.top
        if isinstance(top, PrivacyScreen):
            frame(services, click((640, 360)))
        elif top is scene and scene.programmer is not None:
            program_by_clicks(services, scene, 2)
        else:
            frame(services, dt=1 / 30)
        if scene.display.register == 3 and scene.display.turn == 1:
            break
    assert scene.display.register == 3 and scene.display.turn == 1
    assert c.turn == 2                      # the engine has resolved the whole turn already
    assert scene.status_line() == "Robots are running."


def test_the_top_bar_tells_the_race_is_over_only_once_the_winning_move_is_shown() -> None:
    """The engine knows the winner as soon as the last turn is resolved; the top bar must
    not tell it while that turn's registers still play on the board."""
    services, scene = new_game(speed="normal", seed=11, humans=0, bots=4)
    c = scene.controller
    for _ in range(20000):
        if c.is_over():
            break
        frame(services, dt=1 / 30)
    assert c.is_over() and c.pending, "the last turn is resolved and still to be shown"
    assert scene.display.register and scene.status_line() == "Robots are running."
    for _ in range(20000):
        if isinstance(services.scenes.top, EndScene):
            break
        frame(services, dt=1 / 30)
    assert isinstance(services.scenes.top, EndScene)
    assert scene.status_line() == "The race is over."


def test_the_end_screen_keeps_the_turns_line_clear_of_its_buttons_with_eight_robots() -> None:
    """With eight robots the results table grew under the buttons' row and hid "Turns
    played" behind them (seen on Grand Gauntlet at 1280x720)."""
    for size in ((1280, 720), (1920, 1080)):
        services = headless_services(size)
        scene = start(services, demo_setup("grand-gauntlet", 0, 8, seed=3))
        assert isinstance(scene, FactoryScene) and len(scene.controller.seats) == 8
        end = EndScene(services, scene)
        services.scenes.push(end)
        services.scenes.apply_pending()
        frame(services)
        table, turns_line = end.table_rects()
        buttons = [b.rect for b in end.ui.widgets if hasattr(b, "rect")]
        assert buttons and not any(turns_line.colliderect(b) for b in buttons)
        assert not any(table.colliderect(b) for b in buttons)
        assert turns_line.top >= table.bottom


def test_the_status_rows_stay_in_view_behind_the_privacy_screen() -> None:
    """Damage, lives, flags and option cards are public: passing the screen hides the
    panel where the hand will show, not the status rows under it."""
    services, scene = _at_the_first_privacy_screen()
    frame(services)
    surface = services.window.surface
    for p, look in enumerate(scene.looks):
        row = scene.status_row_rect(p)
        emblem = [(x, y) for x in range(row.x, row.x + row.h) for y in range(row.y, row.bottom)
                  if tuple(surface.get_at((x, y)))[:3] == look.colour]
        assert len(emblem) > 20, f"{look.name}'s status row is hidden"
    assert not scene.private_panel().colliderect(scene.status_row_rect(0))


def test_the_last_players_program_buttons_leave_with_their_hand() -> None:
    """Between two players at one screen, the privacy screen leaves the status rows in
    view, so Clear, Power down and Confirm of the player who has just confirmed must be
    gone by then: they stood over the rows' place."""
    services, scene = new_game()
    for _ in range(400):
        top = services.scenes.top
        if isinstance(top, PrivacyScreen) and scene.controller.programming_left() \
                and len(scene.controller.programming_left()) < 2:
            break
        if isinstance(top, PrivacyScreen):
            frame(services, click((640, 360)))
        elif top is scene and scene.programmer is not None:
            program_by_clicks(services, scene, 1)
        else:
            frame(services, dt=0.1)
    assert isinstance(services.scenes.top, PrivacyScreen)
    frame(services)
    labels = {getattr(w, "current_text", lambda: "")() for w in scene.ui.widgets}
    assert not labels & {"Clear", "Confirm"}, labels
