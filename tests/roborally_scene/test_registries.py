"""The RoboRally registries agree with each other: every element type the data gate reads has
its layout code and a painter, and the register order names every board-element phase once
(docs/architecture.md, "Adding a factory element or an option card")."""

from __future__ import annotations

from game.roborally.elements import ELEMENTS, MARKER_PLACE
from game.roborally.engine import REGISTER_STEPS
from game.roborally.model import ELEMENT_TYPES
from game.ui.element_painters import HOVER_NAMES, LABELS, PAINTERS


def test_the_element_registry_holds_every_type_the_file_format_lists_in_its_order() -> None:
    assert tuple(ELEMENTS) == ELEMENT_TYPES


def test_every_floor_and_mounted_element_type_has_a_painter_and_nothing_else_does() -> None:
    painted = {kind for kind, e in ELEMENTS.items() if e.place != MARKER_PLACE}
    assert set(PAINTERS) == painted


def test_the_register_order_is_rr4_step_3() -> None:
    assert [phase for phase, _, _ in REGISTER_STEPS] == [
        "announce", "cards", "express belts", "belts", "pushers", "gears", "crushers",
        "lasers", "burners", "flags"]


def test_every_phase_an_element_acts_in_is_a_step_of_the_register() -> None:
    phases = {phase for phase, _, _ in REGISTER_STEPS}
    for kind, element in ELEMENTS.items():
        assert set(element.acts_in) <= phases, kind


def test_labels_and_hover_details_belong_to_painted_element_types() -> None:
    assert set(LABELS) <= set(PAINTERS) and set(HOVER_NAMES) <= set(PAINTERS)
