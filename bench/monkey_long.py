"""The long monkey run (issue 8): ≥ 100,000 seeded random events across every scene.

    .venv/bin/python bench/monkey_long.py [--events N] [--seed S] [--only NAME:CHUNK]

Headless, with ROBOT_GAMES_HOME set to a fresh temporary folder (the user's saves and
settings are never touched). The events are the monkey test's (tests/ui/helpers.py
`random_events`: clicks, drags, wheel, keys including Esc, Enter, F1, F11 and arrows, text
input, other mouse buttons, window resizes, close requests). They go, in chunks of
CHUNK_EVENTS, to every stack of `game.scenes.catalog.all_scenes()` plus the games started
the way the setup screen starts them, with bots and hot-seat, and the saves list holding a
save of each game and a damaged one. A chunk restarts its stack when the app quits (a
close request answered) and starts from the same user folder, so any chunk can be re-run
alone: an exception prints its scene, chunk and traceback and the `--only` to reproduce it
(scenes that watch the clock, such as the workbench reloading its file, may take another
path when re-run).

100,000 events take about 3 minutes on a quiet 2-core machine (≈ 580 events/s; 7.5 minutes
while other test runs shared it), peak RSS under 200 MB.

Prints `name: value` lines: monkey_events, monkey_scenes, monkey_exceptions,
monkey_events_per_second, monkey_peak_rss_mb. Exit 1 when any exception was raised."""

from __future__ import annotations

import argparse
import os
import random
import resource
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HOME = Path(tempfile.mkdtemp(prefix="robot-games-monkey-"))
os.environ["ROBOT_GAMES_HOME"] = str(HOME / "home")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.app.scene import Scene  # noqa: E402
from game.app.services import Services  # noqa: E402
from game.save_queue import flush as flush_saves  # noqa: E402
from game.scenes.catalog import all_scenes  # noqa: E402
from game.scenes.roborally.demo_tables import deal_option_hands  # noqa: E402
from tests.ui.helpers import frame, headless_services, random_events, show_stack  # noqa: E402

CHUNK_EVENTS = 500
ACTIONS_PER_FRAME = 16  # the monkey test sends 6 a frame; fewer frames keep the run near 5 min
StackFactory = Callable[[Services], list[Scene]]


def started_game(game: str, humans: int, bots: int, level: str,
                 variant: str | None = None) -> StackFactory:
    """The menu with a game on top, started as the setup screen starts it; RoboRally's
    options variant deals each robot three option cards first (OPTION_HANDS)."""
    def build(services: Services) -> list[Scene]:
        from game.paths import builtin_boards_dir
        from game.scenes.games import GAMES_BY_ID, GameSetup, PlayerSetup, find_start
        from game.scenes.menu import MenuScene
        spec = GAMES_BY_ID[game]
        names = ("Anna", "Ben", "Clara", "David")
        colours = ("red", "blue", "green", "yellow")
        players = [PlayerSetup(names[i], colours[i], None if i < humans else level)
                   for i in range(humans + bots)]
        board = None
        if spec.board_folder:
            default = {"roborally": "sunday-drive", "volt": "pit-stop"}[game]
            board = builtin_boards_dir() / spec.board_folder / f"{default}.yaml"
        chosen = variant or ("teams" if game == "robot-master" and len(players) == 4
                             else spec.variants[0].id)
        start = find_start(spec)
        assert start is not None, game
        table = start(services, GameSetup(game, players, chosen, board, seed=11))
        if chosen == "options":
            deal_option_hands(table.controller)
        return [MenuScene(services), table]
    return build


def play_test(game: str, board: str) -> StackFactory:
    """The menu, the workbench on a built-in board, and its play test on top (leaving the
    game comes back to the workbench)."""
    def build(services: Services) -> list[Scene]:
        from game.paths import builtin_boards_dir
        from game.scenes.games import GAMES_BY_ID, find_start
        from game.scenes.menu import MenuScene
        from game.scenes.workbench import WorkbenchScene
        from game.scenes.workbench_playtest import play_test_setup
        path = builtin_boards_dir() / game / f"{board}.yaml"
        bench = WorkbenchScene(services, path)
        start = find_start(GAMES_BY_ID[game])
        assert start is not None, game
        return [MenuScene(services), bench,
                start(services, play_test_setup(game, path, None, 1, seed=11))]
    return build


GAME_STACKS: dict[str, StackFactory] = {
    "play-test-roborally": play_test("roborally", "sunday-drive"),
    "play-test-volt": play_test("volt", "pit-stop"),
    "play-robot-master-bot": started_game("robot-master", 1, 1, "normal"),
    "play-robot-master-hot-seat": started_game("robot-master", 2, 0, "normal"),
    "play-robot-master-teams-bots": started_game("robot-master", 1, 3, "easy"),
    "play-roborally-bots": started_game("roborally", 1, 3, "normal"),
    "play-roborally-hot-seat": started_game("roborally", 3, 0, "normal"),
    "play-roborally-options": started_game("roborally", 2, 2, "strong", "options"),
    "play-volt-bot": started_game("volt", 1, 1, "greedy"),
    "play-volt-hot-seat": started_game("volt", 2, 0, "random"),
}


def seed_user_folder(pristine: Path) -> None:
    """The user folder every chunk starts from: a save of each game (a few turns in) and a
    damaged one, so Continue, Resume and Watch replay have something to open."""
    from game.saves import SavedGame, write_save
    os.environ["ROBOT_GAMES_HOME"] = str(pristine)
    saves = pristine / "saves"
    for name in ("robot-master-table", "roborally-execution", "volt-activation"):
        services = headless_services()
        show_stack(services, all_scenes()[name])
        game = next(s for s in services.scenes.stack if hasattr(s, "saved_game"))
        saved: SavedGame = game.saved_game()
        write_save(saves / f"{name}.yaml", saved)
    (saves / "damaged.yaml").write_text("format: robot-games-save/1\ngame: volt\nsetup: [",
                                        encoding="utf-8")
    # the demo tables' autosaves are written in the background: the folder is whole (and
    # the same every run) only once they are there
    flush_saves(timeout=30)


def fresh_user_folder(pristine: Path, home: Path) -> None:
    # the last chunk's autosaves may still be on their way into `home` (a background
    # writer): clearing the folder under them left it half there, and copytree failed
    flush_saves(timeout=30)
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(pristine, home)
    os.environ["ROBOT_GAMES_HOME"] = str(home)


def run_chunk(name: str, factory: StackFactory, chunk_seed: str,
              events: int) -> tuple[int, str | None]:
    """Send `events` seeded random events to a fresh `name` stack; (sent, traceback or None)."""
    rng = random.Random(chunk_seed)
    services = headless_services(language=rng.choice(("en", "de")))
    sent = 0
    try:
        show_stack(services, factory)
        while sent < events:
            batch = random_events(rng, services.window.size, ACTIONS_PER_FRAME)
            sent += len(batch)
            frame(services, batch, dt=rng.choice((0.0, 1 / 60, 0.1)))
            if services.scenes.quit_requested or services.scenes.top is None:
                show_stack(services, factory)  # the close was answered: the app would quit
    except Exception:
        return sent, traceback.format_exc()
    return sent, None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--only", help="re-run one chunk, NAME:CHUNK as printed on a failure")
    args = parser.parse_args()

    scenes: dict[str, StackFactory] = {**all_scenes(), **GAME_STACKS}
    pristine, home = HOME / "pristine", HOME / "home"
    seed_user_folder(pristine)
    if args.only:
        name, _, chunk = args.only.rpartition(":")
        plan = [(name, int(chunk))]
    else:
        order = sorted(scenes)
        chunks = max(1, -(-args.events // CHUNK_EVENTS))
        plan = [(order[i % len(order)], i // len(order)) for i in range(chunks)]

    total = 0
    failures: list[str] = []
    started = time.perf_counter()
    for name, chunk in plan:
        fresh_user_folder(pristine, home)
        chunk_seed = f"monkey-long-{args.seed}-{name}-{chunk}"
        sent, failure = run_chunk(name, scenes[name], chunk_seed, CHUNK_EVENTS)
        total += sent
        if failure:
            failures.append(name)
            print(f"EXCEPTION in scene {name}, chunk {chunk} (seed {chunk_seed!r}, after "
                  f"{sent} events); reproduce: python bench/monkey_long.py --seed {args.seed} "
                  f"--only {name}:{chunk}\n{failure}", file=sys.stderr)
    elapsed = time.perf_counter() - started
    shutil.rmtree(HOME, ignore_errors=True)

    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    print(f"monkey_events: {total}")
    print(f"monkey_scenes: {len({name for name, _ in plan})}")
    print(f"monkey_exceptions: {len(failures)}")
    print(f"monkey_events_per_second: {total / elapsed:.0f}")
    print(f"monkey_peak_rss_mb: {peak_kb / 1024:.0f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
