"""PresentationML shape elements as the OOXML backend edits them: walking a shape tree, the ACE id
of a shape, boxes (EMU <-> slide px through group child spaces), and schema-ordered inserts."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from lxml import etree

from ace_core.units import EMU_PER_PX
from adapters.ooxml import conventions as cv
from adapters.ooxml.ns import local, qn
from adapters.ooxml.shape_xml import choose_alternate

__all__ = [
    "SHAPE_TAGS",
    "AbsFrame",
    "cnv_of",
    "container_frame",
    "element_type",
    "insert_ordered",
    "iter_shapes",
    "key_of",
    "read_box",
    "shape_children",
    "sp_pr_of",
    "write_box",
    "xfrm_of",
]

SHAPE_TAGS = {"sp", "pic", "grpSp", "cxnSp", "graphicFrame", "contentPart"}

# children of p:spPr / p:grpSpPr in schema order (fills share one slot, effects another)
SP_PR_ORDER = [
    "xfrm",
    "custGeom",
    "prstGeom",
    "noFill",
    "solidFill",
    "gradFill",
    "blipFill",
    "pattFill",
    "grpFill",
    "ln",
    "effectLst",
    "effectDag",
    "scene3d",
    "sp3d",
    "extLst",
]
FILL_TAGS = ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill")
# children of a:rPr / a:endParaRPr / a:defRPr in schema order
RPR_ORDER = [
    "ln",
    "noFill",
    "solidFill",
    "gradFill",
    "blipFill",
    "pattFill",
    "grpFill",
    "effectLst",
    "effectDag",
    "highlight",
    "uLnTx",
    "uLn",
    "uFillTx",
    "uFill",
    "latin",
    "ea",
    "cs",
    "sym",
    "hlinkClick",
    "hlinkMouseOver",
    "rtl",
    "extLst",
]
# children of a:pPr in schema order
PPR_ORDER = [
    "lnSpc",
    "spcBef",
    "spcAft",
    "buClrTx",
    "buClr",
    "buSzTx",
    "buSzPct",
    "buSzPts",
    "buFontTx",
    "buFont",
    "buNone",
    "buAutoNum",
    "buChar",
    "buBlip",
    "tabLst",
    "defRPr",
    "extLst",
]
# children of a:ln in schema order
LN_ORDER = ["noFill", "solidFill", "gradFill", "pattFill", "prstDash", "custDash", "round", "bevel", "miter"]
LN_ORDER += ["headEnd", "tailEnd", "extLst"]
# children of a:tcPr in schema order
TCPR_ORDER = ["lnL", "lnR", "lnT", "lnB", "lnTlToBr", "lnBlToTr", "cell3D", *FILL_TAGS, "headers", "extLst"]
# children of a:bodyPr in schema order
BODYPR_ORDER = ["prstTxWarp", "noAutofit", "normAutofit", "spAutoFit", "scene3d", "sp3d", "flatTx", "extLst"]


def insert_ordered(parent: etree._Element, child: etree._Element, order: list[str]) -> etree._Element:
    """Insert `child` before the first sibling the schema order puts after it (append otherwise)."""
    name = local(child.tag)
    rank = order.index(name) if name in order else len(order)
    for i, sib in enumerate(parent):
        if not isinstance(sib.tag, str):
            continue
        sname = local(sib.tag)
        if sname in order and order.index(sname) > rank:
            parent.insert(i, child)
            return child
    parent.append(child)
    return child


def replace_group(parent: etree._Element, new: etree._Element | None, group: tuple[str, ...], order: list[str]) -> None:
    """Remove every child of `parent` whose local name is in `group`, then insert `new` in order."""
    for child in list(parent):
        if isinstance(child.tag, str) and local(child.tag) in group:
            parent.remove(child)
    if new is not None:
        insert_ordered(parent, new, order)


# -- walking ---------------------------------------------------------------------------------------


def shape_children(container: etree._Element) -> Iterator[etree._Element]:
    """The shape elements directly in an spTree / grpSp (mc:AlternateContent: the branch the
    reader reads)."""
    for child in container:
        if not isinstance(child.tag, str):
            continue
        name = local(child.tag)
        if name == "AlternateContent":
            kids, _ = choose_alternate(child)
            for k in kids:
                if local(k.tag) in SHAPE_TAGS:
                    yield k
        elif name in SHAPE_TAGS:
            yield child


def iter_shapes(container: etree._Element) -> Iterator[etree._Element]:
    """Every shape under `container`, depth-first in document order (groups before their children)."""
    for shape in shape_children(container):
        yield shape
        if local(shape.tag) == "grpSp":
            yield from iter_shapes(shape)


def cnv_of(shape: etree._Element) -> etree._Element | None:
    """The p:cNvPr of a shape."""
    for child in shape:
        if isinstance(child.tag, str) and local(child.tag).startswith("nv"):
            return child.find(qn("p:cNvPr"))
    return None


def key_of(shape: etree._Element, slide_id: str) -> str | None:
    """The ACE id a shape reads back as: its stored id, else the derived '<slide id>.<cNvPr id>'."""
    cnv = cnv_of(shape)
    if cnv is None:
        return None
    return cv.read_ace_id(cnv) or cv.derived_node_id(slide_id, cnv.get("id") or "0")


def sp_pr_of(shape: etree._Element) -> etree._Element | None:
    """p:spPr (p:grpSpPr for a group); None for graphic frames."""
    name = local(shape.tag)
    if name == "grpSp":
        return shape.find(qn("p:grpSpPr"))
    return shape.find(qn("p:spPr"))


def xfrm_of(shape: etree._Element) -> etree._Element | None:
    if local(shape.tag) == "graphicFrame":
        return shape.find(qn("p:xfrm"))
    holder = sp_pr_of(shape)
    return holder.find(qn("a:xfrm")) if holder is not None else None


def element_type(shape: etree._Element) -> str:
    """The IR type the reader gives a shape element (close enough for dispatching tools)."""
    name = local(shape.tag)
    if name == "pic":
        return "IMAGE"
    if name == "grpSp":
        return "GROUP"
    if name == "cxnSp":
        return "CONNECTOR"
    if name == "graphicFrame":
        if next(shape.iter(qn("a:tbl")), None) is not None:
            return "TABLE"
        if next(shape.iter(qn("c:chart")), None) is not None:
            return "CHART"
        return "GROUP"
    sp_pr = shape.find(qn("p:spPr"))
    geom = sp_pr.find(qn("a:prstGeom")) if sp_pr is not None else None
    if sp_pr is not None and sp_pr.find(qn("a:custGeom")) is not None:
        return "VECTOR"
    prst = geom.get("prst", "rect") if geom is not None else "rect"
    nv = shape.find(qn("p:nvSpPr"))
    txbox = (
        nv is not None
        and nv.find(qn("p:cNvSpPr")) is not None
        and nv.find(qn("p:cNvSpPr")).get("txBox") in ("1", "true")
    )
    placeholder = nv is not None and nv.find(f"{qn('p:nvPr')}/{qn('p:ph')}") is not None
    if prst == "rect":
        if txbox or placeholder:
            return "TEXT"
        return "RECTANGLE"
    if prst == "roundRect":
        return "RECTANGLE"
    if prst == "ellipse":
        return "ELLIPSE"
    if prst in ("line", "straightConnector1"):
        return "LINE"
    return "SHAPE"


# -- geometry --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AbsFrame:
    """Maps a container's child coordinates (EMU) to slide px: px = o + (emu - ch) * s."""

    ox: float = 0.0
    oy: float = 0.0
    ch_x: float = 0.0
    ch_y: float = 0.0
    sx: float = 1.0 / EMU_PER_PX
    sy: float = 1.0 / EMU_PER_PX

    def to_px(self, x: float, y: float, cx: float, cy: float) -> tuple[float, float, float, float]:
        return self.ox + (x - self.ch_x) * self.sx, self.oy + (y - self.ch_y) * self.sy, cx * self.sx, cy * self.sy

    def to_emu(self, x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
        return (
            round(self.ch_x + (x - self.ox) / self.sx),
            round(self.ch_y + (y - self.oy) / self.sy),
            max(0, round(w / self.sx)),
            max(0, round(h / self.sy)),
        )


TOP = AbsFrame()


def _num(el: etree._Element | None, attr: str) -> float:
    try:
        return float(el.get(attr, "0")) if el is not None else 0.0
    except ValueError:
        return 0.0


def raw_xfrm(xf: etree._Element | None) -> tuple[float, float, float, float] | None:
    """(x, y, cx, cy) EMU of an xfrm, None when there is none."""
    if xf is None:
        return None
    off, ext = xf.find(qn("a:off")), xf.find(qn("a:ext"))
    if off is None or ext is None:
        return None
    return _num(off, "x"), _num(off, "y"), _num(ext, "cx"), _num(ext, "cy")


def container_frame(container: etree._Element) -> AbsFrame:
    """The frame of an spTree (identity) or a group (its child space mapped onto its box)."""
    if local(container.tag) != "grpSp":
        return TOP
    parent = parent_container(container)
    outer = container_frame(parent) if parent is not None else TOP
    xf = xfrm_of(container)
    box = raw_xfrm(xf)
    if box is None:
        return outer
    gx, gy, gw, gh = outer.to_px(*box)
    ch_off = xf.find(qn("a:chOff"))
    ch_ext = xf.find(qn("a:chExt"))
    cx, cy = _num(ch_ext, "cx"), _num(ch_ext, "cy")
    sx = gw / cx if cx > 0 else outer.sx
    sy = gh / cy if cy > 0 else outer.sy
    return AbsFrame(gx, gy, _num(ch_off, "x"), _num(ch_off, "y"), sx, sy)


def parent_container(shape: etree._Element) -> etree._Element | None:
    """The spTree / grpSp holding a shape (through an mc:AlternateContent branch)."""
    parent = shape.getparent()
    while parent is not None and local(parent.tag) in ("Choice", "Fallback", "AlternateContent"):
        parent = parent.getparent()
    return parent


def read_box(shape: etree._Element) -> tuple[float, float, float, float] | None:
    """The shape's slide-absolute px box (x, y, w, h); None when it has no xfrm of its own."""
    box = raw_xfrm(xfrm_of(shape))
    if box is None:
        return None
    parent = parent_container(shape)
    frame = container_frame(parent) if parent is not None else TOP
    return frame.to_px(*box)


def container_origin(container: etree._Element) -> tuple[float, float]:
    """Slide px of the top-left of a container's box (0, 0 for the slide)."""
    if local(container.tag) != "grpSp":
        return 0.0, 0.0
    box = read_box(container)
    return (box[0], box[1]) if box is not None else (0.0, 0.0)


def write_box(shape: etree._Element, box: tuple[float, float, float, float], frame: AbsFrame | None = None) -> None:
    """Set the shape's a:off / a:ext from a slide-absolute px box (creating the xfrm if needed)."""
    if frame is None:
        parent = parent_container(shape)
        frame = container_frame(parent) if parent is not None else TOP
    x, y, cx, cy = frame.to_emu(*box)
    xf = ensure_xfrm(shape)
    off, ext = xf.find(qn("a:off")), xf.find(qn("a:ext"))
    if off is None:
        off = etree.Element(qn("a:off"))
        xf.insert(0, off)
    if ext is None:
        ext = etree.Element(qn("a:ext"))
        off.addnext(ext)
    off.set("x", str(x))
    off.set("y", str(y))
    ext.set("cx", str(cx))
    ext.set("cy", str(cy))


def ensure_xfrm(shape: etree._Element) -> etree._Element:
    xf = xfrm_of(shape)
    if xf is not None:
        return xf
    if local(shape.tag) == "graphicFrame":
        xf = etree.Element(qn("p:xfrm"))
        nv = next(c for c in shape if isinstance(c.tag, str) and local(c.tag).startswith("nv"))
        nv.addnext(xf)
        return xf
    holder = sp_pr_of(shape)
    if holder is None:
        holder = etree.Element(qn("p:grpSpPr") if local(shape.tag) == "grpSp" else qn("p:spPr"))
        nv = next(c for c in shape if isinstance(c.tag, str) and local(c.tag).startswith("nv"))
        nv.addnext(holder)
    xf = etree.Element(qn("a:xfrm"))
    holder.insert(0, xf)
    return xf
