"""Packaging (docs/packaging.md), the fast checks: what build.spec asks PyInstaller for, the
icon files, the Linux desktop entry and its installer, and resources found from a (fake)
bundle's sys._MEIPASS. The real build and a smoke run of the bundle are .ci/bundle_smoke.sh."""

from __future__ import annotations

import os
import pkgutil
import shutil
import struct
import subprocess
import sys
import types
from pathlib import Path

import pygame
import pytest

from game import paths

ROOT = Path(__file__).resolve().parent.parent
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# --- build.spec ---------------------------------------------------------------------------

class _Recorder:
    """Stand-ins for the names PyInstaller gives a spec file; they record their arguments."""

    def __init__(self, distpath: Path) -> None:
        self.distpath = distpath
        self.calls: list[tuple[str, tuple, dict]] = []

    def factory(self, kind: str):
        def make(*args, **kwargs):
            self.calls.append((kind, args, kwargs))
            if kind == "COLLECT":
                (self.distpath / kwargs["name"]).mkdir(parents=True, exist_ok=True)
            return types.SimpleNamespace(kind=kind, args=args, kwargs=kwargs, pure=[],
                                         scripts=[], binaries=["<binaries>"],
                                         datas=["<datas>"])
        return make

    def of(self, kind: str) -> list[dict]:
        return [kwargs | {"_args": args} for k, args, kwargs in self.calls if k == kind]


def _run_spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *spec_args: str) -> _Recorder:
    import game

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [  # type: ignore[attr-defined]
        m.name for m in pkgutil.walk_packages(game.__path__, "game.")]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "argv", ["build.spec", *spec_args])
    monkeypatch.setattr(sys, "path", list(sys.path))
    recorder = _Recorder(tmp_path / "dist")
    spec_globals = {"SPECPATH": str(ROOT), "DISTPATH": str(tmp_path / "dist"),
                    "__file__": str(ROOT / "build.spec")}
    for kind in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE"):
        spec_globals[kind] = recorder.factory(kind)
    exec(compile((ROOT / "build.spec").read_text(encoding="utf-8"), "build.spec", "exec"),
         spec_globals)
    return recorder


def test_spec_builds_one_folder_and_one_file_carrying_assets_and_boards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = _run_spec(tmp_path, monkeypatch)
    (analysis,) = built.of("Analysis")
    datas = {(Path(src).resolve(), dest) for src, dest in analysis["datas"]}
    assert (ROOT / "assets", "assets") in datas
    assert (ROOT / "boards", "boards") in datas
    assert analysis["_args"][0] == [str(ROOT / "main.py")]
    # modules imported by name are listed, or the bundle would lack them
    for module in ("game.data.files", "game.volt.files", "game.roborally.files",
                   "game.app.main", "game.scenes.menu"):
        assert module in analysis["hiddenimports"]
    assert "numpy" in analysis["excludes"]

    folder_exe, onefile_exe = built.of("EXE")
    assert folder_exe["name"] == "RobotGames" and folder_exe["exclude_binaries"] is True
    assert onefile_exe["name"] == "RobotGames-onefile"
    assert ["<binaries>"] in onefile_exe["_args"] and ["<datas>"] in onefile_exe["_args"]
    for exe in (folder_exe, onefile_exe):
        assert exe["console"] is False
        if sys.platform in ("win32", "darwin"):
            assert Path(exe["icon"]).is_file()
    (collect,) = built.of("COLLECT")
    assert collect["name"] == "RobotGames"
    # the desktop entry and its installer sit next to the executable
    for extra in ("robot-games.desktop", "install-desktop-entry.sh"):
        assert (tmp_path / "dist" / "RobotGames" / extra).is_file()


@pytest.mark.parametrize("only, names", [("onefolder", ["RobotGames"]),
                                         ("onefile", ["RobotGames-onefile"])])
def test_spec_builds_only_one_kind_on_request(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              only: str, names: list[str]) -> None:
    built = _run_spec(tmp_path, monkeypatch, "--only", only)
    assert [exe["name"] for exe in built.of("EXE")] == names


# --- icons --------------------------------------------------------------------------------

def test_window_icon_is_ours_and_up_to_date() -> None:
    icon = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    assert icon.get_size() == (256, 256)
    assert icon.get_flags() & pygame.SRCALPHA
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import make_icon
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    pygame.font.init()
    drawn = make_icon.render(256)
    assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(icon, "RGBA"), \
        "assets/icon.png is stale: run python packaging/make_icon.py"


def test_png_set_has_every_size() -> None:
    for size in (16, 24, 32, 48, 64, 128, 256, 512, 1024):
        image = pygame.image.load(str(ROOT / "packaging" / "icons" / f"icon-{size}.png"))
        assert image.get_size() == (size, size)


def test_ico_holds_png_entries_up_to_256() -> None:
    data = (ROOT / "packaging" / "icons" / "RobotGames.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1) and count >= 5
    sizes = set()
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert data[offset:offset + 8] == PNG_SIGNATURE and offset + length <= len(data)
        assert (planes, bpp) == (1, 32)
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes


def test_icns_holds_png_entries_up_to_1024() -> None:
    data = (ROOT / "packaging" / "icons" / "RobotGames.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    position, kinds = 8, set()
    while position < len(data):
        kind, length = data[position:position + 4], struct.unpack_from(">I", data, position + 4)[0]
        assert data[position + 8:position + 16] == PNG_SIGNATURE
        kinds.add(kind)
        position += length
    assert position == len(data)
    assert {b"ic07", b"ic08", b"ic09", b"ic10"} <= kinds


# --- the Linux desktop entry --------------------------------------------------------------

def _desktop_entry(path: Path) -> dict[str, str]:
    """Parse a .desktop file strictly enough to catch the usual mistakes."""
    entries: dict[str, str] = {}
    group = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            assert line == "[Desktop Entry]" and group is None, f"line {number}: {line}"
            group = line
            continue
        assert group, f"line {number}: key before [Desktop Entry]"
        key, sep, value = line.partition("=")
        assert sep and key == key.strip() and key.replace("-", "").isalnum(), f"line {number}"
        assert key not in entries, f"line {number}: {key} twice"
        entries[key] = value
    return entries


def test_desktop_file_is_valid() -> None:
    path = ROOT / "packaging" / "robot-games.desktop"
    entry = _desktop_entry(path)
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Robot Games"
    assert entry["Exec"].split()[0] == "RobotGames"
    assert entry["Icon"] == "robot-games"
    assert entry["Terminal"] == "false"
    categories = entry["Categories"]
    assert categories.endswith(";") and "Game" in categories.split(";")
    assert entry["Version"] == "1.4"
    validator = shutil.which("desktop-file-validate")
    if validator:
        result = subprocess.run([validator, str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="a Linux installer")
def test_desktop_installer_points_at_the_bundle(tmp_path: Path) -> None:
    folder = tmp_path / "Robot Games $1"  # a space and a dollar must survive the quoting
    (folder / "_internal" / "assets").mkdir(parents=True)
    exe = folder / "RobotGames"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    shutil.copy(ROOT / "assets" / "icon.png", folder / "_internal" / "assets" / "icon.png")
    for extra in ("robot-games.desktop", "install-desktop-entry.sh"):
        shutil.copy(ROOT / "packaging" / extra, folder / extra)
    data = tmp_path / "share"
    env = dict(os.environ, XDG_DATA_HOME=str(data), HOME=str(tmp_path))
    subprocess.run(["sh", str(folder / "install-desktop-entry.sh")], env=env, check=True,
                   capture_output=True)
    entry = _desktop_entry(data / "applications" / "robot-games.desktop")
    assert entry["Exec"] == f'"{tmp_path}/Robot Games \\\\$1/RobotGames"'
    assert entry["TryExec"] == str(exe)
    assert (data / "icons" / "hicolor" / "256x256" / "apps" / "robot-games.png").is_file()
    subprocess.run(["sh", str(folder / "install-desktop-entry.sh"), "--remove"], env=env,
                   check=True, capture_output=True)
    assert not (data / "applications" / "robot-games.desktop").exists()


# --- resources from a bundle --------------------------------------------------------------

def test_resources_come_from_meipass_when_frozen(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = tmp_path / "bundle"
    (bundle / "assets").mkdir(parents=True)
    (bundle / "boards" / "volt").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.chdir(tmp_path)
    assert paths.resource_root() == bundle
    assert paths.assets_dir() == bundle / "assets"
    assert paths.builtin_boards_dir() == bundle / "boards"

    from game.data.files import FileContext
    shutil.copy(ROOT / "boards" / "volt" / "pit-stop.yaml", bundle / "boards" / "volt")
    context = FileContext.for_file(tmp_path / "scenario.yaml")
    assert context.search_path[-1] == bundle / "boards"


def test_window_icon_loads_from_the_bundle(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The window the game opens (SDL's dummy display here) is given the bundle's icon."""
    from game.app.services import Window
    from game.app.settings import Settings

    (tmp_path / "assets").mkdir()
    shutil.copy(ROOT / "assets" / "icon.png", tmp_path / "assets" / "icon.png")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    shown: list[pygame.Surface] = []
    monkeypatch.setattr(pygame.display, "set_icon", shown.append)
    pygame.init()
    try:
        assert Window(Settings()).open().get_size() == (1280, 720)
        assert [s.get_size() for s in shown] == [(256, 256)]
        (tmp_path / "assets" / "icon.png").unlink()
        assert Window(Settings()).open().get_size() == (1280, 720)  # a missing icon: no stop
        assert len(shown) == 1
    finally:
        pygame.display.quit()


def test_from_source_resources_do_not_depend_on_the_current_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.chdir(tmp_path)
    assert paths.resource_root() == ROOT
    assert (paths.assets_dir() / "icon.png").is_file()


def test_user_folders_are_outside_the_bundle(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.delenv("ROBOT_GAMES_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "home" / "data"))
    monkeypatch.setenv("APPDATA", str(tmp_path / "home" / "AppData"))
    for folder in (paths.user_data_dir(), paths.user_boards_dir(), paths.saves_dir(),
                   paths.settings_path()):
        assert bundle not in folder.parents
    if sys.platform.startswith("linux"):
        assert paths.user_data_dir() == tmp_path / "home" / "data" / "RobotGames"
