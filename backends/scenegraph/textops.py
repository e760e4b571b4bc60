"""Text bodies as characters with UTF-16 indices: run listing and range splitting for range styles."""

from __future__ import annotations

from typing import Any

from ace_core.ir.text import Paragraph, Run, TextBody, TextStyle

__all__ = ["characters", "paragraphs_in_range", "runs_in_range", "style_runs", "text_bodies"]


def _u16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def characters(body: TextBody) -> str:
    """The body's characters: paragraphs joined by '\\n'; a line break inside a paragraph ('\\v')
    is also shown as '\\n' (one UTF-16 unit either way)."""
    return "\n".join(p.text for p in body.paragraphs).replace("\v", "\n")


def _style_dict(style: TextStyle) -> dict[str, Any]:
    data = style.model_dump(mode="json", exclude_none=True)
    fill = data.pop("fill", None)
    if fill and fill.get("type") == "SOLID":
        c = style.fill.color  # type: ignore[union-attr]
        data["fill"] = c.hex if c.a >= 0.999 else c.hex_rgba
    elif fill:
        data["fill"] = fill
    data.pop("highlight", None)
    return data


def style_runs(body: TextBody) -> list[dict[str, Any]]:
    """Each run with its UTF-16 start/end and its effective style (body < paragraph < run)."""
    out: list[dict[str, Any]] = []
    pos = 0
    for pi, para in enumerate(body.paragraphs):
        base = body.style.merged(para.style)
        for run in para.runs:
            n = _u16(run.text)
            if n:
                out.append(
                    {"start": pos, "end": pos + n, "paragraph": pi, "style": _style_dict(base.merged(run.style))}
                )
            pos += n
        pos += 1  # the paragraph separator
    return out


def _split_index(text: str, units: int) -> int:
    """Python index in `text` at `units` UTF-16 units (snapped outward past a surrogate pair)."""
    count = 0
    for i, ch in enumerate(text):
        if count >= units:
            return i
        count += 2 if ord(ch) > 0xFFFF else 1
    return len(text)


def runs_in_range(body: TextBody, start: int, end: int) -> list[Run]:
    """Split runs at the UTF-16 offsets `start` and `end` and return the runs inside [start, end)."""
    inside: list[Run] = []
    pos = 0
    for para in body.paragraphs:
        new_runs: list[Run] = []
        for run in para.runs:
            n = _u16(run.text)
            a, b = pos, pos + n
            pos = b
            if b <= start or a >= end or n == 0:
                new_runs.append(run)
                continue
            lo = _split_index(run.text, max(0, start - a))
            hi = _split_index(run.text, min(n, end - a))
            pieces = [(run.text[:lo], False), (run.text[lo:hi], True), (run.text[hi:], False)]
            for text, hit in pieces:
                if not text:
                    continue
                piece = Run(text=text, style=run.style.model_copy(deep=True))
                new_runs.append(piece)
                if hit:
                    inside.append(piece)
        para.runs = new_runs
        pos += 1
    return inside


def paragraphs_in_range(body: TextBody, start: int, end: int) -> list[Paragraph]:
    """Paragraphs that share at least one character (or, when empty, the position) with [start, end)."""
    out = []
    pos = 0
    for para in body.paragraphs:
        n = _u16(para.text)
        a, b = pos, pos + n
        if (a < end and b > start) or (n == 0 and start <= a < end):
            out.append(para)
        pos = b + 1
    return out


def merge_adjacent_runs(body: TextBody) -> None:
    """Join neighbouring runs with equal styles (keeps bodies small after many range edits)."""
    for para in body.paragraphs:
        merged: list[Run] = []
        for run in para.runs:
            if merged and merged[-1].style == run.style:
                merged[-1] = Run(text=merged[-1].text + run.text, style=merged[-1].style)
            else:
                merged.append(run)
        para.runs = merged


def text_bodies(node: Any) -> list[TextBody]:
    """Every text body a node holds (its own, or its table cells')."""
    body = getattr(node, "text", None)
    if isinstance(body, TextBody):
        return [body]
    rows = getattr(node, "rows", None)
    if rows:
        return [c.text for r in rows for c in r.cells]
    return []
