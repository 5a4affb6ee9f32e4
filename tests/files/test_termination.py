"""SIGTERM (a system shutting down) autosaves the game in play and ends the app, without
asking anyone (issue 17); a FIFO in saves/ or the board folder does not stop the start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import paths
from game.app.termination import install_handlers
from game.saves import autosave_path, read_save
from game.scenes.games import GameSetup, PlayerSetup
from game.scenes.volt import start
from tests.files.hostile import make_fifo, needs_fifo, release_fifos
from tests.ui.helpers import frame, headless_services

ROOT = Path(__file__).resolve().parents[2]
needs_sigterm = pytest.mark.skipif(not hasattr(signal, "SIGTERM") or sys.platform == "win32",
                                   reason="needs POSIX signals")


@pytest.fixture
def restore_signal_handlers():
    saved = {s: signal.getsignal(s) for s in (signal.SIGTERM, getattr(signal, "SIGHUP", None))
             if s is not None}
    yield
    for signum, handler in saved.items():
        signal.signal(signum, handler)


@needs_sigterm
def test_sigterm_during_a_game_autosaves_it_and_ends_the_loop(restore_signal_handlers) -> None:
    services = headless_services()
    players = [PlayerSetup("Anna", "red"), PlayerSetup("Ben", "blue")]
    setup = GameSetup("volt", players, "training",
                      paths.builtin_boards_dir() / "volt" / "pit-stop.yaml", seed=3)
    services.scenes.push(start(services, setup))
    frame(services)
    install_handlers(services)
    os.kill(os.getpid(), signal.SIGTERM)
    frame(services)
    assert services.scenes.quit_requested
    saved = read_save(autosave_path(paths.saves_dir(), "volt"))
    assert saved.game == "volt" and [p["name"] for p in saved.setup["players"]] == ["Anna", "Ben"]


@needs_sigterm
@needs_fifo()
def test_sigterm_ends_the_app_even_with_fifos_in_its_folders(tmp_path: Path) -> None:
    home = tmp_path / "home"
    fifos = [make_fifo(home / "saves" / "autosave-volt.yaml"),
             make_fifo(home / "boards" / "roborally" / "pipe.yaml"),
             make_fifo(home / "settings.json")]
    env = {**os.environ, "ROBOT_GAMES_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen([sys.executable, "main.py"], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        marker = home / "running.lock"
        deadline = time.monotonic() + 60
        while not marker.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert marker.exists(), "the app did not reach its menu"
        process.send_signal(signal.SIGTERM)
        _, errors = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            release_fifos(*fifos)
            process.kill()
            process.wait()
    assert process.returncode == 0, errors.decode(errors="replace")
    assert not marker.exists(), "a clean exit removes the crash marker"
    assert b"Traceback" not in errors
