"""What the agent sees of a scene-graph deck: the FULL tree, a MICRO slice (full tree of target
slides, id and name of the others), a MACRO skeleton (ids, types, names and text; bounds on
targets) and a SYSTEMIC summary (colours and fonts with their usage). JSON text, compact."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from ace_core.ir.deck import THEME_BOOKKEEPING, Deck, Slide
from ace_core.ir.nodes import NodeBase

__all__ = ["full_view", "macro_view", "micro_view", "node_view", "slide_view", "systemic_view", "view_text"]

_DROP = {"source", "meta"}
_COLOR_KEYS = {"r", "g", "b", "a", "ref"}


def _hex(c: dict[str, Any]) -> Any:
    """An IR colour as the tools write it: "#RRGGBB" ("#RRGGBBAA" when translucent); a theme
    colour as {"hex", "theme"} (the scheme slot it came from)."""
    to8 = lambda v: max(0, min(255, round(float(v) * 255)))  # noqa: E731
    text = "#" + "".join(f"{to8(c.get(k, 0.0)):02X}" for k in "rgb")
    if c.get("a", 1.0) < 0.995:
        text += f"{to8(c['a']):02X}"
    ref = c.get("ref")
    if isinstance(ref, dict) and ref.get("scheme"):
        return {"hex": text, "theme": ref["scheme"]}
    return text


def _strip(value: Any, key: str = "") -> Any:
    """The dumped IR made compact for a prompt: provenance dropped, colours as hex, px rounded
    to 0.01 (whole numbers without a fraction)."""
    if isinstance(value, dict):
        if key == "color" and value.keys() <= _COLOR_KEYS:
            return _hex(value)
        return {k: _strip(v, k) for k, v in value.items() if k not in _DROP}
    if isinstance(value, list):
        return [_strip(v, key) for v in value]
    if isinstance(value, float):
        r = round(value, 2)
        return int(r) if r.is_integer() else r
    return value


def node_view(node: NodeBase) -> dict[str, Any]:
    """A node's IR (defaults omitted, provenance and format extras dropped), children included."""
    return _strip(node.model_dump(mode="json", exclude_defaults=True))


def slide_view(slide: Slide, index: int) -> dict[str, Any]:
    data = _strip(slide.model_dump(mode="json", exclude_defaults=True, exclude={"children"}))
    return {"index": index + 1, **data, "children": [node_view(c) for c in slide.children]}


def _deck_header(deck: Deck) -> dict[str, Any]:
    return {"width": deck.width, "height": deck.height, "slide_count": len(deck.slides)}


def _theme_view(deck: Deck) -> dict[str, Any] | None:
    """The theme as the tools see it (what it says, not the part it was read with)."""
    if deck.theme is None:
        return None
    return deck.theme.model_dump(mode="json", exclude_defaults=True, exclude=set(THEME_BOOKKEEPING))


def full_view(deck: Deck) -> dict[str, Any]:
    theme = _theme_view(deck)
    return {**_deck_header(deck), "theme": theme, "slides": [slide_view(s, i) for i, s in enumerate(deck.slides)]}


def micro_view(deck: Deck, targets: list[int]) -> dict[str, Any]:
    wanted = set(targets)
    slides = [
        slide_view(s, i) if i in wanted else {"index": i + 1, "id": s.id, "name": s.name}
        for i, s in enumerate(deck.slides)
    ]
    return {**_deck_header(deck), "target_slides": [t + 1 for t in sorted(wanted)], "slides": slides}


def _skeleton(node: NodeBase, ox: float, oy: float, bounds: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"id": node.id, "type": node.type}
    if node.name:
        out["name"] = node.name
    body = getattr(node, "text", None)
    if body is not None and hasattr(body, "plain_text"):
        text = body.plain_text
        if text:
            out["text"] = text
    if node.type == "TABLE":
        out["cells"] = [[c.text.plain_text for c in row.cells] for row in node.rows]  # type: ignore[attr-defined]
    if node.type == "CHART":
        chart = node.chart  # type: ignore[attr-defined]
        out["chart"] = {
            "type": chart.chart_type,
            "title": chart.title,
            "categories": chart.categories,
            "series": [s.name for s in chart.series],
        }
    x, y = ox + node.x, oy + node.y
    if bounds:
        out["bounds"] = [round(x, 1), round(y, 1), round(node.width, 1), round(node.height, 1)]
    kids = getattr(node, "children", None)
    if kids:
        out["children"] = [_skeleton(c, x, y, bounds) for c in kids]
    return out


def macro_view(deck: Deck, targets: list[int] | None = None) -> dict[str, Any]:
    """Skeleton of every slide; absolute bounds [x, y, w, h] only on the target slides."""
    wanted = set(targets or [])
    slides = []
    for i, s in enumerate(deck.slides):
        entry: dict[str, Any] = {"index": i + 1, "id": s.id}
        if s.name:
            entry["name"] = s.name
        if s.hidden:
            entry["hidden"] = True
        entry["children"] = [_skeleton(c, 0.0, 0.0, i in wanted) for c in s.children]
        if s.notes:
            entry["notes"] = s.notes
        slides.append(entry)
    return {**_deck_header(deck), "slides": slides}


def _paint_hex(paint: Any) -> str | None:
    if getattr(paint, "type", None) == "SOLID":
        return paint.color.hex_rgba if paint.color.a < 1 else paint.color.hex
    return None


def systemic_view(deck: Deck) -> dict[str, Any]:
    """Colours (fills, strokes, text, backgrounds) and fonts with their usage across slides."""
    colours: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"fills": 0, "strokes": 0, "text": 0, "background": 0, "slides": set(), "theme": set()}
    )
    fonts: dict[str, dict[str, Any]] = defaultdict(lambda: {"runs": 0, "sizes": set(), "slides": set()})

    def colour(paint: Any, kind: str, index: int) -> None:
        hx = _paint_hex(paint)
        if hx:
            entry = colours[hx]
            entry[kind] += 1
            entry["slides"].add(index + 1)
            if paint.color.ref is not None:
                entry["theme"].add(paint.color.ref.scheme)

    for i, slide in enumerate(deck.slides):
        if slide.background:
            for p in slide.background.fills:
                colour(p, "background", i)
        for node in slide.iter_nodes():
            for p in node.fills:
                colour(p, "fills", i)
            for st in node.strokes:
                colour(st.paint, "strokes", i)
            for body in _text_bodies(node):
                for para in body.paragraphs:
                    for run in para.runs or []:
                        style = body.style.merged(para.style).merged(run.style)
                        if style.fill is not None:
                            colour(style.fill, "text", i)
                        fam = style.font_family or "(default)"
                        f = fonts[fam]
                        f["runs"] += 1
                        f["slides"].add(i + 1)
                        if style.font_size:
                            f["sizes"].add(round(style.font_size, 1))

    def clean(d: dict[str, Any]) -> dict[str, Any]:
        return {k: sorted(v) if isinstance(v, set) else v for k, v in d.items() if v not in (0, set())}

    theme = _theme_view(deck)
    return {
        **_deck_header(deck),
        "theme": theme,
        "colors": {
            k: clean(v)
            for k, v in sorted(
                colours.items(), key=lambda kv: -sum(kv[1][t] for t in ("fills", "strokes", "text", "background"))
            )
        },
        "fonts": {k: clean(v) for k, v in sorted(fonts.items(), key=lambda kv: -kv[1]["runs"])},
        "slides": [{"index": i + 1, "id": s.id, "name": s.name} for i, s in enumerate(deck.slides)],
    }


def _text_bodies(node: NodeBase) -> list[Any]:
    bodies = []
    body = getattr(node, "text", None)
    if body is not None and hasattr(body, "paragraphs"):
        bodies.append(body)
    if node.type == "TABLE":
        for row in node.rows:  # type: ignore[attr-defined]
            bodies.extend(cell.text for cell in row.cells)
    return bodies


def view_text(view: dict[str, Any]) -> str:
    """Compact JSON for a prompt."""
    return json.dumps(view, ensure_ascii=False, separators=(",", ":"))
