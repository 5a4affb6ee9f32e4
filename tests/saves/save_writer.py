"""A process that writes numbered saves to one path without end, for the kill -9 test:

    python -m tests.saves.save_writer PATH FIRST

prints `ready`, then the number of each save once it is whole on disk."""

from __future__ import annotations

import sys
from pathlib import Path

from game.saves import SavedGame, write_save


def action_count(n: int) -> int:
    """Save n's size varies with n, so a file torn between two saves shows as a wrong count
    or a value that belongs to another save."""
    return 300 + (n * 7919) % 500


def numbered_save(n: int) -> SavedGame:
    return SavedGame("volt", {"seed": n}, [{"type": "PlaceDie", "player": 0, "cross": i % 3,
                                            "value": n % 6 + 1} for i in range(action_count(n))],
                     title=f"save {n}")


def main(path: Path, n: int) -> None:
    print("ready", flush=True)
    while True:
        write_save(path, numbered_save(n))
        print(n, flush=True)
        n += 1


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
