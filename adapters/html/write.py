"""IR -> one self-contained HTML deck: a div.slide per slide, absolutely positioned (or flexbox)
node elements carrying data-id / data-type / data-ir, inline CSS, inline SVG geometry."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any, Literal

from ace_core import __version__
from ace_core.drawing.chart_user_shapes import user_shape_nodes
from ace_core.drawing.math import latex_to_svg, scale_svg_to_box
from ace_core.drawing.presets import evaluate
from ace_core.errors import AceError, BadInputError
from ace_core.fsutil import atomic_output, check_output_path
from ace_core.ir.deck import Deck, Slide
from ace_core.ir.layout_props import AutoLayout
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
)
from ace_core.ir.style import ImagePaint, Paint, SolidPaint
from ace_core.ir.text import TextBody
from ace_core.limits import check_output_size
from ace_core.metafiles import drawable_deck
from ace_core.textscrub import report_scrubbed, scrub_deck
from ace_core.urls import link_scheme, neutralize_links, safe_href
from adapters.html.context import WriteCtx, def_prefix
from adapters.html.css import (
    BLEND_CSS,
    background_decls,
    css_simple_stroke,
    effects_decls,
    image_layer,
    outline_decls,
)
from adapters.html.inline_svg import inline_svg
from adapters.html.layout import box_decls, flex_container_decls
from adapters.html.schema import (
    A_ID,
    A_IR,
    A_NAME,
    A_SLIDE_ID,
    A_TYPE,
    GENERATOR,
    SCHEMA,
    attr,
    dump_ir,
    esc_text,
    join_style,
    num,
    px,
)
from adapters.html.svg import clip_path_for_image, shape_svg
from adapters.html.table import table_html
from adapters.html.text import body_decls, fit_scale, text_html

__all__ = ["BASE_CSS", "deck_ir", "node_ir", "render_html", "slide_ir", "write_html"]

BASE_CSS = (
    "html,body{margin:0;padding:0}"
    "body{background:#7f7f7f}"
    ".slide{position:relative;overflow:hidden;margin:0 auto 16px auto;box-sizing:border-box;background-color:#fff;"
    # full-width punctuation keeps its full advance, as PowerPoint and LibreOffice set it: Chromium
    # by default halves a closing bracket at a line's end to fit it and adjacent pairs such as ）（
    "text-spacing-trim:space-all}"
    ".slide div,.slide p,.slide table,.slide td{box-sizing:border-box}"
    ".slide p{margin:0}"
    ".slide table{border-collapse:collapse;table-layout:fixed}"
    ".slide td{overflow-wrap:break-word}"
    ".slide a{color:inherit}"
    ".slide aside.notes{display:none}"
)


# -- IR in data attributes ---------------------------------------------------------------------


def node_ir(node: NodeBase, consumed: set[str]) -> dict[str, Any]:
    """The node's IR fields the visible HTML does not carry: everything but its id, type, name,
    children, text paragraphs and the box fields in `consumed`."""
    exclude: set[str] | dict[str, Any] = {"id", "type", "name", "children", *consumed}
    if isinstance(node, TableNode):
        exclude = {*exclude, "rows"}
    body = getattr(node, "text", None)
    if isinstance(body, TextBody):
        exclude = {k: True for k in exclude}
        exclude["text"] = {"paragraphs"}
    data = node.model_dump(mode="json", exclude_defaults=True, exclude=exclude)  # type: ignore[arg-type]
    data.pop("type", None)
    if isinstance(body, TextBody) and not isinstance(node, TextNode) and "text" not in data:
        data["text"] = {}
    return data


def slide_ir(slide: Slide) -> dict[str, Any]:
    return slide.model_dump(
        mode="json", exclude_defaults=True, exclude={"id", "name", "children", "notes", "hidden", "transition"}
    )


def deck_ir(deck: Deck) -> dict[str, Any]:
    return deck.model_dump(mode="json", exclude_defaults=True, exclude={"slides"})


# -- nodes -------------------------------------------------------------------------------------


def _css_drawable(node: NodeBase) -> bool:
    """Whether a rectangle / ellipse / frame can be drawn with CSS (background + outline)."""
    if any(f.type == "GRADIENT_DIAMOND" for f in node.fills if f.visible):
        return False
    stroke = css_simple_stroke(node.strokes)
    if stroke is False:
        return False
    if isinstance(node, EllipseNode) and (node.arc is not None or stroke is not None):
        return stroke is None and node.arc is None
    return not (node.flip_h or node.flip_v) or not node.fills


def _radius_decls(node: NodeBase) -> list[tuple[str, str]]:
    if isinstance(node, EllipseNode):
        return [("border-radius", "50%")]
    radii = getattr(node, "corner_radii", None)
    if radii:
        return [("border-radius", " ".join(px(r) for r in radii))]
    radius = getattr(node, "corner_radius", 0.0)
    return [("border-radius", px(radius))] if radius else []


def _surface(node: NodeBase, ctx: WriteCtx) -> tuple[list[tuple[str, str]], str]:
    """Fills, strokes and effects of a box-like node: CSS declarations, or an inline SVG."""
    if _css_drawable(node):
        decls = background_decls(node.fills, node.width, node.height, ctx, node.id)
        decls += _radius_decls(node)
        stroke = css_simple_stroke(node.strokes)
        if stroke:
            decls += outline_decls(stroke)  # type: ignore[arg-type]
        if node.stroke_weights is not None and stroke:
            ctx.loss("per-side-stroke", "per-side stroke weights are drawn with one weight", node.id, "info")
        decls += effects_decls(node.effects, ctx, node.id, svg=False)
        return decls, ""
    return effects_decls(node.effects, ctx, node.id, svg=True), shape_svg(node, ctx)


def _text_rect(node: NodeBase) -> tuple[float, float, float, float]:
    w, h = node.width, node.height
    preset = None
    if isinstance(node, ShapeNode):
        preset = node.preset
    elif isinstance(node, EllipseNode):
        preset = "ellipse"
    if not preset:
        return 0.0, 0.0, w, h
    try:
        geo = evaluate(preset, w, h, getattr(node, "adjustments", None) or None)
    except AceError:
        return 0.0, 0.0, w, h
    left, top, right, bottom = geo.text_rect
    if node.flip_h:
        left, right = w - right, w - left
    if node.flip_v:
        top, bottom = h - bottom, h - top
    return left, top, right, bottom


def _shape_text(node: NodeBase, body: TextBody, ctx: WriteCtx) -> str:
    left, top, right, bottom = _text_rect(node)
    decls = [
        ("position", "absolute"),
        ("left", px(round(left, 3))),
        ("top", px(round(top, 3))),
        ("width", px(round(max(right - left, 0.0), 3))),
        ("height", px(round(max(bottom - top, 0.0), 3))),
    ]
    if node.flip_v:
        decls.append(("transform", "rotate(180deg)"))
    if body.text_rotation:
        decls.append(("transform", f"rotate({body.text_rotation}deg)"))
    decls += body_decls(body)
    fit = fit_scale(body, right - left, bottom - top, ooxml=ctx.ooxml, theme_fonts=_theme_fonts(ctx))
    fit_attr = f' data-fit="{num(fit)}"' if fit is not None else ""
    return f'<div class="tx"{fit_attr} style="{join_style(decls)}">{text_html(body, ctx, node.id, fit)}</div>'


def _image_inner(node: ImageNode, ctx: WriteCtx) -> tuple[list[tuple[str, str]], str]:
    decls: list[tuple[str, str]] = []
    inner = ""
    paint = node.image
    if node.svg_asset and ctx.has_asset(node.svg_asset):
        if not (paint.asset and ctx.has_asset(paint.asset)) or ctx.url_fits(node.svg_asset):
            paint = paint.model_copy(update={"asset": node.svg_asset})
        else:  # an SVG too big for a CSS value, and a raster picture beside it: the raster is drawn
            ctx.loss(
                "svg-too-large",
                f"the picture's SVG ({ctx.deck.store.size(node.svg_asset) / 2**20:.1f} MiB) is over the 2 MiB a"
                " browser draws from one CSS value; the raster picture stored beside it is drawn",
                node.id,
                "info",
            )
    drawn = bool(paint.visible and paint.asset)
    as_text = drawn and _svg_with_text(paint, ctx)
    layer = image_layer(paint, node.width, node.height, ctx, node.id, text_shown=as_text) if drawn else None
    base = background_decls(node.fills, node.width, node.height, ctx, node.id)
    markup = _inline_picture(paint, layer, ctx, node.id) if as_text and layer is not None else None
    if as_text and layer is not None and markup is None:
        ctx.check_drawable(paint.asset or "", node.id)  # it stays an image: its text is pixels
    if markup is not None:
        decls += base
        inner = markup
    elif layer is not None:
        lay = [("background-image", layer[0]), ("background-size", layer[1])]
        lay += [("background-position", layer[2]), ("background-repeat", layer[3])]
        sub: list[tuple[str, str]] = []
        if paint.opacity < 1:
            sub.append(("opacity", num(paint.opacity)))
        if paint.filters is not None:
            f = paint.filters
            sub.append(
                (
                    "filter",
                    f"brightness({num(round(1 + f.exposure * 0.5, 3))}) contrast({num(round(1 + f.contrast * 0.5, 3))})"
                    f" saturate({num(round(1 + f.saturation, 3))})",
                )
            )
        if sub or base:
            full = [("position", "absolute"), ("left", "0"), ("top", "0"), ("width", "100%"), ("height", "100%")]
            inner = f'<div class="im" style="{join_style(full + lay + sub)}"></div>'
            decls += base
        else:
            decls += lay
    elif not node.fills:
        decls.append(("background-color", "#d9d9d9"))
        if paint.asset is None and node.embedded is None:
            ctx.loss("missing-image", "the picture has no image; drawn as a grey box", node.id)
    else:
        decls += base or [("background-color", "#d9d9d9")]
    if node.embedded is not None:
        ctx.loss("embedded-object", f"{node.embedded.kind} object shown as its preview picture", node.id, "info")
    decls += _radius_decls(node)
    clip = clip_path_for_image(node)
    if clip:
        decls.append(("clip-path", clip))
    stroke = css_simple_stroke(node.strokes)
    if stroke and not clip:
        decls += outline_decls(stroke)  # type: ignore[arg-type]
    elif node.strokes:
        inner += shape_svg(node, ctx, fills=[])
    decls += effects_decls(node.effects, ctx, node.id, svg=bool(clip))
    return decls, inner


def _svg_with_text(paint: ImagePaint, ctx: WriteCtx) -> bool:
    """An SVG picture (or a metafile drawn as SVG) that draws text, shown whole and unfiltered."""
    key = paint.asset
    if not key or not ctx.has_asset(key) or ctx.mime(key) != "image/svg+xml":
        return False
    return paint.scale_mode != "TILE" and paint.filters is None and ctx.svg_text_chars(key) > 0


def _inline_picture(paint: ImagePaint, layer: tuple[str, str, str, str], ctx: WriteCtx, node_id: str) -> str | None:
    """The SVG picture inline, in the box its background layer would fill, so its text is text."""
    _, size, pos, _ = layer
    box = "position:absolute;left:0;top:0;width:100%;height:100%;"
    aspect = {"contain": "xMidYMid meet", "cover": "xMidYMid slice"}.get(size)
    if aspect is None and size != "100% 100%":
        (w, h), (x, y) = size.split(), pos.split()
        box = f"position:absolute;left:{x};top:{y};width:{w};height:{h};"
    svg = inline_svg(ctx.asset_bytes(paint.asset or ""), def_prefix(node_id), aspect=aspect, style=box)
    if svg is None:
        return None
    fade = f";opacity:{num(paint.opacity)}" if paint.opacity < 1 else ""
    wrap = "position:absolute;left:0;top:0;width:100%;height:100%;overflow:hidden;border-radius:inherit" + fade
    return f'<div class="im" style="{wrap}">{svg}</div>'


def _math_inner(node: MathNode, ctx: WriteCtx) -> str:
    if node.svg_asset and ctx.has_asset(node.svg_asset):
        return (
            f'<div class="mx" style="position:absolute;left:0;top:0;width:100%;height:100%;'
            f"background-image:{ctx.asset_var(node.svg_asset)};background-size:contain;"
            f'background-position:center;background-repeat:no-repeat"></div>'
        )
    if not node.latex.strip():
        if node.omml:
            ctx.loss("math-omml", "equation has OMML but no LaTeX or SVG; not drawn", node.id, "error")
        return ""
    color = "#000000"
    if isinstance(node.color, SolidPaint):
        color = node.color.color.hex.lower()
    try:
        svg = latex_to_svg(node.latex, node.font_size, color, inline=node.display == "inline").svg
    except BadInputError as exc:
        ctx.loss("math-latex", f"{exc.what}; not drawn", node.id, "error")
        return ""
    align = "xMidYMid" if node.display == "block" else "xMinYMid"
    return scale_svg_to_box(svg, align=align)


def _vector_asset(node: VectorNode, ctx: WriteCtx) -> str:
    assert node.svg_asset is not None
    return (
        f'<div class="im" style="position:absolute;left:0;top:0;width:100%;height:100%;'
        f'background-image:{ctx.asset_var(node.svg_asset)};background-size:100% 100%"></div>'
    )


def _theme_fonts(ctx: WriteCtx) -> Any:
    return ctx.deck.theme.fonts if ctx.deck.theme else None


def _palette(ctx: WriteCtx) -> list[str] | None:
    colors = ctx.deck.theme.colors if ctx.deck.theme else {}
    accents = [colors[f"accent{i}"].hex.lower() for i in range(1, 7) if f"accent{i}" in colors]
    return accents or None


def _chart_font(ctx: WriteCtx) -> str:
    fonts = ctx.deck.theme.fonts if ctx.deck.theme else None
    return (fonts.minor if fonts and fonts.minor else None) or "Calibri"


def node_html(
    node: NodeBase, ctx: WriteCtx, parent_layout: AutoLayout | None = None, index: int = 0, siblings: Any = ()
) -> str:
    """One node as an element (children included)."""
    decls, consumed = box_decls(node, parent_layout, index, list(siblings))
    inner = ""
    extra_attrs = ""
    body = getattr(node, "text", None)
    if isinstance(node, TextNode):
        surf, svg = _surface(node, ctx)
        decls += body_decls(node.text) + surf
        fit = fit_scale(
            node.text,
            node.width,
            node.height,
            ooxml=ctx.ooxml,
            theme_fonts=_theme_fonts(ctx),
        )
        if fit is not None:
            extra_attrs = f' data-fit="{num(fit)}"'
        inner = svg + text_html(node.text, ctx, node.id, fit)
    elif isinstance(node, (RectangleNode, EllipseNode, FrameNode)):
        surf, inner = _surface(node, ctx)
        decls += surf
        if isinstance(node, FrameNode):
            decls += flex_container_decls(node)
            if node.clips_content:
                decls.append(("overflow", "hidden"))
            kids = node.children
            lay = node.layout if node.layout is not None else None
            inner += "".join(node_html(c, ctx, lay, i, kids) for i, c in enumerate(kids))
    elif isinstance(node, (ShapeNode, LineNode, ConnectorNode)):
        decls += effects_decls(node.effects, ctx, node.id, svg=True)
        inner = shape_svg(node, ctx)
    elif isinstance(node, VectorNode):
        decls += effects_decls(node.effects, ctx, node.id, svg=True)
        if not node.paths and node.svg_asset and ctx.has_asset(node.svg_asset):
            inner = _vector_asset(node, ctx)
        else:
            inner = shape_svg(node, ctx)
    elif isinstance(node, ImageNode):
        surf, inner = _image_inner(node, ctx)
        decls += surf
    elif isinstance(node, GroupNode):
        if node.is_boolean:
            ctx.loss("boolean-group", f"boolean {node.is_boolean} drawn as its operands", node.id)
        if node.is_mask_group:
            ctx.loss("mask-group", "mask group drawn without the mask", node.id)
        decls += effects_decls(node.effects, ctx, node.id, svg=True)
        inner = "".join(node_html(c, ctx, None, i, node.children) for i, c in enumerate(node.children))
    elif isinstance(node, TableNode):
        decls += effects_decls(node.effects, ctx, node.id, svg=True)
        inner = table_html(node, ctx)
    elif isinstance(node, ChartNode):
        decls += background_decls(node.fills, node.width, node.height, ctx, node.id)
        stroke = css_simple_stroke(node.strokes)
        if stroke:
            decls += outline_decls(stroke)  # type: ignore[arg-type]
        from ace_core.drawing.charts import chart_svg  # a deck without charts never loads them

        chart = chart_svg(node.chart, node.width, node.height, font_family=_chart_font(ctx), palette=_palette(ctx))
        for problem in chart.losses:
            ctx.loss("chart", problem, node.id)
        inner = chart.svg + "".join(node_html(u, ctx) for u in user_shape_nodes(node))
    elif isinstance(node, MathNode):
        inner = _math_inner(node, ctx)
    if isinstance(body, TextBody) and not isinstance(node, TextNode):
        inner += _shape_text(node, body, ctx)
    if not node.visible:  # hidden wins over any display the content set (flex, text columns)
        decls = [d for d in decls if d[0] != "display"] + [("display", "none")]
    blend = BLEND_CSS.get(node.blend_mode, "")
    if blend:
        decls.append(("mix-blend-mode", blend))
    if node.hyperlink and safe_href(node.hyperlink):
        href = escape(node.hyperlink, quote=True)
        inner += f'<a class="hl" href="{href}" style="position:absolute;left:0;top:0;width:100%;height:100%"></a>'
    head = f"<div{attr(A_ID, node.id)}{attr(A_TYPE, node.type)}"
    if node.name:
        head += attr(A_NAME, node.name)
    data = node_ir(node, consumed)
    if data:
        head += attr(A_IR, dump_ir(data), single=True)
    return f'{head}{extra_attrs} style="{join_style(decls)}">{inner}</div>'


# -- slides and the document ------------------------------------------------------------------


def _transition_attrs(slide: Slide) -> str:
    t = slide.transition
    if t is None:
        return ""
    out = attr("data-transition", t.style)
    for key, value in (
        ("direction", t.direction),
        ("duration", t.duration),
        ("curve", t.curve),
        ("timing", t.timing if t.timing != "ON_CLICK" else None),
        ("delay", t.delay),
    ):
        if value is not None:
            out += attr(f"data-transition-{key}", value if isinstance(value, str) else repr(float(value)))
    return out


def _on_white(fills: list[Paint]) -> list[Paint]:
    """A slide's fills as PowerPoint and LibreOffice show them: a translucent bottom colour lies on
    white paper, not on whatever is behind the slide (the page's grey would show through)."""
    visible = [f for f in fills if f.visible and f.opacity > 0]
    if not visible or not isinstance(visible[0], SolidPaint):
        return fills  # nothing, a gradient or a picture at the bottom: .slide's white is under it
    bottom = visible[0]
    a = bottom.color.a * bottom.opacity
    if a >= 0.9995:
        return fills
    c = bottom.color
    paper = SolidPaint(
        color=c.model_copy(update={"r": c.r * a + 1 - a, "g": c.g * a + 1 - a, "b": c.b * a + 1 - a, "a": 1.0})
    )
    return [paper if f is bottom else f for f in fills]


def slide_html(slide: Slide, deck: Deck, ctx: WriteCtx) -> str:
    ctx.slide_id = slide.id
    ctx.slide_number = next((i + 1 for i, s in enumerate(deck.slides) if s.id == slide.id), None)
    decls = [("width", px(deck.width)), ("height", px(deck.height))]
    if slide.background is not None:
        decls += background_decls(_on_white(slide.background.fills), deck.width, deck.height, ctx, slide.id)
    head = f'<div class="slide" id="slide:{escape(slide.id, quote=True)}"{attr(A_SLIDE_ID, slide.id)}'
    if slide.name:
        head += attr(A_NAME, slide.name)
    if slide.hidden:
        head += ' data-hidden="true"'
    head += _transition_attrs(slide)
    data = slide_ir(slide)
    if data:
        head += attr(A_IR, dump_ir(data), single=True)
    kids = "\n".join(node_html(c, ctx, None, i, slide.children) for i, c in enumerate(slide.children))
    notes = f'\n<aside class="notes" hidden>{esc_text(slide.notes)}</aside>' if slide.notes else ""
    return f'{head} style="{join_style(decls)}">\n{kids}{notes}\n</div>'


def _assets_block(ctx: WriteCtx) -> tuple[list[str], list[str]]:
    """(<style> with one custom property per image asset, <script> blocks for other assets), each
    as pieces to concatenate: a data: URL is never copied into a bigger string."""
    props: list[list[str]] = []
    blobs: list[list[str]] = []
    source_pkg = ctx.deck.source.package if ctx.deck.source else None
    for key in sorted(ctx.deck.assets):
        if not ctx.has_asset(key):
            ctx.loss("missing-asset", f"asset {key} has no bytes in the deck; not embedded", None, "info")
            continue
        mime = ctx.mime(key)
        if mime.startswith("image/"):
            props.append([f'--a-{key}:url("', ctx.asset_url(key), '")'])
        elif key == source_pkg and not ctx.embed_source:
            ctx.loss("source-package", "the source package is not embedded (embed_source=False)", None, "info")
        else:
            tag = f'<script type="application/x-ace-asset" id="asset-{key}"{attr("data-mime", mime)}>'
            blobs.append([tag, ctx.asset_url(key), "</script>"])
    return _joined(props, ";", '<style id="ace-assets">:root{', "}</style>"), _joined(blobs, "\n", "", "")


def _joined(items: list[list[str]], sep: str, head: str, tail: str) -> list[str]:
    """Pieces of head + sep.join(items) + tail (nothing for no items)."""
    if not items:
        return []
    out = [head]
    for i, item in enumerate(items):
        if i:
            out.append(sep)
        out.extend(item)
    out.append(tail)
    return out


def _checked_source(deck: Deck) -> tuple[Deck, str]:
    """The deck, without its source package when that is not the file its provenance names
    (then also why): an HTML file only carries a source package a writer may patch."""
    src = deck.source
    if src is None or not src.package:
        return deck, ""
    key, why = deck.source_package(src.format)
    if key is not None or not why:
        return deck, ""
    assets = {k: v for k, v in deck.assets.items() if k != src.package}
    copy = deck.model_copy(update={"source": src.model_copy(update={"package": None}), "assets": assets})
    copy.attach_store(deck.store)
    return copy, why


TEMPLATES_DEFERRED = "pptx.templates_deferred"
"""deck.meta key (adapters.ooxml.conventions.DECK_META_TEMPLATES_DEFERRED): True when a .pptx was
read without its masters and layouts, "unused" when with only those its slides use; the rest are
in the source package, which the page must then embed to carry them."""


def _report_deferred_templates(ctx: WriteCtx) -> None:
    deferred = ctx.deck.meta.get(TEMPLATES_DEFERRED)
    src = ctx.deck.source
    if not deferred or (ctx.embed_source and src is not None and src.package and ctx.has_asset(src.package)):
        return
    what = "none of the masters and layouts" if deferred is True else "only the masters and layouts the slides use"
    ctx.loss(
        "masters-layouts",
        f"the page carries {what}: the deck was read without the others and its source package, which holds "
        "them, is not embedded",
        None,
        "warning",
    )


def is_ooxml_deck(deck: Deck) -> bool:
    """Whether the deck's text follows OOXML line metrics (it was read from a .pptx)."""
    return deck.source is not None and deck.source.format.lower() in ("pptx", "ooxml", "potx", "ppsx", "pptm")


def render_html(
    deck: Deck,
    *,
    assets: Literal["inline", "external"] = "inline",
    asset_dir_name: str = "",
    embed_source: bool = True,
) -> tuple[str, WriteCtx]:
    """The HTML text of `deck` and the write context (its loss report and asset URLs). EMF / WMF /
    TIFF pictures are converted to SVG / PNG first (ace_core.metafiles) when that is possible."""
    pieces, ctx = render_html_pieces(deck, assets=assets, asset_dir_name=asset_dir_name, embed_source=embed_source)
    return "".join(pieces), ctx


def render_html_pieces(
    deck: Deck,
    *,
    assets: Literal["inline", "external"] = "inline",
    asset_dir_name: str = "",
    embed_source: bool = True,
) -> tuple[list[str], WriteCtx]:
    """`render_html` as pieces to concatenate (a large inline asset stays one piece, written
    without being copied into the whole text)."""
    deck, scrubbed = scrub_deck(deck)
    deck, unsafe = neutralize_links(deck)
    deck, converted = drawable_deck(deck)
    deck, why = _checked_source(deck)
    ctx = WriteCtx(
        deck=deck, assets=assets, asset_dir_name=asset_dir_name, embed_source=embed_source, ooxml=is_ooxml_deck(deck)
    )
    if why:
        ctx.loss("source-package", f"{why}; not embedded", None, "warning")
    report_scrubbed(ctx.report, scrubbed, "html")
    _report_deferred_templates(ctx)
    for slide_id, node_id, url in unsafe:
        ctx.report.add(
            "unsafe-link",
            f"hyperlink {url[:80]!r} dropped: a {link_scheme(url)}: link runs code or reaches local files in a browser",
            slide_id=slide_id,
            node_id=node_id,
            severity="warning",
            stage="write",
            format="html",
        )
    for key, (old, new) in converted.items():
        ctx.loss("image-format", f"picture {key} converted from {old} to {new} for browsers", None, "info")
    slides = "\n".join(slide_html(s, deck, ctx) for s in deck.slides)
    ctx.slide_id = None
    asset_style, asset_blobs = _assets_block(ctx)
    font = ""
    base_face = (deck.theme.fonts.fallback or deck.theme.fonts.minor) if deck.theme is not None else None
    if base_face:
        from ace_core.drawing.fonts import css_font_stack

        font = f".slide{{font-family:{css_font_stack(base_face)}}}"
    meta = json.dumps(deck_ir(deck), ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    title = esc_text(deck.name or "Deck")
    head = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f'<meta name="generator" content="{GENERATOR} {__version__} {SCHEMA}">',
        f"<title>{title}</title>",
        f"<style>{BASE_CSS}{font}</style>",
    ]
    pieces = ["\n".join(head), "\n"]
    if asset_style:
        pieces += [*asset_style, "\n"]
    pieces += [f'<script type="application/json" id="ace-deck">{meta}</script>', "\n"]
    if asset_blobs:
        pieces += [*asset_blobs, "\n"]
    pieces.append("\n".join(["</head>", "<body>", slides, "</body>", "</html>", ""]))
    return pieces, ctx


def write_html(
    deck: Deck,
    path: str | Path,
    *,
    assets: Literal["inline", "external"] = "inline",
    embed_source: bool = True,
    **_: Any,
) -> LossReport:
    """Write `deck` to `path` as one HTML file. `assets="external"` writes the asset files to
    `<stem>.assets/` beside it instead of data: URIs. Atomic; returns the write's loss report."""
    p = Path(path)
    if assets not in ("inline", "external"):
        raise BadInputError(f"unknown assets mode {assets!r}", where="assets", hint="use 'inline' or 'external'")
    dir_name = f"{p.stem}.assets"
    real = check_output_path(p)
    if real is None:  # stdout or a device: nothing can be written beside it
        dir_name = ""
        if assets == "external":
            raise BadInputError("external assets need a file to write beside", where=str(p), hint="use --assets inline")
    pieces, ctx = render_html_pieces(deck, assets=assets, asset_dir_name=dir_name, embed_source=embed_source)
    check_output_size(sum(map(len, pieces)), where=str(p), what="HTML file")
    if ctx.beside and real is not None:
        ctx.write_beside(real.parent / dir_name)
    with atomic_output(p) as fh:
        for piece in pieces:
            fh.write(piece.encode("utf-8", "replace"))
    return ctx.report
