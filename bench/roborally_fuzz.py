"""RoboRally fuzz: seeded random games across the shipped courses (8 robots where the course
allows 8, else its maximum), with options in play, invariants checked after every register
phase and end of turn, and a replay of every game's action log (game.roborally.playout).

    .venv/bin/python bench/roborally_fuzz.py [GAMES] [WORKERS] [TURN_CAP]

Prints `games_clean` (no invariant broken, no error, the replay reproduced the state),
`games_total`, `games_finished` (a robot reached the last flag or one robot was left) and
`registers_checked`."""

from __future__ import annotations

import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.data.files import load_any  # noqa: E402
from game.roborally.playout import random_game  # noqa: E402


def _courses() -> list[tuple[str, object, int]]:
    out = []
    for path in sorted((ROOT / "boards" / "roborally").glob("*.yaml")):
        fmt, model = load_any(path)
        if fmt == "roborally-course/1":
            board = model.board
            robots = min(8, model.players[1], len(board.starts))
            out.append((path.stem, board, robots))
    if not out:
        from game.roborally.data import sample_course
        out = [("sample", sample_course(), 8), ("sample-90", sample_course(90), 8)]
    return out


def play_range(args: tuple[int, int, int]) -> tuple[int, int, int, list[str]]:
    start, stop, cap = args
    courses = _courses()
    clean = finished = registers = 0
    failures: list[str] = []
    for seed in range(start, stop):
        name, board, robots = courses[seed % len(courses)]
        try:
            play = random_game(board, seed, robots=robots, turn_cap=cap)  # type: ignore[arg-type]
        except Exception:  # noqa: BLE001 - a crash is a finding, report and go on
            failures.append(f"seed {seed} ({name}): {traceback.format_exc(limit=3)}")
            continue
        registers += play.registers
        if play.problems:
            failures.append(f"seed {seed} ({name}): {play.problems[:3]}")
        else:
            clean += 1
            finished += play.state.is_terminal()
    return clean, finished, registers, failures


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    cap = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    chunk = 50
    jobs = [(s, min(s + chunk, games), cap) for s in range(0, games, chunk)]
    t = time.perf_counter()
    clean = finished = registers = 0
    failures: list[str] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for c, f, r, fails in pool.map(play_range, jobs):
            clean, finished, registers = clean + c, finished + f, registers + r
            failures += fails
    for line in failures[:20]:
        print(line, file=sys.stderr)
    print(f"games_clean: {clean}")
    print(f"games_total: {games}")
    print(f"games_finished: {finished}")
    print(f"registers_checked: {registers}")
    print(f"seconds: {time.perf_counter() - t:.0f}")


if __name__ == "__main__":
    main()
