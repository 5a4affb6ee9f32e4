"""`python -m game.tools.readme_screenshots [--check] [NAME ...]`: draw README's screenshots
again (docs/screenshots), each in a fresh process and a fresh user folder, so no save,
setting or remembered setup of the machine that draws them shows in the pictures.

A file's name says what it shows: `SCENE[-LANGUAGE][-1080].png`, a scene of the
`--screenshot` catalogue (`python main.py --list-scenes`), English when no language is
named, 1920×1080 with `-1080` and 1280×720 without. Files of other names (a board drawn with
`python main.py render`) and the settings screens, which show the board folder of whoever
draws them, are left as they are and listed. Each file drawn is reported as changed or the
same, pixel for pixel; `--check` draws into a temporary folder and only reports, with exit
status 1 when any picture differs. NAME limits the work to the files of those names."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.i18n import LANGUAGES
from game.scenes.catalog import all_scenes

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "screenshots"
KEPT_SCENES = {"settings": "shows the board folder of whoever draws it"}
SIZES = {True: "1920x1080", False: "1280x720"}
DRAW_SECONDS = 300


@dataclass(frozen=True)
class Shot:
    """A README screenshot and how it is drawn."""

    path: Path
    scene: str
    language: str
    size: str


def shot_for(path: Path, scenes: set[str]) -> Shot | str:
    """How the file at `path` is drawn, or why it is left as it is."""
    parts = path.stem.split("-")
    large = parts[-1] == "1080"
    if large:
        parts = parts[:-1]
    language = "en"
    if parts and parts[-1] in LANGUAGES:
        language = parts.pop()
    scene = "-".join(parts)
    if scene in KEPT_SCENES:
        return KEPT_SCENES[scene]
    if scene not in scenes:
        return "not a scene of the catalogue"
    return Shot(path, scene, language, SIZES[large])


def draw(shot: Shot, out: Path) -> str | None:
    """Draw `shot` into `out` in a process of its own with a fresh user folder; the
    problem, or None."""
    with tempfile.TemporaryDirectory(prefix="robot-games-shot-") as home:
        env = dict(os.environ, ROBOT_GAMES_HOME=home, SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", TZ="UTC")   # the saves' times alike everywhere
        result = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--lang", shot.language, "--size",
             shot.size, "--screenshot", str(out), "--scene", shot.scene],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=DRAW_SECONDS)
    if result.returncode != 0:
        return (result.stderr.strip().splitlines() or ["exit status "
                                                      f"{result.returncode}"])[-1]
    return None


def same_pixels(a: Path, b: Path) -> bool:
    if not a.exists() or not b.exists():
        return False
    first, second = pygame.image.load(str(a)), pygame.image.load(str(b))
    return first.get_size() == second.get_size() and \
        pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(second, "RGB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.readme_screenshots",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="draw into a temporary folder and report only")
    parser.add_argument("names", nargs="*", help="file names (without .png) to draw")
    args = parser.parse_args(argv)
    scenes = set(all_scenes())
    paths = sorted(FOLDER.glob("*.png"))
    if args.names:
        paths = [p for p in paths if p.stem in args.names]
        unknown = sorted(set(args.names) - {p.stem for p in paths})
        if unknown:
            print(f"no screenshot named {', '.join(unknown)} in {FOLDER}", file=sys.stderr)
            return 2
    shots: list[Shot] = []
    for path in paths:
        how = shot_for(path, scenes)
        if isinstance(how, str):
            print(f"left as it is: {path.name} ({how})")
        else:
            shots.append(how)
    with tempfile.TemporaryDirectory(prefix="robot-games-shots-") as scratch:
        def one(shot: Shot) -> tuple[Shot, str]:
            fresh = Path(scratch) / shot.path.name
            problem = draw(shot, fresh)
            if problem:
                return shot, f"not drawn: {problem}"
            if same_pixels(fresh, shot.path):
                return shot, "same"
            if not args.check:
                shot.path.write_bytes(fresh.read_bytes())
            return shot, "changed"
        # two at a time: each process draws on one core
        with ThreadPoolExecutor(max_workers=2) as pool:
            outcomes = list(pool.map(one, shots))
    for shot, outcome in outcomes:
        print(f"{outcome}: {shot.path.name}")
    failed = [s for s, outcome in outcomes if outcome.startswith("not drawn")]
    changed = [s for s, outcome in outcomes if outcome == "changed"]
    print(f"screenshots: {len(outcomes)}, changed: {len(changed)}, not drawn: {len(failed)}")
    return 1 if failed or (args.check and changed) else 0


if __name__ == "__main__":
    sys.exit(main())
