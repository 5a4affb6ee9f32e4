"""Writing a file the player keeps (a save, the settings, best scores, a board being painted)
so that a crash, a kill or a power cut at any moment leaves either the old file or the new
one, never half of either: the text goes to a temporary file beside it, is flushed to the
disk, and then renamed over the old file in one step; the folder is synced so that the rename
itself survives a power cut. The one way the game writes such a file (issue 13)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) in one step. Raises OSError when the disk refuses;
    the temporary file is removed then, and the old file is untouched."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (a power cut right after it keeps the new file);
    where a folder cannot be opened (Windows) the rename is already as safe as it gets."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
