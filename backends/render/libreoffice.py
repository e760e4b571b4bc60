"""Render .pptx (and anything LibreOffice Impress opens) to PNG: soffice -> PDF -> pymupdf.

Each call uses a private LibreOffice profile in a temporary directory, so parallel renders from
several threads or processes do not clash; each has a time limit, after which the whole soffice
process group is killed. OOXML input is opened with the reader's safe package layer first, so a
corrupt, encrypted or hostile file is refused with a BadInputError (exit 2) before LibreOffice
sees it, and PNG n is always slide n (hidden slides included; a deck without slides gives none)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from ace_core.errors import BadInputError, MissingSystemToolError, RenderError
from backends.render.raster import pdf_to_pngs

__all__ = [
    "DEFAULT_TIMEOUT",
    "convert_with_soffice",
    "count_pptx_slides",
    "find_soffice",
    "render_pptx",
    "render_to_pdf",
]

DEFAULT_TIMEOUT = 180.0
_OOXML_SUFFIXES = (".pptx", ".pptm", ".potx", ".potm", ".ppsx", ".ppsm")
_PNG_NAME = re.compile(r"^slide-\d{3,}\.png$")


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


def convert_with_soffice(
    src: Path, out_dir: Path, target: str, *, timeout: float = DEFAULT_TIMEOUT, where: str | None = None
) -> Path:
    """Run `soffice --headless --convert-to target` with a private profile; returns the output path.
    `where` names the file in errors (default: `src`)."""
    soffice = find_soffice()
    src = Path(src).resolve()
    if not src.is_file():
        raise BadInputError("file not found", where=str(src))
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ace-lo-") as profile:
        cmd = [
            soffice,
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--invisible",
            "--nologo",
            "--nodefault",
            "--nolockcheck",
            "--norestore",
            "--convert-to",
            target,
            "--outdir",
            str(out_dir),
            str(src),
        ]
        env = dict(os.environ, HOME=profile, SAL_USE_VCLPLUGIN="svp")
        proc = _run(cmd, env, timeout, where or str(src))
    ext = target.split(":")[0]
    out = out_dir / f"{src.stem}.{ext}"
    if proc.returncode != 0 or not out.is_file():
        detail = (proc.stderr or proc.stdout or b"").decode("utf-8", "replace").strip().splitlines()
        raise RenderError(
            f"LibreOffice could not convert the file (exit {proc.returncode}"
            + (f": {detail[-1][:200]}" if detail else "")
            + ")",
            where=where or str(src),
            hint="check that the file opens in LibreOffice Impress",
        )
    return out


# export hidden slides too, so that PNG n is always slide n
PDF_FILTER = 'pdf:impress_pdf_Export:{"ExportHiddenSlides":{"type":"boolean","value":"true"}}'


def render_to_pdf(src: Path, out_dir: Path, *, timeout: float = DEFAULT_TIMEOUT, where: str | None = None) -> Path:
    return convert_with_soffice(src, out_dir, PDF_FILTER, timeout=timeout, where=where)


def count_pptx_slides(src: Path) -> int:
    """Slides of an OOXML package whose parts exist (what LibreOffice renders), checking the
    package on the way: a corrupt, encrypted or hostile file raises BadInputError."""
    from adapters.ooxml.ns import RT
    from adapters.ooxml.package import open_package

    pkg = open_package(Path(src))
    pres = pkg.xml(pkg.main_part)
    if pres is None:
        raise BadInputError(f"the main part {pkg.main_part} is missing", where=str(src))
    count = 0
    for el in pres.iter("{*}sldId"):
        rel = pkg.rel(pkg.main_part, el.get("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"))
        if rel is not None and not rel.external and rel.type == RT.SLIDE and pkg.exists(rel.target):
            count += 1
    return count


def render_pptx(src: Path, out_dir: Path, *, width: int = 1280, timeout: float = DEFAULT_TIMEOUT) -> list[Path]:
    """Render every slide of `src` to `out_dir/slide-NNN.png` at `width` px and return the paths.
    Hidden slides are rendered too, so PNG n is slide n. PNGs of an earlier render in `out_dir`
    beyond the new slide count are removed; nothing is written when the render fails."""
    src = Path(src)
    if not src.is_file():
        raise BadInputError("file not found", where=str(src), hint="check the path")
    out_dir = Path(out_dir)
    expected: int | None = None
    with open(src, "rb") as fh:
        is_zip = fh.read(4) == b"PK\x03\x04"
    if is_zip or src.suffix.lower() in _OOXML_SUFFIXES:
        expected = count_pptx_slides(src)
    with tempfile.TemporaryDirectory(prefix="ace-render-") as tmp:
        tmpdir = Path(tmp)
        pngs: list[Path] = []
        if expected != 0:
            # a copy with a plain name: LibreOffice names its output after the input's stem
            plain = tmpdir / ("deck" + (src.suffix.lower() or ".pptx"))
            shutil.copyfile(src, plain)
            pdf = render_to_pdf(plain, tmpdir / "pdf", timeout=timeout, where=str(src))
            pngs = pdf_to_pngs(pdf, tmpdir / "png", width=width)
            if expected is not None and len(pngs) != expected:
                raise RenderError(
                    f"LibreOffice rendered {len(pngs)} pages for {expected} slides",
                    where=str(src),
                    hint="some slide could not be laid out; check the file in LibreOffice Impress",
                )
        out_dir.mkdir(parents=True, exist_ok=True)
        final = []
        for png in pngs:
            target = out_dir / png.name
            shutil.move(str(png), target)
            final.append(target)
    keep = {p.name for p in final}
    for stale in out_dir.iterdir():
        if _PNG_NAME.match(stale.name) and stale.name not in keep:
            stale.unlink()
    return final
