"""The command line reads at most `MAX_FILE_BYTES` (the most the widget reads of a file) plus one byte of any file
or of standard input: a longer one, or an endless one (`/dev/zero`), is refused at once with one line naming it,
its memory never taken."""

from __future__ import annotations

import io
import resource
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from elo_core.transport.cli import main
from elo_core.words.model import MAX_FILE_BYTES

TOO_LONG = f"is over {MAX_FILE_BYTES} bytes"


def limited_memory() -> None:
    """A gigabyte of address space: a reader that takes a file whole fails here (MemoryError), where it would
    otherwise take the machine's memory."""
    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("argv", [["event", "/dev/zero"], ["ladder", "/dev/zero"],
                                  ["ladder", "games.csv", "--players", "/dev/zero"],
                                  ["1500", "--games-from", "/dev/zero"], ["/dev/zero.json"]])
def test_an_endless_file_is_refused_at_once_in_one_line(argv: list[str], tmp_path: Path) -> None:
    (tmp_path / "games.csv").write_text("2026-03-04,Anna,Ben,1\n")
    if argv == ["/dev/zero.json"]:  # a JSON request file: a link named .json to /dev/zero
        (tmp_path / "zero.json").symlink_to("/dev/zero")
        argv = ["zero.json"]
    done = subprocess.run([sys.executable, "-m", "elo_core", *argv], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, preexec_fn=limited_memory, check=False)
    name = "zero.json" if argv == ["zero.json"] else "/dev/zero"
    command = "elo-core" if argv[0] not in ("event", "ladder") else f"elo-core {argv[0]}"
    assert (2, f"{command}: cannot read {name}: it {TOO_LONG}\n") == (done.returncode, done.stderr)


def run(argv: list[str], stdin: io.StringIO | None = None) -> int:
    return main(argv, stdin=stdin or io.StringIO(""), stdout=io.StringIO())


@pytest.mark.parametrize("command", ["event", "ladder"])
def test_a_file_one_byte_over_the_limit_is_refused(command: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.txt"
    with path.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk taken
    assert 2 == run([command, str(path)])
    assert f"elo-core {command}: cannot read {path}: it {TOO_LONG}\n" == capsys.readouterr().err


def test_a_file_at_the_limit_is_read_and_judged_by_its_reader(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.trf"
    path.write_bytes(b"012 Long\n" + b" " * (MAX_FILE_BYTES - 9))
    assert 2 == run(["event", str(path)])
    assert "is over 5000000 characters" in capsys.readouterr().err  # trf.MAX_TRF_CHARS: the reader's own limit


@pytest.mark.parametrize("command", ["event", "ladder"])
def test_a_huge_file_takes_no_more_memory_than_the_limit(command: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as f:
        f.truncate(10 * MAX_FILE_BYTES)  # 80 MB, sparse
    tracemalloc.start()
    try:
        assert 2 == run([command, str(path)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * MAX_FILE_BYTES, peak
    assert TOO_LONG in capsys.readouterr().err


class Endless:
    """Standard input that never ends, counting what is read of it."""

    def __init__(self) -> None:
        self.read_bytes = 0
        self.buffer = self

    def read(self, size: int = -1) -> bytes:
        if size < 0:
            raise MemoryError("read whole")
        self.read_bytes += size
        return b" " * size


def test_endless_standard_input_is_read_to_one_byte_over_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    stdin = Endless()
    assert 2 == main(["-"], stdin=stdin, stdout=io.StringIO())  # type: ignore[arg-type]
    assert MAX_FILE_BYTES + 1 == stdin.read_bytes
    assert f"elo-core: cannot read standard input: it {TOO_LONG}\n" == capsys.readouterr().err


def test_endless_text_standard_input_is_read_to_one_character_over_the_limit(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert 2 == run(["-"], io.StringIO(" " * (MAX_FILE_BYTES + 10)))
    assert f"elo-core: cannot read standard input: it is over {MAX_FILE_BYTES} characters\n" == (
        capsys.readouterr().err)


def test_names_carrying_terminal_sequences_are_printed_harmless(tmp_path: Path) -> None:
    """A hostile ledger's name with ESC sequences (clear the screen, write the clipboard) reaches the table as
    U+FFFD, in the ladder's and the report's tables alike; nothing else of the name is lost."""
    import contextlib

    from elo_core.transport.cli_event import main as event
    from elo_core.transport.cli_ladder import main as ladder

    ledger = tmp_path / "ansi.csv"
    ledger.write_text("date,white,black,result\n2026-01-05,\x1b[2JAnna\x1b]52;c;eA==\x07,Ben,1-0\n", encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stderr(io.StringIO()):
        assert 0 == ladder([str(ledger)], stdout=out)
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()
    assert " [2JAnna]52;c;eA== " in out.getvalue()  # the ledger drops control characters from names
    trf = tmp_path / "ansi.trf"
    held = (Path(__file__).parent / "trf" / "fide-c07-held-swiss-5.trf").read_text(encoding="utf-8")
    trf.write_text(held.replace("Bruno     ", "\x1b[2JBruno\x07", 1), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stderr(io.StringIO()):
        assert 0 == event([str(trf)], stdout=out)
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()
    assert "\ufffd[2JBruno\ufffd" in out.getvalue()
