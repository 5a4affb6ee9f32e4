"""The replay viewer's controls: stepping, seeking, autoplay that waits for animations, and
the exported log (issue 8). Each game's own replay scene has its tests beside the scene."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import set_language
from game.saves import SavedGame
from game.scenes.replay import AUTOPLAY_PAUSE_S, ReplayBar
from game.ui.text_fit import collected


class RecordingHost:
    """A game scene stand-in: records what the bar asks it to show."""

    def __init__(self) -> None:
        self.shown = 0
        self.animated_steps: list[int] = []
        self.animating = False

    def replay_step_forward(self) -> None:
        self.shown += 1
        self.animated_steps.append(self.shown)

    def replay_seek(self, index: int) -> None:
        self.shown = index

    def is_animating(self) -> bool:
        return self.animating


def make_bar(moves: int = 5) -> tuple[ReplayBar, RecordingHost]:
    host = RecordingHost()
    saved = SavedGame("volt", {"seed": 1}, [{"n": i} for i in range(moves)],
                      title="Evening match")
    return ReplayBar(host, saved, lambda: [f"move {i + 1}" for i in range(moves)]), host


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def test_forward_animates_back_and_ends_jump_without_animation() -> None:
    bar, host = make_bar()
    bar.forward()
    bar.forward()
    assert (bar.index, host.shown, host.animated_steps) == (2, 2, [1, 2])
    bar.back()
    assert (bar.index, host.shown, host.animated_steps) == (1, 1, [1, 2])
    bar.to_end()
    assert (bar.index, host.shown) == (5, 5)
    bar.forward()                      # nothing after the last move
    assert (bar.index, host.shown) == (5, 5)
    bar.to_start()
    bar.back()                         # nothing before the start
    assert (bar.index, host.shown) == (0, 0)
    assert bar.position_text() == "Move 0 of 5"


def test_keys_step_and_seek() -> None:
    bar, host = make_bar()
    assert bar.handle_key(key(pygame.K_RIGHT)) and bar.index == 1
    assert bar.handle_key(key(pygame.K_END)) and host.shown == 5
    assert bar.handle_key(key(pygame.K_LEFT)) and host.shown == 4
    assert bar.handle_key(key(pygame.K_HOME)) and host.shown == 0
    assert not bar.handle_key(key(pygame.K_a))


def test_autoplay_waits_for_the_animation_then_stops_at_the_end() -> None:
    bar, host = make_bar(moves=2)
    bar.toggle_play()
    host.animating = True
    bar.update(AUTOPLAY_PAUSE_S * 3)
    assert bar.index == 0              # still animating: no step
    host.animating = False
    bar.update(AUTOPLAY_PAUSE_S / 2)
    assert bar.index == 0
    bar.update(AUTOPLAY_PAUSE_S / 2)
    assert bar.index == 1
    bar.update(AUTOPLAY_PAUSE_S)
    bar.update(AUTOPLAY_PAUSE_S)
    assert bar.index == 2 and not bar.playing


def test_export_writes_the_log_as_text() -> None:
    bar, _host = make_bar(moves=3)
    bar.export()
    assert bar.message is not None and bar.message.startswith("Log written to ")
    path = bar.message.removeprefix("Log written to ")
    text = open(path, encoding="utf-8").read().splitlines()
    assert text[0] == "Evening match"
    assert text[-3:] == ["move 1", "move 2", "move 3"]


def test_an_exported_log_of_a_game_never_saved_says_when_it_was_exported() -> None:
    """A game replayed from its end screen has no save time: no line reads just "Saved "."""
    bar, _host = make_bar(moves=1)
    bar.export()
    path = bar.message.removeprefix("Log written to ")
    second = open(path, encoding="utf-8").read().splitlines()[1]
    assert second.startswith("Exported 20") and len(second) == len("Exported 2026-11-24 20:36")


def test_an_exported_log_says_when_the_game_was_saved_by_the_players_clock(berlin_clock) -> None:
    """Saved at 20:36 UTC in November: a Berlin player's export reads 21:36, to the minute
    as the list of saves shows it (it read "2026-11-20 20:36:00+00:00")."""
    bar, _host = make_bar(moves=1)
    bar.saved.saved_at = "2026-11-20T20:36:00+00:00"
    bar.export()
    path = bar.message.removeprefix("Log written to ")
    assert open(path, encoding="utf-8").read().splitlines()[1] == "Saved 2026-11-20 21:36"


def test_buttons_with_nothing_to_do_are_greyed_at_the_start_and_at_the_end() -> None:
    """At the first move nothing lies behind, at the last nothing ahead (Play included);
    the log can always be exported."""
    host = RecordingHost()
    saved = SavedGame("roborally", {"seed": 1}, [{"n": i} for i in range(6)], title="Race")
    bar = ReplayBar(host, saved, lambda: [], turn_starts=[0, 3],
                    extra=[("Register ▶", lambda: None)])   # a game's own jump forward
    live = {b.current_text(): b for b in bar.widgets(pygame.Rect(0, 650, 1280, 50))}

    def enabled() -> set[str]:
        bar.sync_buttons()
        return {text for text, button in live.items() if button.enabled}

    forward = {"Play", "Step forward", "Turn ▶", "To end", "Register ▶"}
    backward = {"To start", "◀ Turn", "Step back"}
    assert enabled() == forward | {"Export log"}
    bar.forward()
    assert enabled() == forward | backward | {"Export log"}
    bar.to_end()
    assert enabled() == backward | {"Export log"}
    bar.previous_turn()
    assert enabled() == forward | backward | {"Export log"}


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("turns", [False, True])
@pytest.mark.parametrize("height", [46, 29])     # the bar at 1280x720 and at 800x450
def test_a_long_games_last_move_is_said_whole(language: str, turns: bool, height: int) -> None:
    """Eight robots play a thousand moves: "Move 1162 of 1162" (under "Turn 40" where the
    game has turns) takes a smaller type in the bar's label rather than losing its end."""
    set_language(language)
    moves = 1162
    host = RecordingHost()
    saved = SavedGame("roborally", {"seed": 1}, [{"n": i} for i in range(moves)])
    bar = ReplayBar(host, saved, lambda: [], turn_starts=range(0, moves, 29) if turns else ())
    bar.widgets(pygame.Rect(0, 0, height * 28, height))
    bar.to_end()
    surface = pygame.Surface((height * 28, height))
    with collected() as reports:
        bar.draw(surface)
    assert reports == []
