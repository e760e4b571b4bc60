"""The node kinds of the scene graph. Geometry in px, parent-relative; rotation in degrees
clockwise about the box centre; flips mirror the box about its centre lines."""

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from ace_core.assets import AssetKey
from ace_core.ir.base import IRModel, Tagged
from ace_core.ir.layout_props import AutoLayout, Constraints, Sizing
from ace_core.ir.semantic import ChartData, ConnectorEnd, TableRow, TableStyle
from ace_core.ir.style import BlendMode, Effect, ImagePaint, Paint, Sides, Stroke
from ace_core.ir.text import TextBody

__all__ = [
    "NODE_TYPES",
    "ChartNode",
    "ConnectorNode",
    "EllipseNode",
    "EmbeddedObject",
    "FrameNode",
    "GroupNode",
    "ImageNode",
    "LineNode",
    "MathNode",
    "Node",
    "NodeBase",
    "NodeSource",
    "Placeholder",
    "RectangleNode",
    "ShapeNode",
    "TableNode",
    "TextNode",
    "VectorNode",
    "VectorPath",
]


class Placeholder(IRModel):
    """OOXML placeholder binding (type title/body/ctrTitle/subTitle/pic/dt/ftr/sldNum/obj..., idx)."""

    type: str = "body"
    idx: int | None = None


class NodeSource(IRModel):
    """Provenance: where the node was imported from and a fingerprint of what was imported, so a
    writer for the same format can tell unchanged nodes (carry the source over) from edited ones."""

    format: str
    ref: str = Field(description="format-specific locator, e.g. 'ppt/slides/slide3.xml#4'")
    fingerprint: str = ""


class NodeBase(Tagged):
    """Fields every node has."""

    id: str = Field(min_length=1)
    name: str = ""
    x: float = Field(0.0, description="px, relative to the parent")
    y: float = Field(0.0, description="px, relative to the parent")
    width: float = Field(0.0, ge=0, description="px")
    height: float = Field(0.0, ge=0, description="px")
    rotation: float = Field(0.0, description="degrees, clockwise")
    flip_h: bool = False
    flip_v: bool = False
    visible: bool = True
    locked: bool = False
    opacity: float = Field(1.0, ge=0.0, le=1.0)
    blend_mode: BlendMode = "PASS_THROUGH"
    fills: list[Paint] = Field(default_factory=list)
    strokes: list[Stroke] = Field(default_factory=list)
    stroke_weights: Sides | None = Field(None, description="per-side stroke weights, px")
    effects: list[Effect] = Field(default_factory=list)
    # as an auto-layout child
    sizing_h: Sizing = "FIXED"
    sizing_v: Sizing = "FIXED"
    positioning: Literal["AUTO", "ABSOLUTE"] = "AUTO"
    min_width: float | None = Field(None, ge=0)
    max_width: float | None = Field(None, ge=0)
    min_height: float | None = Field(None, ge=0)
    max_height: float | None = Field(None, ge=0)
    constraints: Constraints = Field(default_factory=Constraints)
    # presentation
    placeholder: Placeholder | None = None
    description: str = Field("", description="alt text")
    hyperlink: str | None = Field(None, description="click action: URL or '#slide:<id>'")
    source: NodeSource | None = None
    meta: dict[str, Any] = Field(default_factory=dict, description="format-specific extras (extension slot)")

    def iter_children(self) -> Iterator["Node"]:
        return iter(())

    @property
    def text_body(self) -> TextBody | None:
        return getattr(self, "text", None)


class _Corners(IRModel):
    corner_radius: float = Field(0.0, ge=0, description="px")
    corner_radii: tuple[float, float, float, float] | None = Field(None, description="TL, TR, BR, BL px")
    corner_smoothing: float = 0.0


class FrameNode(NodeBase, _Corners):
    """A container, possibly with auto-layout. Children are drawn in order (last on top)."""

    type: Literal["FRAME"] = "FRAME"
    children: list["Node"] = Field(default_factory=list)
    layout: AutoLayout | None = None
    clips_content: bool = False

    def iter_children(self) -> Iterator["Node"]:
        return iter(self.children)


class GroupNode(NodeBase):
    """A plain group: its box is the union of its children (x, y of children are group-relative)."""

    type: Literal["GROUP"] = "GROUP"
    children: list["Node"] = Field(default_factory=list)
    is_boolean: Literal["UNION", "SUBTRACT", "INTERSECT", "EXCLUDE"] | None = None
    is_mask_group: bool = False

    def iter_children(self) -> Iterator["Node"]:
        return iter(self.children)


class TextNode(NodeBase):
    """A text box."""

    type: Literal["TEXT"] = "TEXT"
    text: TextBody = Field(default_factory=TextBody)


class RectangleNode(NodeBase, _Corners):
    """A rectangle (OOXML prstGeom rect / roundRect with radius). May hold text, like a pptx shape."""

    type: Literal["RECTANGLE"] = "RECTANGLE"
    text: TextBody | None = None


class EllipseNode(NodeBase):
    type: Literal["ELLIPSE"] = "ELLIPSE"
    text: TextBody | None = None
    arc: tuple[float, float, float] | None = Field(None, description="Figma arcData: start, end (rad), inner ratio")


class ShapeNode(NodeBase):
    """A preset geometry shape (OOXML prstGeom name, e.g. rightArrow, star5, chevron) with its
    adjust values as in presetShapeDefinitions.xml (raw guide values, e.g. adj: 50000)."""

    type: Literal["SHAPE"] = "SHAPE"
    preset: str
    adjustments: dict[str, float] = Field(default_factory=dict)
    text: TextBody | None = None


class VectorPath(IRModel):
    """One path in SVG path syntax, in node-local px (0..width, 0..height unless `view_box`)."""

    d: str
    fill_rule: Literal["nonzero", "evenodd"] = "nonzero"
    filled: bool = True
    stroked: bool = True


class VectorNode(NodeBase):
    """Arbitrary vector geometry (OOXML custGeom, Figma VECTOR / BOOLEAN_OPERATION, SVG)."""

    type: Literal["VECTOR"] = "VECTOR"
    paths: list[VectorPath] = Field(default_factory=list)
    view_box: tuple[float, float, float, float] | None = Field(
        None, description="path coordinate space (min_x, min_y, w, h), scaled to the box; None = px"
    )
    svg_asset: AssetKey | None = Field(None, description="the original SVG document, when imported from one")
    text: TextBody | None = None


class LineNode(NodeBase):
    """A straight line from the box's top-left to its bottom-right corner (flip_h / flip_v mirror
    it). A horizontal line has height 0; Figma lines are width = length plus rotation."""

    type: Literal["LINE"] = "LINE"


class EmbeddedObject(IRModel):
    """An OLE object or media file kept as an asset behind its preview picture."""

    kind: Literal["ole", "video", "audio", "other"] = "other"
    asset: AssetKey | None = None
    prog_id: str | None = None
    mime: str | None = None
    link: str | None = Field(None, description="external target when linked, not embedded")


class ImageNode(NodeBase, _Corners):
    """A picture. `image.asset` addresses the bytes; `svg_asset` the SVG original of an SVG blip."""

    type: Literal["IMAGE"] = "IMAGE"
    image: ImagePaint = Field(default_factory=ImagePaint)
    svg_asset: AssetKey | None = None
    embedded: EmbeddedObject | None = None
    preset: str | None = Field(None, description="clip geometry preset (OOXML prstGeom of a picture)")
    clip_paths: list[VectorPath] = Field(
        default_factory=list,
        description="a custom clip geometry (OOXML custGeom of a picture), node-local px; [] = the preset's",
    )

    @field_validator("preset", mode="before")
    @classmethod
    def _no_custom_preset(cls, value: object) -> object:
        """IR written before clip_paths said preset "custom" for a custom clip whose path it did
        not keep: no preset (the picture is drawn as its box)."""
        return None if value == "custom" else value


class TableNode(NodeBase):
    """A table: column widths (px) and rows of cells forming a full grid."""

    type: Literal["TABLE"] = "TABLE"
    columns: list[float] = Field(default_factory=list)
    rows: list[TableRow] = Field(default_factory=list)
    style: TableStyle = Field(default_factory=TableStyle)

    def style_fills(self, row: int) -> list[Paint]:
        """The fill the table style gives a cell of `row` that has none of its own: the header
        fill on the first row, the band fill on every other body row."""
        st = self.style
        if st.first_row and row == 0 and st.header_fill is not None:
            return [st.header_fill]
        if st.band_rows and st.band_fill is not None and (row - (1 if st.first_row else 0)) % 2 == 1:
            return [st.band_fill]
        return []


class ChartNode(NodeBase):
    type: Literal["CHART"] = "CHART"
    chart: ChartData = Field(default_factory=ChartData)


class ConnectorNode(NodeBase):
    """A line bound to nodes at its ends. Its box is the line's box (as LINE); the ends re-route
    when the bound nodes move."""

    type: Literal["CONNECTOR"] = "CONNECTOR"
    start: ConnectorEnd = Field(default_factory=ConnectorEnd)
    end: ConnectorEnd = Field(default_factory=ConnectorEnd)
    line_type: Literal["STRAIGHT", "ELBOWED", "CURVED"] = "STRAIGHT"
    preset: str | None = Field(None, description="OOXML connector preset, e.g. bentConnector3")
    adjustments: dict[str, float] = Field(default_factory=dict)
    label: str | None = None


class MathNode(NodeBase):
    """An equation: LaTeX source, its SVG rendering (asset) and OMML when read from a pptx."""

    type: Literal["MATH"] = "MATH"
    latex: str = ""
    svg_asset: AssetKey | None = None
    omml: str | None = None
    font_size: float = Field(24.0, gt=0, description="px")
    color: Paint | None = None
    display: Literal["inline", "block"] = "block"


Node = Annotated[
    FrameNode
    | GroupNode
    | TextNode
    | RectangleNode
    | EllipseNode
    | ShapeNode
    | VectorNode
    | LineNode
    | ImageNode
    | TableNode
    | ChartNode
    | ConnectorNode
    | MathNode,
    Field(discriminator="type"),
]

NODE_TYPES: dict[str, type[NodeBase]] = {
    cls.model_fields["type"].default: cls
    for cls in (
        FrameNode,
        GroupNode,
        TextNode,
        RectangleNode,
        EllipseNode,
        ShapeNode,
        VectorNode,
        LineNode,
        ImageNode,
        TableNode,
        ChartNode,
        ConnectorNode,
        MathNode,
    )
}
