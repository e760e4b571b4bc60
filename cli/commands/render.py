"""`ace render FILE --out DIR`: a PNG per slide (pptx through LibreOffice; HTML, IR JSON and Figma
JSON through Chromium); `ace render IN... --out-dir DIR [--jobs N]` renders many decks, each into
DIR/<name>/."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer

from cli.common import FROM_OPTION, JSON_OPTION, report_losses, set_json
from cli.output import out


def register(app: typer.Typer) -> None:
    app.command("render")(render)


def render(
    paths: list[str] = typer.Argument(
        ...,
        metavar="IN | IN... --out-dir DIR",
        help="Deck(s) to render (pptx, html, IR JSON, Figma JSON; '-' reads stdin). With --out-dir: any number "
        "of files, folders and globs.",
    ),
    out_dir: Path | None = typer.Option(None, "--out", "-o", help="Folder for slide-NNN.png (created if needed)."),
    batch_dir: Path | None = typer.Option(
        None, "--out-dir", help="Batch: render each input into DIR/<name>/slide-NNN.png (folder structure kept)."
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=64, help="Batch: worker processes."),
    width: int = typer.Option(1280, "--width", "-w", min=16, max=8192, help="PNG width in px."),
    javascript: bool = typer.Option(
        False, "--js", help="Run the page's JavaScript (HTML input; off by default: pages are untrusted)."
    ),
    timeout: float | None = typer.Option(
        None,
        "--timeout",
        min=1.0,
        help="Time limit in seconds: per page in Chromium (default 60), for the whole deck in LibreOffice "
        "(default 600).",
    ),
    from_: str | None = FROM_OPTION,
    json_: bool = JSON_OPTION,
) -> int | None:
    """Render every slide to PNG. HTML is rendered with the network blocked: the requests it wanted
    are listed (a page that needs a CDN renders without it)."""
    from ace_core.errors import BadInputError

    set_json(json_)
    options = {"width": width, "javascript": javascript, "timeout": timeout, "fmt": from_}
    if batch_dir is not None:
        if out_dir is not None:
            raise BadInputError("--out and --out-dir exclude each other", where="ace render", hint="give one")
        return _batch(paths, batch_dir, jobs, options)
    if out_dir is None:
        raise BadInputError("no output folder", where="ace render", hint="give --out DIR (or --out-dir DIR for many)")
    if len(paths) != 1:
        raise BadInputError("--out takes one input", where="ace render", hint="for several, use --out-dir DIR")
    from cli.stdio import input_file

    with input_file(paths[0]) as src:
        data = render_file(str(src), str(out_dir), progress=True, **options)
    data["input"] = paths[0]
    slides = data["slides"]

    def human(console: Any) -> None:
        console.print(
            f"{paths[0]} ({data['format']}, {data['renderer']}): {len(slides)} slide(s) -> {out_dir}", markup=False
        )
        for s in slides:
            console.print(f"  {s['path']}  {s['width']}x{s['height']}", markup=False)

    out.result(data, human)
    return None


def render_file(
    src: str,
    out_dir: str,
    *,
    width: int = 1280,
    javascript: bool = False,
    timeout: float | None = None,
    fmt: str | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Render one deck to `out_dir/slide-NNN.png`; what `ace render --json` reports of it."""
    from adapters.registry import registry

    path, folder = Path(src), Path(out_dir)
    fmt = registry().detect(path, fmt=fmt).info.name
    bar = out.progress if progress else _no_progress
    slides: list[dict[str, Any]]
    blocked: list[str] = []
    if fmt == "pptx":
        from PIL import Image

        from backends.render.libreoffice import render_pptx

        with bar(None, "rendering (LibreOffice)"):
            pngs = render_pptx(path, folder, width=width, timeout=timeout or 600.0, removed=blocked)
        if blocked:
            out.warn(f"{len(blocked)} external link(s) not followed by LibreOffice, e.g. {blocked[0][:120]}")
        slides = []
        for i, p in enumerate(pngs, start=1):
            with Image.open(p) as im:
                slides.append({"index": i, "path": str(p), "width": im.width, "height": im.height})
        renderer = "libreoffice"
    else:
        from backends.render.chromium import render_deck, render_html

        if fmt == "html":
            with bar(None, "rendering (Chromium)") as advance:
                result = render_html(
                    path, folder, width=width, javascript=javascript, timeout=timeout or 60.0, progress=advance
                )
        else:
            from cli.common import read_deck

            deck = read_deck(path, fmt)
            report_losses(deck.report)
            with bar(len(deck.slides), "rendering (Chromium)") as advance:
                result = render_deck(deck, folder, width=width, progress=advance)
        slides = [s.to_dict() for s in result.slides]
        blocked = result.blocked
        renderer = "chromium"
        if blocked:
            out.warn(f"{len(blocked)} network request(s) blocked, e.g. {blocked[0][:120]}")
    return {
        "input": src,
        "format": fmt,
        "renderer": renderer,
        "out": out_dir,
        "width": width,
        "slides": slides,
        "pngs": [s["path"] for s in slides],
        "blocked": blocked,
    }


@contextmanager
def _no_progress(total: Any, description: str) -> Iterator[Any]:
    """`out.progress` for a batch worker: the batch draws the one bar."""
    yield lambda n=1: None


def _batch(paths: list[str], batch_dir: Path, jobs: int, options: dict[str, Any]) -> int:
    from cli.batch import Task, collect_inputs, finish, plan_outputs, run_tasks

    items = collect_inputs(paths, exclude=batch_dir)
    planned = plan_outputs(items, batch_dir, lambda stem: stem)
    tasks = [
        Task(
            i, item.src, dst, __name__, "batch_render_file", {"src": str(item.src), "out_dir": str(dst), **options}, err
        )
        for i, (item, (dst, err)) in enumerate(zip(items, planned, strict=True))
    ]
    start = time.perf_counter()
    results = run_tasks(tasks, jobs=jobs, label="rendering", line=_line)
    return finish(results, verb="rendered", seconds=time.perf_counter() - start)


def batch_render_file(**kwargs: Any) -> dict[str, Any]:
    data = render_file(**kwargs)
    data.pop("input")
    data["slide_count"] = len(data.pop("slides"))
    return data


def _line(r: dict[str, Any]) -> str:
    from cli.batch import failure_line

    if not r["ok"]:
        return failure_line(r)
    return f"ok {r['input']} -> {r['output']}: {r['slide_count']} slide(s), {r['renderer']}, {r['seconds']:.2f} s"
