"""Renders and layout metrics of one run, each backend through its own renderer: the origin's slides
(cached on disk per deck file and backend: every task and condition on a deck shares them) and the
output's edited slides, with judge.metrics on the output slides the checks need.

scenegraph and html render and measure in Chromium. ooxml renders through LibreOffice (the
process's warm one, backends.render.warm_office, when python3-uno is there; else one soffice
start-up per run): the origin's uncached slides, the output's shown slides and, when it differs,
the output with flat backgrounds for the whitespace metric; it measures the IR's boxes."""

from __future__ import annotations

import hashlib
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["RunRenders", "origin_metrics", "render_run", "render_width", "show_only"]

MAX_WIDTH = 1280


@dataclass
class RunRenders:
    origin: dict[str, Path] = field(default_factory=dict)
    """origin slide id -> PNG in the run folder"""
    output: dict[str, Path] = field(default_factory=dict)
    """output slide id -> PNG in the run folder"""
    metrics: dict[str, Any] = field(default_factory=dict)
    """output slide id -> SlideMetrics"""
    seconds: dict[str, float] = field(default_factory=dict)


def render_width(deck: Any) -> int:
    return max(16, min(MAX_WIDTH, round(deck.width)))


def _subset(deck: Any, ids: list[str]) -> Any:
    by_id = {s.id: s for s in deck.slides}
    return deck.model_copy(update={"slides": [by_id[i] for i in ids if i in by_id]})


def _cache_dir(kind: str, deck_hash: str, width: int) -> Path:
    from ace_core.fsutil import cache_root
    from backends.render.raster import RASTER_REVISION

    return cache_root() / "ablate" / "origin" / f"{kind}-{deck_hash}-{width}-r{RASTER_REVISION}"


def _slide_file(slide_id: str) -> str:
    return hashlib.sha1(slide_id.encode("utf-8")).hexdigest()[:16] + ".png"


def _install(src: Path, target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, target)
    return target


def _png_array(path: Path, width: int, height: int) -> Any:
    import numpy as np
    from PIL import Image

    with Image.open(path) as im:
        im = im.convert("RGB")
        if im.size != (width, height):
            im = im.resize((width, height), Image.Resampling.BILINEAR)
        return np.asarray(im)


# -- OOXML: LibreOffice -------------------------------------------------------------------------------
def show_only(data: bytes, keep: list[int]) -> bytes:
    """The .pptx with every slide hidden but those at 0-based positions `keep` (which are shown even
    if they were hidden): LibreOffice then lays out and exports only those, and slide-number fields
    still count every slide."""
    from adapters.ooxml.ns import RT, qn
    from adapters.ooxml.package_out import OutPackage

    pkg = OutPackage.load(data, where="package to render")
    pres_name = next((r.target for r in pkg.rels("").of_type(RT.OFFICE_DOCUMENT)), "ppt/presentation.xml")
    lst = pkg.xml(pres_name).find(qn("p:sldIdLst"))
    if lst is None:
        return data
    rels = pkg.rels(pres_name)
    wanted = set(keep)
    for i, el in enumerate(lst):
        rel = rels.get(el.get(qn("r:id")))
        if rel is None or not pkg.exists(rel.target):
            continue
        root = pkg.xml(rel.target)
        shown = root.get("show") != "0"
        if (i in wanted) != shown:
            if i in wanted:
                root.attrib.pop("show", None)
            else:
                root.set("show", "0")
            pkg.put_xml(rel.target, root)
    return pkg.to_bytes()


def _pdf_pages(pdf: Path, out_dir: Path, width: int, names: list[str]) -> list[Path]:
    from backends.render.raster import pdf_to_pngs

    pngs = pdf_to_pngs(pdf, out_dir, width=width)
    if len(pngs) != len(names):
        from ace_core.errors import RenderError

        raise RenderError(f"LibreOffice rendered {len(pngs)} pages for {len(names)} slides", where=str(pdf))
    return [p.rename(out_dir / n) for p, n in zip(pngs, names, strict=True)]


@dataclass
class _Job:
    kind: str
    package: bytes
    positions: list[int]
    """0-based slide positions to render, ascending"""
    size: tuple[int, int]
    names: list[str]


def _warm_pages(jobs: list[_Job], tmpdir: Path) -> dict[str, list[Path]]:
    """Each job's slides through the warm LibreOffice: the other slides emptied (it loads only
    what it shows), each page exported as PNG."""
    from backends.render.warm_office import slide_only, warm_office

    office = warm_office()
    pages: dict[str, list[Path]] = {}
    for job in jobs:
        package = slide_only(job.package, job.positions)
        folder = tmpdir / job.kind
        folder.mkdir(parents=True, exist_ok=True)
        pages[job.kind] = []
        for position, name in zip(job.positions, job.names, strict=True):
            png = office.render_page(package, position, width=job.size[0], height=job.size[1])
            (folder / name).write_bytes(png)
            pages[job.kind].append(folder / name)
    return pages


def _cold_pages(jobs: list[_Job], tmpdir: Path) -> dict[str, list[Path]]:
    """Each job's slides in one `soffice --convert-to pdf` start-up: each package with its other
    slides hidden (PDF export skips them; slide numbers still count them)."""
    from ace_core.errors import RenderError
    from ace_core.soffice import convert_many

    tmpdir.mkdir(parents=True, exist_ok=True)
    srcs = []
    for job in jobs:
        src = tmpdir / f"{job.kind}.pptx"
        src.write_bytes(show_only(job.package, job.positions))
        srcs.append(src)
    pdfs, proc = convert_many(srcs, tmpdir / "pdf", "pdf", where="ace ablate")
    pages: dict[str, list[Path]] = {}
    for job, pdf in zip(jobs, pdfs, strict=True):
        if pdf is None:
            detail = (proc.stderr or b"").decode("utf-8", "replace").strip().splitlines()
            raise RenderError(
                f"LibreOffice could not render the {job.kind} deck" + (f": {detail[-1][:200]}" if detail else ""),
                where="ace ablate",
            )
        pages[job.kind] = _pdf_pages(pdf, tmpdir / job.kind, job.size[0], job.names)
    return pages


def _lo_pages(jobs: list[_Job], tmpdir: Path) -> dict[str, list[Path]]:
    """PNGs of the jobs' slides: the process's warm LibreOffice (backends.render.warm_office) when a
    Python with `uno` is there, else (or when the warm one fails) a cold soffice start-up."""
    if not jobs:
        return {}
    from ace_core.errors import RenderError
    from backends.render.warm_office import WarmOffice

    if WarmOffice.available():
        try:
            return _warm_pages(jobs, tmpdir)
        except RenderError:
            pass  # a cold start gives the final verdict (and its own error text)
    return _cold_pages(jobs, tmpdir)


def _size(deck: Any) -> tuple[int, int]:
    width = render_width(deck)
    return width, max(1, round(width * deck.height / deck.width))


def _render_ooxml(
    origin: Any,
    origin_bytes: bytes,
    origin_ids: list[str],
    deck_hash: str,
    output: Any,
    output_bytes: bytes,
    show_ids: list[str],
    measure_ids: list[str],
    run_dir: Path,
    result: RunRenders,
) -> None:
    from judge.metrics.compute import compute_slide_metrics
    from judge.metrics.ir_units import slide_units
    from judge.metrics.libreoffice import flatten_backgrounds

    width = render_width(output)
    cache = _cache_dir("ooxml", deck_hash, width)
    origin_order = [s.id for s in origin.slides]
    need_origin = sorted((i for i in origin_ids if not (cache / _slide_file(i)).is_file()), key=origin_order.index)
    order = [s.id for s in output.slides]
    wanted = sorted({order.index(i) for i in [*show_ids, *measure_ids] if i in order})
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="ace-ablate-lo-") as tmp:
        tmpdir = Path(tmp)
        jobs: list[_Job] = []
        if need_origin:
            at = [origin_order.index(i) for i in need_origin]
            jobs.append(_Job("origin", origin_bytes, at, _size(origin), [_slide_file(i) for i in need_origin]))
        if wanted:
            names = [f"{i:03d}.png" for i in wanted]
            jobs.append(_Job("output", output_bytes, wanted, _size(output), names))
            if measure_ids:
                flat = flatten_backgrounds(output, output_bytes)
                if flat is not None:
                    jobs.append(_Job("flat", flat, wanted, _size(output), names))
        pages = _lo_pages(jobs, tmpdir)
        if "origin" in pages:
            cache.mkdir(parents=True, exist_ok=True)
            for p in pages.pop("origin"):
                p.replace(cache / p.name)
        result.seconds["render"] = time.perf_counter() - t0
        positions = {s.id: i for i, s in enumerate(origin.slides)}
        for sid in origin_ids:
            target = run_dir / "origin" / f"slide-{positions[sid] + 1:03d}.png"
            result.origin[sid] = _install(cache / _slide_file(sid), target)
        plain = dict(zip(wanted, pages.get("output", []), strict=False))
        for sid in show_ids:
            i = order.index(sid)
            result.output[sid] = _install(plain[i], run_dir / "output" / f"slide-{i + 1:03d}.png")
        t1 = time.perf_counter()
        images = dict(zip(wanted, pages.get("flat", pages.get("output", [])), strict=False))
        for sid in measure_ids:
            i = order.index(sid)
            slide = output.slides[i]
            units = slide_units(output, slide)
            image = _png_array(images[i], round(output.width), round(output.height)) if i in images else None
            result.metrics[sid] = compute_slide_metrics(units, image, index=i + 1, slide_id=sid)
        result.seconds["metrics"] = time.perf_counter() - t1


# -- scene graph / HTML: Chromium ---------------------------------------------------------------------
def _render_chromium(
    kind: str,
    backend: Any,
    origin: Any,
    origin_ids: list[str],
    deck_hash: str,
    output: Any,
    show_ids: list[str],
    measure_ids: list[str],
    run_dir: Path,
    result: RunRenders,
) -> None:
    from backends.render.chromium import render_deck

    t0 = time.perf_counter()
    width = render_width(origin)
    cache = _cache_dir(kind, deck_hash, width)
    missing = [i for i in origin_ids if not (cache / _slide_file(i)).is_file()]
    if missing:
        with tempfile.TemporaryDirectory(prefix="ace-ablate-") as tmp:
            paths = render_deck(_subset(origin, missing), Path(tmp), width=width).paths
            cache.mkdir(parents=True, exist_ok=True)
            for sid, p in zip(missing, paths, strict=True):
                Path(p).replace(cache / _slide_file(sid))
    positions = {s.id: i for i, s in enumerate(origin.slides)}
    for sid in origin_ids:
        result.origin[sid] = _install(
            cache / _slide_file(sid), run_dir / "origin" / f"slide-{positions[sid] + 1:03d}.png"
        )
    order = [s.id for s in output.slides]
    if show_ids:
        with tempfile.TemporaryDirectory(prefix="ace-ablate-") as tmp:
            scale = render_width(output) / output.width
            paths = backend.render(Path(tmp), show_ids, scale=scale)
            for sid, p in zip(show_ids, paths, strict=True):
                result.output[sid] = _install(Path(p), run_dir / "output" / f"slide-{order.index(sid) + 1:03d}.png")
    result.seconds["render"] = time.perf_counter() - t0
    t1 = time.perf_counter()
    if measure_ids:
        measured = _measure_chromium(kind, backend, output, measure_ids)
        for sid, m in zip(measure_ids, measured, strict=True):
            m.index = order.index(sid) + 1
            result.metrics[sid] = m
    result.seconds["metrics"] = time.perf_counter() - t1


def _measure_chromium(kind: str, backend: Any, deck: Any, ids: list[str]) -> list[Any]:
    if kind == "html":
        from judge.metrics.chromium import measure_html

        page = backend.page(ids)
        try:
            return measure_html(page, width=round(deck.width), height=round(deck.height)).slides
        finally:
            page.unlink(missing_ok=True)
    from judge.metrics.chromium import measure_deck_html

    return measure_deck_html(_subset(deck, ids)).slides


def render_run(
    backend: Any,
    origin: Any,
    deck_hash: str,
    output: Any,
    *,
    origin_ids: list[str],
    show_ids: list[str],
    measure_ids: list[str],
    run_dir: Path,
    origin_bytes: bytes = b"",
    output_bytes: bytes = b"",
) -> RunRenders:
    """Render the origin's `origin_ids` (cached) and the output's `show_ids` into run_dir/origin and
    run_dir/output, and measure the output's `measure_ids`. ooxml needs the packages' bytes."""
    result = RunRenders()
    if backend.name == "ooxml":
        _render_ooxml(
            origin, origin_bytes, origin_ids, deck_hash, output, output_bytes, show_ids, measure_ids, run_dir, result
        )
    else:
        _render_chromium(
            backend.name, backend, origin, origin_ids, deck_hash, output, show_ids, measure_ids, run_dir, result
        )
    return result


def origin_metrics(backend_name: str, origin: Any, ids: list[str]) -> dict[str, Any]:
    """The origin's SlideMetrics of `ids` (for checks that ignore what the origin already had): the
    IR's boxes for ooxml (collisions need no pixels), the DOM in Chromium otherwise."""
    if not ids:
        return {}
    if backend_name == "ooxml":
        from judge.metrics.compute import compute_slide_metrics
        from judge.metrics.ir_units import slide_units

        by_id = {s.id: s for s in origin.slides}
        return {i: compute_slide_metrics(slide_units(origin, by_id[i]), None, slide_id=i) for i in ids if i in by_id}
    from judge.metrics.chromium import measure_deck_html

    sub = _subset(origin, ids)
    return {s.id: m for s, m in zip(sub.slides, measure_deck_html(sub).slides, strict=True)}
