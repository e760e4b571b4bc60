"""Running LibreOffice headless: every soffice call goes through here.

A private profile per call (parallel calls do not clash) with safe settings, inputs opened from
sanitized copies, no network (ace_core.soffice_sandbox), a time limit after which the whole soffice
process group is killed, and a clear error when LibreOffice is missing."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
from pathlib import Path

from ace_core.errors import BadInputError, MissingSystemToolError, RenderError
from ace_core.limits import timeout_for
from ace_core.soffice_sandbox import network_sandbox, sanitize_package, write_profile
from ace_core.tempfiles import temp_dir

__all__ = [
    "DEFAULT_TIMEOUT",
    "convert_many",
    "convert_with_soffice",
    "find_soffice",
    "has_soffice",
    "soffice_command",
    "soffice_env",
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


class SofficeProcess(subprocess.CompletedProcess):  # type: ignore[type-arg]
    """A finished soffice run, and what the sanitized copies of its inputs left out."""

    removed: list[str]


def _run(cmd: list[str], env: dict[str, str], timeout: float, where: str) -> SofficeProcess:
    """Run soffice in its own process group; on timeout (or Ctrl-C) kill the group (soffice.bin
    included)."""
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
            hint="the deck may be very large; raise the time limit (--timeout SECONDS)",
        ) from exc
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise
    return SofficeProcess(cmd, proc.returncode, out, err)


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


def soffice_env(profile: str | Path) -> dict[str, str]:
    """The environment of every soffice process: its private profile as HOME, the headless
    plug-in, and no proxy settings (a proxy is a way out of the network namespace). Its TMPDIR is
    the profile too: a soffice killed at its time limit leaves its lu*.tmp folders there, removed
    with the profile, not in the user's temporary folder."""
    env = dict(os.environ, HOME=str(profile), TMPDIR=str(profile), SAL_USE_VCLPLUGIN="svp")
    for key in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ftp_proxy", "all_proxy", "ALL_PROXY"):
        env.pop(key, None)
    return env


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
    srcs: list[Path],
    out_dir: Path,
    target: str,
    *,
    timeout: float | None = None,
    where: str | None = None,
    isolate_network: bool = True,
) -> tuple[list[Path | None], SofficeProcess]:
    """`soffice --headless --convert-to target` on several files in one process (one start-up);
    returns the output path of each input (None when LibreOffice made none) and the process
    (`.removed`: the external links the sanitized copies left out). Every input that is a zip
    package is opened from a sanitized copy; soffice runs without network where the system
    allows it (`isolate_network=False` only for tests of the other layers) and with a private
    profile that blocks linked content. `timeout` defaults to `--timeout`, else 180 s."""
    soffice = find_soffice()
    paths = [Path(s).resolve() for s in srcs]
    for p in paths:
        if not p.is_file():
            raise BadInputError("file not found", where=str(p))
    limit = timeout_for(DEFAULT_TIMEOUT) if timeout is None else timeout
    out_dir.mkdir(parents=True, exist_ok=True)
    removed: list[str] = []
    with temp_dir("lo") as work:
        profile = work / "profile"
        write_profile(profile)
        inputs = []
        for i, p in enumerate(paths):
            with open(p, "rb") as fh:
                is_zip = fh.read(4) == b"PK\x03\x04"
            if is_zip:
                copy = work / f"in{i}" / p.name
                copy.parent.mkdir()
                label = f"{p.name}: " if len(paths) > 1 else ""
                removed += [label + r for r in sanitize_package(p, copy)]
                inputs.append(copy)
            else:
                inputs.append(p)
        prefix = list(network_sandbox()) if isolate_network else []
        cmd = prefix + soffice_command(soffice, profile, target, out_dir, inputs)
        proc = _run(cmd, soffice_env(profile), limit, where or ", ".join(map(str, paths[:3])))
    proc.removed = removed
    ext = target.split(":")[0]
    outs: list[Path | None] = []
    for p in paths:
        out = out_dir / f"{p.stem}.{ext}"
        outs.append(out if out.is_file() else None)
    return outs, proc


def convert_with_soffice(
    src: Path,
    out_dir: Path,
    target: str,
    *,
    timeout: float | None = None,
    where: str | None = None,
    removed: list[str] | None = None,
) -> Path:
    """Run `soffice --headless --convert-to target` (sandboxed, see convert_many); returns the
    output path. `where` names the file in errors (default: `src`); the links the sanitized copy
    left out are appended to `removed`."""
    (out,), proc = convert_many([src], out_dir, target, timeout=timeout, where=where or str(src))
    if removed is not None:
        removed.extend(proc.removed)
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
