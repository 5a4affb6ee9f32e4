#!/bin/sh
# Put Robot Games in the Linux application menu (run once; no root needed):
#     sh install-desktop-entry.sh            (from the unpacked RobotGames folder)
#     sh install-desktop-entry.sh --remove   (take it out again)
# Installs robot-games.desktop, with Exec= pointing at the RobotGames executable next to
# this script, and the icon into the user's icon theme (XDG folders under ~/.local/share).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
ENTRY=$DATA/applications/robot-games.desktop
ICONS=$DATA/icons/hicolor

if [ "${1:-}" = "--remove" ]; then
    rm -f "$ENTRY" "$ICONS"/*/apps/robot-games.png
    echo "removed $ENTRY"
    exit 0
fi

EXE=$HERE/RobotGames
if [ ! -x "$EXE" ]; then
    echo "no RobotGames executable next to this script ($HERE)" >&2
    exit 2
fi
# The 256 px icon ships inside the bundle (it is also the window icon).
ICON=$HERE/_internal/assets/icon.png
mkdir -p "$DATA/applications"
if [ -f "$ICON" ]; then
    mkdir -p "$ICONS/256x256/apps"
    cp "$ICON" "$ICONS/256x256/apps/robot-games.png"
fi
# Exec= wants the path in double quotes with " ` $ \ escaped, % doubled, and every backslash
# of the value doubled again (desktop entry spec); then sed's replacement wants \ & | escaped.
QUOTED=$(printf '%s' "$EXE" | sed -e 's/[\\"`$]/\\\\&/g' -e 's/%/%%/g')
PLAIN=$(printf '%s' "$EXE" | sed -e 's/\\/\\\\/g')
sedsafe() { printf '%s' "$1" | sed -e 's/[\\&|]/\\&/g'; }
sed -e "s|^Exec=.*|Exec=\"$(sedsafe "$QUOTED")\"|" -e "s|^TryExec=.*|TryExec=$(sedsafe "$PLAIN")|" \
    "$HERE/robot-games.desktop" > "$ENTRY"
chmod 644 "$ENTRY"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$DATA/applications" || true
echo "installed $ENTRY (Exec=$EXE)"
