"""The command line (FORMATS.md): menu, play, simulate, check, render, --screenshot.

Exit codes: 0 fine; 1 a scenario's expectations did not hold; 2 a file is invalid, a format
is not supported, or the command line is wrong. No traceback ever reaches the player: an
unexpected error is written to crash.log in the user's data folder and summarised."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from game import paths
from game.app.settings import MAX_WINDOW, MIN_WINDOW
from game.i18n import LANGUAGES, set_language

if TYPE_CHECKING:
    import argparse

EXIT_OK, EXIT_MISMATCH, EXIT_INVALID = 0, 1, 2
GAME_IDS = ("robot-master", "roborally", "volt")


class UsageError(Exception):
    """The command line is wrong (exit 2, message to stderr)."""


def build_parser() -> argparse.ArgumentParser:
    # argparse (and traceback, below) are imported where they are used: a double-click opens
    # the menu with no command line to read, and their imports were a tenth of its start
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> Any:  # argparse would exit; we report and return 2
            raise UsageError(f"{self.prog}: {message} (see --help)")

    parser = Parser(prog="python main.py",
                     description="Robot Games: Robot Master, RoboRally (with Crash & Burn) "
                                 "and VOLT at one screen. With no command, opens the menu.")
    parser.add_argument("--screenshot", metavar="OUT.png",
                        help="render a scene headless and save it as a picture")
    parser.add_argument("--scene", default="menu",
                        help="scene for --screenshot (see --list-scenes)")
    parser.add_argument("--list-scenes", action="store_true",
                        help="list the scene names --screenshot knows")
    parser.add_argument("--lang", choices=tuple(LANGUAGES), help="language for this run")
    parser.add_argument("--size", default=None, metavar="WxH",
                        help="window size, e.g. 1920x1080 (default 1280x720 or as saved)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser("play", help="start a game directly: robot-master, roborally, volt")
    play.add_argument("game", choices=GAME_IDS)
    sim = sub.add_parser("simulate", help="run scenario files and compare their expectations")
    sim.add_argument("files", nargs="+", metavar="FILE")
    check = sub.add_parser("check", help="validate boards, courses, arenas, option cards, "
                                         "scenarios (files or folders)")
    check.add_argument("paths", nargs="+", metavar="FILE-or-FOLDER")
    render = sub.add_parser("render", help="draw a board, course, arena or scenario to a PNG picture")
    render.add_argument("file", metavar="FILE")
    render.add_argument("-o", "--output", required=True, metavar="OUT.png")
    render.add_argument("--legend", action="store_true",
                        help="add a key of the elements under the picture")
    preview = sub.add_parser("preview", help="open a window on a board file that redraws "
                                             "whenever the file is saved")
    preview.add_argument("file", metavar="FILE")
    for p in (parser, play, sim, check, render, preview):
        p.__class__ = Parser
    return parser


def parse_size(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size {text!r}: expected WIDTHxHEIGHT, e.g. 1920x1080") from None
    (min_w, min_h), (max_w, max_h) = MIN_WINDOW, MAX_WINDOW
    if not (min_w <= w <= max_w and min_h <= h <= max_h):
        # every screen is checked to fit from MIN_WINDOW up (game/tools/text_check.py)
        raise UsageError(f"--size {text!r}: allowed {min_w}x{min_h} to {max_w}x{max_h}")
    return w, h


def main(argv: Sequence[str]) -> int:
    try:
        return _main(argv)
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        return 130
    except Exception:  # noqa: BLE001 - the last guard: never show a traceback to a player
        if os.environ.get("ROBOT_GAMES_DEBUG"):
            raise
        return _report_crash()


def _report_crash() -> int:
    import traceback    # only when it is needed (see build_parser)
    text = traceback.format_exc()
    log = paths.user_data_dir() / "crash.log"
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        log.write_text(text, encoding="utf-8")
        where = f" Details were written to {log}."
    except OSError:
        where = ""
    last = text.strip().splitlines()[-1] if text.strip() else "unknown error"
    print(f"Robot Games stopped because of an internal error ({last}).{where} "
          "Please report it.", file=sys.stderr)
    return 3


def _main(argv: Sequence[str]) -> int:
    """Each command imports only what it runs (the imports below are inside on purpose):
    `check` and `simulate` never load pygame, and a double-click starts the menu sooner."""
    if not argv:  # a double-click: straight to the menu (building the parser costs ~5 ms)
        from game.app.main import run_app
        return run_app()
    args = build_parser().parse_args(list(argv))
    if args.lang and args.command in ("simulate", "check"):  # the app sets its own language
        set_language(args.lang)
    if args.command == "simulate":
        from game.tools.simulate import simulate_files
        return simulate_files([Path(f) for f in args.files])
    if args.command == "check":
        from game.tools.check import check_paths
        return check_paths([Path(p) for p in args.paths])
    size = parse_size(args.size)
    if args.list_scenes:   # every name --screenshot takes, the games' own scenes included
        from game.scenes.catalog import all_scenes
        print("\n".join(sorted(all_scenes())))
        return EXIT_OK
    if args.command == "render":
        from game.tools.render import render_file
        return render_file(Path(args.file), Path(args.output), args.legend)
    if args.screenshot:
        from game.tools.screenshot import screenshot
        return screenshot(Path(args.screenshot), args.scene, args.lang, size or (1280, 720))
    if args.command == "preview":
        from game.app.preview import open_preview
        return open_preview(Path(args.file), args.lang, size)
    from game.app.main import run_app
    game = args.game if args.command == "play" else None
    return run_app(game=game, language=args.lang, size=size)
