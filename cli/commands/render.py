"""`ace render FILE --out DIR`: a PNG per slide (pptx through LibreOffice; HTML, IR JSON and Figma
JSON through Chromium)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from cli.common import FROM_OPTION, JSON_OPTION, read_deck, report_losses, set_json
from cli.output import out


def register(app: typer.Typer) -> None:
    app.command("render")(render)


def render(
    src: Path = typer.Argument(..., help="Deck to render (pptx, html, IR JSON, Figma JSON)."),
    out_dir: Path = typer.Option(..., "--out", "-o", help="Folder for slide-NNN.png (created if needed)."),
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
) -> None:
    """Render every slide to PNG. HTML is rendered with the network blocked: the requests it wanted
    are listed (a page that needs a CDN renders without it)."""
    from adapters.registry import registry

    set_json(json_)
    adapter = registry().detect(src, fmt=from_)
    fmt = adapter.info.name
    slides: list[dict[str, Any]]
    blocked: list[str] = []
    if fmt == "pptx":
        from PIL import Image

        from backends.render.libreoffice import render_pptx

        with out.progress(None, "rendering (LibreOffice)") as _advance:  # type: ignore[arg-type]
            paths = render_pptx(src, out_dir, width=width, timeout=timeout or 600.0, removed=blocked)
        if blocked:
            out.warn(f"{len(blocked)} external link(s) not followed by LibreOffice, e.g. {blocked[0][:120]}")
        slides = []
        for i, p in enumerate(paths, start=1):
            with Image.open(p) as im:
                slides.append({"index": i, "path": str(p), "width": im.width, "height": im.height})
        renderer = "libreoffice"
    else:
        from backends.render.chromium import render_deck, render_html

        if fmt == "html":
            with out.progress(None, "rendering (Chromium)") as advance:  # type: ignore[arg-type]
                result = render_html(
                    src, out_dir, width=width, javascript=javascript, timeout=timeout or 60.0, progress=advance
                )
        else:
            deck = read_deck(src, fmt)
            report_losses(deck.report)
            with out.progress(len(deck.slides), "rendering (Chromium)") as advance:
                result = render_deck(deck, out_dir, width=width, progress=advance)
        slides = [s.to_dict() for s in result.slides]
        blocked = result.blocked
        renderer = "chromium"
        if blocked:
            out.warn(f"{len(blocked)} network request(s) blocked, e.g. {blocked[0][:120]}")
    data = {
        "input": str(src),
        "format": fmt,
        "renderer": renderer,
        "out": str(out_dir),
        "width": width,
        "slides": slides,
        "pngs": [s["path"] for s in slides],
        "blocked": blocked,
    }

    def human(console: Any) -> None:
        console.print(f"{src} ({fmt}, {renderer}): {len(slides)} slide(s) -> {out_dir}", markup=False)
        for s in slides:
            console.print(f"  {s['path']}  {s['width']}x{s['height']}", markup=False)

    out.result(data, human)
