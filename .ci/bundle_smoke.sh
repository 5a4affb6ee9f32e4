#!/usr/bin/env bash
# CI: build the one-folder bundle with PyInstaller and smoke-run the bundled binary headless
# (docs/packaging.md). Called by .ci/run inside its virtual environment (requirements-dev.txt
# installed, PyInstaller pinned there); runs on its own too:
# `PYTHON=.venv/bin/python .ci/bundle_smoke.sh`.
#
#   1. build.spec -- --only onefolder, into a temporary folder (the checkout's dist/ stays)
#   2. `check` on the bundle's own boards
#   3. `simulate` on shipped scenarios of each game (naming built-in boards), and on a copy
#      that names a board only the user's board folder has; output equal to the source run's
#   4. a menu screenshot from the bundle compared with the one from source
#   5. the real app up to its first menu frame (ROBOT_GAMES_EXIT_AFTER_FIRST_FRAME=1)
#   6. settings landed in the user's folder (platformdirs under a fresh HOME); the bundle
#      folder and the current folder are unchanged
# Every run happens in an unrelated current folder: resources never come from there.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
# The active virtual environment's Python (as in .ci/run); else $PYTHON, else python3.
if [ -n "${VIRTUAL_ENV:-}" ]; then PYTHON=$VIRTUAL_ENV/bin/python; else PYTHON=${PYTHON:-python3}; fi
case $PYTHON in */*) PYTHON=$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON") ;; esac
# Shipped scenarios, one per game; the first two name a built-in board (warp-foundry, pit-stop).
SCENARIOS="tests/roborally/scenarios/cb-3.2.2-warp-foundry-green-portal.yaml
tests/volt/scenarios/vt-6.4.5-named-arena-push-into-pit.yaml
tests/robotmaster/scenarios/rm-4-3-frame-corner.yaml"
USER_SCENARIO=tests/volt/scenarios/vt-6.4.5-named-arena-push-into-pit.yaml  # arena: pit-stop

export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
START=$SECONDS
step() { echo "== bundle: $* ($((SECONDS - START)) s)"; }
fail() { echo "bundle smoke FAILED: $*" >&2; exit 1; }

step "install the dev requirements (PyInstaller pinned there)"
"$PYTHON" -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt

step "build the one-folder bundle"
"$PYTHON" -m PyInstaller --noconfirm --log-level WARN --distpath "$WORK/dist" \
    --workpath "$WORK/build" build.spec -- --only onefolder
FOLDER=$WORK/dist/RobotGames
BUNDLE=$FOLDER/RobotGames
[ -x "$BUNDLE" ] || fail "no executable at $BUNDLE"
for extra in robot-games.desktop install-desktop-entry.sh _internal/assets/icon.png \
             _internal/assets/fonts/DejaVuSans.ttf; do
    [ -e "$FOLDER/$extra" ] || fail "the bundle lacks $extra"
done
echo "bundle: $(du -sh "$FOLDER" | cut -f1) in $FOLDER"
snapshot() { (cd "$FOLDER" && find . -print0 | sort -z | xargs -0 ls -ld --time-style=+%s \
    | awk '{print $1, $5, $6, $7}'); }
snapshot > "$WORK/bundle-before.txt"

# A fresh user: no ROBOT_GAMES_HOME, so platformdirs decides (XDG under this HOME).
USER_HOME=$WORK/home
USER_DATA=$USER_HOME/.local/share/RobotGames
mkdir -p "$USER_HOME" "$WORK/cwd"
as_player() { (cd "$WORK/cwd" && env -u ROBOT_GAMES_HOME -u XDG_DATA_HOME HOME="$USER_HOME" "$@"); }

step "check on the bundle's own boards"
as_player "$BUNDLE" check "$FOLDER/_internal/boards" | tee "$WORK/check.txt"
grep -q "all good" "$WORK/check.txt" || fail "check did not report all good"

step "simulate shipped scenarios (built-in boards) and one on a board of the user's"
mkdir -p "$WORK/scenarios" "$USER_DATA/boards/volt"
for scenario in $SCENARIOS; do cp "$scenario" "$WORK/scenarios/"; done
cp boards/volt/pit-stop.yaml "$USER_DATA/boards/volt/my-pit-stop.yaml"
sed -e 's/^arena: pit-stop$/arena: my-pit-stop/' "$USER_SCENARIO" > "$WORK/scenarios/user-arena.yaml"
grep -q "^arena: my-pit-stop$" "$WORK/scenarios/user-arena.yaml" || fail "cannot retarget $USER_SCENARIO"
as_player "$BUNDLE" simulate "$WORK"/scenarios/*.yaml > "$WORK/simulate.bundle.txt" \
    || fail "simulate from the bundle (exit $?): $(tail -3 "$WORK/simulate.bundle.txt")"
as_player "$PYTHON" "$ROOT/main.py" simulate "$WORK"/scenarios/*.yaml > "$WORK/simulate.source.txt" \
    || fail "simulate from source (exit $?)"
diff -u "$WORK/simulate.source.txt" "$WORK/simulate.bundle.txt" || fail "simulate output differs"
tail -1 "$WORK/simulate.bundle.txt"
rm -r "$USER_DATA/boards/volt"

step "menu screenshot: bundle against source"
as_player "$BUNDLE" --screenshot "$WORK/menu-bundle.png"
as_player "$PYTHON" "$ROOT/main.py" --screenshot "$WORK/menu-source.png"
"$PYTHON" packaging/compare_images.py "$WORK/menu-source.png" "$WORK/menu-bundle.png" \
    || fail "the bundle's menu differs from the source's"

step "the app up to its first menu frame"
rm -rf "$USER_DATA"  # what follows must be created by the app itself
as_player env ROBOT_GAMES_EXIT_AFTER_FIRST_FRAME=1 "$BUNDLE" > "$WORK/app.txt" \
    || fail "the app exited with $?"
grep -qx "robot-games: first frame" "$WORK/app.txt" || fail "the app showed no first frame"

step "user files in the user's folder only"
[ -f "$USER_DATA/settings.json" ] || fail "no settings.json in $USER_DATA"
[ -d "$USER_DATA/saves" ] && [ -d "$USER_DATA/boards" ] || fail "no saves/ or boards/ in $USER_DATA"
snapshot > "$WORK/bundle-after.txt"
diff -u "$WORK/bundle-before.txt" "$WORK/bundle-after.txt" || fail "the bundle folder changed"
[ -z "$(ls -A "$WORK/cwd")" ] || fail "files were written to the current folder: $(ls -A "$WORK/cwd")"
step "all good"
