"""The auto-layout solver (autolayout.md c.4): sizes and positions of auto-layout frames, in place.

Resolution: for every layout root (a node whose parent is not an auto-layout frame), widths are
settled top-down over the whole tree first (HUG sizes measured bottom-up), then heights, so that
wrapped text is measured at its final width. Children x / y are relative to their parent (px).

Decisions on the points autolayout.md leaves open (each pinned by a test in tests/test_layout*.py):

- Flow (c.4.0): flow children are visible and AUTO-positioned. Hidden and ABSOLUTE children are
  never moved or resized by the flow and take no space; their own content is still solved.
- FILL child of a parent that HUGs on the same axis [inf c.4.2]: on the primary axis the child
  behaves as FIXED at its stored size (what the Figma UI does when a hugging parent gets a
  filling child: the child becomes fixed). On the counter axis, the parent hugs its non-stretch
  children and STRETCH children then fill it; when every child stretches, they count with their
  stored sizes.
- SPACE_BETWEEN on a hugging primary axis [verify c.9.2]: measured with max(item_spacing, 0) as
  the gap, so the children end up item_spacing apart (like MIN).
- SPACE_BETWEEN with one child or a negative leftover [verify c.9.1]: packed at the start with
  no gap (CSS justify-content: space-between, gap suppressed). Otherwise item_spacing is ignored.
  FILL children under SPACE_BETWEEN share the whole free space (gap 0).
- FILL shares [inf c.4.3]: equal shares of the free space, clamped to min / max, remainder
  redistributed among the others (flexbox freeze loop). A FILL child may shrink to its min
  (0 if unset), with no content-based minimum [verify c.9.6], except that an auto-layout frame
  never gets smaller than its padding (a CSS border-box cannot); children never shrink otherwise.
- min / max apply to HUG and FILL sizes (and STRETCH); a FIXED size is kept as stored.
  min wins over max.
- Negative leftover: CENTER overflows on both sides, MAX towards the start. Negative
  item_spacing overlaps children; a hug size never goes below 0.
- BASELINE [inf c.4.4, verify c.9.4]: HORIZONTAL frames only (VERTICAL reads it as MIN). A TEXT
  child's baseline is its first baseline when the measurer offers `first_baseline`; an
  auto-layout frame's is the baseline of its first flow child (of its baseline group when it is a
  BASELINE row), as for a CSS flex container; any other child's baseline is its bottom edge. The
  baseline group starts at the padding (CSS).
  STRETCH children are not baseline-aligned: they fill and sit at the start.
- A STRETCH child clamped by its max sits at the start of the counter axis (CSS align-self).
- WRAP (c.4.5) applies to HORIZONTAL frames only (ignored on VERTICAL). A hugging width on a
  wrapping frame is one track [verify c.9.3], as CSS fit-content. Line breaking uses each
  child's width, a FILL child's min width (0 if unset), and item_spacing (ignored, i.e. 0, under
  SPACE_BETWEEN, as CSS with the gap suppressed); then each track's free space goes to its FILL
  children, so a lone FILL child fills its whole track [verify c.9.3]. counter_axis_spacing None means item_spacing.
  counterAxisAlignContent AUTO: when every flow child STRETCHes vertically, the tracks share the
  extra height equally; otherwise each track is as tall as its tallest child and the block of
  tracks is placed by counter_align (BASELINE as MIN). SPACE_BETWEEN: the extra height goes
  between the tracks (spacing 0 when they overflow, start when there is one track).
- strokes_included adds the stroke weight (stroke_weights per side, else the heaviest visible
  stroke) to each padding, whatever the stroke alignment.
- TEXT (c.3): in a flow a TEXT hugs its width when sizing_h is HUG or auto_resize is
  WIDTH_AND_HEIGHT (and sizing_h is not FILL), and hugs its height when sizing_v is HUG or
  auto_resize is HEIGHT / WIDTH_AND_HEIGHT; a FIXED / FILL-width text wraps at its width. Outside
  flows, TEXT is sized by auto_resize only when `text_autosize=True` (x, y kept: it grows right and
  down). TRUNCATE does not size the text. HUG on any node other than an auto-layout frame or a
  TEXT reads as FIXED.
- Rotated children are laid out by the bounding box of their rotated box and keep their size
  (HUG and FILL ignored); the solver sets x / y so that bounding box lands in place.
- GRID frames (c.4.7) are left as stored: no sizing, no placement, no constraints; auto-layout
  frames inside them are solved as roots.
- GROUP: a rigid box for its parent's layout (children are group-relative and move with it).
  When the solver changes anything inside a group, the group's box is refit to the union of its
  children and the children shifted so nothing moves on the slide; a group whose content did not
  change keeps its stored box (imported .pptx groups are untouched). Rotated groups are not refit.
- A layout root whose sizing is FILL reads as FIXED (no parent to fill); `solve_affected` finds
  the right root for a change. When the solver resizes a frame, its constraint-following children
  move per c.5 (`ace_core.layout.constraints`).
- Idempotent: a second solve changes nothing. A deck without auto-layout frames is untouched
  (unless text_autosize is asked for).
"""

from __future__ import annotations

from collections.abc import Iterable

from ace_core.errors import BadInputError
from ace_core.ir.deck import Deck, Slide
from ace_core.ir.layout_props import AutoLayout
from ace_core.ir.nodes import FrameNode, GroupNode, NodeBase, TextNode
from ace_core.ir.text import TextBody
from ace_core.layout.access import (
    auto_layout,
    extent,
    flow_children,
    is_rotated,
    limits,
    paddings,
    primary_axis,
    size,
    sizing,
    text_hugs,
)
from ace_core.layout.constraints import apply_constraints, refit_group
from ace_core.layout.flex import break_tracks, clamp, distribute_fill, place_counter, place_primary
from ace_core.layout.measure import TextMeasurer, default_measurer

__all__ = ["resize_frame", "solve_affected", "solve_deck", "solve_slide", "solve_tree"]


def solve_tree(node: NodeBase, measurer: TextMeasurer | None = None, *, text_autosize: bool = False) -> list[str]:
    """Solve, in place, every auto-layout frame in the subtree rooted at `node` (treated as a
    layout root). Returns the ids of the nodes whose box changed."""
    solver = _Solver(measurer, text_autosize)
    solver.solve_roots([node])
    return solver.changed_ids()


def solve_slide(slide: Slide, measurer: TextMeasurer | None = None, *, text_autosize: bool = False) -> list[str]:
    """Solve every auto-layout frame of a slide; returns the ids of the nodes whose box changed."""
    if not text_autosize and not _has_auto_layout(slide.children):
        return []
    solver = _Solver(measurer, text_autosize)
    solver.solve_roots(slide.children)
    return solver.changed_ids()


def solve_deck(deck: Deck, measurer: TextMeasurer | None = None, *, text_autosize: bool = False) -> list[str]:
    """Solve every slide of the deck; a deck without auto-layout frames is left untouched."""
    changed: list[str] = []
    for slide in deck.slides:
        changed.extend(solve_slide(slide, measurer, text_autosize=text_autosize))
    return changed


def solve_affected(
    slide: Slide,
    changed_ids: Iterable[str],
    measurer: TextMeasurer | None = None,
    *,
    text_autosize: bool = False,
) -> list[str]:
    """Re-solve only what a change to the nodes `changed_ids` affects: each changed node's subtree
    and its chain of auto-layout (and group) ancestors up to the outermost one. For an insertion
    or deletion pass the parent's id. Unknown ids are ignored. Same result as `solve_slide` on a
    slide that was solved before the change."""
    parent: dict[str, NodeBase | None] = {}
    nodes: dict[str, NodeBase] = {}
    stack: list[tuple[NodeBase, NodeBase | None]] = [(c, None) for c in slide.children]
    while stack:
        node, par = stack.pop()
        parent[node.id] = par
        nodes[node.id] = node
        stack.extend((c, node) for c in getattr(node, "children", ()) or ())
    roots: dict[str, NodeBase] = {}
    for node_id in changed_ids:
        node = nodes.get(node_id)
        if node is None:
            continue
        par = parent[node.id]
        while par is not None and (auto_layout(par) is not None or type(par) is GroupNode):
            node, par = par, parent[par.id]
        roots[node.id] = node
    outermost = []
    for root_id, root in roots.items():
        anc = parent[root_id]
        while anc is not None and anc.id not in roots:
            anc = parent[anc.id]
        if anc is None:  # not inside another root that is solved anyway
            outermost.append(root)
    solver = _Solver(measurer, text_autosize)
    solver.solve_roots(outermost)
    return solver.changed_ids()


def resize_frame(
    frame: FrameNode,
    width: float,
    height: float,
    measurer: TextMeasurer | None = None,
    *,
    text_autosize: bool = False,
) -> list[str]:
    """Resize `frame` to width x height px, applying constraints (c.5) to the children of a frame
    without auto-layout and to ABSOLUTE children, recursively into frames that get a new size,
    then re-solving the auto-layout inside. An auto-layout frame that hugged or filled on an axis
    whose size changes becomes FIXED on that axis (as Figma's resize()). Returns changed ids;
    call `solve_affected(slide, [frame.id])` afterwards when the frame sits in an auto-layout parent."""
    if type(frame) is not FrameNode:
        raise BadInputError(
            f"resize_frame needs a FRAME, got {getattr(frame, 'type', type(frame).__name__)}",
            where=f"node {getattr(frame, 'id', '?')}",
            hint="resize other nodes by setting width / height",
        )
    if width < 0 or height < 0:
        raise BadInputError(
            f"negative size {width} x {height}", where=f"node {frame.id}", hint="give a width and height >= 0 px"
        )
    solver = _Solver(measurer, text_autosize)
    for axis, value in ((0, float(width)), (1, float(height))):
        if value != size(frame, axis) and auto_layout(frame) is not None and sizing(frame, axis) != "FIXED":
            if axis == 0:
                frame.sizing_h = "FIXED"
            else:
                frame.sizing_v = "FIXED"
        solver.set_size(frame, axis, value)
    solver.solve_roots([frame])
    return solver.changed_ids()


def _has_auto_layout(nodes: Iterable[NodeBase]) -> bool:
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if auto_layout(node) is not None:
            return True
        kids = getattr(node, "children", None)
        if kids:
            stack.extend(kids)
    return False


class _Solver:
    """One solve: tracked setters, memoized measurements, and the two-pass recursion."""

    def __init__(self, measurer: TextMeasurer | None, text_autosize: bool) -> None:
        self._measurer = measurer
        self.text_autosize = text_autosize
        self.changes = 0
        self._changed: dict[str, None] = {}
        self._content: dict[tuple[int, int, float], float] = {}
        self._text: dict[tuple[int, float | None], tuple[float, float]] = {}
        self._tracks: dict[tuple[int, float], list[list[NodeBase]]] = {}
        self._groups_done: set[int] = set()
        self._measured_w: dict[int, float] = {}
        self._flows: dict[int, list[NodeBase]] = {}
        self._measured_h: dict[tuple[int, float], float] = {}

    @property
    def measurer(self) -> TextMeasurer:
        if self._measurer is None:
            self._measurer = default_measurer()
        return self._measurer

    def changed_ids(self) -> list[str]:
        return list(self._changed)

    # -- tracked setters (also used by the constraint code) ---------------------------------------
    def set_pos(self, node: NodeBase, axis: int, value: float) -> None:
        value = float(value)
        attr = "x" if axis == 0 else "y"
        if node.__dict__[attr] != value:
            self._write(node, attr, value)

    def set_size(self, node: NodeBase, axis: int, value: float) -> None:
        value = float(value) if value > 0.0 else 0.0
        attr = "width" if axis == 0 else "height"
        old = node.__dict__[attr]
        if old == value:
            return
        self._write(node, attr, value)
        if type(node) is FrameNode:
            apply_constraints(self, node, axis, old, value)

    def _write(self, node: NodeBase, attr: str, value: float) -> None:
        """Set a float field as pydantic's own __setattr__ does (no validation), and record the change."""
        node.__dict__[attr] = value
        node.__pydantic_fields_set__.add(attr)
        self.changes += 1
        self._changed[node.id] = None

    def hugs(self, node: NodeBase, axis: int) -> bool:
        """Does a layout root (or a constraint-following child) size itself from its content on `axis`?"""
        if is_rotated(node):
            return False
        if auto_layout(node) is not None:
            return sizing(node, axis) == "HUG"
        return type(node) is TextNode and self.text_autosize and text_hugs(node, axis)

    def flow_hugs(self, node: NodeBase, axis: int) -> bool:
        """Does a flow child size itself from its content on `axis`?"""
        if is_rotated(node):
            return False
        if auto_layout(node) is not None:
            return sizing(node, axis) == "HUG"
        if type(node) is TextNode:
            mode = sizing(node, axis)
            return mode == "HUG" or (mode == "FIXED" and text_hugs(node, axis))
        return False

    def _flow(self, frame: FrameNode) -> list[NodeBase]:
        """The frame's flow children (memoized: visibility and positioning do not change in a solve)."""
        kids = self._flows.get(id(frame))
        if kids is None:
            kids = self._flows[id(frame)] = flow_children(frame)
        return kids

    @staticmethod
    def _fill_limits(node: NodeBase, axis: int) -> tuple[float | None, float | None]:
        """min / max of a FILL (or STRETCH) child; an auto-layout frame never goes below its padding."""
        lo, hi = limits(node, axis)
        layout = auto_layout(node)
        if layout is not None:
            start, end = paddings(node, layout, axis)  # type: ignore[arg-type]
            if start + end > (lo or 0.0):
                lo = start + end
        return lo, hi

    @staticmethod
    def _fills(node: NodeBase, axis: int) -> bool:
        return sizing(node, axis) == "FILL" and not is_rotated(node) and type(node) is not GroupNode

    # -- recursion --------------------------------------------------------------------------------
    def solve_root(self, node: NodeBase) -> None:
        for axis in (0, 1):
            self.root_size(node, axis)
            self.assign(node, axis)

    def solve_roots(self, nodes: list[NodeBase]) -> None:
        """Solve independent layout roots: all widths, then all heights. A measurer with a
        `prepare(requests)` method is handed every text to measure before each pass, so that a
        slow exact measurer (a browser) can measure them in one batch."""
        prepare = getattr(self._measurer, "prepare", None)
        texts = _texts(nodes) if prepare is not None else []
        if texts:
            prepare([(t.text, None) for t in texts])
        for node in nodes:
            self.root_size(node, 0)
            self.assign(node, 0)
        if texts:
            prepare([(t.text, self._wrap_width(t)) for t in texts])
        for node in nodes:
            self.root_size(node, 1)
            self.assign(node, 1)

    def root_size(self, node: NodeBase, axis: int) -> None:
        """Size a node that no auto-layout parent sizes: HUG frames and (optionally) autosized text."""
        kind = type(node)
        if kind is GroupNode:
            self._solve_group(node)  # type: ignore[arg-type]
        elif (kind is FrameNode or (kind is TextNode and self.text_autosize)) and self.hugs(node, axis):
            self.set_size(node, axis, self.content_size(node, axis))

    def assign(self, node: NodeBase, axis: int) -> None:
        """`node`'s size on `axis` is final: lay out its children on that axis, recursively."""
        kind = type(node)
        if kind is FrameNode:
            layout = auto_layout(node)
            if layout is not None:
                self._arrange(node, layout, axis)  # type: ignore[arg-type]
                for child in node.children:  # type: ignore[attr-defined]
                    if not (child.visible and child.positioning == "AUTO"):
                        self.root_size(child, axis)
                    if type(child) in _CONTAINERS:
                        self.assign(child, axis)
                return
        elif kind is not GroupNode:
            return
        for child in node.children:  # type: ignore[attr-defined]
            self.root_size(child, axis)
            if type(child) in _CONTAINERS:
                self.assign(child, axis)

    def _solve_group(self, group: GroupNode) -> None:
        """Solve what is inside a group (its size depends on it), then refit its box if it changed."""
        if id(group) in self._groups_done:
            return
        self._groups_done.add(id(group))
        before = self.changes
        for child in group.children:
            self.solve_root(child)
        if self.changes != before:
            refit_group(self, group)

    # -- measuring --------------------------------------------------------------------------------
    def measure(self, node: NodeBase, axis: int) -> float:
        """The size a flow child takes on `axis` unless its parent fills / stretches it (memoized
        per solve: widths by node, heights by node and width)."""
        if axis == 0:
            memo, key = self._measured_w, id(node)
        else:
            memo, key = self._measured_h, (id(node), node.width)
        value = memo.get(key)
        if value is None:
            if type(node) is GroupNode:
                self._solve_group(node)
                value = extent(node, axis)
            elif is_rotated(node):
                value = extent(node, axis)
            elif self.flow_hugs(node, axis):
                value = self.content_size(node, axis)
            elif sizing(node, axis) == "FILL":
                value = clamp(size(node, axis), *self._fill_limits(node, axis))
            else:
                value = size(node, axis)
            memo[key] = value
        return value

    def content_size(self, node: NodeBase, axis: int) -> float:
        """The hug size of an auto-layout frame or TEXT on `axis`, clamped to its min / max."""
        key = (id(node), axis, node.width if axis == 1 else 0.0)
        value = self._content.get(key)
        if value is None:
            layout = auto_layout(node)
            if layout is not None:
                value = self._hug_frame(node, layout, axis)  # type: ignore[arg-type]
            else:
                value = self._text_size(node, axis)  # type: ignore[arg-type]
            value = clamp(value, *limits(node, axis))
            self._content[key] = value
        return value

    def _measure_text(self, body: TextBody, max_width: float | None) -> tuple[float, float]:
        key = (id(body), max_width)
        box = self._text.get(key)
        if box is None:
            box = self.measurer.measure(body, max_width)
            self._text[key] = box
        return box

    def _wrap_width(self, node: TextNode) -> float | None:
        """The width a TEXT wraps at: None when its box is at least its natural (unwrapped) width."""
        natural = self._measure_text(node.text, None)[0]
        return None if node.width >= natural - 1e-6 else node.width

    def _text_size(self, node: TextNode, axis: int) -> float:
        if axis == 0:
            return self._measure_text(node.text, None)[0]
        return self._measure_text(node.text, self._wrap_width(node))[1]

    def _baseline(self, node: NodeBase) -> float:
        """First baseline from the top of a child's layout box: a TEXT's first baseline; an
        auto-layout frame's is its first flow child's (laid out now: its height is final), as a
        CSS flex container's; any other node's is its bottom edge."""
        if is_rotated(node):
            return self.measure(node, 1)
        if type(node) is TextNode:
            fn = getattr(self.measurer, "first_baseline", None)
            if fn is None:
                return self.measure(node, 1)
            return float(fn(node.text, self._wrap_width(node)))  # type: ignore[attr-defined]
        layout = auto_layout(node)
        kids = self._flow(node) if layout is not None else []  # type: ignore[arg-type]
        if not kids:
            # a child its parent fills has the height the parent's arrangement just gave it (its
            # measure is the stored height from before the arrangement)
            return size(node, 1) if self._fills(node, 1) else self.measure(node, 1)
        if not self._fills(node, 1):  # a FILL height was set by the parent already
            self.set_size(node, 1, self.measure(node, 1))
        self._arrange(node, layout, 1)  # type: ignore[arg-type]
        first = kids[0]
        if _baseline_aligned(layout, 1):  # type: ignore[arg-type]
            first = next((c for c in kids if not self._fills(c, 1)), first)
        return first.y + self._baseline(first)

    def _hug_frame(self, frame: FrameNode, layout: AutoLayout, axis: int) -> float:
        start, end = paddings(frame, layout, axis)
        kids = self._flow(frame)
        if not kids:
            return start + end
        primary = primary_axis(layout)
        if axis == primary:
            gap = _hug_gap(layout.item_spacing, layout.primary_align)
            total = sum(self.measure(c, axis) for c in kids) + gap * (len(kids) - 1)
        elif layout.wrap and primary == 0:
            heights = [self._counter_extent(layout, t, 1) for t in self._wrap_tracks(frame, layout)]
            gap = _counter_spacing(layout)
            if layout.counter_align_content == "SPACE_BETWEEN":
                gap = max(gap, 0.0)
            total = sum(heights) + gap * (len(heights) - 1)
        else:
            total = self._counter_extent(layout, kids, axis)
        return start + end + max(total, 0.0)

    def _counter_extent(self, layout: AutoLayout, kids: list[NodeBase], axis: int) -> float:
        """Counter-axis size a set of children needs: the non-stretch ones (all when every one stretches)."""
        others = [c for c in kids if not self._fills(c, axis)]
        if others and _baseline_aligned(layout, axis):
            marks = [self._baseline(c) for c in others]
            top = max(marks)
            return max(top - m + self.measure(c, axis) for m, c in zip(marks, others, strict=True))
        return max(self.measure(c, axis) for c in (others or kids))

    def _wrap_tracks(self, frame: FrameNode, layout: AutoLayout) -> list[list[NodeBase]]:
        """The tracks of a wrapping frame at its current width (flow children per track)."""
        key = (id(frame), frame.width)
        tracks = self._tracks.get(key)
        if tracks is None:
            kids = self._flow(frame)
            start, end = paddings(frame, layout, 0)
            hugging = self.flow_hugs(frame, 0)
            widths = [
                (self._fill_limits(c, 0)[0] or 0.0) if (not hugging and self._fills(c, 0)) else self.measure(c, 0)
                for c in kids
            ]
            gap = 0.0 if layout.primary_align == "SPACE_BETWEEN" else layout.item_spacing
            tracks = [[kids[i] for i in t] for t in break_tracks(widths, frame.width - start - end, gap)]
            self._tracks[key] = tracks
        return tracks

    # -- arranging --------------------------------------------------------------------------------
    def _arrange(self, frame: FrameNode, layout: AutoLayout, axis: int) -> None:
        kids = self._flow(frame)
        if not kids:
            return
        start, end = paddings(frame, layout, axis)
        inner = size(frame, axis) - start - end
        primary = primary_axis(layout)
        if layout.wrap and primary == 0:
            if axis == 0:
                for track in self._wrap_tracks(frame, layout):
                    self._arrange_primary(frame, layout, track, 0, inner, start)
            else:
                self._arrange_tracks(frame, layout, inner, start)
        elif axis == primary:
            self._arrange_primary(frame, layout, kids, axis, inner, start)
        else:
            self._arrange_counter(layout, kids, axis, inner, start)

    def _arrange_primary(
        self, frame: FrameNode, layout: AutoLayout, kids: list[NodeBase], axis: int, inner: float, start: float
    ) -> None:
        fill = [False] * len(kids) if self.flow_hugs(frame, axis) else [self._fills(c, axis) for c in kids]
        sizes = [0.0 if f else self.measure(c, axis) for c, f in zip(kids, fill, strict=True)]
        if any(fill):
            gap = 0.0 if layout.primary_align == "SPACE_BETWEEN" else layout.item_spacing
            free = inner - sum(sizes) - gap * (len(kids) - 1)
            limit = [self._fill_limits(c, axis) for c, f in zip(kids, fill, strict=True) if f]
            shares = iter(distribute_fill(free, limit))
            sizes = [next(shares) if f else s for s, f in zip(sizes, fill, strict=True)]
        offsets = place_primary(sizes, inner, layout.item_spacing, layout.primary_align, start=start)
        for child, length, offset in zip(kids, sizes, offsets, strict=True):
            self._place(child, axis, offset, length)

    def _arrange_counter(self, layout: AutoLayout, kids: list[NodeBase], axis: int, inner: float, start: float) -> None:
        align = layout.counter_align
        baseline = _baseline_aligned(layout, axis)
        marks: dict[int, float] = {}
        if baseline:
            marks = {id(c): self._baseline(c) for c in kids if not self._fills(c, axis)}
        top = max(marks.values(), default=0.0)
        for child in kids:
            if self._fills(child, axis):
                self._place(child, axis, start, clamp(inner, *self._fill_limits(child, axis)))
                continue
            length = self.measure(child, axis)
            if baseline:
                offset = start + top - marks[id(child)]
            else:
                offset = place_counter(length, inner, "MIN" if align == "BASELINE" else align, start=start)
            self._place(child, axis, offset, length)

    def _arrange_tracks(self, frame: FrameNode, layout: AutoLayout, inner: float, start: float) -> None:
        """Vertical placement of the tracks of a wrapping HORIZONTAL frame (counterAxisAlignContent)."""
        tracks = self._wrap_tracks(frame, layout)
        heights = [self._counter_extent(layout, t, 1) for t in tracks]
        count = len(tracks)
        if layout.counter_align_content == "SPACE_BETWEEN":
            total = sum(heights)
            gap = (inner - total) / (count - 1) if count >= 2 and inner - total >= 0 else 0.0
            cursor = start
        else:
            gap = _counter_spacing(layout)
            block = sum(heights) + gap * (count - 1)
            if inner - block > 0 and all(self._fills(c, 1) for t in tracks for c in t):
                extra = (inner - block) / count
                heights = [h + extra for h in heights]
                cursor = start
            else:
                align = "MIN" if layout.counter_align == "BASELINE" else layout.counter_align
                cursor = place_counter(block, inner, align, start=start)
        for track, height in zip(tracks, heights, strict=True):
            self._arrange_counter(layout, track, 1, height, cursor)
            cursor += height + gap

    def _place(self, child: NodeBase, axis: int, offset: float, length: float) -> None:
        """Put a flow child's layout box at `offset` with `length` (rotated children: their bounding box).
        The hot path of the solver: set_size / set_pos inlined."""
        if child.rotation and is_rotated(child):
            self.set_pos(child, axis, offset + extent(child, axis) / 2.0 - size(child, axis) / 2.0)
            return
        values = child.__dict__
        size_attr, pos_attr = _ATTRS[axis]
        length = float(length) if length > 0.0 else 0.0
        old = values[size_attr]
        if old != length:
            self._write(child, size_attr, length)
            if type(child) is FrameNode:
                apply_constraints(self, child, axis, old, length)  # type: ignore[arg-type]
        offset = float(offset)
        if values[pos_attr] != offset:
            self._write(child, pos_attr, offset)


_CONTAINERS = (FrameNode, GroupNode)
_ATTRS = (("width", "x"), ("height", "y"))


def _texts(nodes: Iterable[NodeBase]) -> list[TextNode]:
    out: list[TextNode] = []
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if type(node) is TextNode:
            out.append(node)  # type: ignore[arg-type]
        kids = getattr(node, "children", None)
        if kids:
            stack.extend(kids)
    return out


def _hug_gap(spacing: float, align: str) -> float:
    return max(spacing, 0.0) if align == "SPACE_BETWEEN" else spacing


def _counter_spacing(layout: AutoLayout) -> float:
    return layout.item_spacing if layout.counter_axis_spacing is None else layout.counter_axis_spacing


def _baseline_aligned(layout: AutoLayout, axis: int) -> bool:
    return layout.counter_align == "BASELINE" and axis == 1 and layout.mode == "HORIZONTAL"
