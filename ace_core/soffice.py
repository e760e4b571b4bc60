"""Running LibreOffice headless: a private profile per call (parallel calls do not clash), a time
limit after which the whole soffice process group is killed, and a clear error when it is missing."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from ace_core.errors import BadInputError, MissingSystemToolError, RenderError

__all__ = [
    "DEFAULT_TIMEOUT",
    "convert_many",
    "convert_with_soffice",
    "find_soffice",
    "has_soffice",
    "soffice_command",
    "soffice_headless",
]

DEFAULT_TIMEOUT = 180.0


def find_soffice() -> str:
    """Path of `soffice`, or a clear error naming the Debian package."""
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    for candidate in ("/usr/bin/soffice", "/usr/lib/libreoffice/program/soffice", "/opt/libreoffice/program/soffice"):
        if os.path.exists(candidate):
            return candidate
    raise MissingSystemToolError("soffice (LibreOffice)", "libreoffice-impress")


def has_soffice() -> bool:
    try:
        find_soffice()
    except MissingSystemToolError:
        return False
    return True


def _run(cmd: list[str], env: dict[str, str], timeout: float, where: str) -> subprocess.CompletedProcess[bytes]:
    """Run soffice in its own process group; on timeout kill the group (soffice.bin included)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise RenderError(
            f"LibreOffice took longer than {timeout:g} s",
            where=where,
            hint="the deck may be very large; raise the time limit (--timeout)",
        ) from exc
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def soffice_headless(soffice: str, profile: str | Path) -> list[str]:
    """soffice headless with its own user profile directory (the start of every command line)."""
    return [
        soffice,
        f"-env:UserInstallation=file://{profile}",
        "--headless",
        "--invisible",
        "--nologo",
        "--nodefault",
        "--nolockcheck",
        "--norestore",
    ]


def soffice_command(soffice: str, profile: str | Path, target: str, out_dir: Path, files: list[Path]) -> list[str]:
    """The `soffice --headless --convert-to` command line with its own user profile directory."""
    return [
        *soffice_headless(soffice, profile),
        "--convert-to",
        target,
        "--outdir",
        str(out_dir),
        *map(str, files),
    ]


def convert_many(
    srcs: list[Path], out_dir: Path, target: str, *, timeout: float = DEFAULT_TIMEOUT, where: str | None = None
) -> tuple[list[Path | None], subprocess.CompletedProcess[bytes]]:
    """`soffice --headless --convert-to target` on several files in one process (one start-up);
    returns the output path of each input (None when LibreOffice made none) and the process."""
    soffice = find_soffice()
    paths = [Path(s).resolve() for s in srcs]
    for p in paths:
        if not p.is_file():
            raise BadInputError("file not found", where=str(p))
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ace-lo-") as profile:
        cmd = soffice_command(soffice, profile, target, out_dir, paths)
        env = dict(os.environ, HOME=profile, SAL_USE_VCLPLUGIN="svp")
        proc = _run(cmd, env, timeout, where or ", ".join(map(str, paths[:3])))
    ext = target.split(":")[0]
    outs: list[Path | None] = []
    for p in paths:
        out = out_dir / f"{p.stem}.{ext}"
        outs.append(out if out.is_file() else None)
    return outs, proc


def convert_with_soffice(
    src: Path, out_dir: Path, target: str, *, timeout: float = DEFAULT_TIMEOUT, where: str | None = None
) -> Path:
    """Run `soffice --headless --convert-to target` with a private profile; returns the output path.
    `where` names the file in errors (default: `src`)."""
    (out,), proc = convert_many([src], out_dir, target, timeout=timeout, where=where or str(src))
    if proc.returncode != 0 or out is None:
        detail = (proc.stderr or proc.stdout or b"").decode("utf-8", "replace").strip().splitlines()
        raise RenderError(
            f"LibreOffice could not convert the file (exit {proc.returncode}"
            + (f": {detail[-1][:200]}" if detail else "")
            + ")",
            where=where or str(src),
            hint="check that the file opens in LibreOffice Impress",
        )
    return out
