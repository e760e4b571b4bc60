"""Deterministic checks of an ablation task on its output deck: text, slide and node counts, fills
and text style, and (from judge.metrics on the rendered slides) collisions and overflow."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "KINDS",
    "LAYOUT_KINDS",
    "Check",
    "CheckResult",
    "evaluate_checks",
    "layout_slides",
    "slide_text",
]

Op = Literal["==", "!=", "<", "<=", ">", ">="]
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
LAYOUT_KINDS = ("no_collision", "within_slide")
_COLLISIONS = ("text_overlap", "text_occluded", "escape_parent")
SMARTART = "SMARTART"
"""pseudo node type of node_count: a diagram (the scene graph's smartart frame, a pptx SmartArt group)"""


class _Base(BaseModel):
    model_config = ConfigDict(extra="forbid")
    slide: int | None = Field(None, ge=1, description="1-based slide; None = the whole deck")


class TextCheck(_Base):
    kind: Literal["text_contains", "text_absent"]
    text: str = Field(min_length=1)
    ignore_case: bool = False


class SlideCountCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["slide_count"]
    op: Op = "=="
    value: int = Field(ge=0)


class NodeCountCheck(_Base):
    kind: Literal["node_count"]
    type: str | None = Field(None, description="node type (TEXT, TABLE, CHART, IMAGE, MATH, ..., SMARTART)")
    text: str | None = Field(None, description="count only nodes whose own text contains this")
    op: Op = ">="
    value: int = Field(ge=0)


class _Selector(_Base):
    node: str | None = Field(None, description="node id")
    text: str | None = Field(None, description="the nodes whose own text contains this")
    name: str | None = Field(None, description="the nodes of this layer name")
    type: str | None = None

    @model_validator(mode="after")
    def _one_selector(self) -> _Selector:
        if not (self.node or self.text or self.name):
            raise ValueError("give the node: node (id), text or name")
        return self


class FillCheck(_Selector):
    """A shape's solid fill; for a TEXT node its text colour (as set_fill_color does) unless
    target is 'shape' (the text box's own background)."""

    kind: Literal["fill"]
    color: str
    tolerance: float = Field(0.05, ge=0, le=1, description="max per-channel difference, 0-1")
    target: Literal["auto", "shape", "text"] = "auto"


class TextStyleCheck(_Selector):
    """Every run of the selected nodes: family, size (px, +-0.5), bold, italic, colour."""

    kind: Literal["text_style"]
    family: str | None = None
    size: float | None = Field(None, gt=0)
    bold: bool | None = None
    italic: bool | None = None
    color: str | None = None
    tolerance: float = Field(0.05, ge=0, le=1)


class ChartCheck(_Base):
    """The chart (by node id, else every chart on the slide / deck): type, title, categories,
    series names or count."""

    kind: Literal["chart"]
    node: str | None = None
    chart_type: str | None = None
    title: str | None = None
    categories: list[str] | None = None
    series: list[str] | None = Field(None, description="series names, in order")
    series_count: int | None = Field(None, ge=0)


class TableCellText(BaseModel):
    model_config = ConfigDict(extra="forbid")
    row: int = Field(ge=0, description="0-based")
    col: int = Field(ge=0, description="0-based")
    text: str


class TableCheck(_Base):
    """The table (by node id, else every table on the slide / deck): rows, columns, cell texts."""

    kind: Literal["table"]
    node: str | None = None
    rows: int | None = Field(None, ge=0)
    cols: int | None = Field(None, ge=0)
    cells: list[TableCellText] = Field(default_factory=list)


class BoxCheck(_Selector):
    """The selected nodes' box in slide coordinates (px), each given side within `tolerance` px."""

    kind: Literal["box"]
    x: float | None = None
    y: float | None = None
    width: float | None = None
    height: float | None = None
    right: float | None = Field(None, description="x + width")
    bottom: float | None = Field(None, description="y + height")
    tolerance: float = Field(2.0, ge=0)


class ImageCheck(_Selector):
    """The selected nodes show this picture (compared as 16 x 16 thumbnails, so a re-encoded or
    resized copy still matches): an image-library id (fixtures/images) or a file path."""

    kind: Literal["image"]
    source: str
    tolerance: float = Field(0.06, ge=0, le=1, description="mean channel difference of the thumbnails, 0-1")


class BackgroundCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["background"]
    slide: int = Field(ge=1)
    color: str
    tolerance: float = Field(0.05, ge=0, le=1)


class LayoutCheck(_Base):
    """From judge.metrics on the rendered slide (slide None: every slide the edit touched).
    `allow_existing`: events the origin's slide already had do not count."""

    kind: Literal["no_collision", "within_slide"]
    allow_existing: bool = False


Check = Annotated[
    TextCheck
    | SlideCountCheck
    | NodeCountCheck
    | FillCheck
    | TextStyleCheck
    | ChartCheck
    | TableCheck
    | BoxCheck
    | ImageCheck
    | BackgroundCheck
    | LayoutCheck,
    Field(discriminator="kind"),
]


KINDS = frozenset(
    k
    for model in Check.__args__[0].__args__
    for k in model.model_fields["kind"].annotation.__args__  # type: ignore[attr-defined]
)
"""every check kind a task file may use"""


class CheckResult(BaseModel):
    kind: str
    ok: bool
    detail: str = Field(description="what was found (always), and why it fails")


def _clip(text: str, n: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _own_text(node: Any) -> str:
    from judge.diff.props import descendant_text

    parts = []
    body = getattr(node, "text_body", None)
    if body is not None:
        parts.append(body.plain_text)
    if node.type in ("TABLE", "MATH"):
        parts.append(descendant_text(node, limit=1_000_000))
    if node.type == "CHART":
        chart = node.chart
        parts += [chart.title or "", *chart.categories, *(s.name or "" for s in chart.series)]
    return " ".join(" ".join(parts).split())


def slide_text(slide: Any) -> str:
    """Every text of a slide (text boxes, shapes, table cells, chart titles and labels, LaTeX), in
    document order, spaces collapsed."""
    return " | ".join(t for t in (_own_text(n) for n in slide.iter_nodes()) if t)


def _slides(deck: Any, slide: int | None) -> tuple[list[tuple[int, Any]], str | None]:
    if slide is None:
        return list(enumerate(deck.slides, start=1)), None
    if slide > len(deck.slides):
        return [], f"slide {slide} does not exist (the deck has {len(deck.slides)})"
    return [(slide, deck.slides[slide - 1])], None


def _where(slide: int | None) -> str:
    return f"slide {slide}" if slide is not None else "the deck"


def _is_type(node: Any, kind: str | None) -> bool:
    if kind is None:
        return True
    if kind.upper() == SMARTART:
        return bool(node.meta.get("smartart") or node.meta.get("pptx.smartart"))
    return node.type == kind.upper()


def _text_check(c: TextCheck, deck: Any) -> CheckResult:
    slides, missing = _slides(deck, c.slide)
    if missing:
        return CheckResult(kind=c.kind, ok=False, detail=missing)
    found = " | ".join(slide_text(s) for _, s in slides)
    hay, needle = (found.lower(), c.text.lower()) if c.ignore_case else (found, c.text)
    hay, needle = " ".join(hay.split()), " ".join(needle.split())
    present = needle in hay
    ok = present if c.kind == "text_contains" else not present
    verb = "contains" if present else "does not contain"
    detail = f"{_where(c.slide)} {verb} {c.text!r}"
    if not ok:
        if present:
            at = hay.find(needle)
            detail += f" (…{_clip(found[max(0, at - 30) : at + len(needle) + 30], 90)}…)"
        else:
            detail += f" (found: {_clip(found, 120)!r})"
    return CheckResult(kind=c.kind, ok=ok, detail=detail)


def _count_check(c: SlideCountCheck | NodeCountCheck, deck: Any) -> CheckResult:
    if isinstance(c, SlideCountCheck):
        n = len(deck.slides)
        ok = _OPS[c.op](n, c.value)
        return CheckResult(kind=c.kind, ok=ok, detail=f"{n} slides (want {c.op} {c.value})")
    slides, missing = _slides(deck, c.slide)
    if missing:
        return CheckResult(kind=c.kind, ok=False, detail=missing)
    nodes = [
        n
        for _, s in slides
        for n in s.iter_nodes()
        if _is_type(n, c.type) and (c.text is None or c.text in _own_text(n))
    ]
    what = (c.type or "node").upper() + (f" with {c.text!r}" if c.text else "")
    ok = _OPS[c.op](len(nodes), c.value)
    return CheckResult(kind=c.kind, ok=ok, detail=f"{_where(c.slide)} has {len(nodes)} {what} (want {c.op} {c.value})")


def _select(c: _Selector, deck: Any) -> tuple[list[Any], str | None]:
    slides, missing = _slides(deck, c.slide)
    if missing:
        return [], missing
    hits = []
    for _, s in slides:
        for n in s.iter_nodes():
            if c.node and n.id != c.node:
                continue
            if c.name and n.name != c.name:
                continue
            if c.type and not _is_type(n, c.type):
                continue
            if c.text and c.text not in (n.text_body.plain_text if n.text_body is not None else ""):
                continue
            hits.append(n)
    if c.text and not c.node:  # the innermost nodes holding the text, not every container around them
        ids = {id(h) for h in hits}
        hits = [h for h in hits if not any(id(k) in ids for k in _descendants(h))]
    if not hits:
        sel = ", ".join(f"{k} {v!r}" for k, v in (("id", c.node), ("text", c.text), ("name", c.name)) if v)
        return [], f"no node with {sel} on {_where(c.slide)}"
    return hits, None


def _descendants(node: Any) -> list[Any]:
    out: list[Any] = []
    for child in getattr(node, "children", None) or []:
        out.append(child)
        out.extend(_descendants(child))
    return out


def _paint_color(paint: Any) -> Any:
    if paint is None or getattr(paint, "type", None) != "SOLID" or not paint.visible:
        return None
    return paint.color


def _distance(a: Any, b: Any) -> float:
    return max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))


def _runs(node: Any) -> list[Any]:
    """The effective style of every non-empty run of a node's text (body, paragraph, run merged)."""
    body = node.text_body
    if body is None:
        return []
    styles = []
    for para in body.paragraphs:
        base = body.style.merged(para.style)
        for run in para.runs:
            if run.text.strip():
                styles.append(base.merged(run.style))
    return styles


def _fill_of(node: Any, target: str = "auto") -> list[Any]:
    if target == "text" or (target == "auto" and node.type == "TEXT"):
        return [_paint_color(s.fill) for s in _runs(node)] or [None]
    return [next((c for c in map(_paint_color, node.fills) if c is not None), None)]


def _color_verdict(found: list[Any], want: Any, tolerance: float) -> tuple[bool, str]:
    shown = sorted({c.hex if c is not None else "none" for c in found})
    ok = all(c is not None and _distance(c, want) <= tolerance for c in found)
    return ok, "/".join(shown)


def _fill_check(c: FillCheck, deck: Any) -> CheckResult:
    from ace_core.color import parse_color

    nodes, missing = _select(c, deck)
    if missing:
        return CheckResult(kind=c.kind, ok=False, detail=missing)
    want = parse_color(c.color)
    parts, ok = [], True
    for n in nodes:
        text = c.target == "text" or (c.target == "auto" and n.type == "TEXT")
        good, shown = _color_verdict(_fill_of(n, c.target), want, c.tolerance)
        ok &= good
        parts.append(f"{n.type} {n.id} {'text colour' if text else 'fill'} {shown}")
    return CheckResult(kind=c.kind, ok=ok, detail=f"{'; '.join(parts)} (want {want.hex} ± {c.tolerance:g})")


def _style_check(c: TextStyleCheck, deck: Any) -> CheckResult:
    from ace_core.color import parse_color

    nodes, missing = _select(c, deck)
    if missing:
        return CheckResult(kind=c.kind, ok=False, detail=missing)
    bad: list[str] = []
    seen: list[str] = []
    for n in nodes:
        runs = _runs(n)
        if not runs:
            bad.append(f"{n.id} has no text")
            continue
        fams = sorted({r.font_family or "?" for r in runs})
        sizes = sorted({round(r.font_size, 1) if r.font_size else 0 for r in runs})
        bolds = sorted({(r.font_weight or 400) >= 600 for r in runs})
        italics = sorted({bool(r.italic) for r in runs})
        seen.append(f"{n.id}: {'/'.join(fams)} {'/'.join(f'{s:g}' for s in sizes)}px bold {bolds} italic {italics}")
        if c.family is not None and any((r.font_family or "").lower() != c.family.lower() for r in runs):
            bad.append(f"{n.id} family {'/'.join(fams)}")
        if c.size is not None and any(abs((r.font_size or 0) - c.size) > 0.5 for r in runs):
            bad.append(f"{n.id} size {'/'.join(f'{s:g}' for s in sizes)}px")
        if c.bold is not None and bolds != [c.bold]:
            bad.append(f"{n.id} bold {bolds}")
        if c.italic is not None and italics != [c.italic]:
            bad.append(f"{n.id} italic {italics}")
        if c.color is not None:
            good, shown = _color_verdict([_paint_color(r.fill) for r in runs], parse_color(c.color), c.tolerance)
            if not good:
                bad.append(f"{n.id} colour {shown}")
    want = {
        k: v for k, v in c.model_dump(include={"family", "size", "bold", "italic", "color"}).items() if v is not None
    }
    detail = "; ".join(seen) + f" (want {want})"
    if bad:
        detail = "wrong: " + ", ".join(bad) + " — " + detail
    return CheckResult(kind=c.kind, ok=not bad, detail=detail)


def _semantic(c: ChartCheck | TableCheck, deck: Any, kind: str) -> tuple[list[Any], str | None]:
    slides, missing = _slides(deck, c.slide)
    if missing:
        return [], missing
    nodes = [n for _, s in slides for n in s.iter_nodes() if n.type == kind and (c.node is None or n.id == c.node)]
    if not nodes:
        return [], f"no {kind}{f' with id {c.node!r}' if c.node else ''} on {_where(c.slide)}"
    return nodes, None


def _chart_check(c: ChartCheck, deck: Any) -> CheckResult:
    nodes, missing = _semantic(c, deck, "CHART")
    if missing:
        return CheckResult(kind=c.kind, ok=False, detail=missing)
    bad, seen = [], []
    for n in nodes:
        ch = n.chart
        names = [s.name or "" for s in ch.series]
        seen.append(f"{n.id}: {ch.chart_type}, title {ch.title!r}, {len(ch.categories)} categories, series {names}")
        if c.chart_type is not None and ch.chart_type != c.chart_type:
            bad.append(f"{n.id} type {ch.chart_type}")
        if c.title is not None and (ch.title or "").strip() != c.title:
            bad.append(f"{n.id} title {ch.title!r}")
        if c.categories is not None and [str(x) for x in ch.categories] != c.categories:
            bad.append(f"{n.id} categories {ch.categories}")
        if c.series is not None and names != c.series:
            bad.append(f"{n.id} series {names}")
        if c.series_count is not None and len(names) != c.series_count:
            bad.append(f"{n.id} {len(names)} series")
    detail = "; ".join(seen)
    return CheckResult(kind=c.kind, ok=not bad, detail=("wrong: " + ", ".join(bad) + " — " if bad else "") + detail)


def _table_check(c: TableCheck, deck: Any) -> CheckResult:
    nodes, missing = _semantic(c, deck, "TABLE")
    if missing:
        return CheckResult(kind=c.kind, ok=False, detail=missing)
    bad, seen = [], []
    for n in nodes:
        rows, cols = len(n.rows), len(n.columns)
        seen.append(f"{n.id}: {rows}x{cols}")
        if c.rows is not None and rows != c.rows:
            bad.append(f"{n.id} has {rows} rows")
        if c.cols is not None and cols != c.cols:
            bad.append(f"{n.id} has {cols} columns")
        for cell in c.cells:
            try:
                text = n.rows[cell.row].cells[cell.col].text.plain_text
            except IndexError:
                bad.append(f"{n.id} has no cell ({cell.row}, {cell.col})")
                continue
            if " ".join(text.split()) != " ".join(cell.text.split()):
                bad.append(f"{n.id} cell ({cell.row}, {cell.col}) is {_clip(text, 40)!r}, want {cell.text!r}")
    detail = "; ".join(seen)
    return CheckResult(kind=c.kind, ok=not bad, detail=("wrong: " + ", ".join(bad) + " — " if bad else "") + detail)


def _absolute_boxes(deck: Any) -> dict[str, tuple[float, float, float, float]]:
    out: dict[str, tuple[float, float, float, float]] = {}

    def walk(nodes: list[Any], ox: float, oy: float) -> None:
        for n in nodes:
            x, y = ox + n.x, oy + n.y
            out[n.id] = (x, y, n.width, n.height)
            walk(getattr(n, "children", None) or [], x, y)

    for s in deck.slides:
        walk(s.children, 0.0, 0.0)
    return out


def _box_check(c: BoxCheck, deck: Any) -> CheckResult:
    nodes, missing = _select(c, deck)
    if missing:
        return CheckResult(kind=c.kind, ok=False, detail=missing)
    boxes = _absolute_boxes(deck)
    bad, seen = [], []
    for n in nodes:
        x, y, w, h = boxes[n.id]
        have = {"x": x, "y": y, "width": w, "height": h, "right": x + w, "bottom": y + h}
        seen.append(f"{n.id} at x {x:.0f}, y {y:.0f}, {w:.0f} x {h:.0f}")
        for key, value in have.items():
            want = getattr(c, key)
            if want is not None and abs(value - want) > c.tolerance:
                bad.append(f"{n.id} {key} {value:.0f} (want {want:g})")
    detail = "; ".join(seen) + f" (± {c.tolerance:g} px)"
    return CheckResult(kind=c.kind, ok=not bad, detail=("wrong: " + ", ".join(bad) + " — " if bad else "") + detail)


def _thumb(data: bytes) -> Any:
    import io

    import numpy as np
    from PIL import Image

    with Image.open(io.BytesIO(data)) as im:
        return np.asarray(im.convert("RGB").resize((16, 16), Image.Resampling.BOX), dtype=float) / 255.0


def _source_bytes(source: str) -> bytes | None:
    from pathlib import Path

    from backends.scenegraph.images import ImageLibrary

    lib = ImageLibrary()
    entry = lib.get(source)
    path = Path(lib.directory) / entry["file"] if entry and lib.directory else Path(source)
    return path.read_bytes() if path.is_file() else None


def _image_check(c: ImageCheck, deck: Any) -> CheckResult:
    nodes, missing = _select(c, deck)
    if missing:
        return CheckResult(kind=c.kind, ok=False, detail=missing)
    want = _source_bytes(c.source)
    if want is None:
        return CheckResult(kind=c.kind, ok=False, detail=f"no image {c.source!r} in the image library or on disk")
    target = _thumb(want)
    bad, seen = [], []
    for n in nodes:
        paints = [n.image] if n.type == "IMAGE" else [f for f in n.fills if getattr(f, "type", "") == "IMAGE"]
        asset = next((p.asset for p in paints if p.asset), None)
        if asset is None:
            bad.append(f"{n.id} shows no picture")
            continue
        try:
            diff = float(abs(_thumb(deck.asset_bytes(asset)) - target).mean())
        except (OSError, ValueError, KeyError):
            bad.append(f"{n.id}: its picture cannot be decoded")
            continue
        seen.append(f"{n.id} differs from {c.source} by {diff:.3f}")
        if diff > c.tolerance:
            bad.append(f"{n.id} shows another picture")
    detail = "; ".join(seen) + f" (want <= {c.tolerance:g})"
    return CheckResult(kind=c.kind, ok=not bad, detail=("wrong: " + ", ".join(bad) + " — " if bad else "") + detail)


def _background_check(c: BackgroundCheck, deck: Any) -> CheckResult:
    from ace_core.color import parse_color

    if c.slide > len(deck.slides):
        return CheckResult(
            kind=c.kind, ok=False, detail=f"slide {c.slide} does not exist (the deck has {len(deck.slides)})"
        )
    bg = deck.slides[c.slide - 1].background
    found = [next((x for x in map(_paint_color, bg.fills) if x is not None), None)] if bg is not None else [None]
    want = parse_color(c.color)
    ok, shown = _color_verdict(found, want, c.tolerance)
    return CheckResult(
        kind=c.kind, ok=ok, detail=f"slide {c.slide} background {shown} (want {want.hex} ± {c.tolerance:g})"
    )


def layout_slides(checks: list[Any], deck: Any, edited: list[int]) -> list[int]:
    """1-based slides of the output deck whose layout metrics the checks need."""
    wanted: set[int] = set()
    for c in checks:
        if c.kind in LAYOUT_KINDS:
            if c.slide is not None:
                wanted.add(c.slide)
            else:
                wanted.update(edited)
    return sorted(i for i in wanted if 1 <= i <= len(deck.slides))


def _unit(ident: str, label: str) -> str:
    return f"{ident} ({_clip(label, 40)!r})" if label and label != ident else ident


def _events(metrics: Any, kind: str) -> list[Any]:
    events = metrics.collision.events
    if kind == "no_collision":
        return [e for e in events if e.kind in _COLLISIONS]
    return [e for e in events if e.kind == "off_slide"]


def _layout_check(
    c: LayoutCheck, deck: Any, edited: list[int], metrics: dict[int, Any], origin: dict[str, Any]
) -> CheckResult:
    slides = [c.slide] if c.slide is not None else edited
    if c.slide is not None and c.slide > len(deck.slides):
        return CheckResult(
            kind=c.kind, ok=False, detail=f"slide {c.slide} does not exist (the deck has {len(deck.slides)})"
        )
    if not slides:
        return CheckResult(kind=c.kind, ok=True, detail="no slide was edited: nothing to measure")
    problems: list[str] = []
    seen: list[str] = []
    for i in slides:
        m = metrics.get(i)
        if m is None:
            problems.append(f"slide {i} was not measured")
            continue
        events = _events(m, c.kind)
        if c.allow_existing and m.slide_id in origin:
            before = {(e.kind, e.a, e.b) for e in _events(origin[m.slide_id], c.kind)}
            events = [e for e in events if (e.kind, e.a, e.b) not in before]
        for e in events[:3]:
            other = f" x {_unit(e.b, e.b_label)}" if e.b else ""
            problems.append(f"slide {i}: {e.kind} {_unit(e.a, e.a_label)}{other} ({e.ratio:.0%})")
        if len(events) > 3:
            problems.append(f"slide {i}: {len(events) - 3} more")
        if c.kind == "within_slide":
            over = {k: v for k, v in m.aspect.overflow.items() if v > 0.5}
            if over:
                problems.append(
                    f"slide {i}: content past the slide edge " + ", ".join(f"{k} {v:.0f}px" for k, v in over.items())
                )
        seen.append(str(i))
    if problems:
        return CheckResult(kind=c.kind, ok=False, detail="; ".join(problems))
    label = "no collision" if c.kind == "no_collision" else "everything within the slide"
    return CheckResult(kind=c.kind, ok=True, detail=f"{label} on slide {', '.join(seen)}")


def evaluate_checks(
    checks: list[Any],
    deck: Any,
    *,
    edited: list[int] | None = None,
    metrics: dict[int, Any] | None = None,
    origin_metrics: dict[str, Any] | None = None,
) -> list[CheckResult]:
    """Every check's verdict on `deck` (the output as its backend exports it). `edited`: 1-based
    slides the edit touched; `metrics`: SlideMetrics of the output by 1-based slide; `origin_metrics`:
    the origin's SlideMetrics by slide id (for allow_existing)."""
    deck_checks: dict[str, Callable[[Any, Any], CheckResult]] = {
        "text_contains": _text_check,
        "text_absent": _text_check,
        "slide_count": _count_check,
        "node_count": _count_check,
        "fill": _fill_check,
        "text_style": _style_check,
        "chart": _chart_check,
        "table": _table_check,
        "box": _box_check,
        "background": _background_check,
        "image": _image_check,
    }
    results = []
    for c in checks:
        if c.kind in LAYOUT_KINDS:
            results.append(_layout_check(c, deck, edited or [], metrics or {}, origin_metrics or {}))
        else:
            results.append(deck_checks[c.kind](c, deck))
    return results
