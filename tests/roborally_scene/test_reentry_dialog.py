"""A returning robot's questions (RR-10.5): the dialog never covers the archive square it
asks about, the square stays lit and undimmed, and the power question after re-entry asks
about returning powered down (RR-10.5.4) (issue 14, point 6)."""

from __future__ import annotations

from game.controllers.roborally import Decision
from game.i18n import set_language
from game.roborally.actions import Answer
from game.scenes.roborally.decision import DecisionDialog
from game.scenes.roborally.table import FactoryScene
from game.scenes.roborally.demo_tables import programming_table
from game.scenes.roborally.texts import compass_point
from tests.ui.helpers import frame, headless_services


def _board_with_archive_in_the_middle() -> tuple[object, FactoryScene]:
    services = headless_services()
    services.settings.animation_speed = "instant"
    scene = programming_table(services, "sunday-drive", 2, 0, turn=1, placed=0)
    archive = scene.controller.robot(0).archive
    table = scene.table
    table.zoom.zoom_by(6)          # as far as it goes: the start row can reach mid-screen
    table.place(scene.view)
    cell = scene.view.cell_rect(archive)
    screen = services.window.surface.get_rect()
    table.zoom.pan_by(screen.centerx - cell.centerx, screen.centery - cell.centery)
    table.place(scene.view)
    frame(services)
    return services, scene


def test_the_facing_question_keeps_clear_of_the_archive_square_and_lights_it() -> None:
    services, scene = _board_with_archive_in_the_middle()
    cell = scene.view.cell_rect(scene.controller.robot(0).archive)
    surface = services.window.surface
    before = surface.copy()
    dialog = DecisionDialog(services, scene, Decision("facing", 0, ("N", "E", "S", "W"), "N"))
    services.scenes.push(dialog)
    services.scenes.apply_pending()
    frame(services)
    centred = dialog.box.copy()
    centred.center = surface.get_rect().center
    assert centred.colliderect(cell), "the set-up: a centred dialog would cover the square"
    assert not dialog.box.colliderect(cell)
    inner = cell.inflate(-4, -4)
    assert all(surface.get_at((x, y)) == before.get_at((x, y))
               for x in range(inner.x, inner.right, 2) for y in range(inner.y, inner.bottom, 2)), \
        "the square is not dimmed"
    ring = (cell.x - 3, cell.centery)
    assert tuple(surface.get_at(ring))[:3] == (120, 230, 255), "and it is lit"


def test_the_power_question_after_reentry_asks_about_returning_powered_down() -> None:
    services, scene = _board_with_archive_in_the_middle()
    scene.controller.match.log.append(Answer(0, "facing", "E"))
    try:
        dialog = DecisionDialog(services, scene, Decision("power_down", 0, ("no", "yes"), "no"))
        services.scenes.push(dialog)
        services.scenes.apply_pending()
        frame(services)
        assert dialog.square_asked_about() is not None
        assert "return powered down" in dialog.question()
        assert "Stay" not in dialog.question()
    finally:
        scene.controller.match.log.pop()
    plain = DecisionDialog(services, scene, Decision("power_down", 0, ("no", "yes"), "no"))
    assert plain.question() == "Stay powered down next turn?"


def test_the_facing_question_says_where_the_next_flag_lies() -> None:
    """RR-10.5: a returning robot's player chooses its facing; the question says where the
    next flag lies from the archive, so a new player need not hunt the board for it."""
    services, scene = _board_with_archive_in_the_middle()
    robot = scene.controller.robot(0)
    flag = scene.controller.board.flags[robot.next_flag - 1]
    assert (robot.archive.x, robot.archive.y, flag.x, flag.y) == (5, 14, 6, 8)  # Sunday Drive
    dialog = DecisionDialog(services, scene, Decision("facing", 0, ("N", "E", "S", "W"), "N"))
    assert dialog.question() == ("Your robot returns: which way should it face? "
                                 "Flag 1 lies to the north.")
    set_language("de")
    assert dialog.question().endswith("Flagge 1 liegt im Norden.")


def test_compass_points_are_the_nearest_eighth_of_a_turn() -> None:
    assert [compass_point(dx, dy) for dx, dy in
            ((4, 1), (3, -3), (1, -6), (-2, -3), (-5, 0), (-4, 4), (2, 5), (6, 5))] == \
        ["east", "north-east", "north", "north-west", "west", "south-west", "south",
         "south-east"]
