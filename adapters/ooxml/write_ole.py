"""Embedded OLE objects (Word, Excel, Visio... documents inside a slide) -> p:graphicFrame with p:oleObj.

The embedded bytes become their own part (an OOXML document as a package, anything else as an OLE
object); the preview picture, when there is one, is the object's p:pic."""

from __future__ import annotations

from lxml import etree

from ace_core.ir.nodes import ImageNode
from adapters.ooxml.ns import RT
from adapters.ooxml.write_context import PartContext
from adapters.ooxml.write_shapes import Box, nv_props, xfrm
from adapters.ooxml.write_style import blip_fill
from adapters.ooxml.xmlgen import el, emu, sub

__all__ = ["OLE_URI", "ole_frame"]

OLE_URI = "http://schemas.openxmlformats.org/presentationml/2006/ole"
OLE_OBJECT_TYPE = "application/vnd.openxmlformats-officedocument.oleObject"
_PACKAGE_EXT = {
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
    "application/vnd.ms-excel.sheet.macroEnabled.12": "xlsm",
    "application/vnd.ms-word.document.macroEnabled.12": "docm",
}
_PACKAGE_TYPES = {ext: mime for mime, ext in _PACKAGE_EXT.items()}


def ole_frame(node: ImageNode, box: Box, ctx: PartContext) -> etree._Element | None:
    """The graphic frame of an embedded OLE object, or None when its bytes are not in the deck."""
    obj = node.embedded
    if obj is None or obj.kind != "ole" or obj.asset is None:
        return None
    data = ctx.deck.asset_bytes(obj.asset)
    ext = _PACKAGE_EXT.get((obj.mime or "").lower())
    if ext is None and data.startswith(b"PK"):
        ext = "xlsx" if (obj.prog_id or "").startswith("Excel") else "docx"
    if ext is not None:
        name = ctx.pkg.next_name(f"ppt/embeddings/embedding{{}}.{ext}")
        ctx.pkg.put_bytes(name, data, _PACKAGE_TYPES[ext])
        rid = ctx.pkg.relate(ctx.part, RT.PACKAGE, name)
    else:
        name = ctx.pkg.next_name("ppt/embeddings/oleObject{}.bin")
        ctx.pkg.put_bytes(name, data, OLE_OBJECT_TYPE)
        rid = ctx.pkg.relate(ctx.part, RT.OLE_OBJECT, name)
    nv = el(
        "p:nvGraphicFramePr",
        None,
        nv_props(node, ctx),
        el("p:cNvGraphicFramePr", None, el("a:graphicFrameLocks", {"noChangeAspect": True})),
        el("p:nvPr"),
    )
    frame = el("p:graphicFrame", None, nv, xfrm(box, "p:xfrm"))
    data_el = sub(sub(frame, "a:graphic"), "a:graphicData", {"uri": OLE_URI})
    ole = sub(
        data_el,
        "p:oleObj",
        {"name": node.name or None, "r:id": rid, "imgW": emu(box.w), "imgH": emu(box.h), "progId": obj.prog_id},
    )
    sub(ole, "p:embed")
    if node.image.asset is not None:  # the preview PowerPoint shows until the object is opened
        pic = sub(ole, "p:pic")
        nv_pic = sub(pic, "p:nvPicPr")
        sub(nv_pic, "p:cNvPr", {"id": ctx.shape_id(), "name": ""})
        sub(nv_pic, "p:cNvPicPr")
        sub(nv_pic, "p:nvPr")
        pic.append(blip_fill(node.image, ctx, node.opacity, "p:blipFill"))
        sp_pr = sub(pic, "p:spPr")
        sp_pr.append(xfrm(box))
        sub(sub(sp_pr, "a:prstGeom", {"prst": "rect"}), "a:avLst")
    return frame
