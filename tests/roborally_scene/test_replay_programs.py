"""The replay shows every program: in the register phases each robot's cards still to come
lie beside the revealed ones, faded, as they were locked in, where the live table shows
card backs (tests/roborally_scene/test_turn_programs.py)."""

from __future__ import annotations

import pygame

from game.roborally.actions import LockIn, action_from_dict
from game.scenes.replay_snapshots import SnapshotStore
from game.scenes.roborally import painting
from game.scenes.roborally.display import FactoryDisplay
from game.scenes.roborally.replay_jump import jump_to_next_register, turn_starts
from game.scenes.roborally.texts import HOVER_DELAY, card_label
from game.ui.roborally_view import card_back, card_surface
from tests.roborally_scene.helpers import finished_game, new_game, open_replay
from tests.roborally_scene.test_turn_programs import _revealed_in, _shows
from tests.ui.helpers import frame


def _registers_played(scene, count: int) -> None:  # noqa: ANN001
    """From where the replay stands, play on until `count` registers are shown and the
    next one waits."""
    for _register in range(count):
        jump_to_next_register(scene)     # a register starts, then the next jump ends it
        scene.update(1 / 30)
    jump_to_next_register(scene)


def test_the_cards_still_to_come_show_faded_as_they_are_then_revealed(monkeypatch) -> None:  # noqa: ANN001
    """Registers 1 and 2 of turn 2 shown: registers 3 to 5 of every robot still running
    show the very cards the game revealed for them later in the turn, faded; hovering one
    names it as still to come."""
    game_services, game = finished_game()
    later = {key: card for key, card in _revealed_in(game, 2) if key[1] >= 3}
    assert later, "turn 2 reveals cards after register 2"
    services, viewer = open_replay(game, game_services)
    services.settings.animation_speed = "normal"    # a frame plays a moment, not a turn
    viewer.bar.seek(turn_starts(game.saved_game().actions)[1])
    frame(services)
    _registers_played(viewer, 2)
    frame(services)
    assert (viewer.display.turn, viewer.display.register) == (2, 3)
    screen = services.window.surface
    slots = {(p, k): rect for rect, p, k in viewer.program_slots()}
    unlocked = {key: card for key, card in later.items()
                if not viewer.display.robots[key[0]].locked[key[1] - 1]}
    assert unlocked
    for (p, k), card in unlocked.items():    # a lock's badge lies on a locked one
        rect = slots[(p, k)]
        assert _shows(screen, rect, card_surface(card[0], card[1], rect.size, faded=True)), \
            (p, k, card)
    shown: list[str] = []
    real = painting.draw_tooltip
    monkeypatch.setattr(painting, "draw_tooltip",
                        lambda surface, text, pos: (shown.append(text), real(surface, text, pos)))
    # register 3 plays on while the hover waits: a card of register 5 is still to come
    (p, k), card = max(unlocked.items(), key=lambda item: (item[0][1], -item[0][0]))
    frame(services, [pygame.event.Event(pygame.MOUSEMOTION, pos=slots[(p, k)].center,
                                        rel=(0, 0), buttons=(0, 0, 0))])
    frame(services, dt=HOVER_DELAY + 0.01)
    name = viewer.display.robots[p].name
    assert shown and shown[-1] == f"{name} · register {k}: {card_label(*card)}, still to come"


def test_a_seek_back_into_a_turn_knows_its_programs_again() -> None:
    """Seeking from the end of the game back to just before the last lock-in of turn 2
    starts from a kept position after the other robots' lock-ins: on to the turn's first
    register, every card of the turn lies faded in its slot, none face down."""
    game_services, game = finished_game()
    services, viewer = open_replay(game, game_services)
    services.settings.animation_speed = "normal"
    viewer.snapshots = SnapshotStore(spacing=4)     # kept positions inside a turn
    actions = game.saved_game().actions
    last_lock_in = max(i for i in range(turn_starts(actions)[2])
                       if isinstance(action_from_dict(actions[i]), LockIn))
    viewer.bar.to_end()
    frame(services)
    kept, _position = viewer.snapshots.nearest(last_lock_in)
    assert kept > last_lock_in - 6, "the seek starts after the turn's other lock-ins"
    viewer.bar.seek(last_lock_in)
    frame(services)
    jump_to_next_register(viewer)
    frame(services)
    assert (viewer.display.turn, viewer.display.register) == (2, 1)
    screen = services.window.surface
    slots = viewer.program_slots()
    assert slots
    for rect, p, k in slots:
        robot = viewer.display.robots[p]
        if not (robot.destroyed or robot.powered_down):
            assert not _shows(screen, rect, card_back(rect.size)), (p, k)


def test_a_card_revealed_other_than_the_one_locked_in_drops_that_robots_cards_to_come(
        ) -> None:
    """An option can change a program during the registers (Abort Switch CB-6.5, the
    Conditional Program's card CB-6.3, a Scrambler's shot): once a robot reveals a card it
    did not lock in, the replay no longer shows its later registers as known, and the other
    robots' stay."""
    _services, scene = new_game(humans=0, bots=2)
    display = FactoryDisplay(scene.controller)
    display.cards_turn = 4       # the turn on the table, whose registers run
    anna = [(1, ("move1", 490)), (2, ("move2", 670)), (3, ("uturn", 20))]
    ben = [(1, ("left", 90)), (2, ("back", 430))]
    display.locked_in(0, 4, anna)
    display.locked_in(1, 4, ben)
    assert display.coming(0, 2) == ("move2", 670) and display.coming(1, 2) == ("back", 430)
    display.revealed(0, 1, ("move1", 490))
    display.revealed(1, 1, ("left", 90))
    assert display.coming(0, 1) is None, "a revealed card lies face up, no longer to come"
    assert display.coming(0, 3) == ("uturn", 20)
    display.revealed(0, 2, ("move3", 790))          # not the card Anna locked in
    assert display.coming(0, 3) is None
    assert display.coming(1, 2) == ("back", 430)
    display.locked_in(0, 5, anna)                    # the next turn's lock-in
    assert display.coming(1, 2) is None, "the turn on the table is not the one locked in"
