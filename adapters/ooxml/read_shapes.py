"""Shape trees -> IR nodes: sp, pic, grpSp, cxnSp (graphic frames in read_graphic), with ids and boxes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from ace_core.ir.nodes import (
    ConnectorNode,
    EllipseNode,
    EmbeddedObject,
    GroupNode,
    ImageNode,
    LineNode,
    NodeSource,
    Placeholder,
    RectangleNode,
    ShapeNode,
    TextNode,
    VectorNode,
)
from ace_core.ir.semantic import ConnectorEnd
from ace_core.ir.style import ImagePaint, SolidPaint
from ace_core.limits import MAX_DEPTH
from ace_core.units import EMU_PER_PX
from adapters.ooxml import conventions as cv
from adapters.ooxml.context import Scope
from adapters.ooxml.drawingml import (
    CONNECTOR_REROUTED,
    EMPTY_PLACEHOLDER_DRAWN,
    PLACEHOLDER_FRAME_DRAWN,
    PLACEHOLDER_PROMPT_DRAWN,
    StyleRefs,
    find_fill,
    read_blip,
    read_effects,
    read_fill,
    read_stroke,
    read_style_refs,
    stroke_is_hairline,
)
from adapters.ooxml.geometry import adjustments, custom_paths
from adapters.ooxml.inherit import LayoutInfo, MasterInfo, PhKey, find_child, ph_key, style_kind
from adapters.ooxml.ns import local, qn
from adapters.ooxml.read_math import equations_only, read_math
from adapters.ooxml.read_text import FontLayer, Layer, hyperlink_target, level_styles, read_text_body
from adapters.ooxml.shape_xml import (
    EFFECT_KEY,
    FILL_KEY,
    GEOM_KEY,
    Xfrm,
    child_map,
    choose_alternate,
    geom_of,
    has_text_content,
    int_attr,
    lst_style_of,
    pic_blip_fill,
    read_xfrm,
    sp_pr_of,
    template_cnv_id,
    visible_3d,
    visible_3d_parts,
)
from adapters.ooxml.smartart.text_area import kept_rect, label_box
from adapters.ooxml.values import attr_bool

__all__ = ["TEMPLATE_ORIGINS", "Frame", "ShapeReader", "SlideCtx"]

TEMPLATE_ORIGINS = ("L", "M")
"""Scope origins of a layout's / master's own shapes read as the template (not copies on a slide)."""


@dataclass(frozen=True)
class Frame:
    """Maps a coordinate space (EMU, a group's child space) to the parent's px box."""

    ch_x: float = 0.0
    ch_y: float = 0.0
    sx: float = 1.0 / EMU_PER_PX
    sy: float = 1.0 / EMU_PER_PX

    def box(self, x: float, y: float, cx: float, cy: float) -> tuple[float, float, float, float]:
        return (x - self.ch_x) * self.sx, (y - self.ch_y) * self.sy, max(0.0, cx * self.sx), max(0.0, cy * self.sy)


@dataclass
class SlideCtx:
    """What shapes of one slide need: its layout / master and the presentation default text style."""

    layout: LayoutInfo | None = None
    master: MasterInfo | None = None
    default_text_style: etree._Element | None = None
    id_of_cnv: dict[str, str] = field(default_factory=dict)
    occurrences: Counter = field(default_factory=Counter)
    connectors: list[tuple[ConnectorNode, str | None, str | None]] = field(default_factory=list)


_MALFORMED = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError)
"""what a malformed shape raises while read (pydantic's ValidationError is a ValueError)"""


class ShapeReader:
    """Reads the shapes of one part (slide, layout, master or SmartArt drawing) into IR nodes."""

    def __init__(self, scope: Scope, slide: SlideCtx) -> None:
        self.scope = scope
        self.slide = slide
        self.depth = 0
        """groups entered; past MAX_DEPTH a group's shapes are lifted into its parent"""

    # -- tree ------------------------------------------------------------------------------------
    def read_tree(self, tree: Any, frame: Frame, alt: str | None = None) -> list[Any]:
        """Nodes of the shapes among `tree`'s children (an spTree, a group, or a list of elements)."""
        out: list[Any] = []
        if tree is None:
            return out
        for el in tree:
            name = local(el.tag)
            if name == "AlternateContent":
                kids, which = choose_alternate(el)
                got = self.read_tree(kids, frame, which)
                if which == "fallback" and self.scope.origin in ("", "d"):
                    needs = " ".join(c.get("Requires", "") for c in el.findall(qn("mc:Choice")))
                    for node in got:
                        self.scope.loss(
                            "alternate-content",
                            f"content that needs {needs or 'an unknown extension'} is kept as its fallback "
                            f"({node.type.lower()})",
                            node.id,
                            severity="warning",
                        )
                out.extend(got)
                continue
            try:
                got = self.read_shape(el, frame)
            except _MALFORMED as exc:  # one unreadable shape never costs the slide
                self.scope.loss(
                    "malformed-shape",
                    f"a {name} element could not be read ({type(exc).__name__}: {str(exc)[:160]}); skipped",
                    severity="error",
                )
                continue
            for node in got if isinstance(got, list) else [got] if got is not None else []:
                if alt:
                    node.meta[cv.META_ALT_CONTENT] = alt
                out.append(node)
        return out

    def read_shape(self, el: etree._Element, frame: Frame) -> Any:
        name = local(el.tag)
        if name == "sp":
            return self._sp(el, frame)
        if name == "pic":
            return self._pic(el, frame)
        if name == "grpSp":
            return self._group(el, frame)
        if name == "cxnSp":
            return self._connector(el, frame)
        if name == "graphicFrame":
            from adapters.ooxml.read_graphic import read_graphic_frame

            return read_graphic_frame(self, el, frame)
        if name == "contentPart":
            self.scope.loss("ink", "an ink / content part is not carried", severity="error")
        return None

    # -- common ----------------------------------------------------------------------------------
    def claim_id(self, cnv: etree._Element | None) -> tuple[str, str]:
        """(node id, provenance ref) for a shape with this cNvPr."""
        cnv_id = (cnv.get("id") if cnv is not None else None) or "0"
        self.slide.occurrences[(self.scope.part, cnv_id)] += 1
        occ = self.slide.occurrences[(self.scope.part, cnv_id)]
        origin = self.scope.origin
        stored = cv.read_ace_id(cnv) if origin in ("", "d", *TEMPLATE_ORIGINS) else None
        derived = cv.derived_node_id(
            self.scope.id_parent, template_cnv_id(cnv, cnv_id, origin), "" if origin in TEMPLATE_ORIGINS else origin
        )
        if occ > 1:
            derived = f"{derived}~{occ}"
        node_id = self.scope.ctx.ids.claim(stored, derived)
        if origin in ("", *TEMPLATE_ORIGINS) and cnv_id not in self.slide.id_of_cnv:
            self.slide.id_of_cnv[cnv_id] = node_id
        return node_id, cv.node_ref(self.scope.part, cnv_id, occ)

    def base(self, el: etree._Element, kind: str, xf: Xfrm, frame: Frame) -> dict[str, Any]:
        """Fields every node has: id, name, box, rotation, flips, visibility, provenance, meta."""
        nv = el[0] if len(el) else None  # the nv*Pr comes first
        if nv is None or not local(nv.tag).startswith("nv"):
            nv = next((c for c in el if local(c.tag).startswith("nv")), None)
        cnv = nv[0] if nv is not None and len(nv) else None
        if cnv is None or cnv.tag not in _CNV_PR:
            cnv = find_child(nv, "p:cNvPr")
            if cnv is None and nv is not None:
                cnv = nv.find(qn("dsp:cNvPr"))
        node_id, ref = self.claim_id(cnv)
        x, y, w, h = frame.box(xf.x, xf.y, xf.cx, xf.cy)
        data: dict[str, Any] = {
            "id": node_id,
            "name": (cnv.get("name") or "") if cnv is not None else "",
            "x": x,
            "y": y,
            "width": w,
            "height": h,
            "rotation": xf.rot,
            "flip_h": xf.flip_h,
            "flip_v": xf.flip_v,
            "source": NodeSource(format="pptx", ref=ref),
            "meta": {cv.META_KIND: kind if self.scope.origin != "d" else f"dsp:{kind}"},
        }
        if cnv is not None:
            if attr_bool(cnv, "hidden", False):
                data["visible"] = False
            if cnv.get("descr"):
                data["description"] = cnv.get("descr")
            link = hyperlink_target(cnv.find(_A_HLINK_CLICK), self.scope) if len(cnv) else None
            if link:
                data["hyperlink"] = link
        if self.scope.origin in ("l", "m"):
            data["meta"][cv.META_INHERITED] = "layout" if self.scope.origin == "l" else "master"
            data["locked"] = True
        return data

    def ph_chain(self, el: etree._Element) -> tuple[PhKey | None, list[etree._Element]]:
        """(placeholder key, [master ph, layout ph]) for a slide placeholder; lowest priority first
        (a layout's placeholder: [master ph]; a master's: [])."""
        origin = self.scope.origin
        key = ph_key(el) if origin in ("", *TEMPLATE_ORIGINS) else None
        if key is None or origin == "M":
            return key, []
        chain: list[etree._Element] = []
        if origin == "L":
            master_ph = self.slide.master.find_ph(key.type) if self.slide.master is not None else None
            return key, [master_ph] if master_ph is not None else []
        layout_ph = self.slide.layout.find_ph(key) if self.slide.layout else None
        master = self.slide.master
        if master is not None:
            mtype = key.type
            if layout_ph is not None:
                lk = ph_key(layout_ph)
                mtype = lk.type if lk else key.type
            master_ph = master.find_ph(mtype)
            if master_ph is not None:
                chain.append(master_ph)
        if layout_ph is not None:
            chain.append(layout_ph)
        return key, chain

    def text_chain(
        self, key: PhKey | None, inherited: list[etree._Element], style_font: FontLayer | None
    ) -> list[Layer]:
        layers: list[Layer] = []
        master = self.slide.master
        if key is None:
            if master is not None and master.styles.get("other") is not None:
                layers.append(master.styles["other"])  # type: ignore[arg-type]
            if self.slide.default_text_style is not None:
                layers.append(self.slide.default_text_style)
        else:  # a placeholder: the master's title / body / other style is its base, not the
            # presentation's defaultTextStyle (which PowerPoint and LibreOffice apply to shapes
            # that are not placeholders only)
            if master is not None and master.styles.get(style_kind(key.type)) is not None:
                layers.append(master.styles[style_kind(key.type)])  # type: ignore[arg-type]
            for ph in inherited:
                lst = lst_style_of(ph)
                if lst is not None:
                    layers.append(lst)
        if style_font is not None:
            layers.append(style_font)
        return layers

    def kids(self, el: etree._Element | None) -> dict[str, etree._Element]:
        """`_kids` of a layout / master placeholder (or its spPr), kept for the slide: every shape
        that inherits from it looks it up."""
        if el is None:
            return {}
        key = ("kids", el)
        memo = self.scope.ctx.memo
        found = memo.get(key)
        if found is None:
            found = memo[key] = child_map(el)
        return found

    def visual(
        self,
        el: etree._Element,
        inherited: list[etree._Element],
        node_id: str,
        parts: dict[str, etree._Element] | None = None,
        own: dict[str, etree._Element] | None = None,
    ) -> dict[str, Any]:
        """fills, strokes, effects from spPr, p:style and the placeholder chain. Highest priority
        first: the shape's own spPr, its own p:style (theme fmtScheme), the layout's then the
        master's spPr, and last the p:style of the nearest placeholder that has one (as
        LibreOffice, whose placeholder keeps its own style over what it inherits). `parts` and
        `own` are the shape's and its spPr's `_kids` when the caller has them."""
        parts = child_map(el) if parts is None else parts
        own = child_map(parts.get("spPr")) if own is None else own
        ph_parts = [self.kids(ph) for ph in inherited]  # master, layout
        inherited_pr = [self.kids(p.get("spPr")) for p in ph_parts]
        own_style = parts.get("style")
        refs = read_style_refs(own_style, self.scope)
        base_refs = StyleRefs()
        if own_style is None:
            base_style = next((s for s in (p.get("style") for p in reversed(ph_parts)) if s is not None), None)
            base_refs = read_style_refs(base_style, self.scope)
        fill: tuple[etree._Element, Any] | None = None
        effect: tuple[etree._Element, Any] | None = None
        lines: list[tuple[etree._Element, Any]] = []
        # lowest priority first; a later layer replaces an earlier fill / effect list
        layers = [(base_refs.fill, base_refs.line, base_refs.effect)]
        layers += [(_own(p.get(FILL_KEY)), _own(p.get("ln")), _own(p.get(EFFECT_KEY))) for p in inherited_pr]
        layers += [
            (refs.fill, refs.line, refs.effect),
            (_own(own.get(FILL_KEY)), _own(own.get("ln")), _own(own.get(EFFECT_KEY))),
        ]
        for f, ln, eff in layers:
            fill = f or fill
            effect = eff or effect
            if ln is not None:
                lines.append(ln)
        fills = read_fill(fill[0], self.scope, fill[1], node_id) if fill is not None else []
        strokes = read_stroke(lines, self.scope, node_id) if lines else []
        meta = {cv.META_HAIRLINE: True} if strokes and stroke_is_hairline(lines) else {}
        effects = read_effects(effect[0], self.scope, effect[1], node_id) if effect is not None else []
        style_eff = (refs.effect or base_refs.effect or (None, None))[0]
        if any(visible_3d_parts(p) for p in [*inherited_pr, own]) or (style_eff is not None and visible_3d(style_eff)):
            self.scope.loss("3d", "3-D rotation / bevel / extrusion is drawn flat", node_id)
        if own_style is None:
            refs = base_refs
        font = FontLayer(refs.font_ref, refs.font_color) if (refs.font_ref or refs.font_color) else None
        return {"fills": fills, "strokes": strokes, "effects": effects, "font": font, "meta": meta}

    def box_with_inheritance(
        self, el: etree._Element, xfrm: etree._Element | None, inherited: list[etree._Element], frame: Frame
    ) -> tuple[Xfrm, bool]:
        xf = read_xfrm(xfrm)
        if xf.found or not inherited:
            return xf, False
        for ph in reversed(inherited):
            pxf = read_xfrm(find_child(sp_pr_of(ph), "a:xfrm") if sp_pr_of(ph) is not None else ph.find(qn("p:xfrm")))
            if pxf.found:
                return pxf, True
        return xf, False

    # -- p:sp --------------------------------------------------------------------------------------
    def _sp(self, el: etree._Element, frame: Frame) -> Any:
        key, inherited = self.ph_chain(el)
        parts = child_map(el)  # nvSpPr, spPr, style, txBody (p: or dsp:), txXfrm
        sp_pr = parts.get("spPr")
        own = child_map(sp_pr)
        xf, xf_inherited = self.box_with_inheritance(el, own.get("xfrm"), inherited, frame)
        data = self.base(el, "sp", xf, frame)
        node_id = data["id"]
        if xf_inherited:
            data["meta"][cv.META_XFRM_INHERITED] = True
        elif not xf.found:
            self.scope.loss("placeholder-box", "no position on the slide, layout or master: drawn at 0,0", data["id"])
        if key is not None:
            data["placeholder"] = Placeholder(type=key.type, idx=key.idx)
        nv = parts.get("nvSpPr")
        cnv_sp = child_map(nv).get("cNvSpPr") if nv is not None else None
        txbox = bool(attr_bool(cnv_sp, "txBox", False))
        if txbox:
            data["meta"][cv.META_TXBOX] = True
        vis = self.visual(el, inherited, node_id, parts, own)
        data.update(fills=vis["fills"], strokes=vis["strokes"], effects=vis["effects"])
        data["meta"].update(vis["meta"])
        if attr_bool(el, "useBgFill", False):  # the slide's background fills, set once it is read
            data["meta"][cv.META_USE_BG_FILL] = True
        geom = own.get(GEOM_KEY)
        if geom is None:
            geom = next(
                (
                    g
                    for g in (self.kids(self.kids(ph).get("spPr")).get(GEOM_KEY) for ph in reversed(inherited))
                    if g is not None
                ),
                None,
            )
        tx_body = parts.get("txBody")
        text = None
        # an empty text body of a plain shape leaves no trace in the IR: not read (most clip art)
        if key is not None or (tx_body is not None and (txbox or has_text_content(tx_body))):
            layers = self.text_chain(key, inherited, vis["font"])
            own_lst = tx_body.find(_A_LST_STYLE) if tx_body is not None else None
            if own_lst is not None:
                layers.append(own_lst)
            body_prs = [find_child(ph.find(qn("p:txBody")), "a:bodyPr") for ph in inherited]
            body_prs.append(tx_body.find(_A_BODY_PR) if tx_body is not None else None)
            text = read_text_body(tx_body, layers, [b for b in body_prs if b is not None], self.scope, node_id)
            if self.scope.origin in TEMPLATE_ORIGINS and key is not None and own_lst is not None and len(own_lst):
                text.levels = level_styles([own_lst], self.scope, node_id)
        equations = equations_only(tx_body)
        if equations:  # a shape that holds one equation is a MATH node
            cnv = child_map(nv).get("cNvPr") if nv is not None else None
            math = read_math(self.scope, data, equations, text, cnv)
            if math is not None:
                return math
        has_text = text is not None and any(p.runs for p in text.paragraphs)
        if key is not None and not has_text and self.scope.origin == "":
            self._empty_placeholder(key.type, data, tx_body is None, inherited, node_id)
        node = self._sp_node(data, geom, text, has_text, txbox or key is not None, xf)
        tx_xfrm = parts.get("txXfrm")
        if has_text and tx_xfrm is not None:
            return self._split_text_box(node, read_xfrm(tx_xfrm), frame, geom)
        return node

    def _empty_placeholder(
        self, kind: str, data: dict[str, Any], no_body: bool, inherited: list[etree._Element], node_id: str
    ) -> None:
        """Report what LibreOffice's export draws otherwise than PowerPoint's slide show for an
        empty slide placeholder: its fill and outline (left out), its layout's prompt text (drawn
        when it has no text body), a box of its own (table and media placeholders)."""
        if _shows(data):
            self.scope.loss("placeholder-empty", EMPTY_PLACEHOLDER_DRAWN, node_id, "info")
        if kind in _TEXT_PH and no_body and _prompts(inherited):
            self.scope.loss("placeholder-prompt", PLACEHOLDER_PROMPT_DRAWN, node_id, "info")
        if kind in ("tbl", "media"):
            self.scope.loss("placeholder-frame", PLACEHOLDER_FRAME_DRAWN, node_id, "info")

    def _split_text_box(self, node: Any, txf: Xfrm, frame: Frame, geom: etree._Element | None) -> Any:
        """A SmartArt shape with a text box (dsp:txXfrm): its text goes where LibreOffice puts it
        (smartart/text_area.py), as its own TEXT node over the shape (or the shape moves, when it
        is a bare text box) unless that is where the shape's writers put it anyway."""
        prst: str | None = "rect"
        if geom is not None:
            prst = geom.get("prst", "rect") if local(geom.tag) == "prstGeom" else None
        adj = adjustments(geom) if prst is not None and geom is not None else None
        tx_box = frame.box(txf.x, txf.y, txf.cx, txf.cy)
        box = (node.x, node.y, node.width, node.height)
        placed = label_box(prst, adj, box, node.rotation, tx_box, txf.rot, kept_rect(node))
        if placed is None:
            return node
        x, y, w, h, rot = placed
        if isinstance(node, TextNode):
            node.x, node.y, node.width, node.height, node.rotation = x, y, w, h, rot
            return node
        text = node.text
        node.text = None
        tid = self.scope.ctx.ids.claim(None, f"{node.id}.t")
        label = TextNode(
            id=tid,
            name=f"{node.name} text".strip(),
            x=x,
            y=y,
            width=w,
            height=h,
            rotation=rot,
            text=text,
            source=NodeSource(format="pptx", ref=node.source.ref if node.source else self.scope.part),
            meta={cv.META_KIND: "dsp:txXfrm"},
        )
        return [node, label]

    def _sp_node(
        self, data: dict[str, Any], geom: etree._Element | None, text: Any, has_text: bool, textual: bool, xf: Xfrm
    ) -> Any:
        prst = geom.get("prst", "rect") if geom is not None and local(geom.tag) == "prstGeom" else None
        if geom is None:
            prst = "rect"
        if geom is not None and local(geom.tag) == "custGeom":
            paths = custom_paths(geom, xf.cx, xf.cy, data["width"], data["height"])
            return VectorNode(**data, paths=paths, text=text if has_text else None)
        if prst == "rect":
            plain = not data["fills"] and not data["strokes"]
            if text is not None and (textual or (has_text and plain)):
                return TextNode(**data, text=text)
            return RectangleNode(**data, text=text if has_text else None)
        if prst == "roundRect":
            adj = adjustments(geom).get("adj", 16667.0)
            radius = max(0.0, min(adj, 50000.0)) / 100000.0 * min(data["width"], data["height"])
            return RectangleNode(**data, corner_radius=radius, text=text if has_text else None)
        if prst == "ellipse":
            return EllipseNode(**data, text=text if has_text else None)
        if prst in ("line", "straightConnector1") and not has_text:
            return LineNode(**data)
        return ShapeNode(**data, preset=prst or "rect", adjustments=adjustments(geom), text=text if has_text else None)

    # -- p:pic -------------------------------------------------------------------------------------
    def _pic(self, el: etree._Element, frame: Frame) -> Any:
        key, inherited = self.ph_chain(el)
        sp_pr = sp_pr_of(el)
        xf, xf_inherited = self.box_with_inheritance(el, find_child(sp_pr, "a:xfrm"), inherited, frame)
        data = self.base(el, "pic", xf, frame)
        node_id = data["id"]
        if xf_inherited:
            data["meta"][cv.META_XFRM_INHERITED] = True
        elif not xf.found:
            self.scope.loss("placeholder-box", "no position on the slide, layout or master: drawn at 0,0", data["id"])
        if key is not None:
            data["placeholder"] = Placeholder(type=key.type, idx=key.idx)
        blip_fill, needs = pic_blip_fill(el)
        if needs and self.scope.origin in ("", "d"):
            self.scope.loss(
                "alternate-content",
                f"the picture's version that needs {needs} (e.g. a PDF for Mac PowerPoint) is kept as its fallback"
                " image outside patch mode",
                node_id,
                severity="info",
            )
        if blip_fill is not None:
            image, svg = read_blip(blip_fill, self.scope, node_id)
        else:
            image, svg = ImagePaint(), None
            self.scope.loss("missing-image", "a picture without image data", node_id)
        vis = self.visual(el, inherited, node_id)
        data.update(strokes=vis["strokes"], effects=vis["effects"])
        data["meta"].update(vis["meta"])
        geom = geom_of(sp_pr) if sp_pr is not None else None
        extra: dict[str, Any] = {}
        if geom is not None and local(geom.tag) == "prstGeom":
            prst = geom.get("prst", "rect")
            if prst == "roundRect":
                adj = adjustments(geom).get("adj", 16667.0)
                extra["corner_radius"] = max(0.0, min(adj, 50000.0)) / 100000.0 * min(data["width"], data["height"])
            elif prst != "rect":
                extra["preset"] = prst
        elif geom is not None:
            clip = custom_paths(geom, xf.cx, xf.cy, data["width"], data["height"])
            if clip:
                extra["clip_paths"] = clip
            else:
                self.scope.loss(
                    "picture-clip", "a picture clipped to a custom path with no path is drawn unclipped", node_id
                )
        media = self._media(el, node_id)
        if media is not None:
            extra["embedded"] = media
        return ImageNode(**data, image=image, svg_asset=svg, **extra)

    def _media(self, el: etree._Element, node_id: str) -> EmbeddedObject | None:
        nv = el.find(qn("p:nvPicPr"))
        nvpr = find_child(nv, "p:nvPr")
        if nvpr is None:
            return None
        pkg = self.scope.ctx.pkg
        for child in nvpr:
            name = local(child.tag)
            if name in ("videoFile", "audioFile", "quickTimeFile", "wavAudioFile"):
                kind = "audio" if name in ("audioFile", "wavAudioFile") else "video"
                asset = link = mime = None
                # the p14:media extension embeds the bytes; the a:videoFile link may be external
                for media in nvpr.iter(qn("p14:media")):
                    rel = pkg.rel(self.scope.part, media.get(qn("r:embed")))
                    if rel is not None and not rel.external:
                        asset = self.scope.ctx.part_asset(rel.target)
                        mime = pkg.content_type(rel.target)
                rel = pkg.rel(self.scope.part, child.get(qn("r:link")) or child.get(qn("r:embed")))
                if rel is not None:
                    if rel.external:
                        link = rel.target
                    elif asset is None:
                        asset = self.scope.ctx.part_asset(rel.target)
                        mime = pkg.content_type(rel.target)
                self.scope.loss(
                    "media",
                    f"{kind} kept as an asset behind its poster picture (playback is not modelled)",
                    node_id,
                    severity="info",
                )
                return EmbeddedObject(kind=kind, asset=asset, mime=mime, link=link)
        return None

    # -- p:grpSp -----------------------------------------------------------------------------------
    def _group(self, el: etree._Element, frame: Frame) -> GroupNode | list[Any]:
        gp = el.find(qn("p:grpSpPr"))
        if gp is None:
            gp = el.find(qn("dsp:grpSpPr"))
        xf = read_xfrm(find_child(gp, "a:xfrm"))
        data = self.base(el, "grpSp", xf, frame)
        fill_el = find_fill(gp)
        group_fill = read_fill(fill_el, self.scope, node_id=data["id"]) if fill_el is not None else None
        sx = data["width"] / xf.ch_cx if xf.ch_cx else frame.sx
        sy = data["height"] / xf.ch_cy if xf.ch_cy else frame.sy
        child_frame = Frame(ch_x=xf.ch_x, ch_y=xf.ch_y, sx=sx, sy=sy)
        saved = self.scope.group_fill
        self.scope.group_fill = group_fill if group_fill is not None else saved
        self.depth += 1
        try:
            children = self.read_tree(el, child_frame)
        finally:
            self.scope.group_fill = saved
            self.depth -= 1
        if self.depth >= MAX_DEPTH.value - 1:  # too deep for the IR: the shapes join the parent
            self.scope.loss(
                "nesting-flattened",
                f"group {data['id']} is nested more than {MAX_DEPTH.value} deep: its shapes are placed in the "
                "group around it (its rotation and flips are not applied)",
                node_id=data["id"],
            )
            for child in children:
                child.x += data["x"]
                child.y += data["y"]
            return children
        data["effects"] = read_effects(gp, self.scope, node_id=data["id"]) if gp is not None else []
        return GroupNode(**data, children=children)

    # -- p:cxnSp -----------------------------------------------------------------------------------
    def _connector(self, el: etree._Element, frame: Frame) -> ConnectorNode:
        sp_pr = sp_pr_of(el)
        xf = read_xfrm(find_child(sp_pr, "a:xfrm"))
        data = self.base(el, "cxnSp", xf, frame)
        vis = self.visual(el, [], data["id"])
        data.update(strokes=vis["strokes"], effects=vis["effects"], fills=vis["fills"])
        data["meta"].update(vis["meta"])
        geom = geom_of(sp_pr) if sp_pr is not None else None
        prst = geom.get("prst") if geom is not None and local(geom.tag) == "prstGeom" else None
        line_type = "STRAIGHT"
        if prst and prst.startswith("bentConnector"):
            line_type = "ELBOWED"
        elif prst and prst.startswith("curvedConnector"):
            line_type = "CURVED"
        if geom is not None and local(geom.tag) == "custGeom":
            self.scope.loss("connector-path", "a connector with a custom path is drawn straight", data["id"])
        nv = el.find(qn("p:nvCxnSpPr"))
        cnv = find_child(nv, "p:cNvCxnSpPr")
        st, end = find_child(cnv, "a:stCxn"), find_child(cnv, "a:endCxn")
        if line_type != "STRAIGHT" and (st is not None or end is not None) and self.scope.origin == "":
            self.scope.loss("connector-route", CONNECTOR_REROUTED, data["id"], "info")
        node = ConnectorNode(
            **data,
            line_type=line_type,  # type: ignore[arg-type]
            preset=prst,
            adjustments=adjustments(geom) if geom is not None else {},
            start=ConnectorEnd(site=int_attr(st, "idx")),
            end=ConnectorEnd(site=int_attr(end, "idx")),
        )
        if self.scope.origin in ("", *TEMPLATE_ORIGINS):
            self.slide.connectors.append(
                (node, st.get("id") if st is not None else None, end.get("id") if end is not None else None)
            )
        return node

    def resolve_connectors(self) -> None:
        """Bind connector ends to the node ids of the shapes they name (same slide)."""
        for node, st, end in self.slide.connectors:
            if st is not None:
                node.start.node_id = self.slide.id_of_cnv.get(st)
            if end is not None:
                node.end.node_id = self.slide.id_of_cnv.get(end)


_A_LST_STYLE, _A_BODY_PR, _A_HLINK_CLICK = qn("a:lstStyle"), qn("a:bodyPr"), qn("a:hlinkClick")
_CNV_PR = {qn("p:cNvPr"), qn("dsp:cNvPr")}


def _own(el: etree._Element | None) -> tuple[etree._Element, None] | None:
    return (el, None) if el is not None else None


def _shows(data: dict[str, Any]) -> bool:
    """Whether a shape's own or inherited fills or strokes draw anything."""
    paints = [*data.get("fills", []), *(s.paint for s in data.get("strokes", []) if s.weight > 0)]
    return any(p.visible and p.opacity > 0 and not (isinstance(p, SolidPaint) and p.color.a == 0) for p in paints)


_TEXT_PH = frozenset({"obj", "body", "title", "ctrTitle", "subTitle"})  # LibreOffice's text objects


def _prompts(inherited: list[etree._Element]) -> bool:
    """Whether the layout / master placeholders a slide placeholder inherits hold prompt text."""
    return any(t.text and t.text.strip() for ph in inherited for t in ph.iter(qn("a:t")))
