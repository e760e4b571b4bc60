"""Text: a text body is paragraphs of runs; run style overrides paragraph style overrides body style.

Sizes are px (font_size 24 px = 18 pt). A style field left as None inherits from the level above
(run -> paragraph -> body -> the format's defaults)."""

from typing import Literal

from pydantic import Field

from ace_core.assets import AssetKey
from ace_core.ir.base import IRModel
from ace_core.ir.style import Effect, Paint, Sides, Stroke

__all__ = [
    "Bullet",
    "LineHeight",
    "Paragraph",
    "Run",
    "TextBody",
    "TextStyle",
]

TextCase = Literal["ORIGINAL", "UPPER", "LOWER", "TITLE", "SMALL_CAPS", "SMALL_CAPS_FORCED"]
TextDecoration = Literal["NONE", "UNDERLINE", "STRIKETHROUGH"]
HAlign = Literal["LEFT", "CENTER", "RIGHT", "JUSTIFIED"]
VAlign = Literal["TOP", "CENTER", "BOTTOM"]


class LineHeight(IRModel):
    """Line height: PIXELS (px), PERCENT (of the font's normal line height, 100 = single), AUTO."""

    value: float = 100.0
    unit: Literal["PIXELS", "PERCENT", "AUTO"] = "AUTO"


class TextStyle(IRModel):
    """Character style. Every field optional: None inherits."""

    font_family: str | None = None
    font_ref: str | None = Field(None, description="theme font reference the family came from (+mj-lt, +mn-ea)")
    font_size: float | None = Field(None, ge=0, description="px")
    font_weight: int | None = Field(None, ge=1, le=1000, description="100-900; 400 regular, 700 bold")
    italic: bool | None = None
    decoration: TextDecoration | None = None
    text_case: TextCase | None = None
    letter_spacing: float | None = Field(None, description="px")
    fill: Paint | None = Field(None, description="text colour")
    highlight: Paint | None = None
    hyperlink: str | None = Field(None, description="URL, or '#slide:<id>' for a link to a slide")
    baseline: float | None = Field(None, description="superscript (>0) / subscript (<0) shift, fraction of size")
    lang: str | None = None
    outline: Stroke | None = Field(None, description="a line around the glyphs (OOXML a run's a:ln, CSS text stroke)")
    effects: list[Effect] | None = Field(
        None, description="shadows drawn behind the glyphs (OOXML a run's effectLst, CSS text-shadow); [] = none"
    )

    def merged(self, over: "TextStyle | None") -> "TextStyle":
        """This style with every non-None field of `over` applied on top."""
        if over is None:
            return self
        data = self.model_dump(exclude_none=True)
        for key, value in over:
            if value is not None:
                data[key] = value
        return TextStyle.model_validate(data) if data else TextStyle()


class Run(IRModel):
    """A span of text with one style. Line breaks inside a paragraph are '\\v' (vertical tab)."""

    text: str = ""
    style: TextStyle = Field(default_factory=TextStyle)
    field: str | None = Field(
        None,
        description="the run is a field (OOXML a:fld type: slidenum, datetime, datetime1-13, ...); "
        "its text is the value last shown",
    )


class Bullet(IRModel):
    """List marker. UNORDERED uses `char`; ORDERED uses `scheme` (OOXML autonum scheme, e.g.
    arabicPeriod, alphaLcParenR, romanUcPeriod) starting at `start`."""

    type: Literal["NONE", "UNORDERED", "ORDERED"] = "NONE"
    char: str | None = None
    scheme: str | None = None
    start: int = 1
    font_family: str | None = None
    color: Paint | None = None
    size: float | None = Field(None, description="percent of the text size (100 = same)")
    picture_asset: AssetKey | None = None


class Paragraph(IRModel):
    runs: list[Run] = Field(default_factory=list)
    style: TextStyle = Field(default_factory=TextStyle, description="default run style (OOXML pPr/defRPr, endParaRPr)")
    align: HAlign | None = None
    level: int = Field(0, ge=0, le=8)
    bullet: Bullet | None = None
    indent: float | None = Field(None, description="first-line indent, px (negative = hanging)")
    margin_left: float | None = Field(None, description="px")
    space_before: float | None = Field(None, description="px")
    space_after: float | None = Field(None, description="px")
    line_height: LineHeight | None = None
    rtl: bool | None = None

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)

    @property
    def drawn_runs(self) -> list[Run]:
        """The runs that draw text: an empty last run after others only carries the look of the
        end-of-paragraph mark (OOXML endParaRPr), which counts in the last line's height."""
        if len(self.runs) > 1 and self.runs[-1].text == "":
            return self.runs[:-1]
        return self.runs


class TextBody(IRModel):
    """The text of a TEXT node or of a shape. `style` holds the node-wide defaults."""

    paragraphs: list[Paragraph] = Field(default_factory=list)
    style: TextStyle = Field(default_factory=TextStyle)
    align: HAlign | None = Field(None, description="default paragraph alignment")
    vertical_align: VAlign = "TOP"
    auto_resize: Literal["NONE", "HEIGHT", "WIDTH_AND_HEIGHT", "TRUNCATE"] = Field(
        "NONE", description="Figma textAutoResize; OOXML spAutoFit -> HEIGHT"
    )
    autofit: Literal["NONE", "SHRINK", "RESIZE"] = Field(
        "NONE", description="OOXML: normAutofit -> SHRINK, spAutoFit -> RESIZE"
    )
    font_scale: float | None = Field(None, description="OOXML normAutofit fontScale, percent")
    line_spacing_reduction: float | None = Field(None, description="OOXML normAutofit lnSpcReduction, percent")
    insets: Sides | None = Field(None, description="px; None = the format default (OOXML 7.2/3.6 pt)")
    wrap: bool = True
    vertical: Literal["horz", "vert", "vert270", "wordArtVert", "eaVert", "mongolianVert", "wordArtVertRtl"] = "horz"
    text_rotation: float | None = None
    columns: int = Field(1, ge=1)
    edge_spacing: bool = Field(
        False,
        description="OOXML bodyPr spcFirstLastPara: the first paragraph's space before and the last one's "
        "space after count; off (the default), PowerPoint leaves both out",
    )
    max_lines: int | None = None
    truncate: bool = False
    levels: list[Paragraph] = Field(
        default_factory=list,
        description="per outline level defaults a template placeholder gives the text put in it (OOXML lstStyle), "
        "index 0 = level 1; empty = inherited",
    )

    @property
    def plain_text(self) -> str:
        """Paragraphs joined by newlines; run line breaks become newlines too."""
        return "\n".join(p.text for p in self.paragraphs).replace("\v", "\n")

    @classmethod
    def from_text(cls, text: str, style: TextStyle | None = None) -> "TextBody":
        """One paragraph per line, one run each."""
        paras = [Paragraph(runs=[Run(text=line)] if line else []) for line in text.split("\n")]
        return cls(paragraphs=paras, style=style or TextStyle())
