"""IR nodes -> Figma REST node dicts (geometry computed: relativeTransform, size, absolute boxes).

Kinds Figma lacks are drawn with Figma nodes and their IR data is left for the round-trip
overrides (adapters.figma.overrides): SHAPE -> VECTOR (preset paths from ace_core.drawing),
IMAGE -> RECTANGLE with an IMAGE fill, a text box with a fill / border / insets, or a shape that
holds text -> FRAME with the shape and a TEXT child, TABLE -> FRAME of cell rectangles and texts,
CONNECTOR -> LINE, CHART / MATH -> a box (loss entry)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from lxml import etree

from ace_core.drawing.chart_user_shapes import user_shape_nodes
from ace_core.drawing.text_lines import ooxml_text_shift, shifted_insets, text_scale
from ace_core.errors import AceError
from ace_core.ir.deck import Theme
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import (
    ChartNode,
    ConnectorNode,
    EllipseNode,
    FrameNode,
    GroupNode,
    ImageNode,
    LineNode,
    MathNode,
    NodeBase,
    RectangleNode,
    ShapeNode,
    TableNode,
    TextNode,
    VectorNode,
    VectorPath,
)
from ace_core.ir.style import ImagePaint, Sides, SolidPaint
from ace_core.ir.text import TextBody
from adapters.figma.context import FORMAT_NAME, NOTES_NAME
from adapters.figma.geometry import Affine, aabb, box_to_matrix, multiply
from adapters.figma.layout import auto_layout_to_figma, child_layout_to_figma, constraints_to_figma
from adapters.figma.overrides import set_ace
from adapters.figma.paints import effects_to_figma, paints_to_figma, stroke_props_to_figma
from adapters.figma.picture_text import PictureTexts, split_picture_text
from adapters.figma.svg import math_paths, svg_nodes
from adapters.figma.text import text_to_figma
from adapters.figma.text_groups import TextRun, text_offset, text_runs
from adapters.figma.text_measure import TURNS, insets, measure
from adapters.figma.vectors import box_path, paths_to_figma, preset_paths, preset_text_margins, scale_path
from adapters.figma.write_table import table_to_figma

__all__ = ["NodeWriter"]


class NodeWriter:
    """Builds Figma node dicts; `figma_of` maps every IR id to the dict written for it."""

    def __init__(
        self,
        report: LossReport,
        on_image: Callable[[ImagePaint], None],
        theme: Theme | None = None,
        *,
        ooxml: bool = False,
    ) -> None:
        self.report = report
        self.on_image = on_image
        self.theme_fonts = theme.fonts if theme is not None else None
        self.ooxml = ooxml  # the deck came from OOXML: its shrink-on-overflow text is refitted
        colors = theme.colors if theme is not None else {}
        # charts are drawn in the theme's accents and minor font, as the HTML writer draws them
        self.chart_palette = [colors[f"accent{i}"].hex.lower() for i in range(1, 7) if f"accent{i}" in colors] or None
        self.chart_font = (theme.fonts.minor if theme is not None else None) or "Calibri"
        self.figma_of: dict[str, dict[str, Any]] = {}
        self.slide_id: str | None = None
        self.slide_numbers: dict[str, int] = {}
        """each slide's position in the deck (what its slide number fields show)"""
        self.pictures: PictureTexts | None = None
        """the deck's vector pictures: their text is written as TEXT over them (picture_text.py)"""

    def loss(self, feature: str, reason: str, node_id: str, severity: str = "warning") -> None:
        self.report.add(
            feature,
            reason,
            slide_id=self.slide_id,
            node_id=node_id,
            severity=severity,
            stage="write",
            format=FORMAT_NAME,  # type: ignore[arg-type]
        )

    # -- geometry ----------------------------------------------------------------------------
    @staticmethod
    def place(out: dict[str, Any], m: Affine, w: float, h: float, parent_abs: Affine, visible: bool) -> Affine:
        absolute = multiply(parent_abs, m)
        x, y, bw, bh = aabb(absolute, w, h)
        box = {"x": x, "y": y, "width": bw, "height": bh}
        out["absoluteBoundingBox"] = box
        out["absoluteRenderBounds"] = dict(box) if visible else None
        out["relativeTransform"] = [[m[0], m[1], m[2]], [m[3], m[4], m[5]]]
        out["size"] = {"x": w, "y": h}
        angle = math.atan2(m[3], m[0])
        if abs(angle) > 1e-12:
            out["rotation"] = angle
        return absolute

    def _base(self, node: NodeBase, kind: str, parent_mode: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": node.id,
            "name": node.name,
            "type": kind,
            "visible": node.visible and not _boxless_placeholder(node),
            "locked": node.locked,
            "opacity": node.opacity,
            "blendMode": node.blend_mode,
            "fills": paints_to_figma(node.fills),
            "effects": effects_to_figma(node.effects),
            "constraints": constraints_to_figma(node.constraints),
        }
        default_align = {"VECTOR": "CENTER", "LINE": "CENTER", "BOOLEAN_OPERATION": "CENTER", "TEXT": "OUTSIDE"}.get(
            kind, "INSIDE"
        )
        out.update(stroke_props_to_figma(node.strokes, node.stroke_weights, default_align))
        out.update(child_layout_to_figma(*_sizing(node), node.positioning, parent_mode))
        for field, key in (
            ("min_width", "minWidth"),
            ("max_width", "maxWidth"),
            ("min_height", "minHeight"),
            ("max_height", "maxHeight"),
        ):
            value = getattr(node, field)
            if value is not None:
                out[key] = value
        if node.hyperlink:
            out["interactions"] = [{"trigger": {"type": "ON_CLICK"}, "actions": [_click_action(node.hyperlink)]}]
        fmeta = node.meta.get("figma") if isinstance(node.meta.get("figma"), dict) else {}
        if parent_mode == "GRID" and isinstance(fmeta.get("grid"), dict):
            out.update(fmeta["grid"])
        if fmeta.get("isMask"):
            out["isMask"] = True
            if isinstance(fmeta.get("maskType"), str):
                out["maskType"] = fmeta["maskType"]
        for paint in node.fills:
            if isinstance(paint, ImagePaint):
                self.on_image(paint)
        self.figma_of[node.id] = out
        return out

    @staticmethod
    def _corners(out: dict[str, Any], node: Any) -> None:
        out["cornerRadius"] = node.corner_radius
        if node.corner_radii is not None:
            out["rectangleCornerRadii"] = list(node.corner_radii)
        if node.corner_smoothing:
            out["cornerSmoothing"] = node.corner_smoothing

    # -- entry -------------------------------------------------------------------------------
    def node(self, node: NodeBase, parent_abs: Affine, parent_mode: str | None) -> dict[str, Any]:
        """The Figma dict of an IR node placed in a parent whose absolute matrix is parent_abs."""
        text = getattr(node, "text", None)
        if isinstance(text, TextBody) and text.autofit == "SHRINK":
            text = self._fitted(text, node.width, node.height)
            node = node.model_copy(update={"text": text})
        if self.ooxml and isinstance(text, TextBody) and not text.wrap and text.autofit == "RESIZE":
            node = _grown(node, text)
        if isinstance(node, TextNode):
            boxed = node.fills or node.strokes or insets(node.text) != Sides() or node.text.vertical in TURNS
            if boxed or len(self._runs(node.text)) > 1:
                return self._boxed(node, None, node.text, parent_abs, parent_mode)
            if self.ooxml and not node.text.wrap and node.text.autofit == "NONE" and node.sizing_h == "FIXED":
                node = _hugged(node, node.text)
            return self._text(node, parent_abs, parent_mode, shifted=True)
        if isinstance(text, TextBody) and text.paragraphs:
            return self._boxed(node, node, text, parent_abs, parent_mode)
        return self._shape(node, parent_abs, parent_mode)

    def _fitted(self, body: TextBody, width: float, height: float) -> TextBody:
        """A shrink-on-overflow body at the scale it is drawn at: Figma has no autofit, so the
        sizes written are the ones seen. The scale is refitted to the box as PowerPoint and
        LibreOffice do on load (adapters.html.text.fit_scale, the HTML writer's own rule): a
        stored fontScale is often stale (text edited after the last save, tools writing
        normAutofit without one); OOXML line spacing is kept, as LibreOffice keeps it."""
        from adapters.html.text import fit_scale

        fit = fit_scale(body, width, height, ooxml=self.ooxml, theme_fonts=self.theme_fonts)
        if fit is None:
            return body
        return body.model_copy(
            update={"font_scale": fit, "line_spacing_reduction": None if self.ooxml else body.line_spacing_reduction}
        )

    def _matrix(self, node: NodeBase) -> Affine:
        return box_to_matrix(node.x, node.y, node.width, node.height, node.rotation, node.flip_h, node.flip_v)

    def _shape(self, node: NodeBase, parent_abs: Affine, parent_mode: str | None) -> dict[str, Any]:
        if isinstance(node, FrameNode):
            return self._frame(node, parent_abs, parent_mode)
        if isinstance(node, GroupNode):
            return self._group(node, parent_abs, parent_mode)
        if isinstance(node, LineNode | ConnectorNode):
            return self._line(node, parent_abs, parent_mode)
        if isinstance(node, TableNode):
            return self._table(node, parent_abs, parent_mode)
        if isinstance(node, ChartNode):
            drawn = self._chart(node, parent_abs, parent_mode)
            if drawn is not None:
                return drawn
        if isinstance(node, ImageNode) and self.pictures is not None:
            drawn = self._picture(node, parent_abs, parent_mode)
            if drawn is not None:
                return drawn
        kind = "VECTOR"
        extra: dict[str, Any] = {}
        clip = _clip_paths(node) if isinstance(node, ImageNode) else None
        if clip is None and isinstance(node, RectangleNode | ImageNode):
            kind = "RECTANGLE"
            self._corners(extra, node)
        elif isinstance(node, EllipseNode):
            kind = "ELLIPSE"
            if node.arc is not None:
                extra["arcData"] = {
                    "startingAngle": node.arc[0],
                    "endingAngle": node.arc[1],
                    "innerRadius": node.arc[2],
                }
        out = self._base(node, kind, parent_mode)
        out.update(extra)
        if isinstance(node, ImageNode):
            self.on_image(node.image)
            out["fills"] = [*paints_to_figma([node.image]), *out["fills"]]
            if clip is not None:  # a picture cut to a preset (star5, ellipse...): that outline, image-filled
                out.update(paths_to_figma(clip, out))
        elif isinstance(node, MathNode):
            out.update(paths_to_figma(self._math(node)))
            out["fills"] = paints_to_figma([node.color or SolidPaint()])
        elif kind == "VECTOR":
            out.update(paths_to_figma(self._paths(node), out))
            fmeta = node.meta.get("figma") if isinstance(node.meta.get("figma"), dict) else {}
            if fmeta.get("type") in ("STAR", "REGULAR_POLYGON"):
                out["type"] = fmeta["type"]
                for key in ("pointCount", "innerRadius"):
                    if key in fmeta:
                        out[key] = fmeta[key]
        self.place(out, self._matrix(node), node.width, node.height, parent_abs, node.visible)
        return out

    def _paths(self, node: NodeBase) -> list[VectorPath]:
        w, h = node.width, node.height
        if isinstance(node, VectorNode):
            if node.view_box is None:
                return list(node.paths)
            mx, my, vw, vh = node.view_box
            sx, sy = (w / vw if vw else 1.0), (h / vh if vh else 1.0)
            return [p.model_copy(update={"d": scale_path(p.d, sx, sy, -mx, -my)}) for p in node.paths]
        if isinstance(node, ShapeNode):
            paths = preset_paths(node.preset, w, h, node.adjustments)
            if paths is not None:
                return paths
            self.loss("shape-geometry", f"preset {node.preset} drawn as a box", node.id)
        elif isinstance(node, ChartNode):
            self.loss("chart-drawing", "chart drawn as a box in Figma (its data is kept for ACE)", node.id)
        return [VectorPath(d=box_path(w, h))]

    def _math(self, node: MathNode) -> list[VectorPath]:
        """The equation's glyphs as paths, scaled to fit the box (aspect kept, centred)."""
        try:
            from ace_core.drawing.math import latex_to_svg

            color = node.color.color.hex if isinstance(node.color, SolidPaint) else "#000000"
            drawing = latex_to_svg(node.latex, node.font_size, color, inline=node.display == "inline")
            k = min(node.width / drawing.width, node.height / drawing.height) if drawing.width and drawing.height else 0
            paths = math_paths(drawing.svg, drawing.width * k, drawing.height * k) if k > 0 else []
        except (ImportError, AceError, ValueError, etree.XMLSyntaxError) as exc:
            self.loss("math-drawing", f"equation drawn as a box in Figma ({exc}); its LaTeX is kept for ACE", node.id)
            return [VectorPath(d=box_path(node.width, node.height))]
        dx, dy = (node.width - drawing.width * k) / 2, (node.height - drawing.height * k) / 2
        return [p.model_copy(update={"d": scale_path(p.d, 1.0, 1.0, dx, dy)}) for p in paths]

    def _chart(self, node: ChartNode, parent_abs: Affine, parent_mode: str | None) -> dict[str, Any] | None:
        """A FRAME of the chart's drawing (ace_core.drawing.charts): bars, lines, labels as nodes."""
        try:
            from ace_core.drawing.charts import chart_svg

            drawing = chart_svg(
                node.chart, node.width, node.height, font_family=self.chart_font, palette=self.chart_palette
            )
            kids = svg_nodes(drawing.svg, node.width, node.height, node.id)
        except (ImportError, AceError, ValueError, etree.XMLSyntaxError):
            return None
        for lost in drawing.losses:
            self.loss("chart-drawing", lost, node.id, "info")
        out = self._base(node, "FRAME", parent_mode)
        out["clipsContent"] = False
        out["layoutMode"] = "NONE"
        absolute = self.place(out, self._matrix(node), node.width, node.height, parent_abs, node.visible)
        # and the shapes the chart draws over itself (c:userShapes: text boxes, callouts)
        out["children"] = [self.node(k, absolute, None) for k in [*kids, *user_shape_nodes(node)]]
        set_ace(out, "synthetic", "1")
        self.figma_of[node.id] = out
        return out

    def _picture(self, node: ImageNode, parent_abs: Affine, parent_mode: str | None) -> dict[str, Any] | None:
        """A vector picture that draws text: a FRAME of the picture without its text (the image
        fill) and that text as TEXT nodes where the picture draws it. Only a picture stretched
        to its box, uncropped, with no clip shape (the SVG's coordinates are the box's)."""
        paint = node.image
        key = node.svg_asset or paint.asset
        if (
            key is None
            or paint.scale_mode not in ("STRETCH", "FILL")
            or paint.crop is not None
            or node.preset
            or node.clip_paths
        ):
            return None
        assert self.pictures is not None
        svg = self.pictures.svg_of(key)
        if svg is None:
            return None
        bare, behind, front, left = split_picture_text(svg, node.width, node.height, node.id)
        if left:
            self.loss(
                "picture-text", f"{left} letters and digits of transformed picture text stay pixels", node.id, "info"
            )
        if not behind and not front:
            return None
        out = self._base(node, "FRAME", parent_mode)
        out["clipsContent"] = True
        out["layoutMode"] = "NONE"
        absolute = self.place(out, self._matrix(node), node.width, node.height, parent_abs, node.visible)
        image = paint.model_copy(update={"asset": self.pictures.put(bare), "scale_mode": "STRETCH", "image_ref": None})
        rect = RectangleNode(id=f"{node.id}:picture", width=node.width, height=node.height, fills=[image])
        kids = [self.node(t, absolute, None) for t in behind]
        kids.append(self._shape(rect, absolute, None))
        out["children"] = kids + [self.node(t, absolute, None) for t in front]
        set_ace(out, "synthetic", "1")
        self.figma_of[node.id] = out
        return out

    def _frame(self, node: FrameNode, parent_abs: Affine, parent_mode: str | None) -> dict[str, Any]:
        fmeta = node.meta.get("figma") if isinstance(node.meta.get("figma"), dict) else {}
        kind = (
            fmeta.get("type")
            if fmeta.get("type") in ("COMPONENT", "COMPONENT_SET", "INSTANCE", "SECTION", "SLIDE")
            else "FRAME"
        )
        out = self._base(node, kind, parent_mode)
        if kind == "INSTANCE" and isinstance(fmeta.get("componentId"), str):
            out["componentId"] = fmeta["componentId"]
        self._corners(out, node)
        out["clipsContent"] = node.clips_content
        out.update(auto_layout_to_figma(node.layout, *_sizing(node)))
        absolute = self.place(out, self._matrix(node), node.width, node.height, parent_abs, node.visible)
        mode = node.layout.mode if node.layout is not None else None
        out["children"] = [self.node(c, absolute, mode) for c in node.children]
        return out

    def _group(self, node: GroupNode, parent_abs: Affine, parent_mode: str | None) -> dict[str, Any]:
        out = self._base(node, "BOOLEAN_OPERATION" if node.is_boolean else "GROUP", parent_mode)
        if node.is_boolean:
            out["booleanOperation"] = node.is_boolean
            geometry = (node.meta.get("figma") or {}).get("geometry")
            if isinstance(geometry, list):
                paths = [VectorPath.model_validate(g) for g in geometry]
                out.update(paths_to_figma(paths, out))
        absolute = self.place(out, self._matrix(node), node.width, node.height, parent_abs, node.visible)
        out["children"] = [self.node(c, absolute, None) for c in node.children]
        return out

    def _line(self, node: LineNode | ConnectorNode, parent_abs: Affine, parent_mode: str | None) -> dict[str, Any]:
        out = self._base(node, "LINE", parent_mode)
        full = self._matrix(node)
        x0, y0 = full[2], full[5]
        x1 = full[0] * node.width + full[1] * node.height + full[2]
        y1 = full[3] * node.width + full[4] * node.height + full[5]
        if node.height == 0:
            m, length = full, node.width
        else:
            length = math.hypot(x1 - x0, y1 - y0)
            c, s = ((x1 - x0) / length, (y1 - y0) / length) if length else (1.0, 0.0)
            m = (c, -s, x0, s, c, y0)
        self.place(out, m, length, 0.0, parent_abs, node.visible)
        return out

    def _text(
        self,
        node: TextNode,
        parent_abs: Affine,
        parent_mode: str | None,
        *,
        shifted: bool = False,
        cell: bool = False,
    ) -> dict[str, Any]:
        """A TEXT node; `shifted`: an OOXML text box of its own, moved down (along its own axis) by
        ooxml_text_shift so that Figma shows its lines where PowerPoint does. A table `cell`'s
        text comes with its lines in pixels at LibreOffice's cell pitch (cell_pitched, which an
        OOXML writer takes back with cell_unpitched) and is not moved."""
        out = self._base(node, "TEXT", parent_mode)
        number = self.slide_numbers.get(self.slide_id or "")
        ooxml = self.ooxml and not cell
        fields, fills = text_to_figma(node.text, self.theme_fonts, ooxml=ooxml, slide_number=number)
        out.update(fields)
        out["fills"] = paints_to_figma(fills)
        m, width = self._matrix(node), node.width
        if shifted and self.ooxml:
            d = ooxml_text_shift(node.text, self.theme_fonts, node.width)
            dx = text_offset(node.text)  # its text where PowerPoint starts it (lists, margins), as wide
            m = (m[0], m[1], m[2] + m[0] * dx + m[1] * d, m[3], m[4], m[5] + m[3] * dx + m[4] * d)
            width = max(0.0, width - dx)
        self.place(out, m, width, node.height, parent_abs, node.visible)
        return out

    def notes(self, slide_id: str, notes: str, frame: dict[str, Any], width: float) -> dict[str, Any]:
        """The slide's speaker notes as a hidden TEXT layer named NOTES_NAME (the REST API has no
        notes field; any consumer finds them there, and ACE's reader turns them back into notes)."""
        (a, b, tx), (c, d, ty) = frame["relativeTransform"]
        body = TextBody.from_text(notes.replace("\r\n", "\n"))
        body.insets, body.auto_resize = Sides(), "HEIGHT"
        _, height = measure(body, width)
        node = TextNode(id=f"{slide_id}:notes", name=NOTES_NAME, width=width, height=height, visible=False, text=body)
        return self._text(node, (a, b, tx, c, d, ty), None)

    def _boxed(
        self, node: NodeBase, shape: NodeBase | None, text: TextBody, parent_abs: Affine, parent_mode: str | None
    ) -> dict[str, Any]:
        """A text box as Figma draws one: a vertical auto-layout FRAME at the node's box, padded by
        the insets and aligned by the vertical anchor, holding the TEXT (and, for a shape other than
        a plain box, the shape itself as an ABSOLUTE child behind it)."""
        plain_box = shape is None or isinstance(shape, RectangleNode)
        out = self._base(node, "FRAME", parent_mode)
        ins = insets(text)
        if shape is not None:  # a preset's text lies in its text rectangle (a VECTOR has none)
            rect = preset_text_margins(shape)
            ins = Sides(
                top=ins.top + rect.top,
                right=ins.right + rect.right,
                bottom=ins.bottom + rect.bottom,
                left=ins.left + rect.left,
            )
        turned = text.vertical in TURNS
        # OOXML text goes down by ooxml_text_shift: the padding moves it (the reader's insets)
        d = ooxml_text_shift(text, self.theme_fonts, node.width) if self.ooxml and not turned else 0.0
        pad_top, pad_bottom, rest = shifted_insets(ins.top, ins.bottom, text.vertical_align, d)
        if rest and shape is None and not node.fills and not node.strokes:
            # what the padding cannot take (a bottom-anchored box with no bottom inset): a bare box
            # moves along its own axis, as the OOXML writer moves it back (text_lines._moved)
            a = math.radians(node.rotation)
            node = node.model_copy(update={"x": node.x - math.sin(a) * rest, "y": node.y + math.cos(a) * rest})
        # and its list text where PowerPoint starts it (Figma's lists have no indent of their own);
        # paragraphs that differ in alignment or indent are TEXTs of their own (text_groups)
        runs = self._runs(text) if not turned else []
        if self.ooxml and not turned and shape is None and not node.fills and not node.strokes and not node.rotation:
            # list text that PowerPoint starts left of where the padding can (a marker that does not
            # hang): the bare box reaches further left, so that the text starts there
            low = ins.left + (min(r.offset for r in runs) if len(runs) > 1 else text_offset(text))
            if low < -0.5:
                node = node.model_copy(update={"x": node.x + low, "width": node.width - low})
                text = text.model_copy(update={"insets": ins.model_copy(update={"left": ins.left - low})})
                ins = insets(text)
        if len(runs) > 1:
            pad_left = max(0.0, ins.left + min(r.offset for r in runs))
        else:
            pad_left = max(0.0, ins.left + text_offset(text)) if self.ooxml and not turned else ins.left
        # the box hugs its text when the node does, or when its text resizes it (OOXML spAutoFit);
        # not around turned text, which is placed absolutely (it takes no room in the auto-layout)
        hug_w = not turned and (node.sizing_h == "HUG" or text.auto_resize == "WIDTH_AND_HEIGHT")
        hug_h = not turned and (node.sizing_v == "HUG" or text.auto_resize in ("HEIGHT", "WIDTH_AND_HEIGHT"))
        out.update(
            clipsContent=False,
            layoutMode="VERTICAL",
            layoutWrap="NO_WRAP",
            primaryAxisSizingMode="AUTO" if hug_h else "FIXED",
            counterAxisSizingMode="AUTO" if hug_w else "FIXED",
            primaryAxisAlignItems={"TOP": "MIN", "CENTER": "CENTER", "BOTTOM": "MAX"}[text.vertical_align],
            counterAxisAlignItems="MIN",
            paddingLeft=pad_left,
            paddingRight=ins.right,
            paddingTop=pad_top,
            paddingBottom=pad_bottom,
            itemSpacing=0.0,
        )
        if isinstance(node, RectangleNode):
            self._corners(out, node)
        absolute = self.place(out, self._matrix(node), node.width, node.height, parent_abs, node.visible)
        kids: list[dict[str, Any]] = []
        if not plain_box and shape is not None:
            inner = shape.model_copy(
                update={"id": f"{node.id}:shape", "x": 0.0, "y": 0.0, "rotation": 0.0, "text": None}
            )
            inner = inner.model_copy(
                update={"flip_h": False, "flip_v": False, "sizing_h": "FIXED", "sizing_v": "FIXED"}
            )
            inner = inner.model_copy(update={"positioning": "ABSOLUTE"})
            kids.append(self._shape(inner, absolute, "VERTICAL"))
            out["fills"], out["strokes"], out["effects"] = [], [], []
        if turned:
            room = (pad_left, pad_top, node.width - pad_left - ins.right, node.height - pad_top - pad_bottom)
            kids.append(self._text(self._turned(f"{node.id}:text", node.name, text, *room), absolute, "VERTICAL"))
            out["children"] = kids
            set_ace(out, "synthetic", "1")
            self.figma_of[node.id] = out
            return out
        room_w = max(0.0, node.width - pad_left - ins.right)
        wraps = text.wrap and not hug_w
        if len(runs) > 1:
            inner = (pad_left, pad_top, room_w, node.height - pad_top - pad_bottom)
            kids.extend(self._run_frames(node, text, runs, inner, absolute, wraps, hug_h, ins.left))
            out["children"] = kids
            set_ace(out, "synthetic", "1")
            self.figma_of[node.id] = out
            return out
        body = text.model_copy(update={"insets": Sides(), "auto_resize": "HEIGHT" if wraps else "WIDTH_AND_HEIGHT"})
        width, height = measure(body, room_w if wraps else None)
        width = room_w if wraps else width
        offset = {"TOP": 0.0, "CENTER": 0.5, "BOTTOM": 1.0}[text.vertical_align]
        offset *= max(0.0, node.height - pad_top - pad_bottom) - height
        label = TextNode(
            id=f"{node.id}:text",
            name=node.name,
            x=pad_left,
            y=pad_top + (offset if not hug_h else 0.0),
            width=width,
            height=height,
            text=body,
            sizing_h="FILL" if wraps else "HUG",
            sizing_v="HUG",
        )
        kids.append(self._text(label, absolute, "VERTICAL"))
        out["children"] = kids
        set_ace(out, "synthetic", "1")
        self.figma_of[node.id] = out
        return out

    def _runs(self, text: TextBody) -> list[TextRun]:
        return text_runs(text, self.ooxml, text_scale(text) if self.ooxml else 1.0)

    def _run_frames(
        self,
        node: NodeBase,
        text: TextBody,
        runs: list[TextRun],
        inner: tuple[float, float, float, float],
        absolute: Affine,
        wraps: bool,
        hug_h: bool,
        inset_left: float,
    ) -> list[dict[str, Any]]:
        """Each run of equally aligned, equally indented paragraphs (text_groups) as a FRAME
        `X:p<k>` in the box's auto-layout: padded left by the run's indent beyond the box's
        padding, on top by its gap to the run before, holding the run's TEXT `X:p<k>:text`."""
        x0, y0, room_w, room_h = inner
        placed = []
        for run in runs:
            dx = max(0.0, inset_left + run.offset - x0)
            body = text.model_copy(
                update={
                    "paragraphs": run.paragraphs,
                    "align": run.align,
                    "insets": Sides(),
                    "auto_resize": "HEIGHT" if wraps else "WIDTH_AND_HEIGHT",
                }
            )
            width, height = measure(body, max(0.0, room_w - dx) if wraps else None)
            placed.append((run, dx, body, max(0.0, room_w - dx) if wraps else width, height))
        total = sum(run.gap + height for run, _, _, _, height in placed)
        anchor = {"TOP": 0.0, "CENTER": 0.5, "BOTTOM": 1.0}[text.vertical_align]
        y = y0 + (0.0 if hug_h else anchor * max(0.0, room_h - total))
        frames = []
        for k, (run, dx, body, width, height) in enumerate(placed, 1):
            sizing = "FILL" if wraps else "HUG"
            box = FrameNode(id=f"{node.id}:p{k}", name=node.name, width=dx + width, height=run.gap + height)
            out = self._base(box.model_copy(update={"sizing_h": sizing, "sizing_v": "HUG"}), "FRAME", "VERTICAL")
            out.update(
                clipsContent=False,
                layoutMode="VERTICAL",
                layoutWrap="NO_WRAP",
                primaryAxisSizingMode="AUTO",
                counterAxisSizingMode="FIXED" if wraps else "AUTO",
                primaryAxisAlignItems="MIN",
                counterAxisAlignItems="MIN",
                paddingLeft=dx,
                paddingRight=0.0,
                paddingTop=run.gap,
                paddingBottom=0.0,
                itemSpacing=0.0,
            )
            m = (1.0, 0.0, x0, 0.0, 1.0, y)
            frame_abs = self.place(out, m, dx + width, run.gap + height, absolute, node.visible)
            label = TextNode(
                id=f"{box.id}:text", name=node.name, x=dx, y=run.gap, width=width, height=height, text=body
            )
            label = label.model_copy(update={"sizing_h": sizing, "sizing_v": "HUG"})
            out["children"] = [self._text(label, frame_abs, "VERTICAL")]
            frames.append(out)
            y += run.gap + height
        return frames

    def _turned(self, node_id: str, name: str, text: TextBody, x: float, y: float, w: float, h: float) -> TextNode:
        """Vertical text (OOXML vert, eaVert, vert270) as Figma can show it: a TEXT turned a quarter
        turn (clockwise for vert / eaVert, its lines read downwards; the other way for vert270),
        its lines as long as the room (x, y, w, h) is high, placed across it by the vertical
        anchor (a top-anchored vert text sits at the right, as in PowerPoint). The reader takes
        the turn back as the direction; eaVert's upright East Asian characters lie on their side."""
        turn = TURNS[text.vertical]
        if text.vertical == "eaVert" and any(ord(ch) > 0x2E7F for ch in text.plain_text):
            self.loss(
                "vertical-text",
                "eaVert text drawn turned a quarter turn: East Asian characters lie on their side",
                node_id,
            )
        w, h = max(0.0, w), max(0.0, h)
        flat = text.model_copy(
            update={"vertical": "horz", "insets": Sides(), "auto_resize": "HEIGHT" if text.wrap else "WIDTH_AND_HEIGHT"}
        )
        length, depth = measure(flat, h if text.wrap else None)
        length = h if text.wrap else length
        offset = {"TOP": 0.0, "CENTER": 0.5, "BOTTOM": 1.0}[text.vertical_align] * (w - depth)
        cx = x + w - offset - depth / 2 if turn > 0 else x + offset + depth / 2
        cy = y + length / 2 if turn > 0 else y + h - length / 2
        return TextNode(
            id=node_id,
            name=name,
            x=cx - length / 2,
            y=cy - depth / 2,
            width=length,
            height=depth,
            rotation=turn,
            positioning="ABSOLUTE",
            text=flat,
        )

    def _table(self, node: TableNode, parent_abs: Affine, parent_mode: str | None) -> dict[str, Any]:
        return table_to_figma(self, node, parent_abs, parent_mode)


def _hugged(node: TextNode, text: TextBody) -> TextNode:
    """An unwrapped OOXML text box of fixed width without autofit whose centred or right-aligned text is narrower
    than the box, as wide as its text where the alignment puts it: Figma's TEXT that grows with
    its text (WIDTH_AND_HEIGHT, how unwrapped text is written) hugs it, and read back as the whole
    box its text would go where the box's autofit puts it (LibreOffice shrank a right-aligned
    subtitle to its text at the box's left)."""
    aligns = {p.align or text.align or "LEFT" for p in text.paragraphs if p.text.strip()}
    if len(aligns) != 1 or node.rotation or text.vertical != "horz":
        return node
    share = {"CENTER": 0.5, "RIGHT": 1.0}.get(aligns.pop())
    if share is None:
        return node
    flat = text.model_copy(update={"insets": Sides(), "auto_resize": "WIDTH_AND_HEIGHT"})
    spare = node.width - measure(flat, None)[0]
    if spare <= 0.5:
        return node
    return node.model_copy(update={"x": node.x + spare * share, "width": node.width - spare})


def _clip_paths(node: ImageNode) -> list[VectorPath] | None:
    """The outline a picture is cut to (its OOXML prstGeom) when it is not a box (rect, or the
    rounded corners a RECTANGLE holds) or its custom clip path, else None."""
    if node.clip_paths:
        return list(node.clip_paths)
    if node.preset in (None, "rect") or node.corner_radius or node.corner_radii:
        return None
    return preset_paths(node.preset, node.width, node.height, {})


def _boxless_placeholder(node: NodeBase) -> bool:
    """A placeholder with no box anywhere (none of its own, none in its layout or master): PowerPoint
    and LibreOffice do not draw it, so Figma gets it hidden (its text is kept)."""
    return node.placeholder is not None and node.width < 1 and node.height < 1 and abs(node.x) < 1 and abs(node.y) < 1


def _click_action(link: str) -> dict[str, Any]:
    if link.startswith("#slide:"):
        target = link.removeprefix("#slide:")
        return {"type": "NODE", "destinationId": target, "navigation": "NAVIGATE", "transition": None}
    return {"type": "URL", "url": link}


def _sizing(node: NodeBase) -> tuple[str, str]:
    """The node's Figma sizing: a slide frame's own (kept in meta) or the IR's."""
    kept = (node.meta.get("figma") or {}).get("sizing") if isinstance(node.meta.get("figma"), dict) else None
    if isinstance(kept, list) and len(kept) == 2 and all(k in ("FIXED", "HUG", "FILL") for k in kept):
        return kept[0], kept[1]
    return node.sizing_h, node.sizing_v


def _grown(node: NodeBase, text: TextBody) -> NodeBase:
    """An unwrapped OOXML text box that grows to its text (spAutoFit) and whose text is wider than
    the box, widened about its centre to the text, as LibreOffice lays it out on load (the HTML
    writer's rule: adapters.html.text): Figma would let the text run out of the box's right side."""
    if text.vertical != "horz" or not text.paragraphs:
        return node
    ins = insets(text)
    flat = text.model_copy(update={"insets": Sides(), "auto_resize": "WIDTH_AND_HEIGHT"})
    grow = measure(flat, None)[0] - (node.width - ins.left - ins.right)
    if grow <= 0.5:
        return node
    return node.model_copy(update={"x": node.x - grow / 2, "width": node.width + grow})
