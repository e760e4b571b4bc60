"""IR decks built in code for the HTML adapter tests: one deck that uses every node kind and most
style features, and a quadrant image whose crop can be checked in a render."""

from __future__ import annotations

import io

from PIL import Image

from ace_core.color import Color, ColorMod, ColorRef
from ace_core.ir import (
    AutoLayout,
    Background,
    Bullet,
    CellBorders,
    ChartData,
    ChartNode,
    ChartSeries,
    ConnectorEnd,
    ConnectorNode,
    Crop,
    Deck,
    Effect,
    EllipseNode,
    FrameNode,
    GradientPaint,
    GradientStop,
    GroupNode,
    ImageNode,
    ImagePaint,
    LineHeight,
    LineNode,
    MathNode,
    Paragraph,
    Point,
    RectangleNode,
    Run,
    ShapeNode,
    Sides,
    Slide,
    SolidPaint,
    Stroke,
    TableCell,
    TableNode,
    TableRow,
    TextBody,
    TextNode,
    TextStyle,
    Theme,
    ThemeFonts,
    Transition,
    VectorNode,
    VectorPath,
)
from ace_core.ir.deck import DeckSource

QUADRANTS = ("#ff0000", "#00ff00", "#0000ff", "#ffff00")  # TL, TR, BL, BR


def solid(hex_: str, opacity: float = 1.0) -> SolidPaint:
    return SolidPaint(color=Color.from_hex(hex_), opacity=opacity)


def quadrant_png(size: int = 64) -> bytes:
    im = Image.new("RGB", (size, size))
    half = size // 2
    for i, col in enumerate(QUADRANTS):
        rgb = tuple(int(col[k : k + 2], 16) for k in (1, 3, 5))
        im.paste(rgb, ((i % 2) * half, (i // 2) * half, (i % 2 + 1) * half, (i // 2 + 1) * half))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


def _text_slide() -> Slide:
    accent = Color(r=0.2, g=0.4, b=0.8, ref=ColorRef(scheme="accent1", mods=(ColorMod(op="lumMod", val=0.75),)))
    paras = [
        Paragraph(
            runs=[Run(text="Title ", style=TextStyle(font_weight=700)), Run(text="with theme font")],
            style=TextStyle(font_ref="+mj-lt", font_size=40),
            align="CENTER",
        ),
        Paragraph(
            runs=[Run(text="First bullet")],
            bullet=Bullet(type="UNORDERED", char="\u00a7", font_family="Wingdings"),
            indent=-24,
            margin_left=24,
        ),
        Paragraph(
            runs=[
                Run(text="bold", style=TextStyle(font_weight=700)),
                Run(text=" italic ", style=TextStyle(italic=True)),
                Run(text="under", style=TextStyle(decoration="UNDERLINE")),
                Run(text=" strike ", style=TextStyle(decoration="STRIKETHROUGH")),
                Run(text="link", style=TextStyle(hyperlink="https://example.org/a?b=1&c=2")),
                Run(text="2", style=TextStyle(baseline=0.3)),
                Run(text=" spaced", style=TextStyle(letter_spacing=2.5, fill=SolidPaint(color=accent))),
                Run(text=" lit", style=TextStyle(highlight=solid("#ffff00"))),
            ],
            bullet=Bullet(type="UNORDERED", char="•", color=solid("#ff0000"), size=120),
            indent=-24,
            margin_left=48,
            level=1,
        ),
        Paragraph(
            runs=[Run(text="one")], bullet=Bullet(type="ORDERED", scheme="romanUcPeriod"), indent=-30, margin_left=30
        ),
        Paragraph(
            runs=[Run(text="two\vsoft break")],
            bullet=Bullet(type="ORDERED", scheme="romanUcPeriod"),
            indent=-30,
            margin_left=30,
        ),
        Paragraph(
            runs=[Run(text="sub a")],
            bullet=Bullet(type="ORDERED", scheme="alphaLcParenR"),
            level=1,
            indent=-30,
            margin_left=60,
        ),
        Paragraph(
            runs=[Run(text="three")], bullet=Bullet(type="ORDERED", scheme="romanUcPeriod"), indent=-30, margin_left=30
        ),
        Paragraph(runs=[], style=TextStyle(font_size=18)),
        Paragraph(runs=[Run(text="   \t  ")]),
        Paragraph(
            runs=[Run(text="Right, 150 % line height, spaced, 日本語 <&> \"quotes\" 'single'")],
            align="RIGHT",
            line_height=LineHeight(value=150, unit="PERCENT"),
            space_before=6,
            space_after=12,
        ),
        Paragraph(
            runs=[Run(text="Justified px line height " * 3)],
            align="JUSTIFIED",
            line_height=LineHeight(value=30, unit="PIXELS"),
        ),
    ]
    body = TextBody(
        paragraphs=paras,
        style=TextStyle(font_family="Calibri", font_size=24, fill=solid("#1f2937")),
        vertical_align="CENTER",
        insets=Sides(top=8, right=12, bottom=8, left=12),
        autofit="SHRINK",
        font_scale=90,
        line_spacing_reduction=10,
    )
    text = TextNode(id="t1", name="Body text", x=40, y=30, width=800, height=620, text=body)
    cjk = TextNode(
        id="t2",
        x=880,
        y=30,
        width=120,
        height=400,
        text=TextBody(paragraphs=[Paragraph(runs=[Run(text="縦書きテキスト")])], vertical="eaVert", wrap=False),
        fills=[solid("#f3f4f6")],
        strokes=[Stroke(paint=solid("#9ca3af"), weight=2)],
    )
    return Slide(
        id="s-text",
        name="Text",
        children=[text, cjk],
        notes="Speaker notes\nsecond line & <tag>",
        transition=Transition(style="push", direction="l", duration=0.75, timing="AFTER_DELAY", delay=2.0),
        background=Background(
            fills=[
                GradientPaint(
                    stops=[
                        GradientStop(position=0, color=Color.from_hex("#ffffff")),
                        GradientStop(position=1, color=Color.from_hex("#dbeafe")),
                    ],
                    angle=90,
                )
            ]
        ),
    )


def _shape_slide() -> Slide:
    shadow = Effect(type="DROP_SHADOW", color=Color(a=0.4), offset=Point(x=4, y=6), radius=8)
    radial = GradientPaint(
        type="GRADIENT_RADIAL",
        stops=[
            GradientStop(position=0, color=Color.from_hex("#fde68a")),
            GradientStop(position=1, color=Color.from_hex("#b45309")),
        ],
        handles=[Point(x=0.5, y=0.5), Point(x=1, y=0.5), Point(x=0.5, y=1)],
    )
    linear = GradientPaint(
        stops=[
            GradientStop(position=0, color=Color.from_hex("#22c55e")),
            GradientStop(
                position=1,
                color=Color.from_hex(
                    "#1d4ed8",
                ),
            ),
        ],
        handles=[Point(x=0, y=0), Point(x=1, y=1), Point(x=0, y=1)],
    )
    kids = [
        RectangleNode(
            id="r1",
            x=40,
            y=40,
            width=200,
            height=120,
            corner_radius=16,
            fills=[solid("#3b82f6")],
            strokes=[Stroke(paint=solid("#1e3a8a"), weight=3)],
            effects=[shadow],
            text=TextBody(
                paragraphs=[Paragraph(runs=[Run(text="Rounded")], align="CENTER")],
                vertical_align="CENTER",
                style=TextStyle(fill=solid("#ffffff"), font_size=28),
            ),
        ),
        EllipseNode(id="e1", x=280, y=40, width=220, height=140, fills=[radial], opacity=0.8),
        ShapeNode(
            id="p1",
            x=540,
            y=40,
            width=240,
            height=120,
            preset="rightArrow",
            adjustments={"adj1": 30000},
            fills=[linear],
            rotation=15,
        ),
        ShapeNode(
            id="p2",
            x=820,
            y=30,
            width=180,
            height=180,
            preset="star5",
            fills=[solid("#facc15")],
            strokes=[Stroke(paint=solid("#92400e"), weight=2, dash_preset="dash")],
            flip_h=True,
            text=TextBody(paragraphs=[Paragraph(runs=[Run(text="Star")], align="CENTER")], vertical_align="CENTER"),
        ),
        ShapeNode(
            id="p3",
            x=1040,
            y=40,
            width=120,
            height=200,
            preset="can",
            fills=[solid("#a855f7")],
            strokes=[Stroke(paint=solid("#000000"), weight=1)],
        ),
        LineNode(
            id="l1",
            x=60,
            y=300,
            width=300,
            height=0,
            strokes=[
                Stroke(
                    paint=solid("#ef4444"),
                    weight=4,
                    end_cap="TRIANGLE_ARROW",
                    start_cap="CIRCLE_FILLED",
                    dashes=[12, 6],
                )
            ],
        ),
        ConnectorNode(
            id="c1",
            x=420,
            y=260,
            width=300,
            height=140,
            preset="bentConnector3",
            line_type="ELBOWED",
            start=ConnectorEnd(node_id="r1", site=3),
            end=ConnectorEnd(node_id="p3", site=1),
            strokes=[Stroke(paint=solid("#111827"), weight=2, end_cap="STEALTH_ARROW")],
        ),
        VectorNode(
            id="v1",
            x=780,
            y=280,
            width=200,
            height=200,
            view_box=(0, 0, 100, 100),
            paths=[
                VectorPath(d="M50 0L100 100L0 100Z", fill_rule="evenodd"),
                VectorPath(d="M10 50L90 50", filled=False),
            ],
            fills=[solid("#14b8a6")],
            strokes=[Stroke(paint=solid("#134e4a"), weight=2, align="INSIDE")],
        ),
        ShapeNode(
            id="p4",
            x=40,
            y=440,
            width=260,
            height=180,
            preset="wedgeRoundRectCallout",
            fills=[solid("#fb7185", 0.5)],
            effects=[shadow],
            blend_mode="MULTIPLY",
        ),
        ShapeNode(
            id="p5",
            x=1000,
            y=480,
            width=200,
            height=160,
            preset="heart",
            fills=[solid("#e11d48")],
            flip_v=True,
            hyperlink="#slide:s-table",
        ),
    ]
    return Slide(id="s-shapes", name="Shapes", children=kids)


def _image_slide(key: str) -> Slide:
    kids = [
        ImageNode(
            id="i1",
            x=40,
            y=40,
            width=300,
            height=300,
            image=ImagePaint(asset=key, scale_mode="STRETCH", crop=Crop(left=0, top=0, right=0.5, bottom=0.5)),
        ),
        ImageNode(
            id="i2",
            x=380,
            y=40,
            width=400,
            height=200,
            image=ImagePaint(asset=key, scale_mode="FIT"),
            fills=[solid("#e5e7eb")],
        ),
        ImageNode(
            id="i3",
            x=820,
            y=40,
            width=300,
            height=300,
            image=ImagePaint(asset=key, scale_mode="TILE", scaling_factor=0.5),
            corner_radius=24,
            strokes=[Stroke(paint=solid("#000000"), weight=2)],
        ),
        ImageNode(
            id="i4",
            x=40,
            y=380,
            width=300,
            height=200,
            image=ImagePaint(asset=key, scale_mode="FILL"),
            preset="ellipse",
            description="a picture cut to an ellipse",
        ),
        ShapeNode(
            id="i5",
            x=380,
            y=380,
            width=240,
            height=200,
            preset="hexagon",
            fills=[ImagePaint(asset=key, scale_mode="STRETCH")],
            strokes=[Stroke(paint=solid("#000000"), weight=3)],
        ),
        ImageNode(id="i6", x=660, y=380, width=200, height=200, image=ImagePaint(asset=None)),
    ]
    return Slide(id="s-images", name="Images", children=kids, background=Background(fills=[solid("#fffbeb")]))


def _table_slide() -> Slide:
    thin = Stroke(paint=solid("#9ca3af"), weight=1)

    def cell(text: str, **kw) -> TableCell:
        return TableCell(
            text=TextBody(paragraphs=[Paragraph(runs=[Run(text=text)])], style=TextStyle(font_size=18)), **kw
        )

    header = [
        cell("Region", fills=[solid("#1e3a8a")], borders=CellBorders(bottom=thin)),
        cell("2025", fills=[solid("#1e3a8a")]),
        cell("2026", fills=[solid("#1e3a8a")]),
    ]
    rows = [
        TableRow(height=40, cells=header),
        TableRow(
            height=36,
            cells=[
                cell("North", row_span=2, vertical_align="CENTER"),
                cell("10", borders=CellBorders(left=thin, right=thin)),
                cell("12"),
            ],
        ),
        TableRow(
            height=36, cells=[cell("", v_merged=True), cell("merged across", col_span=2), cell("", h_merged=True)]
        ),
        TableRow(
            height=36, cells=[cell("South"), cell("9", margins=Sides.all(2)), cell("15", vertical_align="BOTTOM")]
        ),
    ]
    table = TableNode(id="tb1", x=40, y=60, width=520, height=148, columns=[200, 160, 160], rows=rows)
    chart = ChartNode(
        id="ch1",
        x=620,
        y=40,
        width=600,
        height=360,
        chart=ChartData(
            chart_type="column",
            categories=["Q1", "Q2", "Q3"],
            title="Revenue",
            series=[ChartSeries(name="2025", values=[10, 14, 9]), ChartSeries(name="2026", values=[12, 17, None])],
        ),
    )
    pie = ChartNode(
        id="ch2",
        x=620,
        y=420,
        width=300,
        height=260,
        chart=ChartData(chart_type="doughnut", categories=["a", "b", "c"], series=[ChartSeries(values=[1, 2, 3])]),
    )
    math_ = MathNode(
        id="m1", x=60, y=420, width=400, height=120, latex=r"e^{i\pi} + 1 = 0", font_size=40, color=solid("#7c3aed")
    )
    bad_math = MathNode(id="m2", x=60, y=560, width=300, height=80, latex=r"\frac{1}{")
    return Slide(id="s-table", name="Table and chart", children=[table, chart, pie, math_, bad_math])


def _layout_slide() -> Slide:
    def box(ident: str, w: float, h: float, col: str, **kw) -> RectangleNode:
        return RectangleNode(id=ident, width=w, height=h, fills=[solid(col)], **kw)

    row = FrameNode(
        id="f-row",
        x=40,
        y=40,
        width=800,
        height=160,
        fills=[solid("#f1f5f9")],
        layout=AutoLayout(
            mode="HORIZONTAL",
            padding_top=10,
            padding_right=20,
            padding_bottom=10,
            padding_left=20,
            item_spacing=16,
            counter_align="CENTER",
        ),
        children=[
            box("f-a", 100, 80, "#ef4444"),
            box("f-b", 0, 60, "#22c55e", sizing_h="FILL"),
            box("f-c", 120, 0, "#3b82f6", sizing_v="FILL"),
            box("f-abs", 40, 40, "#000000", positioning="ABSOLUTE", x=760, y=120),
        ],
    )
    between = FrameNode(
        id="f-between",
        x=40,
        y=240,
        width=800,
        height=80,
        layout=AutoLayout(mode="HORIZONTAL", item_spacing=50, primary_align="SPACE_BETWEEN", counter_align="MAX"),
        children=[box("g-a", 60, 40, "#f97316"), box("g-b", 60, 60, "#84cc16"), box("g-c", 60, 20, "#06b6d4")],
    )
    overlap = FrameNode(
        id="f-overlap",
        x=40,
        y=360,
        width=400,
        height=80,
        layout=AutoLayout(mode="HORIZONTAL", item_spacing=-20, primary_align="CENTER"),
        children=[box("o-a", 80, 80, "#6366f1"), box("o-b", 80, 80, "#ec4899"), box("o-c", 80, 80, "#14b8a6")],
    )
    column = FrameNode(
        id="f-col",
        x=880,
        y=40,
        width=300,
        height=400,
        clips_content=True,
        corner_radius=12,
        strokes=[Stroke(paint=solid("#334155"), weight=2)],
        layout=AutoLayout(
            mode="VERTICAL",
            padding_top=20,
            padding_bottom=20,
            padding_left=20,
            padding_right=20,
            item_spacing=12,
            primary_align="MAX",
        ),
        children=[
            box("k-a", 0, 50, "#a3e635", sizing_h="FILL"),
            box("k-b", 120, 60, "#fbbf24"),
            box("k-c", 0, 0, "#f472b6", sizing_h="FILL", sizing_v="FILL", visible=False),
        ],
    )
    wrap = FrameNode(
        id="f-wrap",
        x=40,
        y=480,
        width=420,
        height=220,
        layout=AutoLayout(
            mode="HORIZONTAL", wrap=True, item_spacing=10, counter_axis_spacing=20, padding_top=10, padding_left=10
        ),
        children=[box(f"w-{i}", 120, 50, "#94a3b8") for i in range(5)],
    )
    group = GroupNode(
        id="grp",
        x=560,
        y=480,
        width=300,
        height=200,
        rotation=-10,
        children=[
            box("gr-a", 140, 90, "#0ea5e9", x=0, y=0),
            GroupNode(
                id="grp-in",
                x=150,
                y=100,
                width=150,
                height=100,
                children=[box("gr-b", 150, 100, "#10b981", x=0, y=0, rotation=20)],
            ),
        ],
    )
    hidden = box("hid", 100, 100, "#000000", x=1100, y=600, visible=False)
    hidden_frame = FrameNode(
        id="hid-frame",
        x=900,
        y=500,
        width=200,
        height=100,
        visible=False,
        fills=[solid("#ffffff", 0.0)],
        layout=AutoLayout(mode="VERTICAL"),
        children=[TextNode(id="hid-text", width=100, height=40, visible=False)],
    )
    kids = [row, between, overlap, column, wrap, group, hidden, hidden_frame]
    return Slide(id="s-layout", name="Auto layout", hidden=True, children=kids)


def rich_deck() -> Deck:
    """A deck using every node kind: text features, shapes, images, table, chart, math, layout."""
    deck = Deck(
        id="rich",
        name="Rich deck",
        width=1280,
        height=720,
        theme=Theme(
            name="T",
            colors={"accent1": Color.from_hex("#4472C4"), "dk1": Color.from_hex("#000000")},
            fonts=ThemeFonts(major="Liberation Serif", minor="Liberation Sans"),
        ),
        meta={"origin": "tests"},
    )
    key = deck.add_asset(quadrant_png(), "image/png", name="quadrants.png")
    pkg = deck.add_asset(
        b"PK\x03\x04 fake source package", "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    )
    deck.source = DeckSource(format="pptx", path="x.pptx", package=pkg)
    deck.slides = [_text_slide(), _shape_slide(), _image_slide(key), _table_slide(), _layout_slide()]
    return deck
