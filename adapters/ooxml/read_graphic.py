"""Graphic frames -> IR: tables, charts, SmartArt (adapters.ooxml.smartart), OLE objects."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lxml import etree

from ace_core.errors import AceError
from ace_core.ir.nodes import ChartNode, EmbeddedObject, GroupNode, ImageNode, TableNode
from ace_core.ir.style import ImagePaint
from adapters.ooxml import conventions as cv
from adapters.ooxml.chart_part import stamp_digest
from adapters.ooxml.context import Scope
from adapters.ooxml.drawingml import read_blip
from adapters.ooxml.ns import qn
from adapters.ooxml.read_chart import read_chart_part
from adapters.ooxml.read_table import read_table

if TYPE_CHECKING:
    from adapters.ooxml.read_shapes import Frame, ShapeReader

__all__ = ["read_graphic_frame"]

URI_TABLE = "http://schemas.openxmlformats.org/drawingml/2006/table"
URI_CHART = "http://schemas.openxmlformats.org/drawingml/2006/chart"
URI_DIAGRAM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
URI_OLE = "http://schemas.openxmlformats.org/presentationml/2006/ole"
URI_CHARTEX = "http://schemas.microsoft.com/office/drawing/2014/chartex"


def read_graphic_frame(reader: ShapeReader, el: etree._Element, frame: Frame) -> Any:
    _key, inherited = reader.ph_chain(el)
    xfrm_el = el.find(qn("p:xfrm"))
    xf, xf_inherited = reader.box_with_inheritance(el, xfrm_el, inherited, frame)
    data = reader.base(el, "graphicFrame", xf, frame)
    if xf_inherited:
        data["meta"][cv.META_XFRM_INHERITED] = True
    elif not xf.found:
        reader.scope.loss("placeholder-box", "no position on the slide, layout or master: drawn at 0,0", data["id"])
    scope = reader.scope
    node_id = data["id"]
    gdata = el.find(f"{qn('a:graphic')}/{qn('a:graphicData')}")
    uri = gdata.get("uri", "") if gdata is not None else ""
    if uri == URI_TABLE:
        tbl = gdata.find(qn("a:tbl"))
        if tbl is not None:
            chain = reader.text_chain(None, [], None)
            fields = read_table(tbl, scope, node_id, chain)
            style_id = fields.pop("meta_style", None)
            if style_id:
                data["meta"][cv.META_TABLE_STYLE_APPLIED] = style_id
            return TableNode(**data, **fields)
    if uri == URI_CHART:
        chart_el = gdata.find(qn("c:chart"))
        rel = scope.ctx.pkg.rel(scope.part, chart_el.get(qn("r:id"))) if chart_el is not None else None
        if rel is None or rel.external:
            scope.loss("chart", "chart relationship is missing", node_id, severity="error")
            return ChartNode(**data)
        area: dict[str, list] = {}
        chart = read_chart_part(rel.target, scope, node_id, area)
        data.update(area)  # the chart area's fill and outline are the frame's
        if chart is None:
            return ChartNode(**data)
        node = ChartNode(**data, chart=chart)
        stamp_digest(node)  # what was read, so the writers see whether the chart was edited
        return node
    if uri == URI_DIAGRAM:
        from adapters.ooxml.smartart.read import read_smartart

        return read_smartart(reader, gdata, data, frame)
    if uri == URI_OLE:
        return _ole(reader, gdata, data)
    if uri == URI_CHARTEX:
        scope.loss("chart-ex", "an Office 2016 chart (chartex) is not carried", node_id, severity="error")
    else:
        scope.loss("graphic-frame", f"graphic data {uri or '(none)'} is not carried", node_id, severity="error")
    data["meta"][cv.META_GRAPHIC_URI] = uri
    return GroupNode(**data)


_VML = "{urn:schemas-microsoft-com:vml}"
_O_RELID = "{urn:schemas-microsoft-com:office:office}relid"
_O_SPID = "{urn:schemas-microsoft-com:office:office}spid"
_RT_VML = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/vmlDrawing"


def _vml_preview(scope: Scope, spid: str) -> ImagePaint | None:
    """The preview picture of a legacy OLE object (PowerPoint 2007 and older files): the
    v:imagedata of the v:shape named by the object's spid in the slide's VML drawing."""
    pkg = scope.ctx.pkg
    for drawing in pkg.related(scope.part, _RT_VML):
        if drawing.external:
            continue
        try:
            root = pkg.xml(drawing.target)
        except AceError:  # old VML is often not well-formed XML
            continue
        for shape in root.iter(_VML + "shape") if root is not None else ():
            # the object's spid is the shape's o:spid (its id, "Object_x0020_2", is a name), or its id
            data = shape.find(_VML + "imagedata") if spid in (shape.get(_O_SPID), shape.get("id")) else None
            rel = pkg.rel(drawing.target, data.get(_O_RELID)) if data is not None else None
            if rel is not None and not rel.external:
                return ImagePaint(asset=scope.ctx.part_asset(rel.target), image_ref=rel.target, scale_mode="STRETCH")
    return None


def _ole(reader: ShapeReader, gdata: etree._Element, data: dict) -> ImageNode:
    scope = reader.scope
    pkg = scope.ctx.pkg
    node_id = data["id"]
    ole = gdata.find(qn("p:oleObj"))
    if ole is None:
        # an mc:AlternateContent inside graphicData: take the branch that has a preview picture
        for branch in gdata.iter(qn("mc:Choice"), qn("mc:Fallback")):
            cand = branch.find(qn("p:oleObj"))
            if cand is not None and cand.find(qn("p:pic")) is not None:
                ole = cand
                break
        if ole is None:
            ole = next(gdata.iter(qn("p:oleObj")), None)
    embedded = EmbeddedObject(kind="ole")
    image, svg = ImagePaint(), None
    if ole is not None:
        rel = pkg.rel(scope.part, ole.get(qn("r:id")))
        embedded = EmbeddedObject(
            kind="ole",
            prog_id=ole.get("progId"),
            asset=scope.ctx.part_asset(rel.target) if rel is not None and not rel.external else None,
            mime=pkg.content_type(rel.target) if rel is not None and not rel.external else None,
            link=rel.target if rel is not None and rel.external else None,
        )
        pic = ole.find(qn("p:pic"))
        blip_fill = pic.find(qn("p:blipFill")) if pic is not None else None
        if blip_fill is not None:
            image, svg = read_blip(blip_fill, scope, node_id)
        elif ole.get("spid"):
            image = _vml_preview(scope, ole.get("spid", "")) or image
    if image.asset is None:
        scope.loss("ole-object", f"OLE object ({embedded.prog_id or 'unknown'}) has no preview picture", node_id)
    scope.loss(
        "ole-object",
        f"OLE object ({embedded.prog_id or 'unknown'}) kept as an asset behind its preview picture",
        node_id,
        severity="info",
    )
    data["meta"][cv.META_GRAPHIC_URI] = URI_OLE
    return ImageNode(**data, image=image, svg_asset=svg, embedded=embedded)
