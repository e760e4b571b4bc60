"""The work of `ace convert` without typer: one conversion, its report, and batches of them
(the typer command in cli/commands/convert.py and the fast path in cli/fast.py both call this)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from cli.common import report_losses
from cli.output import out

__all__ = ["batch_convert_file", "convert_batch", "convert_file", "convert_pair", "convert_single"]


def convert_file(
    src: str,
    dst: str,
    *,
    from_format: str | None = None,
    to_format: str | None = None,
    read_options: dict[str, Any] | None = None,
    write_options: dict[str, Any] | None = None,
    overwrite_input: bool = False,
    timeout: float | None = None,
) -> dict[str, Any]:
    """One conversion (in this process or a batch worker): what a batch result records of it.
    `timeout`: the time limit of each renderer wait (`--timeout`)."""
    from ace_core.limits import time_limit
    from adapters import convert as do_convert

    with time_limit(timeout):
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


def convert_pair(src: str, dst: str) -> None:
    """`ace convert IN OUT` with no options (the fast path)."""
    convert_single(src, dst, None, force=False, from_format=None, read_options={}, write_options={})


def convert_single(src: str, dst: str, to: str | None, *, force: bool, **options: Any) -> None:
    """One deck: `src` or stdin (`-`) to `dst` or stdout (`-`), the loss report, the result line."""
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


_WORK_MODULES = {
    "html": ("adapters.html.write",),
    "pptx": ("adapters.ooxml.writer",),
    "figma": ("adapters.figma.write",),
}
"""what a batch worker's conversion to a format imports (its pool preloads them)"""


def convert_batch(paths: list[str], out_dir: Path, to: str | None, jobs: int, *, force: bool, **options: Any) -> int:
    """Many decks to `out_dir`; returns the batch's exit code."""
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
    preload = ["adapters.api", *_WORK_MODULES.get(adapter.info.name, ())]
    if any(item.src.suffix.lower() in (".pptx", ".pptm", ".potx", ".ppsx") for item in items):
        preload.append("adapters.ooxml.read_deck")
    results = run_tasks(tasks, jobs=jobs, label=f"converting to {adapter.info.name}", line=_line, preload=preload)
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
