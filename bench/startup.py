"""Startup time: from process start to the first menu frame, from source and from the
one-folder bundle, each against a bare pygame window opened the same way.

    .venv/bin/python bench/startup.py [--runs 15] [--rebuild] [--max-ratio 1.5]

Four commands are timed, in rounds, so that a noisy moment hits all of them alike:

    source        python main.py                     (ROBOT_GAMES_EXIT_AFTER_FIRST_FRAME=1)
    bare_source   python bench/bare_window.py
    bundle        dist/RobotGames/RobotGames         (the same variable)
    bare_bundle   bare_window.py built by PyInstaller one-folder, like the app

Each time runs from just before the process is spawned until the line "robot-games: first
frame" arrives on its stdout (printed right after the first pygame.display.flip()); process
teardown is not counted. After two warm-up rounds, --runs rounds are timed; each app runs
right next to its bare window, and the ratios are medians over the rounds of

    startup_ratio_source = source / bare_source
    startup_ratio_bundle = bundle / bare_bundle

The CPU time each process used until its first frame is printed too (Linux): unlike wall
time it does not grow when other processes compete for the cores.

Headless (no DISPLAY) it uses SDL's dummy video driver, as CI does; with a DISPLAY it uses
the real one (e.g. under `xvfb-run -a`). User files go to a temporary ROBOT_GAMES_HOME;
compiled modules are cached (in build/bench/pycache) even where PYTHONDONTWRITEBYTECODE is
set, as on a player's machine. Missing bundles are built (dist/RobotGames via build.spec, the
bare one in build/bench/); --rebuild builds both anew.
Exit 1 if a ratio is above --max-ratio (when given)."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = b"robot-games: first frame"
APP_BUNDLE = ROOT / "dist" / "RobotGames" / ("RobotGames.exe" if os.name == "nt" else "RobotGames")
BENCH_BUILD = ROOT / "build" / "bench"
BARE_BUNDLE = BENCH_BUILD / "dist" / "BareWindow" / ("BareWindow.exe" if os.name == "nt"
                                                     else "BareWindow")


def build_app_bundle() -> None:
    print("building dist/RobotGames (pyinstaller build.spec -- --only onefolder)", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    str(ROOT / "build.spec"), "--", "--only", "onefolder"],
                   cwd=ROOT, check=True)


def build_bare_bundle() -> None:
    print("building the bare window bundle in build/bench/", file=sys.stderr)
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
                    "--onedir", "--windowed", "--name", "BareWindow",
                    "--distpath", str(BENCH_BUILD / "dist"),
                    "--workpath", str(BENCH_BUILD / "work"),
                    "--specpath", str(BENCH_BUILD),
                    # the same excludes as build.spec
                    "--exclude-module", "tkinter", "--exclude-module", "numpy",
                    str(ROOT / "bench" / "bare_window.py")],
                   cwd=ROOT, check=True)


def cpu_seconds(pid: int) -> float | None:
    """CPU time the process has used so far, all threads (Linux /proc; None elsewhere)."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
        return sum(int(open(f"/proc/{pid}/task/{t}/schedstat").read().split()[0])
                   for t in tasks) / 1e9
    except (OSError, ValueError, IndexError):
        return None


def time_to_first_frame(command: list[str], env: dict[str, str],
                        cwd: Path) -> tuple[float, float | None]:
    """Seconds from spawning `command` until its first-frame mark arrives on stdout, and
    the CPU seconds it had used by then (None where /proc is missing)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               env=env, cwd=cwd)
    assert process.stdout is not None
    elapsed = cpu = None
    for line in process.stdout:
        if line.strip() == MARK:
            elapsed = time.perf_counter() - start
            cpu = cpu_seconds(process.pid)
            break
    process.stdout.read()
    if process.wait(timeout=60) != 0 or elapsed is None:
        raise SystemExit(f"{command[-1]}: no first frame (exit code {process.returncode})")
    return elapsed, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs per command")
    parser.add_argument("--rebuild", action="store_true", help="build both bundles anew")
    parser.add_argument("--max-ratio", type=float, default=None,
                        help="exit 1 if a ratio is above this (the target is 1.5)")
    args = parser.parse_args(argv)

    if args.rebuild or not APP_BUNDLE.exists():
        build_app_bundle()
    if args.rebuild or not BARE_BUNDLE.exists():
        build_bare_bundle()

    env = dict(os.environ)
    headless = not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY")
    if headless and sys.platform.startswith("linux"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["ROBOT_GAMES_EXIT_AFTER_FIRST_FRAME"] = "1"
    env["ROBOT_GAMES_HOME"] = tempfile.mkdtemp(prefix="robot-games-bench-")
    # From source, Python caches compiled modules as a player's Python does (a bundle ships
    # them compiled); the cache goes to build/bench/, not into the source tree.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(BENCH_BUILD / "pycache")
    # Run from an unrelated folder: nothing may depend on the current directory.
    cwd = Path(tempfile.mkdtemp(prefix="robot-games-bench-cwd-"))

    commands = {
        "source": [sys.executable, str(ROOT / "main.py")],
        "bare_source": [sys.executable, str(ROOT / "bench" / "bare_window.py")],
        "bundle": [str(APP_BUNDLE)],
        "bare_bundle": [str(BARE_BUNDLE)],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for round_ in range(args.runs + 2):
        # Each app runs right next to its bare window, which goes first every other round.
        order = list(commands) if round_ % 2 else ["bare_source", "source", "bare_bundle",
                                                    "bundle"]
        for name in order:
            command = commands[name]
            seconds, cpu_used = time_to_first_frame(command, env, cwd)
            if round_ >= 2:  # two warm-up rounds fill the OS file cache and __pycache__
                times[name].append(seconds)
                if cpu_used is not None:
                    cpu[name].append(cpu_used)

    median = {name: statistics.median(values) for name, values in times.items()}
    # The ratio of each round's pair (run back to back, under the same load), median over
    # the rounds: steadier on a shared machine than the ratio of the medians.
    ratios = {f"startup_ratio_{app}": statistics.median(
        a / b for a, b in zip(times[app], times[f"bare_{app}"])) for app in ("source", "bundle")}
    print(f"# video driver: {env.get('SDL_VIDEODRIVER', 'default')}; median of {args.runs} runs; "
          f"python {sys.version.split()[0]} on {sys.platform}; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name, value in median.items():
        spread = f"{min(times[name]) * 1000:.0f}-{max(times[name]) * 1000:.0f}"
        print(f"startup_{name}_ms: {value * 1000:.0f}  # min-max {spread}")
    for name, value in ratios.items():
        print(f"{name}: {value:.2f}")
    # Wall time is what a player waits, but other processes on a busy machine stretch it
    # unevenly; the CPU time used until the first frame is not disturbed by them.
    if all(cpu.values()):
        cpu_median = {name: statistics.median(values) for name, values in cpu.items()}
        print("# CPU time until the first frame (ms): " + ", ".join(
            f"{name} {value * 1000:.0f}" for name, value in cpu_median.items()))
        print(f"# CPU-time ratios: source {cpu_median['source'] / cpu_median['bare_source']:.2f}, "
              f"bundle {cpu_median['bundle'] / cpu_median['bare_bundle']:.2f}")
    if args.max_ratio is not None and any(v > args.max_ratio for v in ratios.values()):
        print(f"a startup ratio is above {args.max_ratio}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
