"""Classes 4, 5 and 11 of the hostile-input suite: inputs that never end, output paths, leftovers.

/dev/zero, a FIFO or a directory as a deck or an ops file, an <img> that is a FIFO: a clear exit
2 (or a loss entry), in bounded time and memory. Outputs through a symlink replace what it points
to, never the link; /dev/stdout and a FIFO are written in place; a parent that is a file or a path
in /proc is exit 2. A write killed with SIGKILL leaves no visible temporary (or the next write
removes it); commands leave no ace-* temporary folders, even when killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ace_core.fsutil import atomic_output, atomic_write_bytes, read_input
from tests.conftest import needs_chromium
from tests.hostile_inputs import ace, write_json

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "fixtures" / "ir" / "layout_cards.json"


# -- class 4: inputs that do not end ------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["zero", "fifo", "dir", "urandom"])
def test_endless_or_non_file_inputs_are_refused(tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = {"zero": Path("/dev/zero"), "urandom": Path("/dev/urandom"), "dir": tmp_path}.get(kind)
    if kind == "fifo":
        path = tmp_path / "deck.pptx"
        os.mkfifo(path)  # nobody ever writes to it: a blocking open would hang forever
    assert path is not None
    t0 = time.monotonic()
    for args in (
        ["inspect", path],
        ["convert", path, tmp_path / "o.json"],
        ["edit", DECK, "--ops", path, "-o", tmp_path / "o.json"],
    ):
        r = ace(capsys, *args, expect=(2,))
        assert str(path) in r.err and ("not a regular file" in r.err or "directory" in r.err), r.err
    for fmt in ("pptx", "ir", "figma", "html"):
        ace(capsys, "inspect", path, "--from", fmt, expect=(2,))
    assert time.monotonic() - t0 < 30


def test_input_reads_are_capped_not_trusted_from_the_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (3 * 1024 * 1024))
    monkeypatch.setenv("ACE_MAX_INPUT_MB", "1")
    with pytest.raises(Exception, match="ACE_MAX_INPUT_MB"):
        read_input(big)
    assert read_input(big, limit=4 * 1024 * 1024) == b" " * (3 * 1024 * 1024)


def test_stdin_is_read_once_with_the_cap(tmp_path: Path) -> None:
    data = DECK.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "cli", "inspect", "-"], input=data, capture_output=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0 and b"2 slides" in done.stdout
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run(
            [sys.executable, "-m", "cli", "inspect", "-", "--from", "ir"],
            stdin=zero,
            capture_output=True,
            cwd=ROOT,
            env={**os.environ, "ACE_MAX_INPUT_MB": "2"},
            timeout=120,
        )
    assert done.returncode == 2 and b"over the" in done.stderr and b"Traceback" not in done.stderr


@needs_chromium
@pytest.mark.render
def test_an_img_that_is_a_fifo_is_a_loss_entry_not_a_hang(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "pic.png")
    page = tmp_path / "page.html"
    page.write_text(
        "<html><body style='margin:0'><div style='width:1280px;height:720px'><h1>Title</h1>"
        "<img src='pic.png' width=100 height=100><img src='/dev/zero'></div></body></html>"
    )
    t0 = time.monotonic()
    r = ace(capsys, "convert", page, tmp_path / "o.json", "--json")
    assert time.monotonic() - t0 < 60
    assert "pic.png" in r.out and "blocked-request" in r.out


# -- class 5: output paths ----------------------------------------------------------------------------
def test_a_symlinked_output_replaces_its_target_never_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.bin"
    real.write_bytes(b"old")
    link = tmp_path / "link.bin"
    link.symlink_to(real)
    atomic_write_bytes(link, b"new")
    assert link.is_symlink() and os.readlink(link) == str(real) and real.read_bytes() == b"new"


def test_stdout_and_fifos_are_written_in_place(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    with open(log, "ab") as fh:  # a shell `>> log` redirection: never truncated, never replaced
        fh.write(b"first line\n")
        fh.flush()
        inode = os.fstat(fh.fileno()).st_ino
        code = (
            "import sys; from ace_core.fsutil import atomic_write_bytes; "
            "atomic_write_bytes('/dev/stdout', b'payload\\n'); atomic_write_bytes(sys.argv[1], b'x')"
        )
        subprocess.run([sys.executable, "-c", code, "/dev/null"], stdout=fh, cwd=ROOT, check=True, timeout=60)
    assert log.read_bytes() == b"first line\npayload\n" and log.stat().st_ino == inode
    assert Path("/dev/null").is_char_device()
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    atomic_write_bytes(fifo, b"through the pipe")
    reader.join(10)
    assert got == [b"through the pipe"] and fifo.exists() and not fifo.is_file()


@pytest.mark.parametrize(
    "target, words",
    [
        ("afile/out.json", "is a file"),
        ("/proc/self/out.json", "system file tree"),
        ("/proc/version", "system file tree"),
        ("/sys/out.json", "system file tree"),
        ("adir", "is a directory"),
        ("/dev/full", "No space left"),
    ],
)
def test_bad_output_paths_are_exit_2(
    tmp_path: Path, target: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "afile").write_text("x")
    (tmp_path / "adir").mkdir()
    out = target if target.startswith("/") else tmp_path / target
    r = ace(capsys, "convert", DECK, out, "--to", "ir", expect=(2,))
    assert words in r.err


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_an_unwritable_folder_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o555)
    r = ace(capsys, "convert", DECK, folder / "o.json", expect=(2,))
    assert "permission denied" in r.err


# -- class 11: leftovers --------------------------------------------------------------------------------
_SLOW_WRITE = """
import sys, time
from ace_core.fsutil import atomic_output
with atomic_output(sys.argv[1]) as fh:
    fh.write(b"partial")
    fh.flush()
    print("writing", flush=True)
    time.sleep(60)
"""


def _visible_temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp"))


def test_a_write_killed_midway_leaves_nothing_visible_and_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "deck.pptx"
    target.write_bytes(b"the old deck")
    proc = subprocess.Popen([sys.executable, "-c", _SLOW_WRITE, str(target)], stdout=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout is not None and proc.stdout.readline() == b"writing\n"
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    assert target.read_bytes() == b"the old deck"
    leftovers = _visible_temps(tmp_path)
    # where the file system has O_TMPFILE nothing is visible; else the next write removes it
    atomic_write_bytes(target, b"the new deck")
    assert _visible_temps(tmp_path) == [] and target.read_bytes() == b"the new deck"
    assert all(f".{target.name}.ace-{proc.pid}-" in n for n in leftovers)


def test_a_stale_temporary_of_a_dead_process_is_swept(tmp_path: Path) -> None:
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    stale = tmp_path / f".out.json.ace-{pid}-deadbeef.tmp"
    stale.write_bytes(b"half")
    live = tmp_path / f".out.json.ace-{os.getpid()}-cafebabe.tmp"  # ours (alive): kept
    live.write_bytes(b"busy")
    with atomic_output(tmp_path / "out.json") as fh:
        fh.write(b"{}")
    assert not stale.exists() and live.exists()


def _ace_dirs(pid: int) -> list[Path]:
    import tempfile

    return sorted(Path(tempfile.gettempdir()).glob(f"ace-{pid}-*"))


@pytest.mark.parametrize(
    "args",
    [
        ["edit", str(DECK), "--ops", "OPS", "--dry-run"],
        ["edit", str(DECK), "--ops", "OPS", "--dry-run", "--backend", "html"],
        ["convert", str(ROOT / "fixtures" / "pptx" / "poi-backgrounds.pptx"), "OUT.html"],
    ],
    ids=["export-dry-run", "export-html-backend", "convert"],
)
def test_commands_leave_no_temporary_folders(tmp_path: Path, args: list[str]) -> None:
    ops = write_json(tmp_path / "ops.json", [{"tool": "export_slide_image", "args": {}}])
    argv = [a.replace("OPS", str(ops)).replace("OUT", str(tmp_path / "out")) for a in args]
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", *argv], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    _out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err[-400:]
    assert _ace_dirs(proc.pid) == []


def _wait_for_no_process_using(marker: str, seconds: float) -> None:
    """Wait until no running process names `marker` on its command line (a Chromium the killed run
    started keeps writing its --user-data-dir until the driver notices and ends it; a sweep before
    that would see the folder made again)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        busy = False
        for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
            try:
                busy = marker.encode() in cmdline.read_bytes()
            except OSError:
                continue
            if busy:
                break
        if not busy:
            return
        time.sleep(0.2)


@needs_chromium
@pytest.mark.render
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_a_killed_chromium_run_leaves_no_temporary_folders(tmp_path: Path, how: signal.Signals) -> None:
    page = tmp_path / "many.html"
    page.write_text(
        "<html><body>"
        + "".join(f"<div class='slide' style='width:1280px;height:720px'><h1>S{i}</h1></div>" for i in range(400))
        + "</body></html>"
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", "render", str(page), "-o", str(tmp_path / "png")],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not any(
        d.name.startswith(f"ace-{proc.pid}-browser") for d in _ace_dirs(proc.pid)
    ):
        time.sleep(0.2)
    assert _ace_dirs(proc.pid), "the render never started Chromium"
    time.sleep(2)
    proc.send_signal(how)
    proc.wait(60)
    if how == signal.SIGTERM:
        assert proc.returncode == 128 + signal.SIGTERM
    else:  # nothing can clean up after SIGKILL: the next run does, once the orphaned browser is gone
        _wait_for_no_process_using(f"ace-{proc.pid}-", 60)
        subprocess.run([sys.executable, "-m", "cli", "formats"], cwd=ROOT, capture_output=True, timeout=60)
    time.sleep(1)
    assert _ace_dirs(proc.pid) == []
