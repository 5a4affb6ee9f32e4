"""The option-card registry holds every card of the file once, and every hook it lists is
called at its hook point, in the written-down order (CB-5.7, CB-5.10, CB-6.8 to CB-6.10)."""

from __future__ import annotations

import pytest

from game.roborally.data import load_options
from game.roborally.model import OPTION_IDS, WEAPON_MODULES
from game.roborally.options import (
    ANNOUNCEMENTS, CARD_MOVES, OPTIONS, PREVENTION, REACHES, MiniHowitzerState, gain_option)
from game.roborally.robot import Robot


def test_the_registry_holds_every_option_card_of_the_file_in_cb6_order() -> None:
    assert tuple(OPTIONS) == OPTION_IDS == tuple(card.id for card in load_options())


@pytest.mark.parametrize("point, order", [("announce", ANNOUNCEMENTS),
                                          ("prevent", PREVENTION),
                                          ("card_move", CARD_MOVES),
                                          ("weapon", WEAPON_MODULES),
                                          ("reach", REACHES)])
def test_an_option_with_a_hook_has_its_place_in_that_hook_points_order(
        point: str, order: tuple[str, ...]) -> None:
    hooked = [option for option, hooks in OPTIONS.items() if getattr(hooks, point)]
    assert sorted(hooked) == sorted(order)


def test_a_mini_howitzer_comes_with_five_tokens() -> None:
    r = Robot(0, "robot1")
    gain_option(r, "mini_howitzer")
    assert r.options == ["mini_howitzer"] and r.state_of(MiniHowitzerState).tokens == 5
