"""README's screenshots can be drawn again by `python -m game.tools.readme_screenshots`:
every picture's name says which scene, language and size it shows."""

from __future__ import annotations

from game.scenes.catalog import all_scenes
from game.tools.readme_screenshots import FOLDER, Shot, shot_for

def test_every_readme_screenshot_names_a_scene_or_says_why_it_is_kept() -> None:
    scenes = set(all_scenes())
    kept = {p.name for p in FOLDER.glob("*.png") if not isinstance(shot_for(p, scenes), Shot)}
    assert kept == {"settings-en.png", "settings-de.png", "settings-en-1080.png",
                    "settings-de-1080.png", "volt-arena-crossfire.png"}


def test_a_name_gives_the_scene_language_and_size() -> None:
    scenes = {"roborally-execution-4", "menu"}
    shot = shot_for(FOLDER / "roborally-execution-4-de-1080.png", scenes)
    assert shot == Shot(FOLDER / "roborally-execution-4-de-1080.png", "roborally-execution-4",
                        "de", "1920x1080")
    assert shot_for(FOLDER / "menu.png", scenes) == Shot(FOLDER / "menu.png", "menu", "en",
                                                         "1280x720")
