"""`ace convert IN OUT`: any supported format to any other, printing the loss report."""

from __future__ import annotations

from pathlib import Path

import typer

from cli.common import FROM_OPTION, JSON_OPTION, report_losses, set_json
from cli.output import out


def register(app: typer.Typer) -> None:
    app.command("convert")(convert)


def _reads_figma(src: Path, from_: str | None) -> bool:
    """True when the input is Figma JSON (then --images is where its images are read from)."""
    from ace_core.errors import AceError
    from adapters.registry import registry

    try:
        return registry().detect(src, fmt=from_).info.name == "figma"
    except (AceError, OSError):  # an unreadable input fails with its own clear error in convert
        return True


def convert(
    src: Path = typer.Argument(..., help="Input deck (pptx, html, Figma JSON, IR JSON)."),
    dst: Path = typer.Argument(..., help="Output file; the format comes from the extension or --to."),
    from_: str | None = FROM_OPTION,
    to: str | None = typer.Option(None, "--to", help="Output format (pptx, html, figma, ir)."),
    fresh: bool = typer.Option(
        False, "--fresh", help="Generate the output from the IR even when it could patch the source."
    ),
    keep_strict: bool = typer.Option(
        False, "--keep-strict", help="pptx output: keep an ISO-Strict deck Strict (default: Transitional)."
    ),
    fit: str | None = typer.Option(
        None,
        "--fit",
        help="HTML input: content outside the slide box: 'overflow' (scale it onto the slide, or paginate "
        "when that would shrink it below 60 %), 'scale' or 'paginate'. Default: kept off the slide, reported.",
    ),
    force: bool = typer.Option(False, "--force", help="Allow the output to overwrite the input."),
    assets: str | None = typer.Option(
        None, "--assets", help="HTML output: 'inline' (data: URIs, default) or 'external' (files in <name>.assets/)."
    ),
    no_source: bool = typer.Option(
        False, "--no-source", help="HTML output: do not embed the source package (smaller file; no patching back)."
    ),
    images: Path | None = typer.Option(
        None,
        "--images",
        help="Figma input: folder of <imageRef>[.ext] image files. Figma output (from another format): "
        "where the image files go (default <out>.images/).",
    ),
    image_map: Path | None = typer.Option(None, "--image-map", help="Figma input: JSON {imageRef: path}."),
    page: str | None = typer.Option(None, "--page", help="Figma input: the page (name or id) to convert."),
    nodes: str | None = typer.Option(None, "--nodes", help="Figma input: comma-separated node ids, one slide each."),
    embed_ir: bool = typer.Option(
        False,
        "--embed-ir",
        help="Figma output: also store ACE's IR copy in sharedPluginData, so ACE reads the file back exactly "
        "(tables, charts, presets...). Off: the file stands on Figma's standard fields alone.",
    ),
    figma_slides: bool = typer.Option(
        False,
        "--figma-slides",
        help="Figma output: Figma Slides nodes (SLIDE_GRID / SLIDE_ROW / SLIDE), which Figma's REST "
        "specification does not list; default: a design file with one frame per slide.",
    ),
    json_: bool = JSON_OPTION,
) -> None:
    """Convert a deck between formats. The input is never modified."""
    from adapters import convert as do_convert

    set_json(json_)
    write_options: dict[str, object] = {"fresh": True} if fresh else {}
    if assets is not None:
        if assets not in ("inline", "external"):
            from ace_core.errors import BadInputError

            raise BadInputError(f"unknown --assets {assets!r}", where="--assets", hint="use inline or external")
        write_options["assets"] = assets
    if no_source:
        write_options["embed_source"] = False
    if keep_strict:
        write_options["keep_strict"] = True
    if embed_ir:
        write_options["embed_ir"] = True
    if figma_slides:
        write_options["slides"] = True
    if images is not None and not _reads_figma(src, from_):
        write_options["images_dir"] = images
        images = None
    figma = {"images": images, "image_map": image_map, "page": page, "nodes": nodes, "fit": fit}
    read_options = {k: v for k, v in figma.items() if v is not None}
    result = do_convert(
        src,
        dst,
        from_format=from_,
        to_format=to,
        read_options=read_options,
        write_options=write_options,
        overwrite_input=force,
    )
    report_losses(result.report)
    data = {
        "input": str(src),
        "output": str(dst),
        "from": result.source_format,
        "to": result.target_format,
        "slides": len(result.deck.slides),
        "losses": [e.model_dump(exclude_none=True) for e in result.report.entries],
    }
    out.result(
        data,
        f"{src} ({result.source_format}) -> {dst} ({result.target_format}): "
        f"{len(result.deck.slides)} slides, {len(result.report)} loss entries",
    )
