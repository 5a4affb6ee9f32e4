"""A new player's first programming screen explains itself once: where the cards go, what a
card's number means, which robot is theirs and where it faces, where flag 1 is; dismissed,
it is remembered in the settings (issue 14, the first-turn guide)."""

from __future__ import annotations

from game.scenes.guide_overlay import GuideOverlay
from game.scenes.roborally.demo_tables import execution_table, programming_table
from tests.ui.helpers import click, frame, headless_services


def test_the_guide_points_at_each_thing_once_and_is_remembered() -> None:
    services = headless_services()
    services.settings.animation_speed = "instant"
    services.settings.guides_seen.remove("roborally")     # the register phases' stays seen
    scene = programming_table(services, "sunday-drive", 1, 1, seed=5, turn=1, placed=0)
    services.scenes.apply_pending()
    frame(services)
    guide = services.scenes.top
    assert isinstance(guide, GuideOverlay)
    targets = [hint.target for hint in guide.hints]
    robot = scene.controller.robot(0)
    assert len(targets) == 4
    assert targets[2] == scene.view.cell_rect(robot.pos)
    assert targets[3] == scene.view.cell_rect(scene.controller.board.flags[0])
    assert "north" in guide.hints[2].text or "east" in guide.hints[2].text \
        or "south" in guide.hints[2].text or "west" in guide.hints[2].text
    panel = guide.panel()
    assert not any(panel.colliderect(t) for t in targets), "the hints never hide their targets"
    hand = scene.controller.hand(0)
    frame(services, click(scene.hand_slots()[0][0].center))
    assert scene.controller.hand(0) == hand, "the table waits while the guide is up"
    done = next(w for w in guide.ui.widgets if w.current_text() == "Got it")
    frame(services, click(done.rect.center))
    assert services.scenes.top is scene
    assert "roborally" in services.settings.guides_seen
    # the player programs and confirms; the next programming screen comes without the guide
    for _ in range(5):
        card = next(rect for rect, held in scene.hand_slots() if held is not None)
        frame(services, click(card.center))
    frame(services, click(scene.confirm_button.rect.center))
    for _ in range(600):
        frame(services, dt=0.1)
        assert not isinstance(services.scenes.top, GuideOverlay)
        if scene.display.turn == 2 and scene.programmer == 0:
            break
    assert scene.display.turn == 2 and scene.programmer == 0
    assert services.scenes.top is scene


def _at_the_register_guide(size: tuple[int, int] = (1280, 720)):  # noqa: ANN202
    """(services, scene, guide): Anna's first program confirmed against a bot, the register
    phases' guide not seen yet and now up."""
    services = headless_services(size)
    services.settings.animation_speed = "normal"
    services.settings.guides_seen.remove("roborally-registers")
    scene = programming_table(services, "sunday-drive", 1, 1, seed=5, turn=1, placed=0)
    for _ in range(5):
        card = next(rect for rect, held in scene.hand_slots() if held is not None)
        frame(services, click(card.center))
    frame(services, click(scene.confirm_button.rect.center))
    for _ in range(600):
        if isinstance(services.scenes.top, GuideOverlay):
            break
        frame(services, dt=1 / 30)
    guide = services.scenes.top
    assert isinstance(guide, GuideOverlay)
    return services, scene, guide


def test_the_first_register_explains_the_reveals_the_steps_the_programs_and_the_status() -> None:
    """When the first cards are revealed in a game with a player at the screen, a guide
    points once at the revealed cards (priority order, RR-6.2), the factory's steps (RR-6),
    the turn's programs and the status rows; the robots wait while it is up."""
    services, scene, guide = _at_the_register_guide()
    assert scene.display.register == 1 and scene.display.reveals
    programs = scene.programs_panel()
    assert programs is not None
    targets = [hint.target for hint in guide.hints]
    assert targets[0] == scene.reveals_rect()
    assert targets[1] == scene.table.phase_strip
    assert programs.panel.contains(targets[2])
    assert targets[3].contains(scene.status_row_rect(0))
    assert not any(guide.panel().colliderect(t) for t in targets)
    shown = (scene.display.register, scene.display.phase, len(scene.display.log))
    for _ in range(30):
        frame(services, dt=0.1)
    assert (scene.display.register, scene.display.phase, len(scene.display.log)) == shown
    done = next(w for w in guide.ui.widgets if w.current_text() == "Got it")
    frame(services, click(done.rect.center))
    assert "roborally-registers" in services.settings.guides_seen
    for _ in range(300):
        frame(services, dt=0.1)
        assert not isinstance(services.scenes.top, GuideOverlay)
        if scene.display.register >= 3:
            break
    assert scene.display.register >= 3


def test_a_game_of_bots_only_shows_no_register_guide() -> None:
    services = headless_services()
    services.settings.guides_seen.clear()
    scene = execution_table(services, "sunday-drive", 2)
    assert scene.display.register >= 2
    assert not isinstance(services.scenes.top, GuideOverlay)
    assert "roborally-registers" not in services.settings.guides_seen


def test_where_the_log_takes_the_programs_place_the_guide_points_at_the_log() -> None:
    """At 4:3 the log stands between the reveals and the status rows, and the programs do
    not show: the third hint is about the log."""
    _services, scene, guide = _at_the_register_guide((1024, 768))
    assert scene.programs_panel() is None
    log = scene.table.log_rect()
    assert log is not None and guide.hints[2].target == log
    assert "log" in guide.hints[2].text
    assert not any(guide.panel().colliderect(hint.target) for hint in guide.hints)
