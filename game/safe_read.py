"""Reading a file the player put somewhere, without letting it stop the game.

A folder the game scans (boards, saves, the settings) may hold anything: a FIFO that blocks
forever when opened, a link to /dev/zero or /dev/urandom that never ends, a file larger than
any board. Only regular files are read, and never more than a limit, whatever `stat` said
before the read: a file can grow, or be swapped for another, between the two."""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

from game.i18n import N_, _

READ_CHUNK = 65_536


class UnreadableFile(OSError):
    """The file is not one the game reads: not a regular file, or over the limit. Its text
    says why, in words a player understands."""


def read_limited(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file `path`, when it has at most `limit` of them.

    Raises UnreadableFile for a FIFO, a device, a socket or a folder (links are followed:
    a link to /dev/zero is a device) and for a file over `limit` bytes; OSError when the
    system refuses to open it."""
    before = os.stat(path)
    _refuse_unless_regular(before.st_mode)
    _refuse_if_over(before.st_size, limit, exact=True)
    raw = _read_regular(path, limit + 1)
    _refuse_if_over(len(raw), limit, exact=False)
    return raw


def decode_text(raw: bytes, errors: str = "strict") -> str:
    """Text as an editor may have saved it, read as YAML readers must read it: UTF-8 with
    or without a BOM (Windows Notepad writes one), UTF-16 (older Notepads' "Unicode") or
    UTF-32 (`text_encoding`). Raises UnicodeDecodeError, whose `start` counts bytes of
    `raw`."""
    return raw.decode(text_encoding(raw), errors)


def text_encoding(raw: bytes) -> str:
    """The encoding of `raw` as YAML 1.2 detects it (5.2: UTF-8, UTF-16 and, for JSON, UTF-32
    must be read): a byte order mark, else where the zero bytes around a first ASCII
    character lie (`00 00 00 x` UTF-32BE, `x 00 00 00` UTF-32LE, `00 x` UTF-16BE, `x 00`
    UTF-16LE); UTF-8 otherwise. A Python codec name."""
    if raw.startswith((codecs.BOM_UTF32_BE, codecs.BOM_UTF32_LE)):   # before UTF-16's: FF FE
        return "utf-32"
    if raw.startswith((codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE)):
        return "utf-16"
    if raw[:3] == b"\0\0\0":
        return "utf-32-be"
    if raw[1:4] == b"\0\0\0":
        return "utf-32-le"
    if raw[:1] == b"\0":
        return "utf-16-be"
    if raw[1:2] == b"\0":
        return "utf-16-le"
    return "utf-8-sig"


def read_head(path: Path | str, count: int) -> bytes:
    """The first `count` bytes (or fewer) of the regular file `path`, however long it is.
    Raises UnreadableFile for anything but a regular file, OSError when it cannot open."""
    _refuse_unless_regular(os.stat(path).st_mode)
    return _read_regular(path, count)


def _read_regular(path: Path | str, count: int) -> bytes:
    """At most `count` bytes, checking again on the open file that it is a regular one."""
    # O_NONBLOCK: a regular file swapped for a FIFO after the caller's stat still opens at
    # once instead of waiting for a writer; fstat then refuses it.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        _refuse_unless_regular(os.fstat(fd).st_mode)
        chunks: list[bytes] = []
        total = 0
        while total < count:
            chunk = os.read(fd, min(READ_CHUNK, count - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)


def is_regular_file(path: Path | str) -> bool:
    """True for a regular file (or a link to one); False for anything else or nothing."""
    return regular_file_problem(path) is None


def regular_file_problem(path: Path | str) -> str | None:
    """Why `path` is no regular file to read ("no such file", "this is a folder"), in the
    current language, for a message that goes on to say what to give instead; None for a
    regular file."""
    try:
        kind = _not_regular(os.stat(path).st_mode)
    except FileNotFoundError:
        return _("no such file")
    except (OSError, ValueError) as error:      # a name too long, a NUL, a folder refused
        return _("cannot look it up ({reason})").format(
            reason=getattr(error, "strerror", None) or error)
    return _(_WHAT_IT_IS[kind]) if kind else None


def file_stamp(path: Path | str) -> tuple[int, int, int] | None:
    """What changes when a file is saved again or replaced: (inode, modification time in ns,
    size); None when there is no such file. A cache keyed by it reads a file again only after
    a change."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


def _refuse_unless_regular(mode: int) -> None:
    kind = _not_regular(mode)
    if kind:
        raise UnreadableFile(_(_NOT_REGULAR_MESSAGES[kind]))


_NOT_REGULAR_MESSAGES = {
    "a folder": N_("this is a folder; give a file"),
    "a named pipe (FIFO)": N_(
        "this is a named pipe (FIFO), not a regular file; only regular files are read"),
    "a device": N_("this is a device, not a regular file; only regular files are read"),
    "a socket": N_("this is a socket, not a regular file; only regular files are read"),
    "something else": N_(
        "this is something else, not a regular file; only regular files are read"),
}
"""The refusal for each kind of file that is not a regular file: whole sentences, so each
language words them its own way, translated when the file is refused."""

_WHAT_IT_IS = {
    "a folder": N_("this is a folder"),
    "a named pipe (FIFO)": N_("this is a named pipe (FIFO)"),
    "a device": N_("this is a device"),
    "a socket": N_("this is a socket"),
    "something else": N_("this is something else"),
}
"""What a file that is no regular file is, for a message that goes on to say what to give."""


def _not_regular(mode: int) -> str | None:
    """What a file of `mode` is when it is no regular file ("a folder", "a device"); None
    for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return ("a folder" if stat.S_ISDIR(mode) else
            "a named pipe (FIFO)" if stat.S_ISFIFO(mode) else
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
            "a socket" if stat.S_ISSOCK(mode) else "something else")


def _refuse_if_over(size: int, limit: int, *, exact: bool) -> None:
    """`exact`: `size` is the file's own size; else only a lower bound (it grew while read)."""
    if size > limit:
        message = (_("the file is {size} bytes; at most {limit} bytes are allowed") if exact
                   else _("the file is over {limit} bytes; at most {limit} bytes are allowed"))
        raise UnreadableFile(message.format(size=f"{size:,}", limit=f"{limit:,}"))


__all__ = ["UnreadableFile", "file_stamp", "is_regular_file", "read_head", "read_limited",
           "regular_file_problem"]
