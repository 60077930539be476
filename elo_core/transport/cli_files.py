"""Reading what the command line is given: a file, or standard input, read to at most `MAX_FILE_BYTES` (the most
the widget reads of a file) and one byte more, so that a file longer than any ledger or report, or one that never
ends (`/dev/zero`), is refused at once with one line naming it, and its memory is never taken. And what it prints
for a terminal from such a file made harmless there (`printable`), how many problems it has (`problems_counted`),
and the systems a command offers as its help says them (`either`)."""

from __future__ import annotations

import re
import sys
from typing import IO, Any, AnyStr

from ..words.model import MAX_FILE_BYTES


def _refused(command: str, name: str, why: str) -> None:
    sys.stderr.write(f"{command}: cannot read {name}: {why}\n")


def read_at_most(stream: IO[AnyStr], command: str, name: str) -> AnyStr | None:
    """What `stream` holds (bytes, or text for a stream of text only: io.StringIO), read to one byte or character
    past `MAX_FILE_BYTES`; None, and one line on standard error, when it is longer."""
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        _refused(command, name, f"it is over {MAX_FILE_BYTES} {'bytes' if isinstance(data, bytes) else 'characters'}")
        return None
    return data


def read_path(path: str, command: str) -> bytes | None:
    """The bytes of the file at `path` (`-`: standard input, as the calculation's own `-`); None, and one line on
    standard error naming it, when it cannot be read or is over `MAX_FILE_BYTES`."""
    if path == "-":
        return read_standard_input(sys.stdin, command)
    try:
        with open(path, "rb") as f:
            return read_at_most(f, command, path)
    except OSError as exc:
        _refused(command, path, exc.strerror or str(exc))
        return None


def read_standard_input(stream: IO[Any] | None, command: str) -> bytes | None:
    """The bytes of standard input (`stream`: sys.stdin as the command found it, None when started with `<&-`; a
    stream of text only, io.StringIO, has its text encoded as UTF-8); None, and one line on standard error, when it is
    closed, cannot be read, or is over `MAX_FILE_BYTES`."""
    name = "standard input"
    if stream is None:
        _refused(command, name, "it is closed")
        return None
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            return read_at_most(buffer, command, name)
        text = read_at_most(stream, command, name)
    except OSError as exc:
        _refused(command, name, exc.strerror or str(exc))
        return None
    return None if text is None else text.encode("utf-8")


_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Control characters but the tab and the line end: C0, DEL and C1 (ESC starts the terminal's sequences)."""


def printable(text: str) -> str:
    r"""Text for a terminal with its control characters shown as U+FFFD: a name in a hostile file carrying ESC
    sequences (clear the screen, retitle the window, write the clipboard: OSC 52) does nothing there.

    >>> printable("Anna\x1b]52;c;cm0gLXJmIH4=\x07 Meier\tK 20\n")
    'Anna\ufffd]52;c;cm0gLXJmIH4=\ufffd Meier\tK 20\n'
    """
    return _CONTROLS.sub("\ufffd", text)


def either(names: tuple[str, ...]) -> str:
    """The systems a command offers, the default first, as its help says them.

    >>> either(("fide",)), either(("fide", "elo")), either(("elo", "glicko", "lichess"))
    ('fide', 'fide (default) or elo', 'elo (default), glicko or lichess')
    """
    if len(names) == 1:
        return names[0]
    return ", ".join([f"{names[0]} (default)", *names[1:-1]]) + f" or {names[-1]}"


def problems_counted(what: str, problems: list[dict[str, Any]]) -> str:
    """`what` with how many problems its report's groups hold: "the file (1 problem):", "the files (3 problems):"."""
    count = sum(group["count"] for group in problems)
    return f"{what} ({count} problem{'' if count == 1 else 's'}):"
