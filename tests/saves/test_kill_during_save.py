"""kill -9 during a save (issue 8): a real process writing big saves to one path is killed
with SIGKILL at seeded random moments; each time the file at the path is one whole save,
the last one finished or the one being renamed into place, never a torn mix, and the
temporary files a kill leaves behind do not show up as saves."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.saves import SavedGame, list_saves, read_save, write_save
from tests.saves.save_writer import action_count, numbered_save

ROOT = Path(__file__).resolve().parents[2]
KILLS = 6


def assert_whole(saved: SavedGame) -> int:
    n = int(saved.setup["seed"])
    assert saved.title == f"save {n}"
    assert len(saved.actions) == action_count(n)
    assert all(a["value"] == n % 6 + 1 for a in saved.actions)
    return n


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9 (POSIX)")
def test_kill_9_during_saves_leaves_the_last_whole_save(tmp_path: Path) -> None:
    rng = random.Random(8)
    path = tmp_path / "autosave-volt.yaml"
    write_save(path, numbered_save(0))
    last = 0
    for _ in range(KILLS):
        process = subprocess.Popen([sys.executable, "-m", "tests.saves.save_writer", str(path),
                                    str(last + 1)],
                                   cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert process.stdout is not None and process.stdout.readline().strip() == "ready"
        # Let a few saves finish (however busy the machine is), then kill within the next.
        finished = [int(process.stdout.readline()) for _ in range(rng.randrange(3))]
        time.sleep(rng.uniform(0.0, 0.3))
        os.kill(process.pid, signal.SIGKILL)
        finished += [int(line) for line in process.stdout.read().split()]
        process.wait()
        assert process.returncode == -signal.SIGKILL
        done = finished[-1] if finished else last
        # Killed after the rename but before saying so, the next save is there, whole.
        on_disk = assert_whole(read_save(path))
        assert on_disk in (done, done + 1)
        last = on_disk
        listed = list_saves(tmp_path)
        assert [(e.path, e.problem) for e in listed] == [(path, None)]
    assert last > 1, "no save finished between the kills; the test proves nothing"


def test_a_save_cleans_up_temporary_files_a_kill_left_behind(tmp_path: Path) -> None:
    path = tmp_path / "autosave-volt.yaml"
    stale = tmp_path / ".autosave-volt-killed.tmp"
    stale.write_text("format: robot-games-save/1\ngame: vo", encoding="utf-8")
    an_hour_ago = time.time() - 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    other = tmp_path / ".other-save-killed.tmp"  # another save's: not this write's business
    other.write_text("", encoding="utf-8")
    write_save(path, numbered_save(1))
    assert not stale.exists() and other.exists()
    assert [e.path for e in list_saves(tmp_path)] == [path]
