"""The RoboRally formats of FORMATS.md, registered for `check` and `simulate` (pure)."""

from __future__ import annotations

from game.roborally.data import (
    BOARD_FORMAT, COURSE_FORMAT, ELEMENTS_FORMAT, OPTIONS_FORMAT, check_board_file,
    check_course_file, check_elements_file, check_options_file)
from game.roborally.scenario import run_scenario, scenario_ground

CHECKERS = {
    BOARD_FORMAT: check_board_file,
    COURSE_FORMAT: check_course_file,
    OPTIONS_FORMAT: check_options_file,
    ELEMENTS_FORMAT: check_elements_file,
}

SIMULATORS = {"roborally-scenario/1": run_scenario}

GROUNDS = {"roborally-scenario/1": scenario_ground}
