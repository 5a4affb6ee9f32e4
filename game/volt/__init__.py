"""VOLT training rules (RULES.md VT): a pure package. No pygame, no file I/O outside data.py,
no global random."""

from game.volt.actions import (Action, ClearCross, DealStartNumbers, DrawMarker, LockIn,
                               OrderTiedOperators, PlaceDie, PlaceRobot, TakeStartNumber,
                               action_from_dict, action_to_dict)
from game.volt.model import Arena, Die, DieColour, to_absolute, to_relative
from game.volt.state import VoltState

__all__ = ["Action", "Arena", "ClearCross", "DealStartNumbers", "Die", "DieColour",
           "DrawMarker", "LockIn", "OrderTiedOperators", "PlaceDie", "PlaceRobot",
           "TakeStartNumber", "VoltState", "action_from_dict", "action_to_dict",
           "to_absolute", "to_relative"]
