"""Damaged input fuzz: seeded edits of the shipped boards, courses, arenas and scenarios, of
a save of each game and of the settings file, fed to the app the way a player's files reach
it. Nothing may raise anything but a refusal with a message (DEVELOPERS.md: bad input never
gives a traceback).

    .venv/bin/python bench/input_fuzz.py [FILE_EDITS] [SAVE_EDITS] [SETTINGS_EDITS] [--seed S]

File edits (half of boards, courses and arenas, half of scenarios; a few each: a line deleted, repeated or moved, a number or a word swapped, a
value replaced; one in eight saved with a UTF-8 mark, one in eight as UTF-16 or UTF-32 with
or without a mark, one in sixteen cut at any byte) go through the data gate (`load_any`, the scenario runner); a course or arena
it accepts is played (and every fifth edited file, accepted or not, is opened in the board
workbench with its overlays on and poked at): four RoboRally robots (easy and normal bots, options on every other
edit) to the end or 400 steps, VOLT's random operators on as many sides as the arena has
starts. Save edits (the log cut anywhere, a setup or header value replaced or deleted, an
unknown value in the optional keys) are opened from the saves folder as Continue and Watch
replay open them (`open_save`), and an opened one gets a few frames of random input.
Settings edits (the same kinds, of a settings file with a remembered setup for each game)
are read as the app starts and shown in the menu, the settings screen and a setup screen.

Prints `file_edits`, `file_edits_accepted`, `save_edits`, `save_edits_opened`,
`settings_edits` and `input_crashes`; each crash's traceback goes to stderr with its seed. Exit 1 on a crash."""

from __future__ import annotations

import argparse
import codecs
import copy
import json
import os
import random
import re
import shutil
import sys
import tempfile
import traceback
from pathlib import Path
from dataclasses import asdict
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
HOME = Path(tempfile.mkdtemp(prefix="robot-games-input-fuzz-"))
os.environ["ROBOT_GAMES_HOME"] = str(HOME / "home")
ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import yaml  # noqa: E402

from game import paths  # noqa: E402
from game.app.services import make_services  # noqa: E402
from game.app.settings import Settings  # noqa: E402
from game.controllers.base import Seat  # noqa: E402
from game.controllers.roborally import RoboRallyController  # noqa: E402
from game.controllers.volt import SEAT_SIDES  # noqa: E402
from game.data.errors import DataError  # noqa: E402
from game.data.files import FileContext, load_any, read_format, registry  # noqa: E402
from game.data.reader import Reader  # noqa: E402
from game.save_queue import flush as flush_saves  # noqa: E402
from game.scenes.games import GAMES_BY_ID, GameSetup, PlayerSetup  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402
from game.scenes.saves_hook import open_save, saved_entries  # noqa: E402
from game.scenes.settings import SettingsScene  # noqa: E402
from game.scenes.setup import SetupScene  # noqa: E402
from game.scenes.setup_memory import remembered  # noqa: E402
from game.volt.playout import random_game as volt_game  # noqa: E402
import monkey_long  # noqa: E402
from game.scenes.workbench import OVERLAYS, WorkbenchScene  # noqa: E402
from tests.ui.helpers import frame, headless_services, key, random_events  # noqa: E402

ODD_VALUES: list[Any] = [None, -1, 0, 1, 7, 10**9, "", "x", "red", "strong", [], {}, [0, 0],
                         [99, 99], True, 2.5, "../../etc", "Ä" * 300, {"player": 9}]
OPTIONAL_SAVE_KEYS = ("program_choices", "tentative", "clock", "finished", "title")
STEP_LIMIT = 400
WORKBENCH_EVERY = 5
"""Every fifth edited board, course or arena is opened in the workbench too (broken or not);
half the edits are of boards, courses and arenas, half of scenarios."""


def edited_text(text: str, rng: random.Random) -> str:
    """One to three line edits of a YAML text, as a slip of the hand makes them."""
    lines = text.splitlines()
    words = re.findall(r"[a-z_][a-z_-]+", text)
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        kind = rng.randrange(6)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif kind == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3 and (numbers := list(re.finditer(r"-?\d+", lines[i]))):
            m = rng.choice(numbers)
            lines[i] = (lines[i][:m.start()] + rng.choice(("-1", "0", "1", "7", "12", "99",
                                                           "100000")) + lines[i][m.end():])
        elif kind == 4 and ":" in lines[i]:
            lines[i] = lines[i].partition(":")[0] + ": " + str(rng.choice(ODD_VALUES))
        elif kind == 5 and (found := list(re.finditer(r"[a-z_][a-z_-]+", lines[i]))):
            m = rng.choice(found)
            lines[i] = lines[i][:m.start()] + rng.choice(words) + lines[i][m.end():]
    return "\n".join(lines) + "\n"


WIDE_ENCODINGS = [(codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
                  (b"", "utf-16-le"), (b"", "utf-16-be"), (codecs.BOM_UTF32_LE, "utf-32-le"),
                  (b"", "utf-32-be")]


def encoded(text: str, rng: random.Random) -> bytes:
    """The bytes an editor may save `text` as: UTF-8, with a mark, UTF-16 or UTF-32 with or
    without a mark, or cut at any byte (mid-character too)."""
    kind = rng.randrange(16)
    if kind in (0, 1):
        return codecs.BOM_UTF8 + text.encode("utf-8")
    if kind in (2, 3):
        mark, encoding = rng.choice(WIDE_ENCODINGS)
        return mark + text.encode(encoding)
    if kind == 4:
        raw = (codecs.BOM_UTF16_LE + text.encode("utf-16-le")) if rng.random() < 0.5 \
            else text.encode("utf-8")
        return raw[:rng.randrange(len(raw) + 1)]
    return text.encode("utf-8")


def play_loaded(fmt: str, model: Any, seed: int) -> None:
    """Play what the data gate accepted, as a game started from the setup screen would."""
    if fmt == "roborally-course/1":
        robots = max(2, min(4, len(model.board.starts)))
        seats = [Seat(f"Bot {i + 1}", "red", ("easy", "normal")[(seed + i) % 2])
                 for i in range(robots)]
        controller = RoboRallyController(model.board, seats, seed, option_cards=bool(seed % 2))
        for _ in range(STEP_LIMIT):
            if not controller.step():
                break
    elif fmt == "volt-arena/1":
        sides = [side for side in SEAT_SIDES if model.start_fields(side)]
        if len(sides) >= 2:            # the setup screen refuses fewer with a message
            volt_game(model, seed, sides=sides[:2 + seed % 3], max_rounds=STEP_LIMIT)


def look_in_workbench(path: Path, rng: random.Random) -> None:
    """Open the edited file in the board workbench, every overlay on, and poke at it."""
    services = headless_services(language=rng.choice(("en", "de")))
    services.scenes.push(MenuScene(services))
    services.scenes.push(WorkbenchScene(services, path))
    frame(services)         # the workbench is shown at the end of this frame: keys then reach it
    frame(services, [key(shortcut) for _id, _label, shortcut in OVERLAYS])
    for _ in range(3):
        frame(services, random_events(rng, services.window.size, 6), dt=0.3)


def file_edits(count: int, seed: str) -> tuple[int, list[str]]:
    """(edits the data gate accepted, crashes) over `count` edited files."""
    boards = [p for p in sorted((ROOT / "boards").glob("*/*.yaml"))
              if p.parent.name != "schema" and p.stem not in ("elements", "options")]
    scenarios = sorted((SHARED / "scenarios").glob("*.yaml"))
    folder = HOME / "files"
    for path in boards + scenarios:    # side by side as shipped: a course finds its boards
        (folder / path.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, folder / path.parent.name / path.name)
    reg = registry()
    accepted, crashes = 0, []
    for n in range(count):
        rng = random.Random(f"{seed}-file-{n}")
        source = rng.choice(boards if n % 2 == 0 or not scenarios else scenarios)
        target = folder / source.parent.name / source.name
        original = source.read_text(encoding="utf-8")
        target.write_bytes(encoded(edited_text(original, rng), rng))
        try:
            if source.parent.name == "scenarios":
                reader = Reader.from_file(target)
                fmt = read_format(reader, reg.simulators, "simulate")
                reg.simulators[fmt](reader, FileContext.for_file(target))
            else:
                if n % (2 * WORKBENCH_EVERY) == 0:
                    look_in_workbench(target, rng)
                fmt, model = load_any(target)
                play_loaded(fmt, model, n)
            accepted += 1
        except DataError:
            pass
        except Exception:  # noqa: BLE001 - a crash is the finding: report and go on
            crashes.append(f"file edit {n} of {source.name} (seed {seed!r}):\n"
                           f"{traceback.format_exc()}")
        finally:
            target.write_text(original, encoding="utf-8")
    return accepted, crashes


def edited_data(doc: dict[str, Any], rng: random.Random,
                extra_keys: tuple[str, ...]) -> dict[str, Any]:
    """`doc` with its log (if any) cut and a few values replaced or deleted, or one of
    `extra_keys` set to an odd value."""
    doc = copy.deepcopy(doc)
    actions = doc.get("actions") or []
    if actions and rng.random() < 0.6:
        doc["actions"] = actions[:rng.randrange(len(actions) + 1)]
    for _ in range(rng.randint(0, 2)):
        if rng.random() < 0.25:
            doc[rng.choice(extra_keys)] = _odd_value(rng)
            continue
        places = [p for p in _places(doc) if p and (p[0] != "actions" or rng.random() < 0.1)]
        place = rng.choice(places)
        parent = doc
        for step in place[:-1]:
            parent = parent[step]
        if isinstance(place[-1], str) and rng.random() < 0.2:
            del parent[place[-1]]
        else:
            parent[place[-1]] = _odd_value(rng)
    return doc


def _odd_value(rng: random.Random) -> Any:
    """One of ODD_VALUES, a copy of its own: a list or table placed twice and edited inside
    could come to hold itself (seed 785 built such a loop and the bench recursed forever)."""
    return copy.deepcopy(rng.choice(ODD_VALUES))


def _places(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    items = node.items() if isinstance(node, dict) else \
        enumerate(node) if isinstance(node, list) else ()
    for name, value in items:
        found += _places(value, at + (name,))
    return found


def save_edits(count: int, seed: str) -> tuple[int, list[str]]:
    """(edited saves that opened, crashes) over `count` edited saves."""
    pristine = HOME / "pristine"
    monkey_long.seed_user_folder(pristine)
    os.environ["ROBOT_GAMES_HOME"] = str(pristine)
    saves = paths.saves_dir()
    originals = [yaml.safe_load(p.read_text(encoding="utf-8"))
                 for p in sorted(saves.glob("*.yaml")) if p.stem != "damaged"]
    opened, crashes = 0, []
    for n in range(count):
        rng = random.Random(f"{seed}-save-{n}")
        flush_saves(timeout=30)
        for old in saves.glob("*.yaml"):
            old.unlink()
        text = yaml.safe_dump(edited_data(rng.choice(originals), rng, OPTIONAL_SAVE_KEYS),
                              allow_unicode=True, sort_keys=False)
        (saves / "edited.yaml").write_text(text, encoding="utf-8")
        try:
            services = headless_services(language=rng.choice(("en", "de")))
            services.scenes.push(MenuScene(services))
            services.scenes.apply_pending()
            entry = next(e for e in saved_entries() if e.path.name == "edited.yaml")
            if open_save(services, entry, replay=rng.random() < 0.3) is None:
                opened += 1
                for _ in range(rng.choice((1, 5, 20))):
                    frame(services, random_events(rng, services.window.size, 6),
                          dt=rng.choice((0.0, 0.1, 1.0)))
        except Exception:  # noqa: BLE001 - a crash is the finding: report and go on
            crashes.append(f"save edit {n} (seed {seed!r}):\n{traceback.format_exc()}\n{text}")
    return opened, crashes


def remembered_settings() -> dict[str, Any]:
    """A settings file as the app writes it, with a remembered setup for each game."""
    setups = {}
    for game, board in (("roborally", "sunday-drive"), ("volt", "pit-stop"),
                        ("robot-master", None)):
        spec = GAMES_BY_ID[game]
        players = [PlayerSetup("Anna", "red", None),
                   PlayerSetup("Ben", "blue", spec.bot_levels[-1][0])]
        path = None if board is None else paths.builtin_boards_dir() / game / f"{board}.yaml"
        setups[game] = remembered(GameSetup(game, players, spec.variants[0].id, path))
    return {**asdict(Settings()), "setups": setups}


def settings_edits(count: int, seed: str) -> list[str]:
    """Crashes over `count` edited settings files, each read as the app starts and shown in
    the menu, the settings screen and one game's setup screen."""
    good = remembered_settings()
    crashes = []
    for n in range(count):
        rng = random.Random(f"{seed}-settings-{n}")
        edited = edited_data(good, rng, tuple(good))
        paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
        paths.settings_path().write_text(json.dumps(edited), encoding="utf-8")
        try:
            services = make_services(headless_size=(1280, 720), home=MenuScene)
            services.window.open()
            services.scenes.push(MenuScene(services))
            services.scenes.push(SettingsScene(services))
            services.scenes.push(SetupScene(services, GAMES_BY_ID[rng.choice(list(GAMES_BY_ID))]))
            for _ in range(3):
                frame(services, random_events(rng, services.window.size, 5), dt=0.2)
        except Exception:  # noqa: BLE001 - a crash is the finding: report and go on
            crashes.append(f"settings edit {n} (seed {seed!r}):\n{traceback.format_exc()}\n"
                           f"{json.dumps(edited)}")
    return crashes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file_edits", type=int, nargs="?", default=20_000)
    parser.add_argument("save_edits", type=int, nargs="?", default=3_000)
    parser.add_argument("settings_edits", type=int, nargs="?", default=1_000)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    accepted, file_crashes = file_edits(args.file_edits, args.seed)
    opened, save_crashes = save_edits(args.save_edits, args.seed)
    crashes = file_crashes + save_crashes + settings_edits(args.settings_edits, args.seed)
    flush_saves(timeout=30)
    for folder in (HOME, monkey_long.HOME):    # the monkey's module makes one at import
        shutil.rmtree(folder, ignore_errors=True)
    for crash in crashes[:10]:
        print(crash, file=sys.stderr)
    print(f"file_edits: {args.file_edits}")
    print(f"file_edits_accepted: {accepted}")
    print(f"save_edits: {args.save_edits}")
    print(f"save_edits_opened: {opened}")
    print(f"settings_edits: {args.settings_edits}")
    print(f"input_crashes: {len(crashes)}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
