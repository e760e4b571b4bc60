"""`ace convert IN OUT` (one deck, any format to any other, printing the loss report) and
`ace convert IN... --to FORMAT --out-dir DIR [--jobs N]` (many decks in one process); `-` reads
stdin or writes stdout."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from cli.common import FROM_OPTION, JSON_OPTION, set_json
from cli.convert_run import convert_batch, convert_single


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
    paths: list[str] = typer.Argument(
        ...,
        metavar="IN [OUT] | IN... --out-dir DIR",
        help="Input deck(s) (pptx, html, Figma JSON, IR JSON; '-' reads stdin) and, for one deck, the output file "
        "('-' writes stdout). With --out-dir: any number of files, folders and globs.",
    ),
    output: str | None = typer.Option(
        None, "-o", "--output", help="Output file of one input ('-': stdout); the format from its extension or --to."
    ),
    out_dir: Path | None = typer.Option(
        None, "--out-dir", help="Batch: write each input to DIR/<name>.<ext> (folder structure kept); needs --to."
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=64, help="Batch: worker processes."),
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
    timeout: float | None = typer.Option(
        None,
        "--timeout",
        min=1.0,
        help="Time limit in seconds of each renderer wait (Chromium for arbitrary HTML, LibreOffice for "
        "picture conversion).",
    ),
    json_: bool = JSON_OPTION,
) -> int | None:
    """Convert decks between formats. Inputs are never modified; a batch reports each file and
    exits 5 when some failed."""
    from ace_core.errors import BadInputError

    set_json(json_)
    write_options: dict[str, Any] = {"fresh": True} if fresh else {}
    if assets is not None:
        if assets not in ("inline", "external"):
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
    if images is not None and paths and paths[0] != "-" and not _reads_figma(Path(paths[0]), from_):
        write_options["images_dir"] = images
        images = None
    figma = {"images": images, "image_map": image_map, "page": page, "nodes": nodes, "fit": fit}
    read_options = {k: v for k, v in figma.items() if v is not None}
    options = {
        "from_format": from_,
        "read_options": read_options,
        "write_options": write_options,
        "timeout": timeout,
    }
    if out_dir is not None:
        if output is not None:
            raise BadInputError("-o and --out-dir exclude each other", where="ace convert", hint="give one")
        return convert_batch(paths, out_dir, to, jobs, force=force, **options)
    if output is not None:
        if len(paths) != 1:
            raise BadInputError("-o takes one input", where="ace convert", hint="for several, use --out-dir DIR")
        src, dst = paths[0], output
    elif len(paths) == 2:
        src, dst = paths
    else:
        raise BadInputError(
            "give IN OUT, IN -o OUT, or IN... --to FORMAT --out-dir DIR",
            where="ace convert",
            hint="see ace convert --help",
        )
    convert_single(src, dst, to, force=force, **options)
    return None
