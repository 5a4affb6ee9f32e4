"""A name of invisible characters only (a variation selector or a zero-width joiner, as a
hand-edited settings file or save may hold; typing drops them) is drawn as nothing: the
font cannot render text of no width, and every name tag, robot letter and log line that
showed it stopped the game."""

from __future__ import annotations

import dataclasses

from game.scenes.roborally.courses import demo_setup
from game.scenes.roborally.entry import start
from game.scenes.roborally.table import FactoryScene
from tests.ui.helpers import frame, headless_services

INVISIBLE = "\ufe0f\u200d"


def test_a_race_with_an_invisible_name_is_drawn_to_its_end() -> None:
    services = headless_services()
    services.settings.animation_speed = "fast"
    setup = demo_setup("sunday-drive", humans=0, bots=2, seed=3)
    setup.players[0] = dataclasses.replace(setup.players[0], name=INVISIBLE)
    scene = start(services, setup)
    assert isinstance(scene, FactoryScene)
    services.scenes.push(scene)
    services.scenes.apply_pending()
    for _ in range(3000):
        frame(services, dt=0.1)                  # name tags, status rows, log, robots
        if scene.controller.is_over():
            break
    assert scene.controller.is_over()
    assert scene.controller.seats[0].name == INVISIBLE
