"""`ace convert IN OUT` (one deck, any format to any other, printing the loss report) and
`ace convert IN... --to FORMAT --out-dir DIR [--jobs N]` (many decks in one process); `-` reads
stdin or writes stdout."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer

from cli.common import FROM_OPTION, JSON_OPTION, report_losses, set_json
from cli.output import out


def register(app: typer.Typer) -> None:
    app.command("convert")(convert)


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
    force: bool = typer.Option(False, "--force", help="Allow the output to overwrite the input."),
    assets: str | None = typer.Option(
        None, "--assets", help="HTML output: 'inline' (data: URIs, default) or 'external' (files in <name>.assets/)."
    ),
    no_source: bool = typer.Option(
        False, "--no-source", help="HTML output: do not embed the source package (smaller file; no patching back)."
    ),
    images: Path | None = typer.Option(None, "--images", help="Figma input: folder of <imageRef>[.ext] image files."),
    image_map: Path | None = typer.Option(None, "--image-map", help="Figma input: JSON {imageRef: path}."),
    page: str | None = typer.Option(None, "--page", help="Figma input: the page (name or id) to convert."),
    nodes: str | None = typer.Option(None, "--nodes", help="Figma input: comma-separated node ids, one slide each."),
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
    figma = {"images": images, "image_map": image_map, "page": page, "nodes": nodes}
    read_options = {k: v for k, v in figma.items() if v is not None}
    options = {"from_format": from_, "read_options": read_options, "write_options": write_options}
    if out_dir is not None:
        if output is not None:
            raise BadInputError("-o and --out-dir exclude each other", where="ace convert", hint="give one")
        return _batch(paths, out_dir, to, jobs, force=force, **options)
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
    _single(src, dst, to, force=force, **options)
    return None


def convert_file(
    src: str,
    dst: str,
    *,
    from_format: str | None = None,
    to_format: str | None = None,
    read_options: dict[str, Any] | None = None,
    write_options: dict[str, Any] | None = None,
    overwrite_input: bool = False,
) -> dict[str, Any]:
    """One conversion (in this process or a batch worker): what a batch result records of it."""
    from adapters import convert as do_convert

    result = do_convert(
        Path(src),
        Path(dst),
        from_format=from_format,
        to_format=to_format,
        read_options=read_options,
        write_options=write_options,
        overwrite_input=overwrite_input,
    )
    losses = result.report.by_feature()
    return {
        "from": result.source_format,
        "to": result.target_format,
        "slides": len(result.deck.slides),
        "loss_entries": len(result.report),
        "losses": dict(sorted(losses.items())),
        "_result": result,
    }


def _single(src: str, dst: str, to: str | None, *, force: bool, **options: Any) -> None:
    from ace_core.errors import BadInputError
    from cli.stdio import input_file, is_stdio, stdout_file

    if is_stdio(dst):
        if to is None:
            raise BadInputError("writing to stdout needs the format", where="-o -", hint="give --to pptx|html|figma|ir")
        if out.json_mode:
            raise BadInputError("--json and -o - both want stdout", where="ace convert", hint="write to a file")
        out.data_on_stdout = True
    with input_file(src) as path:
        if is_stdio(dst):
            from adapters.registry import registry

            extension = registry().get(to).info.extensions[0]  # type: ignore[arg-type]
            with stdout_file(extension) as target:
                info = convert_file(str(path), str(target), to_format=to, overwrite_input=force, **options)
        else:
            info = convert_file(str(path), dst, to_format=to, overwrite_input=force, **options)
    result = info.pop("_result")
    report_losses(result.report)
    data = {
        "input": src,
        "output": dst,
        "from": info["from"],
        "to": info["to"],
        "slides": info["slides"],
        "losses": [e.model_dump(exclude_none=True) for e in result.report.entries],
    }
    out.result(
        data,
        f"{src} ({info['from']}) -> {dst} ({info['to']}): {info['slides']} slides, {info['loss_entries']} loss entries",
    )


def _batch(paths: list[str], out_dir: Path, to: str | None, jobs: int, *, force: bool, **options: Any) -> int:
    from ace_core.errors import BadInputError
    from adapters.registry import registry
    from cli.batch import Task, collect_inputs, finish, plan_outputs, run_tasks

    if to is None:
        raise BadInputError("a batch needs the output format", where="--out-dir", hint="give --to pptx|html|figma|ir")
    adapter = registry().for_output(f"x.{to}", fmt=to)
    extension = adapter.info.extensions[0]
    items = collect_inputs(paths, exclude=out_dir)
    planned = plan_outputs(items, out_dir, lambda stem: f"{stem}.{extension}")
    tasks = [
        Task(
            index=i,
            src=item.src,
            output=dst,
            module=__name__,
            function="batch_convert_file",
            kwargs={"src": str(item.src), "dst": str(dst), "to_format": adapter.info.name, **options},
            error=error,
        )
        for i, (item, (dst, error)) in enumerate(zip(items, planned, strict=True))
    ]
    start = time.perf_counter()
    results = run_tasks(tasks, jobs=jobs, label=f"converting to {adapter.info.name}", line=_line)
    return finish(results, verb="converted", seconds=time.perf_counter() - start)


def batch_convert_file(**kwargs: Any) -> dict[str, Any]:
    info = convert_file(**kwargs)
    info.pop("_result")
    return info


def _line(r: dict[str, Any]) -> str:
    from cli.batch import failure_line

    if not r["ok"]:
        return failure_line(r)
    losses = f"{r['loss_entries']} loss entries"
    return f"ok {r['input']} -> {r['output']}: {r['slides']} slides, {losses}, {r['seconds']:.2f} s"
