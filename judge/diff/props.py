"""What JsonDiff compares on a node, normalized: text, typography (dominant style + per-character
overrides), slide-local box, rotation, opacity, visibility, fills, strokes, effects and the data of
the semantic kinds; and the tolerant comparison of those values (1 % relative on numbers with a
sub-pixel floor on lengths, 0.01 absolute on 0-1 colour channels and opacities)."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ace_core.color import Color
from ace_core.ir.nodes import NodeBase
from ace_core.ir.style import Effect, GradientPaint, ImagePaint, SolidPaint, Stroke
from ace_core.ir.text import LineHeight, TextBody, TextStyle

__all__ = [
    "TYPOGRAPHY",
    "Tolerance",
    "close",
    "color_hex",
    "descendant_text",
    "display",
    "node_props",
    "norm_text",
    "norm_type",
    "paint_value",
]

TYPOGRAPHY = (
    "font_family",
    "font_size",
    "font_weight",
    "font_style",
    "text_align",
    "letter_spacing",
    "line_height",
    "text_case",
    "text_decoration",
    "text_color",
)
_EMPTY_TEXT = {"", "none", "null"}


@dataclass(frozen=True)
class Tolerance:
    """`rel`: relative tolerance on numbers; `px`: absolute floor on lengths (px) and angles (deg);
    `channel`: absolute tolerance on 0-1 colour channels and opacities."""

    rel: float = 0.01
    px: float = 0.5
    channel: float = 0.01


def norm_text(text: str | None) -> str:
    """'' / None / 'None' collapse to ''; line endings to \\n; trailing spaces of lines dropped."""
    if text is None:
        return ""
    t = str(text).replace("\r\n", "\n").replace("\r", "\n").replace("\v", "\n")
    if t.strip().lower() in _EMPTY_TEXT:
        return ""
    return "\n".join(line.rstrip() for line in t.split("\n")).strip("\n")


def norm_type(node: NodeBase) -> str:
    """Equivalent node kinds share one name: FRAME = GROUP (containers), a rect / ellipse preset
    SHAPE = RECTANGLE / ELLIPSE, a shape holding only text without paint = TEXT."""
    t = node.type
    if t == "GROUP":
        return "FRAME"
    if t == "SHAPE":
        preset = getattr(node, "preset", "")
        t = {"rect": "RECTANGLE", "ellipse": "ELLIPSE"}.get(preset, t)
    if t == "RECTANGLE" and node.text_body is not None and not _visible_paints(node):
        return "TEXT"
    return t


def _visible_paints(node: NodeBase) -> bool:
    return any(getattr(p, "visible", True) for p in node.fills) or any(
        getattr(s.paint, "visible", True) and s.weight > 0 for s in node.strokes
    )


def descendant_text(node: NodeBase, limit: int = 400) -> str:
    """The text of a node and its descendants (tables and charts included), spaces collapsed."""
    parts: list[str] = []

    def walk(n: NodeBase) -> None:
        if sum(len(p) for p in parts) > limit:
            return
        body = n.text_body
        if body is not None:
            parts.append(body.plain_text)
        for row in getattr(n, "rows", None) or []:
            for cell in row.cells:
                parts.append(cell.text.plain_text)
        latex = getattr(n, "latex", None)
        if latex:
            parts.append(latex)
        for child in getattr(n, "children", None) or []:
            walk(child)

    walk(node)
    return " ".join(" ".join(parts).split())[:limit]


# -- colours and paints -----------------------------------------------------------------------------
def color_hex(c: Color, opacity: float = 1.0) -> str:
    a = c.a * opacity
    text = c.hex
    if a < 0.995:
        text += f"@{round(a * 100)}%"
    if c.ref is not None:
        text += f" ({c.ref.scheme})"
    return text


def _color(c: Color, opacity: float = 1.0) -> tuple[str, float, float, float, float]:
    return ("rgba", c.r, c.g, c.b, c.a * opacity)


def paint_value(p: Any) -> tuple[Any, ...] | None:
    """A paint as a comparable tuple; None for an invisible paint."""
    if not getattr(p, "visible", True):
        return None
    if isinstance(p, SolidPaint):
        return ("solid", _color(p.color, p.opacity))
    if isinstance(p, GradientPaint):
        stops = tuple((s.position, _color(s.color, p.opacity)) for s in p.stops)
        return ("gradient", p.type, stops, p.angle)
    if isinstance(p, ImagePaint):
        crop = p.crop
        crop_t = (crop.left, crop.top, crop.right, crop.bottom) if crop else (0.0, 0.0, 0.0, 0.0)
        return ("image", p.asset or p.image_ref or "", p.scale_mode, crop_t, p.opacity)
    return ("other", repr(p))


def _paints(paints: list[Any]) -> tuple[Any, ...]:
    return tuple(v for v in (paint_value(p) for p in paints) if v is not None)


def _stroke(s: Stroke) -> tuple[Any, ...] | None:
    paint = paint_value(s.paint)
    if paint is None or s.weight <= 0:
        return None
    return ("stroke", paint, s.weight, tuple(s.dashes), s.dash_preset or "", s.start_cap, s.end_cap)


def _effect(e: Effect) -> tuple[Any, ...] | None:
    if not e.visible:
        return None
    return (e.type, _color(e.color), e.offset.x, e.offset.y, e.radius, e.spread)


# -- text -------------------------------------------------------------------------------------------
def _line_height(lh: LineHeight | None) -> tuple[str, float] | None:
    if lh is None or lh.unit == "AUTO":
        return None
    return (lh.unit, lh.value)


def _set_fields(style: TextStyle) -> dict[str, Any]:
    """The fields a style sets (None = inherit), without re-validating a merged model."""
    return {k: v for k, v in style.__dict__.items() if v is not None}


def _style_key(style: dict[str, Any], align: str | None, lh: LineHeight | None) -> tuple[tuple[str, Any], ...]:
    fill = style.get("fill")
    color = None
    if isinstance(fill, SolidPaint):
        color = _color(fill.color, fill.opacity)
    elif fill is not None:
        color = paint_value(fill)
    return (
        ("font_family", style.get("font_family")),
        ("font_size", style.get("font_size")),
        ("font_weight", style.get("font_weight") or 400),
        ("font_style", "italic" if style.get("italic") else "normal"),
        ("text_align", align or "LEFT"),
        ("letter_spacing", style.get("letter_spacing") or 0.0),
        ("line_height", _line_height(lh)),
        ("text_case", style.get("text_case") or "ORIGINAL"),
        ("text_decoration", style.get("decoration") or "NONE"),
        ("text_color", color),
    )


def typography(body: TextBody) -> tuple[dict[str, Any], list[tuple[str, tuple[tuple[str, Any], ...]]]]:
    """(dominant style by characters, overrides): the overrides are runs whose style differs from
    the dominant one, as (run text, the differing fields). Effective run style = body style <-
    paragraph style <- run style, as the IR defines it."""
    segments: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    body_fields = _set_fields(body.style)
    for para in body.paragraphs:
        align = para.align or body.align
        base = {**body_fields, **_set_fields(para.style)}
        for run in para.runs:
            if not run.text:
                continue
            segments.append((run.text, _style_key({**base, **_set_fields(run.style)}, align, para.line_height)))
    if not segments:
        return dict(_style_key(body_fields, body.align, None)), []
    weight: Counter[tuple[tuple[str, Any], ...]] = Counter()
    for text, key in segments:
        weight[key] += len(text.strip()) or 1
    dominant = weight.most_common(1)[0][0]
    dom = dict(dominant)
    overrides: list[tuple[str, tuple[tuple[str, Any], ...]]] = []
    for text, key in segments:
        diff = tuple((k, v) for k, v in key if dom.get(k) != v and k != "text_align")
        if not diff or not text.strip():
            continue
        if overrides and overrides[-1][1] == diff:
            overrides[-1] = (overrides[-1][0] + text, diff)
        else:
            overrides.append((text, diff))
    return dom, [(norm_text(t), d) for t, d in overrides]


# -- the property set of a node --------------------------------------------------------------------
def node_props(node: NodeBase, box: tuple[float, float, float, float]) -> dict[str, Any]:
    """Every compared property of a node; `box` is its slide-local (x, y, w, h)."""
    props: dict[str, Any] = {
        "type": norm_type(node),
        "name": node.name or "",
        "box": box,
        "rotation": (node.rotation or 0.0) % 360.0,
        "opacity": node.opacity,
        "visible": node.visible,
        "fills": _paints(node.fills),
        "strokes": tuple(v for v in (_stroke(s) for s in node.strokes) if v is not None),
        "effects": tuple(v for v in (_effect(e) for e in node.effects) if v is not None),
        "flip": (node.flip_h, node.flip_v),
        "hyperlink": node.hyperlink or "",
    }
    props["corner_radius"] = getattr(node, "corner_radius", 0.0) or 0.0
    body = node.text_body
    if body is not None or node.type == "TEXT":
        body = body or TextBody()
        props["text"] = norm_text(body.plain_text)
        dom, overrides = typography(body)
        for key in TYPOGRAPHY:
            props[key] = dom.get(key)
        props["styling"] = tuple(overrides)
        props["vertical_align"] = body.vertical_align
        props["bullets"] = tuple(
            (p.bullet.type if p.bullet else "NONE", p.level) for p in body.paragraphs if norm_text(p.text)
        )
    kind = node.type
    if kind == "IMAGE":
        props["image"] = paint_value(node.image)  # type: ignore[attr-defined]
    if kind in ("SHAPE", "CONNECTOR"):
        props["preset"] = getattr(node, "preset", None) or ""
        props["adjustments"] = tuple(sorted((getattr(node, "adjustments", None) or {}).items()))
    if kind == "VECTOR":
        digest = hashlib.sha1("|".join(p.d for p in node.paths).encode()).hexdigest()[:10]  # type: ignore[attr-defined]
        props["geometry"] = digest
    if kind == "CONNECTOR":
        props["ends"] = (node.start.node_id, node.end.node_id)  # type: ignore[attr-defined]
    if kind == "MATH":
        props["latex"] = node.latex  # type: ignore[attr-defined]
    if kind == "CHART":
        ch = node.chart  # type: ignore[attr-defined]
        props["chart_type"] = (ch.chart_type, ch.grouping)
        props["chart_title"] = norm_text(ch.title)
        props["categories"] = tuple(ch.categories)
        props["series"] = tuple(
            (
                s.name,
                tuple(v if v is not None else float("nan") for v in s.values),
                paint_value(s.fill) if s.fill else None,
            )
            for s in ch.series
        )
        props["legend"] = ch.legend.position if ch.legend else "none"
        props["data_labels"] = bool(ch.data_labels)
    if kind == "TABLE":
        props["columns"] = tuple(node.columns)  # type: ignore[attr-defined]
    return props


# -- tolerant comparison ----------------------------------------------------------------------------
_LENGTHS = {"box", "corner_radius", "letter_spacing", "columns"}
_CHANNELS = {"opacity"}


def close(a: Any, b: Any, prop: str, tol: Tolerance) -> bool:
    """a == b within the tolerances for `prop`."""
    return _close(a, b, prop, tol, in_color=False)


def _close(a: Any, b: Any, prop: str, tol: Tolerance, in_color: bool) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        fa, fb = float(a), float(b)
        if fa != fa and fb != fb:  # both NaN (missing chart values)
            return True
        if in_color or prop in _CHANNELS:
            return abs(fa - fb) <= tol.channel + 1e-9
        if prop == "rotation":
            d = abs(fa - fb) % 360.0
            d = min(d, 360.0 - d)
            return d <= max(tol.rel * max(abs(fa), abs(fb)), tol.px)
        floor = tol.px if prop in _LENGTHS else 1e-9
        return abs(fa - fb) <= max(tol.rel * max(abs(fa), abs(fb)), floor)
    if isinstance(a, tuple) and isinstance(b, tuple):
        if len(a) != len(b):
            return False
        color = in_color or (len(a) == 5 and a[:1] == ("rgba",))
        return all(_close(x, y, prop, tol, color) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k], prop, tol, in_color) for k in a)
    return a == b


# -- display ----------------------------------------------------------------------------------------
def _fmt_num(v: float) -> str:
    r = round(float(v), 1)
    return str(int(r)) if r == int(r) else str(r)


def _fmt_color(t: tuple[Any, ...]) -> str:
    _, r, g, b, a = t
    text = f"#{round(r * 255):02X}{round(g * 255):02X}{round(b * 255):02X}"
    return text + (f"@{round(a * 100)}%" if a < 0.995 else "")


def _fmt_paint(p: tuple[Any, ...]) -> str:
    kind = p[0]
    if kind == "solid":
        return _fmt_color(p[1])
    if kind == "gradient":
        stops = ", ".join(_fmt_color(c) for _, c in p[2])
        return f"{p[1].lower().replace('gradient_', '')} gradient({stops})"
    if kind == "image":
        ref = str(p[1])[:12] or "missing"
        return f"image {ref} ({p[2].lower()})"
    if kind == "stroke":
        dash = " dashed" if p[3] or (p[4] and p[4] != "solid") else ""
        return f"{_fmt_paint(p[1])} {_fmt_num(p[2])}px{dash}"
    return str(p[1])[:40]


def display(prop: str, value: Any) -> Any:
    """A compared value as the judge reads it (JSON-friendly)."""
    if value is None:
        return None
    if prop == "box":
        x, y, w, h = value
        return {"x": round(x, 1), "y": round(y, 1), "w": round(w, 1), "h": round(h, 1)}
    if prop in ("fills", "strokes"):
        return [_fmt_paint(p) for p in value] or "none"
    if prop == "effects":
        return [
            f"{e[0].lower()} {_fmt_color(e[1])} offset ({_fmt_num(e[2])},{_fmt_num(e[3])}) blur {_fmt_num(e[4])}"
            for e in value
        ] or "none"
    if prop == "text_color" or (isinstance(value, tuple) and value[:1] == ("rgba",)):
        return _fmt_color(value) if value[:1] == ("rgba",) else _fmt_paint(value)
    if prop == "image":
        return _fmt_paint(value).removeprefix("image ")
    if prop == "line_height":
        unit, v = value
        return f"{_fmt_num(v)}%" if unit == "PERCENT" else f"{_fmt_num(v)}px"
    if prop == "styling":
        return [f'"{_clip(t, 60)}": ' + ", ".join(f"{k}={_fmt_field(k, v)}" for k, v in d) for t, d in value] or "none"
    if prop == "series":
        return [
            f"{name or 'series'}: [{', '.join(_fmt_num(v) if v == v else '-' for v in vals)}]"
            for name, vals, _ in value
        ]
    if prop == "flip":
        return {"h": value[0], "v": value[1]}
    if isinstance(value, float):
        return round(value, 2)
    if isinstance(value, tuple):
        return [display(prop, v) if isinstance(v, (tuple, float)) else v for v in value]
    return value


def _fmt_field(key: str, v: Any) -> str:
    if key == "text_color" and isinstance(v, tuple):
        return _fmt_color(v) if v[:1] == ("rgba",) else _fmt_paint(v)
    if key == "line_height" and v is not None:
        return str(display("line_height", v))
    if isinstance(v, float):
        return _fmt_num(v)
    return str(v)


def _clip(text: str, n: int) -> str:
    t = " ".join(text.split())
    return t if len(t) <= n else t[: n - 1] + "…"
