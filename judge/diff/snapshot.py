"""The per-slide snapshot of the origin deck appended to the diff: each slide's text with its
alignment and font, and its visual shapes, so the judge can tell a slide the agent skipped from
one that already was in the requested state."""

from __future__ import annotations

from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import NodeBase
from judge.diff.model import SlideSnapshot, SnapshotItem
from judge.diff.props import display, node_props, norm_text, norm_type

__all__ = ["snapshot_deck", "snapshot_slide"]

MAX_ITEMS = 40
TEXT_CHARS = 160


def _font(props: dict) -> str | None:
    parts = []
    if props.get("font_family"):
        parts.append(str(props["font_family"]))
    if props.get("font_size"):
        parts.append(f"{round(props['font_size'], 1):g}px")
    weight = props.get("font_weight") or 400
    if weight >= 600:
        parts.append("bold")
    if props.get("font_style") == "italic":
        parts.append("italic")
    if props.get("text_decoration") not in (None, "NONE"):
        parts.append(str(props["text_decoration"]).lower())
    if props.get("text_color") is not None:
        parts.append(str(display("text_color", props["text_color"])))
    return " ".join(parts) or None


def _clip(text: str, n: int = TEXT_CHARS) -> str:
    t = " ".join(text.split())
    return t if len(t) <= n else t[: n - 1] + "…"


def snapshot_slide(slide: Slide, index: int) -> SlideSnapshot:
    items: list[SnapshotItem] = []

    def walk(nodes: list[NodeBase], ox: float, oy: float) -> None:
        for n in nodes:
            x, y = ox + n.x, oy + n.y
            props = node_props(n, (x, y, n.width, n.height))
            kind = norm_type(n)
            box = f"{round(n.width):d}x{round(n.height):d} at ({round(x):d},{round(y):d})"
            hidden = "" if n.visible else " (hidden)"
            text = props.get("text") or ""
            fills = props.get("fills") or ()
            if text:
                items.append(
                    SnapshotItem(
                        kind="text",
                        id=n.id,
                        type=kind,
                        name=n.name,
                        text=_clip(text),
                        align=str(props.get("text_align") or "LEFT").lower(),
                        font=_font(props),
                        detail=(f"fill {', '.join(display('fills', fills))}" if fills else "") + hidden,
                    )
                )
            elif n.type in ("IMAGE", "VECTOR", "SHAPE", "LINE", "CONNECTOR", "CHART", "MATH") or (
                kind in ("RECTANGLE", "ELLIPSE", "FRAME") and fills
            ):
                detail = box
                if fills:
                    detail += f", fill {', '.join(display('fills', fills))}"
                if n.type == "IMAGE":
                    detail += f", image {display('image', props.get('image'))}"
                if n.type == "CHART":
                    detail += f", {props['chart_type'][0]} chart, categories {list(props['categories'])[:6]}"
                if n.type == "MATH":
                    detail += f", latex {_clip(props.get('latex') or '', 60)}"
                items.append(SnapshotItem(kind="visual", id=n.id, type=kind, name=n.name, detail=detail + hidden))
            for row_i, row in enumerate(getattr(n, "rows", None) or []):
                cells = [norm_text(c.text.plain_text) for c in row.cells]
                if any(cells):
                    items.append(
                        SnapshotItem(
                            kind="text", id=f"{n.id}/row{row_i + 1}", type="TABLE_ROW", text=_clip(" | ".join(cells))
                        )
                    )
            kids = getattr(n, "children", None)
            if kids:
                walk(kids, x, y)

    walk(list(slide.children), 0.0, 0.0)
    transition = None
    if slide.transition is not None:
        t = slide.transition
        transition = t.style + (f" {t.direction}" if t.direction else "") + (f" {t.duration:g}s" if t.duration else "")
    return SlideSnapshot(
        index=index,
        id=slide.id,
        name=slide.name,
        notes=_clip(norm_text(slide.notes), 200),
        transition=transition,
        items=items[:MAX_ITEMS],
        more=max(0, len(items) - MAX_ITEMS),
    )


def snapshot_deck(deck: Deck) -> list[SlideSnapshot]:
    return [snapshot_slide(s, i) for i, s in enumerate(deck.slides, start=1)]
