"""CB-6.20 / CB-6.21: what a Radio Control or a Scrambler does to a program is told, not
left for the players to guess: the engine reports it, the log says it, and the replay stops
showing a card to come that the weapon has changed."""

from __future__ import annotations

from pathlib import Path

from game.roborally import events as ev
from game.roborally.options import HOWITZER_TOKENS, MiniHowitzerState
from game.scenes.roborally.demo_tables import programming_table
from game.scenes.roborally.display import FactoryDisplay
from tests.roborally.scenario_text import scenario_events
from tests.roborally_scene.helpers import narrated
from tests.ui.helpers import headless_services

SCRAMBLER = """\
format: roborally-scenario/1
board: {size: [8, 3]}
robots:
  - {name: red, at: [1, 1], facing: N, options: [scrambler]}
  - {name: blue, at: [4, 1], facing: N, damage: DAMAGE}
program:
  red: [right:80, move1:500, left:90]
  blue: [right:100, move2:700, back:430]
answers:
  red: [{weapon: scrambler}]
"""

RADIO = """\
format: roborally-scenario/1
board: {size: [8, 5]}
robots:
  - {name: red, at: [1, 1], facing: N, options: [radio_control]}
  - {name: blue, at: [5, 1], facing: N}
program:
  red: [right:80, move1:500, left:90]
  blue: [uturn:10, move3:800, back:430]
answers:
  red: [{weapon: radio_control}]
"""

RED = [(1, ("right", 80)), (2, ("move1", 500)), (3, ("left", 90))]
BLUE = {"scrambler": [(1, ("right", 100)), (2, ("move2", 700)), (3, ("back", 430))],
        "radio": [(1, ("uturn", 10)), (2, ("move3", 800)), (3, ("back", 430))]}
"""The programs both scenarios lock in, as the replay knows them."""


def _told(events: list, blue: str) -> tuple[FactoryDisplay, list[str]]:
    """The events narrated on a replay's display that knows both programs of the turn."""
    display = narrated(events, 2, {0: RED, 1: BLUE[blue]})
    return display, [line.text() for line in display.log]


def test_a_scrambled_card_is_reported_told_and_no_longer_shown_to_come(tmp_path: Path) -> None:
    events = scenario_events(SCRAMBLER.replace("DAMAGE", "0"), tmp_path)
    assert [(e.name, e.register) for e in events if isinstance(e, ev.CardScrambled)] == \
        [("blue", 2)]
    display, told = _told(events, "scrambler")
    assert "blue's card in register 2 is replaced by the top card of the deck." in told
    assert display.coming(1, 2) is None, "the Move 2 blue locked in is gone"
    assert display.coming(1, 3) == ("back", 430), "its later registers stand"
    assert display.coming(0, 2) == ("move1", 500)


def test_a_scrambler_leaves_a_locked_register_alone_and_says_nothing(tmp_path: Path) -> None:
    # CB-6.21 / CB-5.9: with 8 damage blue's registers 2 to 5 are locked
    events = scenario_events(SCRAMBLER.replace("DAMAGE", "8"), tmp_path)
    assert any(isinstance(e, ev.LaserFired) and e.kind == "scrambler" for e in events)
    assert not any(isinstance(e, ev.CardScrambled) for e in events)
    display, told = _told(events, "scrambler")
    assert not any("replaced" in line for line in told)
    assert display.coming(1, 2) == ("move2", 700)


def test_a_radio_controlled_robot_is_told_and_shown_running_the_controllers_cards(
        tmp_path: Path) -> None:
    events = scenario_events(RADIO, tmp_path)
    assert [(e.name, e.by_name) for e in events if isinstance(e, ev.RobotControlled)] == \
        [("blue", "red")]
    display, told = _told(events, "radio")
    assert "blue runs red's program until the end of the turn." in told
    # CB-6.20: from register 2 blue executes red's cards
    assert display.coming(1, 2) == ("move1", 500)
    assert display.coming(1, 3) == ("left", 90)
    display.revealed(0, 2, ("move1", 500))
    display.revealed(1, 2, ("move1", 500))
    assert display.coming(1, 3) == ("left", 90), "the card revealed was the one to come"
    display.revealed(0, 3, ("uturn", 20))      # red's own program changed (say, scrambled)
    assert display.coming(1, 4) is None


def test_the_crash_and_burn_demo_loads_its_mini_howitzer_with_five_tokens() -> None:
    """CB-6.18: a Mini Howitzer comes with five damage tokens. The demo game (catalogue,
    README pictures, the monkey test) handed Clara hers empty, so her first shot used it
    up ("Clara's Mini Howitzer is used up.")."""
    services = headless_services()
    scene = programming_table(services, "oil-and-ember", humans=2, bots=2, turn=1, placed=0,
                              options=True)
    clara = scene.controller.state.robots[2]
    assert "mini_howitzer" in clara.options
    assert clara.state_of(MiniHowitzerState).tokens == HOWITZER_TOKENS == 5
