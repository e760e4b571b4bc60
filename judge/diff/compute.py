"""JsonDiff: what the agent changed, origin deck vs current deck, aligned by stable ids (ACE
Appendix E). Slides align by id; a node whose id survives is the same node wherever it went
(a new parent = one "moved" entry); children without an id in common pair by the cascade unique
name -> text -> type + order; the rest are added / removed. Explicit z-order and slide-order
entries; identical edits on same-named siblings collapse into one entry; score 1 - d/(d+100)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import NodeBase, TableNode
from judge.diff.match import cascade_match, lis_keep
from judge.diff.model import MAX_ENTRIES, DiffEntry, JsonDiff, NodeRef
from judge.diff.props import (
    Tolerance,
    close,
    descendant_text,
    display,
    node_props,
    norm_text,
    norm_type,
    paint_value,
)
from judge.diff.snapshot import snapshot_deck

__all__ = ["diff_decks"]

VISUAL_TYPES = {"IMAGE", "VECTOR"}
_SNIPPET = 48


@dataclass
class _Info:
    slide: Slide
    slide_index: int
    parent: str  # parent node id, or the slide id for a top-level node
    node: NodeBase
    box: tuple[float, float, float, float]
    chain: list[NodeBase]  # ancestors, slide's child first


def _index(deck: Deck) -> dict[str, _Info]:
    out: dict[str, _Info] = {}

    def walk(
        slide: Slide, si: int, nodes: list[NodeBase], parent: str, ox: float, oy: float, chain: list[NodeBase]
    ) -> None:
        for n in nodes:
            x, y = ox + n.x, oy + n.y
            out.setdefault(n.id, _Info(slide, si, parent, n, (x, y, n.width, n.height), chain))
            kids = getattr(n, "children", None)
            if kids:
                walk(slide, si, kids, n.id, x, y, [*chain, n])

    for i, slide in enumerate(deck.slides, start=1):
        walk(slide, i, list(slide.children), slide.id, 0.0, 0.0, [])
    return out


def _ref(node: NodeBase) -> NodeRef:
    snippet = descendant_text(node, 200)
    if len(snippet) > _SNIPPET:
        snippet = snippet[: _SNIPPET - 1] + "…"
    return NodeRef(id=node.id, type=norm_type(node), name=node.name or "", snippet=snippet)


def _has_visual(node: NodeBase) -> bool:
    if node.type in VISUAL_TYPES or any(v and v[0] == "image" for v in map(paint_value, node.fills)):
        return True
    return any(_has_visual(c) for c in getattr(node, "children", None) or [])


def _summary(node: NodeBase, box: tuple[float, float, float, float]) -> dict[str, Any]:
    """What an added / removed node looks like: box, paint, text."""
    props = node_props(node, box)
    out: dict[str, Any] = {"box": display("box", box)}
    if props["fills"]:
        out["fills"] = display("fills", props["fills"])
    if props.get("text"):
        out["text"] = props["text"][:300]
        for key in ("font_family", "font_size", "font_weight", "text_color"):
            if props.get(key) is not None:
                out[key] = display(key, props[key])
    if node.type == "IMAGE":
        out["image"] = display("image", props.get("image"))
    kids = getattr(node, "children", None)
    if kids:
        out["children"] = len(kids)
    return out


class _Differ:
    def __init__(self, origin: Deck, current: Deck, tol: Tolerance) -> None:
        self.origin, self.current, self.tol = origin, current, tol
        self.o_idx, self.c_idx = _index(origin), _index(current)
        self.entries: list[DiffEntry] = []

    # -- entries -----------------------------------------------------------------------------------
    def emit(self, op: str, slide: Slide, slide_index: int, **kw: Any) -> None:
        self.entries.append(DiffEntry(op=op, slide_id=slide.id, slide_index=slide_index, **kw))  # type: ignore[arg-type]

    # -- slides ------------------------------------------------------------------------------------
    def run(self) -> None:
        o_pos = {s.id: i for i, s in enumerate(self.origin.slides, start=1)}
        matched = [s for s in self.current.slides if s.id in o_pos]
        keep = lis_keep([o_pos[s.id] for s in matched])
        moved_slides = {s.id for k, s in enumerate(matched) if k not in keep}
        for ci, slide in enumerate(self.current.slides, start=1):
            if slide.id in o_pos:
                old = self.origin.slides[o_pos[slide.id] - 1]
                if slide.id in moved_slides:
                    self.emit(
                        "slide_moved",
                        slide,
                        ci,
                        before=o_pos[slide.id],
                        after=ci,
                        note=f"slide moved from position {o_pos[slide.id]} to {ci}",
                    )
                self.slide_props(old, slide, ci)
                self.children(slide, ci, old.id, list(old.children), slide.id, list(slide.children), [])
            else:
                text = " ".join(descendant_text(n, 200) for n in slide.children).strip()
                self.emit(
                    "slide_added",
                    slide,
                    ci,
                    after={"name": slide.name, "nodes": len(slide.children)},
                    note=f"new slide{': ' + text[:120] if text else ''}",
                )
                self.children(slide, ci, None, [], slide.id, list(slide.children), [])
        c_ids = {s.id for s in self.current.slides}
        for oi, slide in enumerate(self.origin.slides, start=1):
            if slide.id not in c_ids:
                text = " ".join(descendant_text(n, 200) for n in slide.children).strip()
                self.emit(
                    "slide_removed",
                    slide,
                    oi,
                    before={"name": slide.name, "nodes": len(slide.children)},
                    note=f"slide {oi} deleted{': ' + text[:120] if text else ''}",
                )

    def slide_props(self, old: Slide, new: Slide, ci: int) -> None:
        def tr(s: Slide) -> Any:
            t = s.transition
            return (
                None if t is None else {k: v for k, v in t.model_dump(exclude_defaults=False).items() if v is not None}
            )

        def bg(s: Slide) -> Any:
            return tuple(v for v in (paint_value(p) for p in (s.background.fills if s.background else [])) if v)

        checks = [
            ("transition", tr(old), tr(new)),
            ("notes", norm_text(old.notes), norm_text(new.notes)),
            ("hidden", old.hidden, new.hidden),
            ("name", old.name, new.name),
            ("layout", old.layout, new.layout),
        ]
        for prop, a, b in checks:
            if a != b:
                self.emit("slide_modified", new, ci, prop=prop, before=a, after=b)
        a, b = bg(old), bg(new)
        if not close(a, b, "fills", self.tol):
            visual = any(v[0] == "image" for v in (*a, *b))
            self.emit(
                "slide_modified",
                new,
                ci,
                prop="background",
                before=display("fills", a),
                after=display("fills", b),
                visual=visual,
            )

    # -- children of one parent --------------------------------------------------------------------
    def children(
        self,
        slide: Slide,
        ci: int,
        o_parent: str | None,
        o_kids: list[NodeBase],
        c_parent: str,
        c_kids: list[NodeBase],
        path: list[NodeRef],
    ) -> None:
        o_rest = [o for o in o_kids if o.id not in self.c_idx]
        c_rest = [c for c in c_kids if c.id not in self.o_idx]
        pairs: list[tuple[NodeBase, NodeBase, str]] = []
        o_by_id = {o.id: o for o in o_kids}
        moved_in: list[NodeBase] = []
        for c in c_kids:
            if c.id not in self.o_idx:
                continue
            o = o_by_id.get(c.id)
            if o is not None:
                pairs.append((o, c, "id"))  # same id under the paired parent
            else:
                moved_in.append(c)
        casc, removed, added = cascade_match(o_rest, c_rest)
        pairs.extend(casc)
        c_pos = {c.id: i for i, c in enumerate(c_kids)}
        o_pos = {o.id: i for i, o in enumerate(o_kids)}
        pairs.sort(key=lambda t: c_pos[t[1].id])
        keep = lis_keep([o_pos[o.id] for o, _, _ in pairs])
        reordered = [(o, c) for k, (o, c, _) in enumerate(pairs) if k not in keep]
        shift = self.shift(o_parent, c_parent)
        for o, c, rule in pairs:
            note = "" if rule == "id" else f"matched by {rule} (origin id {o.id})"
            self.node(slide, ci, o, c, path, note, shift)
        for c in moved_in:
            info = self.o_idx[c.id]
            self.moved(slide, ci, info, c, c_parent, path)
            self.node(slide, ci, info.node, c, path, "")
        for o, c in reordered:
            self.emit(
                "z_order",
                slide,
                ci,
                node=_ref(c),
                path=path,
                prop="z_order",
                before=o_pos[o.id],
                after=c_pos[c.id],
                note=f"stacking position {o_pos[o.id]} -> {c_pos[c.id]} of {len(c_kids)} (0 = back)",
            )
        if len(reordered) > 1:

            def tag(n: NodeBase) -> str:
                return f"{n.name} [{n.id}]" if n.name else n.id

            self.emit(
                "reorder",
                slide,
                ci,
                node=path[-1] if path else None,
                path=path[:-1],
                prop="children.reorder",
                before=[tag(o) for o in o_kids],
                after=[tag(c) for c in c_kids],
                note=f"{len(reordered)} children changed stacking order",
            )
        for o in removed:
            box = self.o_idx[o.id].box if o.id in self.o_idx else (o.x, o.y, o.width, o.height)
            self.emit("removed", slide, ci, node=_ref(o), path=path, before=_summary(o, box), visual=_has_visual(o))
        for c in added:
            info = self.c_idx.get(c.id)
            box = info.box if info else (c.x, c.y, c.width, c.height)
            self.emit("added", slide, ci, node=_ref(c), path=path, after=_summary(c, box), visual=_has_visual(c))
            self.scan_added(slide, ci, c, [*path, _ref(c)])

    def scan_added(self, slide: Slide, ci: int, node: NodeBase, path: list[NodeRef]) -> None:
        """Inside a new node: descendants that existed before were moved here."""
        for child in getattr(node, "children", None) or []:
            if child.id in self.o_idx:
                info = self.o_idx[child.id]
                self.moved(slide, ci, info, child, node.id, path)
                self.node(slide, ci, info.node, child, path, "")
            else:
                self.scan_added(slide, ci, child, [*path, _ref(child)])

    def moved(self, slide: Slide, ci: int, info: _Info, c: NodeBase, c_parent: str, path: list[NodeRef]) -> None:
        old_parent = self.o_idx.get(info.parent)
        src = (
            f'{old_parent.node.type} "{old_parent.node.name}" [{info.parent}]'
            if old_parent
            else f"the top level of slide {info.slide_index}"
        )
        if info.slide.id != slide.id:
            src += f" on slide {info.slide_index} [{info.slide.id}]"
        dst = (
            f'{path[-1].type} "{path[-1].name}" [{path[-1].id}]'
            if path and path[-1].id == c_parent
            else f"the top level of slide {ci}"
        )
        self.emit("moved", slide, ci, node=_ref(c), path=path, before=src, after=dst, note=f"moved from {src} to {dst}")

    def shift(self, o_parent: str | None, c_parent: str) -> tuple[float, float]:
        """How far the parent moved (slide px): children of a moved parent are compared relative to
        it, so moving a group is one box edit, not one per descendant."""
        a, b = self.o_idx.get(o_parent or ""), self.c_idx.get(c_parent)
        if a is None or b is None:
            return (0.0, 0.0)
        return (b.box[0] - a.box[0], b.box[1] - a.box[1])

    # -- one node pair -----------------------------------------------------------------------------
    def node(
        self,
        slide: Slide,
        ci: int,
        o: NodeBase,
        c: NodeBase,
        path: list[NodeRef],
        note: str,
        shift: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        o_box = self.o_idx[o.id].box if o.id in self.o_idx else (o.x, o.y, o.width, o.height)
        c_box = self.c_idx[c.id].box if c.id in self.c_idx else (c.x, c.y, c.width, c.height)
        c_box = (c_box[0] - shift[0], c_box[1] - shift[1], c_box[2], c_box[3])
        a, b = node_props(o, o_box), node_props(c, c_box)
        ref = _ref(c)
        visual_node = c.type in VISUAL_TYPES or o.type in VISUAL_TYPES
        for key in dict.fromkeys([*a.keys(), *b.keys()]):
            va, vb = a.get(key), b.get(key)
            if (va is None and vb is None) or close(va, vb, key, self.tol):
                continue
            if key == "name" and not va:
                continue
            visual = (
                (visual_node and key not in ("name", "opacity", "visible"))
                or key == "image"
                or (key == "fills" and any(p[0] == "image" for p in (*(va or ()), *(vb or ()))))
            )
            self.emit(
                "modified",
                slide,
                ci,
                node=ref,
                path=path,
                prop=key,
                before=display(key, va),
                after=display(key, vb),
                note=note,
                visual=visual,
            )
        if isinstance(o, TableNode) and isinstance(c, TableNode):
            self.table(slide, ci, o, c, [*path, ref])
        kids_o = list(getattr(o, "children", None) or [])
        kids_c = list(getattr(c, "children", None) or [])
        if kids_o or kids_c:
            self.children(slide, ci, o.id, kids_o, c.id, kids_c, [*path, ref])

    def table(self, slide: Slide, ci: int, o: TableNode, c: TableNode, path: list[NodeRef]) -> None:
        import difflib

        def row_key(row: Any) -> tuple[str, ...]:
            return tuple(norm_text(cell.text.plain_text) for cell in row.cells)

        ok, ck = [row_key(r) for r in o.rows], [row_key(r) for r in c.rows]
        sm = difflib.SequenceMatcher(a=ok, b=ck, autojunk=False)
        for tag, i1, i2, j1, j2 in sm.get_opcodes():
            if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
                for di in range(i2 - i1):
                    self.row(slide, ci, c, i1 + di, j1 + di, o.rows[i1 + di], c.rows[j1 + di], path)
                continue
            for i in range(i1, i2):
                self.emit(
                    "removed",
                    slide,
                    ci,
                    node=NodeRef(id=f"{c.id}/row{i + 1}", type="TABLE_ROW"),
                    path=path,
                    before={"row": i + 1, "cells": list(ok[i])},
                )
            for j in range(j1, j2):
                self.emit(
                    "added",
                    slide,
                    ci,
                    node=NodeRef(id=f"{c.id}/row{j + 1}", type="TABLE_ROW"),
                    path=path,
                    after={"row": j + 1, "cells": list(ck[j])},
                )

    def row(
        self, slide: Slide, ci: int, table: TableNode, oi: int, cj: int, o_row: Any, c_row: Any, path: list[NodeRef]
    ) -> None:
        from ace_core.ir.nodes import TextNode

        for k in range(max(len(o_row.cells), len(c_row.cells))):
            cid = f"{table.id}/r{cj + 1}c{k + 1}"
            if k >= len(o_row.cells) or k >= len(c_row.cells):
                op = "added" if k >= len(o_row.cells) else "removed"
                self.emit(op, slide, ci, node=NodeRef(id=cid, type="TABLE_CELL"), path=path)
                continue
            oc, cc = o_row.cells[k], c_row.cells[k]
            shell_o = TextNode(id=cid, name=f"cell r{cj + 1}c{k + 1}", text=oc.text, fills=oc.fills)
            shell_c = TextNode(id=cid, name=f"cell r{cj + 1}c{k + 1}", text=cc.text, fills=cc.fills)
            a, b = node_props(shell_o, (0, 0, 0, 0)), node_props(shell_c, (0, 0, 0, 0))
            ref = NodeRef(
                id=cid,
                type="TABLE_CELL",
                name=f"row {cj + 1} col {k + 1}",
                snippet=norm_text(cc.text.plain_text)[:_SNIPPET],
            )
            for key in a:
                if key in ("box", "name") or close(a[key], b.get(key), key, self.tol):
                    continue
                self.emit(
                    "modified",
                    slide,
                    ci,
                    node=ref,
                    path=path,
                    prop=key,
                    before=display(key, a[key]),
                    after=display(key, b.get(key)),
                )


# -- post-processing --------------------------------------------------------------------------------
def _dedupe(entries: list[DiffEntry]) -> list[DiffEntry]:
    """Identical modifications of same-named siblings collapse into the first one."""
    groups: dict[tuple[Any, ...], DiffEntry] = {}
    out: list[DiffEntry] = []
    for e in entries:
        if e.op != "modified" or e.node is None:
            out.append(e)
            continue
        parent = e.path[-1].id if e.path else e.slide_id
        key = (
            e.slide_id,
            parent,
            e.node.name,
            e.node.type,
            e.prop,
            json.dumps(e.before, sort_keys=True, default=str),
            json.dumps(e.after, sort_keys=True, default=str),
        )
        first = groups.get(key)
        if first is None:
            groups[key] = e
            out.append(e)
        else:
            first.siblings += 1
            first.sibling_ids.append(e.node.id)
            first.visual = first.visual or e.visual
    return out


def diff_decks(
    origin: Deck,
    current: Deck,
    *,
    tolerance: Tolerance | None = None,
    max_entries: int = MAX_ENTRIES,
    snapshot: bool = True,
) -> JsonDiff:
    """The edit trace from `origin` to `current` (both IR decks, ids shared)."""
    d = _Differ(origin, current, tolerance or Tolerance())
    d.run()
    entries = _dedupe(d.entries)
    count = len(entries)
    image_slides = list(dict.fromkeys(e.slide_id for e in entries if e.visual and e.op != "removed"))
    return JsonDiff(
        entries=entries[:max_entries],
        distinct_edits=count,
        score=1.0 - count / (count + 100.0),
        omitted=max(0, count - max_entries),
        needs_images=bool(image_slides),
        image_slides=image_slides,
        origin_slides=len(origin.slides),
        current_slides=len(current.slides),
        snapshot=snapshot_deck(origin) if snapshot else [],
    )
