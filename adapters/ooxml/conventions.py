"""The contract between the OOXML reader and writer: where ACE ids live, provenance refs, meta keys.

IDS
  * A node's ACE id is stored in its p:cNvPr (or dsp:cNvPr) extension list:
        <p:cNvPr id="4" name="Title 3">
          <a:extLst><a:ext uri="{ACE_EXT_URI}"><ace:id xmlns:ace="{ACE_NS}" val="s256.4"/></a:ext></a:extLst>
        </p:cNvPr>
    A slide's id in the slide part's common slide data:
        <p:cSld><p:spTree/>...<p:extLst><p:ext uri="{ACE_EXT_URI}"><ace:id val="s256"/></p:ext></p:extLst></p:cSld>
    The deck's id (when not "deck") in p:presentation/p:extLst the same way. `read_ace_id` /
    `set_ace_id` below are the one implementation both sides use; the ext element is appended as
    the last child of an existing extLst (extLst itself is always the container's last child).
  * When a file carries no ACE id, ids are derived deterministically, so reading the same file
    twice yields the same ids:
        slide                  "s<sldId>"                       (p:sldId/@id, e.g. "s256")
        node on a slide        "<slide id>.<cNvPr id>"          (e.g. "s256.4")
        layout / master shape  "<slide id>.l<cNvPr id>" / ".m<cNvPr id>" (see META_INHERITED)
        SmartArt drawing shape "<frame id>.d<cNvPr id>" (its text box, when dsp:txXfrm places it
                               elsewhere, is a TEXT node "<that id>.t" after it)
    `IdAllocator` makes every id unique in the deck: a stored id already taken (a slide copied in
    PowerPoint copies its shapes' extensions) falls back to the derived id, and a derived id
    already taken (authoring tools duplicate cNvPr ids) gets "~2", "~3"... in document order.
    read(write(deck)) keeps every id because the writer stores each node's id with set_ace_id.

PROVENANCE
  * deck.source = DeckSource(format="pptx", path=<absolute path>, sha256=<hex sha256 of the file>,
    package=<deck.add_asset(original bytes, main content type)>): the patch writer starts from
    `deck.asset_bytes(deck.source.package)`.
  * slide.source = NodeSource(format="pptx", ref=<slide part name, e.g. "ppt/slides/slide3.xml">,
    fingerprint=slide_fingerprint(slide)); node.source = NodeSource(format="pptx",
    ref=node_ref(part, cNvPr id, occurrence) e.g. "ppt/slides/slide3.xml#4" (or "#4~2" for the
    2nd shape with cNvPr id 4 in document order), fingerprint=node_fingerprint(node)).
    Fingerprints are computed at the END of reading, on the final IR (ace_core.ir.fingerprint):
    a node whose fingerprint still matches is unchanged and its source XML can be carried over.
    Nodes drawn from a layout / master carry that part in their ref and META_INHERITED in meta.
  * deck.masters / deck.layouts: every slide master with its layouts (read_template): master ids
    "master<n>", layout ids "layout<n>" (or the ACE id stored in their p:cSld), their nodes
    "<master / layout id>.<cNvPr id>"; placeholders on them keep type / idx and their own
    lstStyle as TextBody.levels; slide.layout_id names the slide's layout.

GEOMETRY AND KINDS (what the reader produces)
  * x / y px relative to the parent; group children are mapped through the group's chOff/chExt
    into the group's own px box. rotation = xfrm/@rot / 60000 (degrees clockwise); flipH/flipV.
  * prstGeom rect -> RECTANGLE (TEXT when it holds text and is a text box, a placeholder, or has
    neither fill nor line); roundRect -> RECTANGLE with corner_radius = adj/100000 * min(w, h)
    (adj default 16667); ellipse -> ELLIPSE; line / straightConnector1 in a p:sp -> LINE;
    every other preset -> SHAPE(preset, adjustments = raw avLst guide values); custGeom -> VECTOR
    (paths in node-local px); p:cxnSp -> CONNECTOR; p:pic -> IMAGE; a:tbl -> TABLE; c:chart ->
    CHART; SmartArt -> GROUP of its drawing part's shapes (META_SMARTART); OLE / media -> IMAGE
    with `embedded` (the preview picture is the image).
  * Text styles: paragraph.style is the EFFECTIVE default for that paragraph (a placeholder: master
    txStyles, master / layout placeholder lstStyle; any other shape: master otherStyle and the
    presentation defaultTextStyle; then the shape's lstStyle, the
    p:style fontRef), plus endParaRPr when the paragraph has no runs; run.style holds only what
    the run's rPr states (theme colours resolved with their ColorRef, theme fonts resolved with
    font_ref). Effective run style = body.style.merged(paragraph.style).merged(run.style).
    paragraph.bullet None = no bullet; align, margin_left, indent, spacing, line_height are the
    effective values. TextBody insets / anchor / autofit / wrap / vertical are effective too;
    insets stay None (the format default) when no bodyPr of the chain states any of them.

META KEYS (node.meta / slide.meta / deck.meta; all optional, JSON values)
"""

from __future__ import annotations

from lxml import etree

from adapters.ooxml.ns import NS, qn

__all__ = [
    "ACE_EXT_URI",
    "ACE_NS",
    "DECK_META_NO_DEFAULT_TEXT_STYLE",
    "DECK_META_SIZE_TYPE",
    "DECK_META_STRICT",
    "DECK_META_TEMPLATES_DEFERRED",
    "DECK_META_VARIANT",
    "DEFAULT_SLIDE_HEIGHT_EMU",
    "DEFAULT_SLIDE_WIDTH_EMU",
    "HAIRLINE_PX",
    "LIBREOFFICE_DEFAULT_FACE",
    "META_ALT_CONTENT",
    "META_CONTROL",
    "META_GRAPHIC_URI",
    "META_HAIRLINE",
    "META_INHERITED",
    "META_KIND",
    "META_SMARTART",
    "META_SMARTART_LAYOUT",
    "META_TABLE_STYLE_APPLIED",
    "META_TXBOX",
    "META_VML",
    "META_XFRM_INHERITED",
    "SLIDE_META_CLR_MAP",
    "SLIDE_META_HAS_ANIMATION",
    "SLIDE_META_LAYOUT_PART",
    "SLIDE_META_MASTER_PART",
    "SLIDE_META_PART",
    "SLIDE_META_SHOW_MASTER_SHAPES",
    "SLIDE_META_SLD_ID",
    "IdAllocator",
    "derived_node_id",
    "derived_slide_id",
    "node_ref",
    "parse_node_ref",
    "read_ace_id",
    "read_ace_value",
    "set_ace_id",
    "set_ace_value",
]

ACE_NS = NS["ace"]
"""Namespace of ACE's extension elements (<ace:id val="..."/>)."""
ACE_EXT_URI = "{A1CE5D1D-7E57-4A11-9ACE-1D5000000001}"
"""@uri of the a:ext / p:ext element that carries an ACE id."""

LIBREOFFICE_DEFAULT_FACE = "Liberation Sans"
"""The face LibreOffice Impress draws text in when nothing in the text's chain names one (no run,
list style, master txStyles or presentation defaultTextStyle names a typeface or a theme font):
its default drawing font, not the theme's minor font (PowerPoint's choice). Read into
ThemeFonts.fallback."""

DEFAULT_SLIDE_WIDTH_EMU = 9144000
"""Slide size when presentation.xml has no p:sldSz: 10 x 7.5 in (960 x 720 px)."""
DEFAULT_SLIDE_HEIGHT_EMU = 6858000

# -- node.meta ---------------------------------------------------------------------------------
META_KIND = "pptx.kind"
"""Source element: 'sp', 'pic', 'grpSp', 'cxnSp', 'graphicFrame', 'contentPart' (SmartArt
children: 'dsp:sp' / 'dsp:grpSp')."""
META_TXBOX = "pptx.txbox"
"""True when the shape is a text box (p:cNvSpPr/@txBox='1')."""
META_INHERITED = "pptx.inherited"
"""'layout' or 'master': a non-placeholder shape of the slide's layout / master, drawn behind the
slide's own shapes (only when the slide shows master shapes). It is NOT part of the slide part:
the patch writer must not write it into the slide; the fresh writer writes it where it belongs,
in the layout / master part it writes from deck.layouts / deck.masters (a deck without those,
e.g. older IR JSON, gets it as a plain slide shape). Such nodes are `locked`."""
META_VML = "pptx.vml"
"""The VML drawing part a legacy ink stroke was read from (adapters.ooxml.read_vml). Like
META_INHERITED it is not in the slide's shape tree: the patch writer leaves it to the VML part it
carries over; the fresh writer writes it as custom geometry."""
META_CONTROL = "pptx.control"
"""True on the picture of an ActiveX form control (p:controls): not in the slide's shape tree, so
the patch writer leaves it to the control it carries over; the fresh writer writes it as a picture."""
META_XFRM_INHERITED = "pptx.xfrm_inherited"
"""True when a placeholder had no a:xfrm of its own: its box came from the layout / master."""
META_ALT_CONTENT = "pptx.alt_content"
"""'choice' or 'fallback': the node was read from that branch of an mc:AlternateContent."""
META_GRAPHIC_URI = "pptx.graphic_uri"
"""a:graphicData/@uri of a graphic frame read as a preview (OLE, unknown graphic data)."""
META_SMARTART = "pptx.smartart"
"""On the GROUP that stands for a SmartArt graphic frame: the drawing part name it came from (or
its data part, when the shapes were laid out from the data model: see META_SMARTART_LAYOUT)."""
META_SMARTART_LAYOUT = "pptx.smartart_layout"
"""On a SmartArt GROUP whose drawing part was missing or empty: the layout definition's uniqueId
its shapes were laid out from (adapters.ooxml.smartart)."""
META_HAIRLINE = "pptx.hairline"
"""True when the shape's outline had no width (a:ln without @w, or w="0"): PowerPoint and
LibreOffice draw it as a hairline, one device pixel at any zoom; the IR carries it as a 1 px stroke
and the writers write it back without a width while the stroke is still 1 px."""
HAIRLINE_PX = 1.0
"""The IR weight of a line without width (a hairline)."""
META_USE_BG_FILL = "pptx.use_bg_fill"
"""True on a shape filled with the slide's background (p:sp useBgFill="1", as PowerPoint
Designer's layouts draw full-slide and cut-out panels): the reader gives it the slide's
background fills."""
META_TABLE_STYLE_APPLIED = "pptx.table_style"
"""On a TABLE: the table style id whose fills, borders and text colours were resolved into the
cells (the cells' explicit tcPr did not state them)."""

# -- slide.meta --------------------------------------------------------------------------------
SLIDE_META_PART = "pptx.part"
SLIDE_META_SLD_ID = "pptx.sld_id"
"""p:sldId/@id (int)."""
SLIDE_META_LAYOUT_PART = "pptx.layout_part"
SLIDE_META_MASTER_PART = "pptx.master_part"
SLIDE_META_SHOW_MASTER_SHAPES = "pptx.show_master_shapes"
"""False when the slide hides its layout / master shapes (p:sld/@showMasterSp='0')."""
SLIDE_META_CLR_MAP = "pptx.clr_map"
"""The slide's own colour map (p:clrMapOvr/a:overrideClrMapping) as logical slot -> scheme slot,
when it overrides its master's: the fresh writer writes it back, so that master and layout shapes
are coloured on the slide as in the source."""
SLIDE_META_HAS_ANIMATION = "pptx.animation"
"""True when the slide has p:timing (animations, kept only by the patch writer)."""

# -- deck.meta ---------------------------------------------------------------------------------
DECK_META_VARIANT = "pptx.variant"
"""'presentation', 'template', 'slideshow', 'macro-presentation', ... (from the main content type)."""
DECK_META_STRICT = "pptx.strict"
"""True when the file was ISO-Strict OOXML (translated to transitional on read)."""
DECK_META_TEMPLATES_DEFERRED = "pptx.templates_deferred"
"""True when the deck was read with templates=False: deck.masters / .layouts are empty until
read_deck.with_templates reads them from the stored source package (a fresh .pptx does);
"unused" when read with templates="used": they hold only the slides' layouts and their masters
(an HTML page embeds those, the package the rest)."""
DECK_META_SIZE_TYPE = "pptx.slide_size_type"
"""p:sldSz/@type (screen16x9, B4ISO, custom...) when stated."""
DECK_META_NO_DEFAULT_TEXT_STYLE = "pptx.no_default_text_style"
"""True when presentation.xml had no p:defaultTextStyle: text that states no size then falls to
each renderer's own default (PowerPoint 18 pt; LibreOffice carries the previous paragraph's), and
the fresh writer leaves its template's default text style out so the file behaves the same."""


# -- ids ---------------------------------------------------------------------------------------
def derived_slide_id(sld_id: int | str) -> str:
    return f"s{sld_id}"


def derived_node_id(parent_id: str, cnv_id: int | str, origin: str = "") -> str:
    """`origin` '' for the slide's own shapes, 'l' layout, 'm' master, 'd' SmartArt drawing."""
    return f"{parent_id}.{origin}{cnv_id}"


class IdAllocator:
    """Unique ids for a deck: stored ids first, then derived ones, '~k' suffixes on clashes."""

    def __init__(self) -> None:
        self.taken: set[str] = set()

    def claim(self, stored: str | None, derived: str) -> str:
        if stored and stored not in self.taken:
            self.taken.add(stored)
            return stored
        candidate, k = derived, 1
        while candidate in self.taken:
            k += 1
            candidate = f"{derived}~{k}"
        self.taken.add(candidate)
        return candidate


def node_ref(part: str, cnv_id: int | str, occurrence: int = 1) -> str:
    """'ppt/slides/slide3.xml#4'; occurrence k >= 2 (k-th shape with that cNvPr id) -> '#4~k'."""
    return f"{part}#{cnv_id}" + (f"~{occurrence}" if occurrence > 1 else "")


def parse_node_ref(ref: str) -> tuple[str, str, int]:
    """Inverse of node_ref: (part, cNvPr id, occurrence)."""
    part, _, rest = ref.partition("#")
    cnv, _, occ = rest.partition("~")
    return part, cnv, int(occ) if occ else 1


_EXT_LIST_OF = {
    # container local name -> (extLst tag, ext tag)
    "cNvPr": ("a:extLst", "a:ext"),
    "cSld": ("p:extLst", "p:ext"),
    "presentation": ("p:extLst", "p:ext"),
}


def _ext_tags(container: etree._Element) -> tuple[str, str]:
    name = etree.QName(container).localname
    lst, ext = _EXT_LIST_OF.get(name, ("a:extLst", "a:ext"))
    if lst.startswith("a:") and etree.QName(container).namespace == NS["dsp"]:
        return qn("a:extLst"), qn("a:ext")
    return qn(lst), qn(ext)


def read_ace_id(container: etree._Element | None) -> str | None:
    """The ACE id stored in `container` (p:cNvPr, dsp:cNvPr, p:cSld or p:presentation), or None."""
    return read_ace_value(container, "id")


def read_ace_value(container: etree._Element | None, name: str) -> str | None:
    """An <ace:NAME val="..."/> stored in the container's ACE extension (e.g. 'id', 'latex')."""
    if container is None:
        return None
    for lst in container:
        if not isinstance(lst.tag, str) or etree.QName(lst).localname != "extLst":
            continue
        for ext in lst:
            if isinstance(ext.tag, str) and ext.get("uri") == ACE_EXT_URI:
                for child in ext:
                    if child.tag == f"{{{ACE_NS}}}{name}":
                        value = (child.get("val") or "").strip()
                        return value or None
    return None


def set_ace_id(container: etree._Element, value: str) -> None:
    """Store `value` as the ACE id of `container` (replacing a previous one), schema order kept."""
    set_ace_value(container, "id", value)


def set_ace_value(container: etree._Element, name: str, value: str) -> None:
    """Store <ace:NAME val="value"/> in the container's ACE extension (replacing a previous one of
    that name, keeping the others), schema order kept: extLst last, the ACE id first in it."""
    lst_tag, ext_tag = _ext_tags(container)
    lst = None
    for child in container:
        if isinstance(child.tag, str) and etree.QName(child).localname == "extLst":
            lst = child
            break
    if lst is None:
        lst = etree.SubElement(container, lst_tag)
    else:
        container.remove(lst)
        container.append(lst)  # extLst is always last
    ext = next((e for e in lst if isinstance(e.tag, str) and e.get("uri") == ACE_EXT_URI), None)
    if ext is None:
        ext = etree.SubElement(lst, ext_tag, uri=ACE_EXT_URI)
    for old in ext.findall(f"{{{ACE_NS}}}{name}"):
        ext.remove(old)
    item = etree.Element(f"{{{ACE_NS}}}{name}", nsmap={"ace": ACE_NS})
    item.set("val", value)
    if name == "id":
        ext.insert(0, item)
    else:
        ext.append(item)
