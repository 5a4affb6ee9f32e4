"""A new player's first programming screen explains itself once: where the cards go, what a
card's number means, which robot is theirs and where it faces, where flag 1 is; dismissed,
it is remembered in the settings (issue 14, the first-turn guide)."""

from __future__ import annotations

from game.scenes.guide_overlay import GuideOverlay
from game.scenes.roborally.demo_tables import programming_table
from tests.ui.helpers import click, frame, headless_services


def test_the_guide_points_at_each_thing_once_and_is_remembered() -> None:
    services = headless_services()
    services.settings.animation_speed = "instant"
    services.settings.guides_seen.clear()
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
