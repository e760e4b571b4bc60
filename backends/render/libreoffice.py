"""Render .pptx (and anything LibreOffice Impress opens) to PNG: soffice -> PDF -> pymupdf.

Each call uses a private LibreOffice profile in a temporary directory, so parallel renders from
several threads or processes do not clash; each has a time limit."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ace_core.errors import BadInputError, MissingSystemToolError, RenderError
from backends.render.raster import pdf_to_pngs

__all__ = ["DEFAULT_TIMEOUT", "convert_with_soffice", "find_soffice", "render_pptx", "render_to_pdf"]

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


def convert_with_soffice(src: Path, out_dir: Path, target: str, *, timeout: float = DEFAULT_TIMEOUT) -> Path:
    """Run `soffice --headless --convert-to target` with a private profile; returns the output path."""
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
        try:
            proc = subprocess.run(cmd, capture_output=True, timeout=timeout, env=env, start_new_session=True)
        except subprocess.TimeoutExpired as exc:
            raise RenderError(
                f"LibreOffice took longer than {timeout:g} s",
                where=str(src),
                hint="the deck may be very large; raise the time limit",
            ) from exc
    ext = target.split(":")[0]
    out = out_dir / f"{src.stem}.{ext}"
    if proc.returncode != 0 or not out.is_file():
        detail = (proc.stderr or proc.stdout or b"").decode("utf-8", "replace").strip().splitlines()
        raise RenderError(
            f"LibreOffice could not convert the file (exit {proc.returncode}"
            + (f": {detail[-1][:200]}" if detail else "")
            + ")",
            where=str(src),
            hint="check that the file opens in LibreOffice Impress",
        )
    return out


# export hidden slides too, so that PNG n is always slide n
PDF_FILTER = 'pdf:impress_pdf_Export:{"ExportHiddenSlides":{"type":"boolean","value":"true"}}'


def render_to_pdf(src: Path, out_dir: Path, *, timeout: float = DEFAULT_TIMEOUT) -> Path:
    return convert_with_soffice(src, out_dir, PDF_FILTER, timeout=timeout)


def render_pptx(src: Path, out_dir: Path, *, width: int = 1280, timeout: float = DEFAULT_TIMEOUT) -> list[Path]:
    """Render every slide of `src` to `out_dir/slide-NNN.png` at `width` px. Hidden slides are
    rendered too, so PNG n is slide n."""
    with tempfile.TemporaryDirectory(prefix="ace-render-") as tmp:
        tmpdir = Path(tmp)
        # a copy with a plain name: LibreOffice names its output after the input's stem
        plain = tmpdir / ("deck" + (Path(src).suffix.lower() or ".pptx"))
        shutil.copyfile(src, plain)
        pdf = render_to_pdf(plain, tmpdir / "pdf", timeout=timeout)
        return pdf_to_pngs(pdf, Path(out_dir), width=width)
