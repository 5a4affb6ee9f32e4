"""The table's bots think in a worker thread; in these tests a frame waits for the answer once
the bot's pause is over, so a bot's card comes after as many frames as a player's eye would
count, however slow the machine (test_bot_thinking.py tests the frames that do not wait)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.scenes.robotmaster.table import RobotMasterTable


@pytest.fixture(autouse=True)
def frames_wait_for_thinking_bots(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(RobotMasterTable, "bot_wait_seconds", 60.0)
    yield
