"""Figma nodes -> IR nodes: geometry, style, auto-layout, kinds. Figma ids are the IR ids.

Kinds: FRAME / COMPONENT / COMPONENT_SET / INSTANCE / SECTION / SLIDE -> FRAME (the Figma type is
kept in meta["figma"]["type"]); GROUP -> GROUP; BOOLEAN_OPERATION -> GROUP with is_boolean (its
result geometry in meta); RECTANGLE -> RECTANGLE, or IMAGE when its only fill is an image;
ELLIPSE (arcData) / LINE / TEXT / CONNECTOR -> the same; VECTOR / STAR / REGULAR_POLYGON -> VECTOR
(fillGeometry, else strokeGeometry outlined as a fill, else a generated polygon / star, else a
box with a loss entry). Everything else is skipped with a loss entry.

Position: relativeTransform (relative to the direct parent) when present, else the node's
absoluteBoundingBox (with `rotation` and `size` when given) relative to the parent's box."""

from __future__ import annotations

import math
from typing import Any

from pydantic import ValidationError

from ace_core.ir.nodes import NODE_TYPES, NodeBase, NodeSource, VectorPath
from ace_core.ir.style import ImagePaint
from ace_core.limits import MAX_DEPTH
from adapters.figma.context import FORMAT_NAME, ReadContext, kids, num, word
from adapters.figma.drawn import read_drawn
from adapters.figma.geometry import IDENTITY, Affine, Box, box_to_matrix, decompose, invert, multiply, size_from_aabb
from adapters.figma.layout import auto_layout_from_figma, constraints_from_figma, sizing_from_figma
from adapters.figma.overrides import NATIVE_FIELDS, ace_data, node_sig
from adapters.figma.paints import BLEND_MODES, effects_from_figma, paints_from_figma, strokes_from_figma
from adapters.figma.text import text_from_figma
from adapters.figma.vectors import box_path, paths_from_figma, polygon_path, star_path

__all__ = ["FRAME_TYPES", "NodeReader", "Placement", "absolute_of"]

FRAME_TYPES = frozenset({"FRAME", "COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION", "SLIDE"})
VECTOR_TYPES = frozenset({"VECTOR", "STAR", "REGULAR_POLYGON"})
_BOOLEAN_OPS = ("UNION", "SUBTRACT", "INTERSECT", "EXCLUDE")
_GRID_CHILD = (
    "gridRowSpan",
    "gridColumnSpan",
    "gridRowAnchorIndex",
    "gridColumnAnchorIndex",
    "gridChildHorizontalAlign",
    "gridChildVerticalAlign",
)
_TWO_PI = 2 * math.pi
_NAN = float("nan")


def _matrix(rt: Any) -> Affine | None:
    try:
        (a, b, tx), (c, d, ty) = rt
        m = (float(a), float(b), float(tx), float(c), float(d), float(ty))
    except (TypeError, ValueError):
        return None
    return m if all(v - v == 0.0 for v in m) and not any(isinstance(v, bool) for v in (a, b, tx, c, d, ty)) else None


def _rect(v: Any) -> tuple[float, float, float, float] | None:
    if not isinstance(v, dict):
        return None
    x, y, w, h = num(v.get("x"), _NAN), num(v.get("y"), _NAN), num(v.get("width"), _NAN), num(v.get("height"), _NAN)
    if x != x or y != y or w != w or h != h:
        return None
    return x, y, max(0.0, w), max(0.0, h)


def _infer_type(n: dict[str, Any]) -> str | None:
    """A type for a node whose `type` is missing (some exporters drop it), from its fields."""
    if isinstance(n.get("characters"), str):
        return "TEXT"
    if isinstance(n.get("children"), list):
        return "FRAME" if "clipsContent" in n or "layoutMode" in n else "GROUP"
    if isinstance(n.get("arcData"), dict):
        return "ELLIPSE"
    if "cornerRadius" in n or "rectangleCornerRadii" in n:
        return "RECTANGLE"
    if n.get("fillGeometry") or n.get("strokeGeometry"):
        return "VECTOR"
    return None


def _click_link(n: dict[str, Any]) -> str | None:
    """The node's click action as an IR hyperlink: a URL, or '#slide:<id>' for a NAVIGATE to a node
    (prototype `interactions`, or the legacy `transitionNodeID`)."""
    for inter in n.get("interactions") if isinstance(n.get("interactions"), list) else []:
        trigger = inter.get("trigger") if isinstance(inter, dict) else None
        if not isinstance(trigger, dict) or trigger.get("type") != "ON_CLICK":
            continue
        for action in inter.get("actions") or []:
            if not isinstance(action, dict):
                continue
            if action.get("type") == "URL" and isinstance(action.get("url"), str) and action["url"]:
                return action["url"]
            target = action.get("destinationId")
            if action.get("type") == "NODE" and action.get("navigation") in (None, "NAVIGATE") and target:
                return f"#slide:{target}" if isinstance(target, str) else None
    legacy = n.get("transitionNodeID")
    return f"#slide:{legacy}" if isinstance(legacy, str) and legacy else None


class Placement:
    """Where a node sits: its matrix in the parent, its absolute matrix, its size."""

    __slots__ = ("absolute", "box", "exact", "height", "local", "width")

    def __init__(self, local: Affine, absolute: Affine, width: float, height: float, exact: bool = True) -> None:
        self.local = local
        self.absolute = absolute
        self.width = width
        self.height = height
        self.exact = exact
        self.box: Box = decompose(local, width, height)


def absolute_of(n: dict[str, Any], parent_abs: Affine) -> Placement:
    """The node's placement from relativeTransform, or from its bounding box."""
    size = n.get("size") if isinstance(n.get("size"), dict) else None
    bb = _rect(n.get("absoluteBoundingBox"))
    m = _matrix(n.get("relativeTransform"))
    exact = True
    if m is not None:
        if size is not None:
            w, h = max(0.0, num(size.get("x"))), max(0.0, num(size.get("y")))
        elif bb is not None:
            w, h, exact = size_from_aabb(bb[2], bb[3], math.degrees(math.atan2(m[3], m[0])))
        else:
            w = h = 0.0
            exact = False
        return Placement(m, multiply(parent_abs, m), w, h, exact)
    rotation = math.degrees(num(n.get("rotation")))
    if size is not None:
        w, h = max(0.0, num(size.get("x"))), max(0.0, num(size.get("y")))
    elif bb is not None:
        w, h, exact = size_from_aabb(bb[2], bb[3], rotation)
    else:
        return Placement(IDENTITY, parent_abs, 0.0, 0.0, False)
    cx, cy = (bb[0] + bb[2] / 2, bb[1] + bb[3] / 2) if bb is not None else (w / 2, h / 2)
    absolute = box_to_matrix(cx - w / 2, cy - h / 2, w, h, rotation, False, False)
    return Placement(multiply(invert(parent_abs), absolute), absolute, w, h, exact and bb is not None)


_CONTAINERS = {*FRAME_TYPES, "GROUP", "BOOLEAN_OPERATION"}


class NodeReader:
    """Converts a Figma subtree; losses go to the context's report."""

    def __init__(self, ctx: ReadContext) -> None:
        self.ctx = ctx
        self.depth = 0
        """levels of children being read; past MAX_DEPTH a container's children join its parent"""

    # -- entry -------------------------------------------------------------------------------
    def children(self, nodes: list[Any], parent_abs: Affine, parent: dict[str, Any] | None) -> list[NodeBase]:
        mode = parent.get("layoutMode") if parent is not None else None
        out: list[NodeBase] = []
        queue = list(nodes)
        self.depth += 1
        try:
            i = 0
            while i < len(queue):
                child = queue[i]
                i += 1
                if not isinstance(child, dict) or not isinstance(child.get("id"), str):
                    continue
                if self.depth >= MAX_DEPTH.value and child.get("type") in _CONTAINERS and kids(child):
                    self.ctx.loss(
                        "nesting-flattened",
                        f"{child.get('type')} nested more than {MAX_DEPTH.value} deep: its children are placed in "
                        "its parent",
                        child["id"],
                    )
                    queue[i:i] = kids(child)
                    continue
                node = self.node(child, parent_abs, mode)
                if node is not None:
                    out.append(node)
        finally:
            self.depth -= 1
        return out

    def node(
        self,
        n: dict[str, Any],
        parent_abs: Affine,
        parent_mode: str | None,
        as_id: str | None = None,
        origin: Affine | None = None,
    ) -> NodeBase | None:
        """The IR node of `n`. `as_id` makes it a slide wrapper (that id, visible, at 0, 0);
        `origin` places it relative to that absolute matrix instead of its parent."""
        kind = n.get("type")
        nid = n["id"]
        if not isinstance(kind, str):
            kind = _infer_type(n)
            if kind is None:
                self.ctx.loss("figma-node", "node without a type; skipped", nid, "error")
                return None
            self.ctx.loss("figma-type-inferred", f"node without a type read as {kind}", nid, "info")
            n = {**n, "type": kind}
        if kind in FRAME_TYPES:
            builder = self._frame
        elif kind == "GROUP":
            builder = self._group
        elif kind == "BOOLEAN_OPERATION":
            builder = self._boolean
        elif kind == "RECTANGLE":
            builder = self._rectangle
        elif kind == "ELLIPSE":
            builder = self._ellipse
        elif kind == "LINE":
            builder = self._line
        elif kind in VECTOR_TYPES:
            builder = self._vector
        elif kind == "TEXT":
            builder = self._text
        elif kind == "CONNECTOR":
            builder = self._connector
        else:
            self.ctx.loss(f"figma-{str(kind).lower()}", f"{kind} node has no IR equivalent; skipped", nid, "error")
            return None
        try:
            return self._build(n, builder, parent_abs, parent_mode, as_id, origin)
        except (TypeError, ValueError, AttributeError, KeyError, IndexError, ArithmeticError) as exc:
            # a malformed node (a field of the wrong JSON type): skip it, say so, keep the rest
            self.ctx.loss("malformed-node", f"{kind} skipped: {type(exc).__name__}: {exc}"[:300], nid, "error")
            return None

    def _build(
        self,
        n: dict[str, Any],
        builder: Any,
        parent_abs: Affine,
        parent_mode: str | None,
        as_id: str | None,
        origin: Affine | None,
    ) -> NodeBase | None:
        ace = ace_data(n)
        place = absolute_of(n, parent_abs)
        if as_id is not None:  # a slide wrapper sits at 0, 0 of its slide
            place = Placement(IDENTITY, place.absolute, place.width, place.height, place.exact)
        elif origin is not None:
            local = multiply(invert(origin), place.absolute)
            place = Placement(local, place.absolute, place.width, place.height, place.exact)
        data = self._common(n, place, parent_mode)
        data["id"] = self.ctx.claim(as_id if as_id is not None else n["id"])
        builder(n, data, place, ace.get("synthetic") == "1")
        if as_id is not None:
            # the slide's own frame has the slide's size: FIXED both ways (Figma's sizing kept)
            data["visible"] = True
            if (data["sizing_h"], data["sizing_v"]) != ("FIXED", "FIXED"):
                self._figma_meta(data)["sizing"] = [data["sizing_h"], data["sizing_v"]]
                data["sizing_h"] = data["sizing_v"] = "FIXED"
        return self._finish(n, data, ace)

    def _finish(self, n: dict[str, Any], data: dict[str, Any], ace: dict[str, Any]) -> NodeBase | None:
        over = ace.get("ir") if self.ctx.apply_overrides else None
        if isinstance(over, dict) and over:
            if ace.get("sig") != node_sig(n):
                over = {k: v for k, v in over.items() if k not in NATIVE_FIELDS}
            merged = {**data, **{k: v for k, v in over.items() if k not in ("id", "source", "children")}}
            cls = NODE_TYPES.get(merged.get("type", ""))
            if cls is not None:
                merged = {k: v for k, v in merged.items() if k in cls.model_fields}
                try:
                    return cls.model_validate(merged)
                except ValidationError:
                    self.ctx.loss("ace-data", "ACE round-trip data is invalid; read from Figma fields", data["id"])
        cls = NODE_TYPES[data["type"]]
        return cls.model_validate(data)

    # -- shared fields -----------------------------------------------------------------------
    def _common(self, n: dict[str, Any], place: Placement, parent_mode: str | None) -> dict[str, Any]:
        ctx, nid = self.ctx, n["id"]
        box = place.box
        if box.skewed:
            ctx.loss("transform-skew", "scale / shear in relativeTransform dropped (kept rotation)", nid)
        if not place.exact:
            ctx.loss("geometry-approximate", "size derived from the bounding box (no size / relativeTransform)", nid)
        sizing_h, sizing_v = sizing_from_figma(n, parent_mode)
        blend = word(n.get("blendMode")) if word(n.get("blendMode")) in BLEND_MODES else "PASS_THROUGH"
        fills = n.get("fills") if isinstance(n.get("fills"), list) else n.get("background")
        data: dict[str, Any] = {
            "id": nid,
            "name": n.get("name") if isinstance(n.get("name"), str) else "",
            "x": box.x,
            "y": box.y,
            "width": place.width,
            "height": place.height,
            "rotation": box.rotation,
            "flip_h": box.flip_h,
            "flip_v": box.flip_v,
            "visible": n.get("visible") is not False,
            "locked": n.get("locked") is True,
            "opacity": min(1.0, max(0.0, num(n.get("opacity"), 1.0))),
            "blend_mode": blend,
            "fills": paints_from_figma(fills, ctx, nid),
            "effects": effects_from_figma(n.get("effects"), ctx, nid),
            "sizing_h": sizing_h,
            "sizing_v": sizing_v,
            "positioning": "ABSOLUTE" if n.get("layoutPositioning") == "ABSOLUTE" else "AUTO",
            "constraints": constraints_from_figma(n.get("constraints")),
            "source": NodeSource(format=FORMAT_NAME, ref=nid),
        }
        default_align = (
            "CENTER" if n.get("type") in VECTOR_TYPES or n.get("type") in ("LINE", "BOOLEAN_OPERATION") else "INSIDE"
        )
        data["strokes"], data["stroke_weights"] = strokes_from_figma(n, ctx, default_align)
        for key, field in (
            ("minWidth", "min_width"),
            ("maxWidth", "max_width"),
            ("minHeight", "min_height"),
            ("maxHeight", "max_height"),
        ):
            v = num(n.get(key))
            if v > 0:
                data[field] = v
        link = _click_link(n)
        if link:
            data["hyperlink"] = link
        meta: dict[str, Any] = {}
        if parent_mode == "GRID":
            grid = {k: n[k] for k in _GRID_CHILD if k in n}
            if grid:
                meta["grid"] = grid
        if n.get("isMask") is True:
            meta["isMask"] = True
            if isinstance(n.get("maskType"), str):
                meta["maskType"] = n["maskType"]
        if meta:
            data["meta"] = {"figma": meta}
        return data

    def _figma_meta(self, data: dict[str, Any]) -> dict[str, Any]:
        return data.setdefault("meta", {}).setdefault("figma", {})

    def corners(self, n: dict[str, Any], data: dict[str, Any]) -> None:
        data["corner_radius"] = max(0.0, num(n.get("cornerRadius")))
        radii = n.get("rectangleCornerRadii")
        if isinstance(radii, list) and len(radii) == 4 and all(isinstance(r, int | float) for r in radii):
            data["corner_radii"] = tuple(max(0.0, float(r)) for r in radii)
        data["corner_smoothing"] = min(1.0, max(0.0, num(n.get("cornerSmoothing"))))

    # -- kinds -------------------------------------------------------------------------------
    def _frame(self, n: dict[str, Any], data: dict[str, Any], place: Placement, synthetic: bool) -> None:
        kind = n["type"]
        if kind == "FRAME" and not synthetic and read_drawn(self, n, data, place):
            return
        data["type"] = "FRAME"
        if kind != "FRAME":
            self._figma_meta(data)["type"] = kind
        if kind == "INSTANCE" and isinstance(n.get("componentId"), str):
            self._figma_meta(data)["componentId"] = n["componentId"]
        self.corners(n, data)
        data["layout"] = auto_layout_from_figma(n, self.ctx)
        data["clips_content"] = n.get("clipsContent") is True
        if isinstance(n.get("layoutGrids"), list) and n["layoutGrids"]:
            self.ctx.loss("layout-grids", "layout grids (guides) are not carried", n["id"], "info")
        if not synthetic:
            data["children"] = self.children(kids(n), place.absolute, n)

    def _group(self, n: dict[str, Any], data: dict[str, Any], place: Placement, synthetic: bool) -> None:
        data["type"] = "GROUP"
        children = kids(n)
        if children and children[0].get("isMask") is True:
            data["is_mask_group"] = True
        if not synthetic:
            data["children"] = self.children(children, place.absolute, n)

    def _boolean(self, n: dict[str, Any], data: dict[str, Any], place: Placement, synthetic: bool) -> None:
        self._group(n, data, place, synthetic)
        op = n.get("booleanOperation")
        data["is_boolean"] = op if op in _BOOLEAN_OPS else "UNION"
        paths, _ = paths_from_figma(n)
        if paths:
            self._figma_meta(data)["geometry"] = [p.model_dump(exclude_defaults=True) for p in paths]
        self.ctx.loss(
            "boolean-operation", f"{data['is_boolean']} kept as a boolean group of its operands", n["id"], "info"
        )

    def _rectangle(self, n: dict[str, Any], data: dict[str, Any], place: Placement, synthetic: bool) -> None:
        self.corners(n, data)
        fills = data["fills"]
        if len(fills) == 1 and isinstance(fills[0], ImagePaint) and fills[0].visible:
            data["type"] = "IMAGE"
            data["image"] = fills[0]
            data["fills"] = []
        else:
            data["type"] = "RECTANGLE"

    def _ellipse(self, n: dict[str, Any], data: dict[str, Any], place: Placement, synthetic: bool) -> None:
        data["type"] = "ELLIPSE"
        arc = n.get("arcData")
        if isinstance(arc, dict):
            start, end, inner = (
                num(arc.get("startingAngle")),
                num(arc.get("endingAngle"), _TWO_PI),
                num(arc.get("innerRadius")),
            )
            if not (abs(start) < 1e-9 and abs(end - _TWO_PI) < 1e-6 and inner == 0):
                data["arc"] = (start, end, inner)

    def _line(self, n: dict[str, Any], data: dict[str, Any], place: Placement, synthetic: bool) -> None:
        data["type"] = "LINE"

    def _vector(self, n: dict[str, Any], data: dict[str, Any], place: Placement, synthetic: bool) -> None:
        kind, nid = n["type"], n["id"]
        data["type"] = "VECTOR"
        w, h = place.width, place.height
        if kind != "VECTOR":
            meta = self._figma_meta(data)
            meta["type"] = kind
            for key in ("pointCount", "innerRadius"):
                if isinstance(n.get(key), int | float):
                    meta[key] = n[key]
        paths, source = paths_from_figma(n)
        if source == "strokeGeometry":
            if data["strokes"] and not data["fills"]:
                data["fills"] = [s.paint for s in data["strokes"]]
                data["strokes"] = []
                self.ctx.loss("stroke-outlined", "open path drawn from its stroke outline (as a fill)", nid, "info")
            else:
                self.ctx.loss("vector-geometry", "only the stroke outline is known; drawn as a filled path", nid)
        if not paths:
            points = int(num(n.get("pointCount"), 5 if kind == "STAR" else 3))
            if kind == "STAR":
                d = star_path(w, h, points, num(n.get("innerRadius"), 0.382))
            elif kind == "REGULAR_POLYGON":
                d = polygon_path(w, h, points)
            elif "fillGeometry" in n or "strokeGeometry" in n or not (data["fills"] or data["strokes"]):
                d = None  # geometry was requested and is empty, or nothing would be painted
            else:
                d = box_path(w, h)
                self.ctx.loss(
                    "vector-geometry", "no fillGeometry / strokeGeometry (use ?geometry=paths); drawn as a box", nid
                )
            paths = [VectorPath(d=d)] if d is not None else []
        data["paths"] = paths

    def _text(self, n: dict[str, Any], data: dict[str, Any], place: Placement, synthetic: bool) -> None:
        data["type"] = "TEXT"
        data["text"] = text_from_figma(n, self.ctx)
        data["fills"] = []
        # a TEXT's strokes go around its glyphs: its runs' outlines (text_from_figma), not the box's
        data["strokes"], data["stroke_weights"] = [], None

    def _connector(self, n: dict[str, Any], data: dict[str, Any], place: Placement, synthetic: bool) -> None:
        data["type"] = "CONNECTOR"
        for key, field in (("connectorStart", "start"), ("connectorEnd", "end")):
            end = n.get(key)
            if isinstance(end, dict):
                magnet = (
                    end.get("magnet")
                    if end.get("magnet") in ("AUTO", "TOP", "BOTTOM", "LEFT", "RIGHT", "CENTER")
                    else "NONE"
                )
                data[field] = {"node_id": end.get("endpointNodeId"), "magnet": magnet}
        if n.get("connectorLineType") in ("STRAIGHT", "ELBOWED", "CURVED"):
            data["line_type"] = n["connectorLineType"]
