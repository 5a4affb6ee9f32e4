"""Headless pygame for every test, and a private user folder so tests never touch $HOME."""

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
SESSION_HOME = tempfile.mkdtemp(prefix="robot-games-test-")
os.environ["ROBOT_GAMES_HOME"] = SESSION_HOME
# Saves show their time in the player's zone: tests that read one expect UTC's, wherever
# they run (those of another zone set their own).
os.environ["TZ"] = "UTC"
if hasattr(time, "tzset"):
    time.tzset()

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_user_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Each test gets its own user folder (saves, settings, best scores), so one test's
    autosave never shows up as another's "Continue", and English unless it asks otherwise."""
    monkeypatch.setenv("ROBOT_GAMES_HOME", str(tmp_path / "home"))
    yield
    # no background autosave may go on writing into this test's folder once it is removed
    from game.scenes.saves_hook import flush_saves
    assert flush_saves(10.0), "a background autosave was still being written"
    from game import i18n
    i18n.set_language("en")


@pytest.fixture
def berlin_clock(monkeypatch: pytest.MonkeyPatch):
    """The player's clock on Berlin time (UTC+1, summer UTC+2), given as a POSIX rule so no
    time zone files are needed; UTC again afterwards."""
    if not hasattr(time, "tzset"):
        pytest.skip("no time.tzset on this system")
    monkeypatch.setenv("TZ", "CET-1CEST,M3.5.0,M10.5.0/3")
    time.tzset()
    yield
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()


@pytest.fixture(autouse=True)
def frames_wait_for_thinking_bots(monkeypatch: pytest.MonkeyPatch):
    """RoboRally and VOLT bots think in a worker thread; in tests a frame waits for the
    answer, so a bot acts after as many frames however slow the machine (the tests of the
    thinking itself set the wait back to 0, as in the app)."""
    from game.controllers.thinking import BotThinker
    monkeypatch.setattr(BotThinker, "frame_wait_seconds", 60.0)
    yield


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The session's own user folder goes with it (each test's is pytest's tmp_path)."""
    shutil.rmtree(SESSION_HOME, ignore_errors=True)
