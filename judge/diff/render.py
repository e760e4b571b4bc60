"""JsonDiff as text for the LLM judge: an indented tree that mirrors the node hierarchy (labels
carry a snippet of descendant text, so generic layer names stay identifiable), then the per-slide
snapshot of the origin deck."""

from __future__ import annotations

import json
from typing import Any

from judge.diff.model import DiffEntry, JsonDiff, NodeRef, SlideSnapshot

__all__ = ["format_value", "render_text"]

_MARK = {"added": "+", "removed": "-", "moved": ">", "modified": "~", "z_order": "~", "reorder": "~"}


def _clip(text: str, n: int) -> str:
    t = " ".join(str(text).split())
    return t if len(t) <= n else t[: n - 1] + "…"


TEXTUAL = {"text", "name", "notes", "latex", "chart_title", "hyperlink", "font_family"}


def format_value(value: Any, limit: int = 200, *, quote: bool = True) -> str:
    """A display value in one line: text quoted (JSON escapes keep line breaks visible), boxes as
    (x, y, w x h), lists joined."""
    if value is None:
        return "none"
    if isinstance(value, str):
        if not quote:
            return _clip(value, limit)
        return json.dumps(_clip(value, limit) if "\n" not in value else value[:limit], ensure_ascii=False)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{round(value, 2):g}"
    if isinstance(value, dict):
        if set(value) == {"x", "y", "w", "h"}:
            return f"({value['x']:g}, {value['y']:g}, {value['w']:g}x{value['h']:g})"
        parts = [f"{k} {format_value(v, limit, quote=k in TEXTUAL)}" for k, v in value.items()]
        return _clip(", ".join(parts), limit * 2)
    if isinstance(value, (list, tuple)):
        if not value:
            return "none"
        return _clip("[" + ", ".join(format_value(v, 80, quote=False) for v in value) + "]", limit)
    return _clip(str(value), limit)


def _label(ref: NodeRef) -> str:
    text = f"{ref.type}"
    if ref.name:
        text += f' "{_clip(ref.name, 40)}"'
    text += f" [{ref.id}]"
    if ref.snippet:
        text += f" «{ref.snippet}»"
    return text


def _entry_line(e: DiffEntry, limit: int, *, note: bool = True) -> str:
    if e.op in ("modified", "slide_modified"):
        q = e.prop in TEXTUAL
        line = f"{e.prop}: {format_value(e.before, limit, quote=q)} -> {format_value(e.after, limit, quote=q)}"
    elif e.op == "added":
        line = f"added: {format_value(e.after, limit)}" if e.after else "added"
    elif e.op == "removed":
        line = f"removed (was {format_value(e.before, limit)})" if e.before else "removed"
    elif e.op == "moved":
        line = f"moved from {e.before} to {e.after}"
    elif e.op == "z_order":
        line = f"z-order: {e.note}"
    elif e.op == "reorder":
        line = f"children reordered: {format_value(e.before, limit)} -> {format_value(e.after, limit)}"
    else:
        line = e.note or f"{e.prop}: {format_value(e.before, limit)} -> {format_value(e.after, limit)}"
    if e.siblings > 1:
        others = ", ".join(e.sibling_ids[:8]) + (", …" if len(e.sibling_ids) > 8 else "")
        line += f"  (applied to {e.siblings} same-named siblings: {e.node.id if e.node else ''}, {others})"
    if e.note and note and e.op == "modified":
        line += f"  [{e.note}]"
    return line


class _Tree:
    def __init__(self, ref: NodeRef | None) -> None:
        self.ref = ref
        self.entries: list[DiffEntry] = []
        self.kids: dict[str, _Tree] = {}


def _render_tree(node: _Tree, depth: int, out: list[str], limit: int) -> None:
    pad = "  " * depth
    ops = {e.op for e in node.entries}
    mark = next((_MARK[o] for o in ("added", "removed", "moved") if o in ops), "~" if ops else "·")
    assert node.ref is not None
    out.append(f"{pad}{mark} {_label(node.ref)}")
    shown: set[str] = set()
    for e in node.entries:
        line = _entry_line(e, limit, note=e.note not in shown)
        shown.add(e.note)
        out.append(f"{pad}    {line}")
    for kid in node.kids.values():
        _render_tree(kid, depth + 1, out, limit)


def _slide_title(e: DiffEntry, names: dict[str, str]) -> str:
    name = names.get(e.slide_id, "")
    return f"Slide {e.slide_index} [{e.slide_id}]" + (f' "{_clip(name, 50)}"' if name else "")


def _snapshot(snap: list[SlideSnapshot]) -> list[str]:
    out = ["", "=== INITIAL STATE SNAPSHOT (origin deck, per slide: text with alignment and font; visual shapes) ==="]
    for s in snap:
        head = f"Slide {s.index} [{s.id}]" + (f' "{_clip(s.name, 50)}"' if s.name else "")
        extras = []
        if s.transition:
            extras.append(f"transition {s.transition}")
        if s.notes:
            extras.append(f'notes "{s.notes}"')
        out.append(head + (": " + "; ".join(extras) if extras else ""))
        if not s.items:
            out.append("  (empty)")
        for it in s.items:
            if it.kind == "text":
                fmt = ", ".join(x for x in (it.align, it.font, it.detail) if x)
                out.append(f'  text {it.type} [{it.id}] "{it.text}"' + (f" ({fmt})" if fmt else ""))
            else:
                name = f' "{_clip(it.name, 30)}"' if it.name else ""
                out.append(f"  shape {it.type}{name} [{it.id}] {it.detail}")
        if s.more:
            out.append(f"  … {s.more} more elements")
    return out


def render_text(diff: JsonDiff, *, snapshot: bool = True, value_chars: int = 200) -> str:
    """The judge's view of a diff. Empty diffs say so plainly."""
    out = [
        f"=== EDIT TRACE (origin -> current): {diff.distinct_edits} distinct edits, "
        f"similarity score {diff.score:.3f} ===",
        f"Deck: {diff.origin_slides} slides -> {diff.current_slides} slides. "
        "Marks: + added, - removed, > moved, ~ modified, · unchanged ancestor. Boxes: (x, y, w x h) slide px.",
    ]
    if not diff.entries:
        out.append("NO EDITS: the current deck equals the origin (within tolerances).")
    names = {s.id: s.name for s in diff.snapshot}
    groups: dict[tuple[int, str], list[DiffEntry]] = {}
    for e in diff.entries:
        groups.setdefault(
            (e.slide_index if e.op != "slide_removed" else 10_000 + e.slide_index, e.slide_id), []
        ).append(e)
    for (_, _), entries in sorted(groups.items(), key=lambda kv: kv[0][0]):
        first = entries[0]
        out.append("")
        out.append(_slide_title(first, names))
        roots: dict[str, _Tree] = {}
        for e in entries:
            if e.node is None:
                out.append(f"  {_entry_line(e, value_chars)}")
                continue
            level = roots
            for ref in e.path:
                level = level.setdefault(ref.id, _Tree(ref)).kids
            level.setdefault(e.node.id, _Tree(e.node)).entries.append(e)
        for tree in roots.values():
            _render_tree(tree, 1, out, value_chars)
    if diff.omitted:
        out.append(f"… {diff.omitted} more edits omitted (cap of {len(diff.entries)} entries)")
    if diff.needs_images:
        out.append("")
        out.append(
            "Visual content (images / vectors / picture fills) was added or modified on slides: "
            + ", ".join(diff.image_slides)
        )
    if snapshot and diff.snapshot:
        out.extend(_snapshot(diff.snapshot))
    return "\n".join(out) + "\n"
