"""`ace diff BEFORE AFTER` (the JsonDiff edit trace) and `ace metrics DECK...` (the layout metrics,
of one deck as a table, of many as a line each)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from cli.common import FROM_OPTION, JSON_OPTION, read_deck, report_losses, set_json
from cli.output import out


def register(app: typer.Typer) -> None:
    app.command("diff")(diff)
    app.command("metrics")(metrics)


def diff(
    before: Path = typer.Argument(..., help="The origin deck (any format)."),
    after: Path = typer.Argument(..., help="The current deck (any format; ids are shared across formats)."),
    snapshot: bool = typer.Option(True, "--snapshot/--no-snapshot", help="Append the origin's per-slide snapshot."),
    max_entries: int = typer.Option(200, "--max-entries", min=1, max=10_000, help="Cap on listed edits."),
    from_: str | None = FROM_OPTION,
    json_: bool = JSON_OPTION,
) -> None:
    """What changed from BEFORE to AFTER, as the instruction-following judge reads it: an indented
    tree of added / removed / moved / modified elements, then a snapshot of BEFORE."""
    from judge.diff import diff_decks

    set_json(json_)
    origin = read_deck(before, from_)
    report_losses(origin.report)
    current = read_deck(after, from_)
    report_losses(current.report)
    result = diff_decks(origin, current, max_entries=max_entries, snapshot=snapshot)
    text = result.to_text(snapshot=snapshot)
    data = result.model_dump(mode="json")
    data["text"] = text
    out.result(data, lambda console: console.print(text, markup=False, end=""))


def _fmt(v: float | None, digits: int = 2) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def _events_line(counts: dict[str, int]) -> str:
    short = {"text_overlap": "overlap", "text_occluded": "occluded", "escape_parent": "escape", "off_slide": "off"}
    return " ".join(f"{short.get(k, k)}:{v}" for k, v in sorted(counts.items())) or "0"


def metrics(
    paths: list[str] = typer.Argument(
        ...,
        metavar="DECK...",
        help="Deck(s) to measure (html, pptx, IR JSON, Figma JSON; '-' reads stdin). Several decks, folders or "
        "globs: one line per deck.",
    ),
    events: bool = typer.Option(True, "--events/--no-events", help="List every collision event under the table."),
    out_dir: Path | None = typer.Option(
        None, "--out-dir", help="Batch: also write each deck's full metrics to DIR/<name>.metrics.json."
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", min=1, max=64, help="Batch: worker processes."),
    from_: str | None = FROM_OPTION,
    json_: bool = JSON_OPTION,
) -> int | None:
    """The four verifiable layout metrics of every slide (aspect ratio, whitespace, collision,
    imbalance) and their shaped rewards. HTML and scene-graph decks are measured in Chromium (DOM
    boxes), pptx through LibreOffice pixels and the IR's boxes."""
    set_json(json_)
    if out_dir is not None or len(paths) > 1 or any(Path(p).is_dir() or set("*?[") & set(p) for p in paths):
        return _metrics_batch(paths, out_dir, jobs, from_)
    from cli.stdio import input_file

    with input_file(paths[0]) as deck:
        result = _measure(deck, from_, progress=True)
    data = result.model_dump(mode="json")
    name = paths[0]

    def human(console: Any) -> None:
        from rich import box
        from rich.table import Table

        console.print(f"{name}: {len(result.slides)} slides, {result.pipeline}", markup=False)
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        for title in ("#", "AR", "content", "collisions", "imbal.", "R a/w/c/i", "R mean"):
            table.add_column(title, no_wrap=True)
        for m in result.slides:
            ok = "ok" if m.aspect.compliant.get("1%") else ("5%" if m.aspect.compliant.get("5%") else "no")
            rw = "/".join(_fmt(m.rewards.get(k)) for k in ("aspect", "whitespace", "collision", "imbalance"))
            table.add_row(
                str(m.index),
                f"{m.aspect.aspect:.3f} {ok}",
                _fmt(m.whitespace.content_ratio if m.whitespace else None, 3),
                _events_line(m.collision.counts),
                f"{m.imbalance.score:.2f}" + ("!" if m.imbalance.imbalanced else ""),
                rw,
                _fmt(m.rewards.get("mean")),
            )
        console.print(table)
        s = result.summary
        if s:
            console.print(_summary_line(s), markup=False)
        if events:
            for m in result.slides:
                over = {k: v for k, v in m.aspect.overflow.items() if v}
                if over:
                    console.print(
                        f"slide {m.index}: content past the slide box "
                        + ", ".join(f"{k} {v:g}px" for k, v in over.items()),
                        markup=False,
                    )
                for e in m.collision.events:
                    other = f"{e.b} ({e.b_label})" if e.b else "the slide"
                    console.print(
                        f"slide {m.index}: {e.kind} {e.a} ({e.a_label}) / {other}: "
                        f"{e.area:.0f} px2, {e.ratio:.0%} of the smaller",
                        markup=False,
                    )

    out.result(data, human)
    return None


def _summary_line(s: dict[str, Any]) -> str:
    return (
        f"mean rewards: aspect {_fmt(s.get('reward_aspect'))}, whitespace {_fmt(s.get('reward_whitespace'))}, "
        f"collision {_fmt(s.get('reward_collision'))}, imbalance {_fmt(s.get('reward_imbalance'))}, "
        f"overall {_fmt(s.get('reward_mean'))}; AR compliant (5%) {s.get('aspect_compliant_5%', 0):.0%}, "
        f"collision-free {s.get('collision_free', 0):.0%}, imbalanced {s.get('imbalanced', 0):.0%}"
    )


def _measure(deck: Path, fmt: str | None, *, progress: bool) -> Any:
    from judge.metrics.run import measure_file, slide_count

    if not deck.exists():
        from ace_core.errors import BadInputError

        raise BadInputError("file not found", where=str(deck))
    fmt, ir = slide_count(deck, fmt=fmt)
    if ir is not None:
        report_losses(ir.report)
    if not progress:
        return measure_file(deck, fmt=fmt, deck=ir)
    count = len(ir.slides) if ir is not None else None
    label = f"measuring ({'LibreOffice' if fmt == 'pptx' else 'Chromium'})"
    with out.progress(count, label) as advance:  # type: ignore[arg-type]
        return measure_file(deck, fmt=fmt, deck=ir, progress=advance)


def measure_one(src: str, fmt: str | None = None, save: str | None = None) -> dict[str, Any]:
    """One deck of a metrics batch: its summary, and its full metrics (in --json, and in `save`)."""
    import json

    result = _measure(Path(src), fmt, progress=False)
    data = result.model_dump(mode="json")
    if save is not None:
        from ace_core.fsutil import atomic_write_text

        atomic_write_text(save, json.dumps(data, ensure_ascii=False, indent=1))
    return {"slides": len(result.slides), "pipeline": result.pipeline, "summary": result.summary, "metrics": data}


def _metrics_batch(paths: list[str], out_dir: Path | None, jobs: int, fmt: str | None) -> int:
    import time

    from cli.batch import Task, collect_inputs, finish, plan_outputs, run_tasks

    items = collect_inputs(paths, exclude=out_dir)
    planned = plan_outputs(items, out_dir or Path("."), lambda stem: f"{stem}.metrics.json")
    tasks = []
    for i, (item, (dst, err)) in enumerate(zip(items, planned, strict=True)):
        save = str(dst) if out_dir is not None else None
        kwargs = {"src": str(item.src), "fmt": fmt, "save": save}
        tasks.append(Task(i, item.src, dst if save else None, __name__, "measure_one", kwargs, err if save else None))
    start = time.perf_counter()
    results = run_tasks(tasks, jobs=jobs, label="measuring", line=_metrics_line)
    return finish(results, verb="measured", seconds=time.perf_counter() - start)


def _metrics_line(r: dict[str, Any]) -> str:
    from cli.batch import failure_line

    if not r["ok"]:
        return failure_line(r)
    s = r.get("summary") or {}
    return (
        f"ok {r['input']}: {r['slides']} slides, {r['pipeline']}, overall reward {_fmt(s.get('reward_mean'))}, "
        f"collision-free {s.get('collision_free', 0):.0%}, imbalanced {s.get('imbalanced', 0):.0%}, "
        f"{r['seconds']:.2f} s"
    )
