"""`ace diff BEFORE AFTER` (the JsonDiff edit trace) and `ace metrics DECK` (the layout metrics)."""

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
    deck: Path = typer.Argument(..., help="Deck to measure (html, pptx, IR JSON, Figma JSON)."),
    events: bool = typer.Option(True, "--events/--no-events", help="List every collision event under the table."),
    from_: str | None = FROM_OPTION,
    json_: bool = JSON_OPTION,
) -> None:
    """The four verifiable layout metrics of every slide (aspect ratio, whitespace, collision,
    imbalance) and their shaped rewards. HTML and scene-graph decks are measured in Chromium (DOM
    boxes), pptx through LibreOffice pixels and the IR's boxes."""
    from judge.metrics.run import measure_file, slide_count

    set_json(json_)
    if not deck.exists():
        from ace_core.errors import BadInputError

        raise BadInputError("file not found", where=str(deck))
    fmt, ir = slide_count(deck, fmt=from_)
    if ir is not None:
        report_losses(ir.report)
    count = len(ir.slides) if ir is not None else None
    label = f"measuring ({'LibreOffice' if fmt == 'pptx' else 'Chromium'})"
    with out.progress(count, label) as advance:  # type: ignore[arg-type]
        result = measure_file(deck, fmt=fmt, deck=ir, progress=advance)
    data = result.model_dump(mode="json")

    def human(console: Any) -> None:
        from rich import box
        from rich.table import Table

        console.print(f"{deck}: {len(result.slides)} slides, {result.pipeline}", markup=False)
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
            console.print(
                f"mean rewards: aspect {_fmt(s.get('reward_aspect'))}, whitespace {_fmt(s.get('reward_whitespace'))}, "
                f"collision {_fmt(s.get('reward_collision'))}, imbalance {_fmt(s.get('reward_imbalance'))}, "
                f"overall {_fmt(s.get('reward_mean'))}; AR compliant (5%) {s.get('aspect_compliant_5%', 0):.0%}, "
                f"collision-free {s.get('collision_free', 0):.0%}, imbalanced {s.get('imbalanced', 0):.0%}",
                markup=False,
            )
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
