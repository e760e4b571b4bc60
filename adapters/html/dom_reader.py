"""Arbitrary slide HTML -> IR: load the page in Chromium (network blocked), read the computed boxes,
text runs, colours, borders, backgrounds, images and SVGs of the visible elements, one slide per
page / slide element / viewer frame, and log in `deck.report` what could not be carried."""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, unquote_to_bytes, urlparse

from ace_core.browser import BrowserSession, RequestPolicy, default_session
from ace_core.color import Color
from ace_core.dom_script import BLOCKED_STYLE_JS, EXTRACT_JS, ISOLATE_JS, RESTORE_JS
from ace_core.errors import BadInputError
from ace_core.fsutil import read_input
from ace_core.html_slides import SlideBox, iter_slides
from ace_core.ids import IdFactory
from ace_core.ir.deck import Background, Deck, DeckSource, Slide
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import EllipseNode, ImageNode, RectangleNode, TextNode
from ace_core.ir.style import Crop, ImagePaint, SolidPaint, Stroke
from ace_core.ir.text import Bullet, LineHeight, Paragraph, Run, TextBody, TextStyle
from adapters.html.computed_css import (
    BULLET_CHARS,
    LIST_SCHEMES,
    border_radius,
    border_stroke,
    box_shadows,
    css_gradient,
    object_position,
    rgba_color,
    run_style,
    split_top,
)
from adapters.html.overflow import FIT_MODES, place_overflow

__all__ = ["read_dom"]

FORMAT = "html"
MAX_INPUT_BYTES = 200 * 1024 * 1024
MAX_IMAGE_BYTES = 25 * 1024 * 1024
MAX_NODES = 5000
MAX_DEPTH = 200
RASTER_SCALE = 2.0
MAX_RASTERS = 200


def read_dom(
    path: str | os.PathLike[str],
    *,
    javascript: bool = False,
    timeout: float | None = None,
    session: BrowserSession | None = None,
    width: int = 1280,
    height: int = 720,
    max_nodes: int = MAX_NODES,
    max_image_bytes: int = MAX_IMAGE_BYTES,
    fit: str | None = None,
    **_: Any,
) -> Deck:
    """Read any HTML page into a Deck: one slide per ACE slide / repeated slide element / viewer
    frame, or the page's fixed-size slide box. `width` x `height` is the viewport. Content outside
    a slide's box is kept there and reported (off-slide); `fit` 'overflow' / 'scale' / 'paginate'
    brings it onto the slide (adapters.html.overflow)."""
    if fit is not None and fit not in FIT_MODES:
        raise BadInputError(f"unknown --fit {fit!r}", where="--fit", hint=f"use one of {', '.join(FIT_MODES)}")
    src = Path(path)
    raw = read_input(src, limit=MAX_INPUT_BYTES)
    session = session or default_session()
    report = LossReport()
    deck = Deck(name=src.stem)
    reader = _Reader(deck, report, src, max_image_bytes)
    blocked_seen: set[str] = set()
    source: str | Path = src
    trimmed, dropped = _drop_huge_data_uris(raw, int(max_image_bytes * 4 / 3))
    if trimmed is not None:
        source = trimmed
        for n in dropped:
            report.add(
                "image-too-large",
                f"an inline data: URI of {n} characters is over the {max_image_bytes} byte image limit: not read",
                severity="error",
                format=FORMAT,
            )
    skipped: list[str] = []
    slides = iter_slides(
        session,
        source,
        width=width,
        height=height,
        javascript=javascript,
        timeout=timeout,
        base_dir=src.parent,
        skipped=skipped,
    )
    for box in slides:
        slide = reader.read_slide(box, max_nodes)
        deck.slides.extend(place_overflow(slide, box.width, box.height, fit, report, reader.reach))
        fresh = [url for url in box.blocked if url not in blocked_seen]
        depended = _blocked_styles(box, fresh)
        for url in fresh:
            blocked_seen.add(url)
            report.add(
                "blocked-request",
                f"network request refused: {url[:300]}" + depended.get(url, ""),
                slide_id=slide.id,
                severity="warning",
                format=FORMAT,
            )
    for why in skipped:
        report.add("blocked-frame", why, severity="warning", format=FORMAT)
    if not deck.slides:
        raise BadInputError("the page has no slide to read", where=str(src))
    first = deck.slides[0].meta
    deck.width, deck.height = float(first["css_width"]), float(first["css_height"])
    for slide in deck.slides[1:]:
        if (slide.meta["css_width"], slide.meta["css_height"]) != (deck.width, deck.height):
            report.add(
                "slide-size",
                f"slide is {slide.meta['css_width']}x{slide.meta['css_height']} px, the deck "
                f"{deck.width:g}x{deck.height:g}: kept at its own size",
                slide_id=slide.id,
                format=FORMAT,
            )
    deck.source = DeckSource(format=FORMAT, path=str(src), sha256=hashlib.sha256(raw).hexdigest())
    deck.report = report
    return deck


def _blocked_styles(box: SlideBox, urls: list[str]) -> dict[str, str]:
    """What the page's layout lost with each blocked stylesheet (BLOCKED_STYLE_JS): the elements
    that use classes no loaded stylesheet defines, and the text whose web font did not load."""
    if not urls:
        return {}
    try:
        found = box.page.evaluate(BLOCKED_STYLE_JS, urls) or []
    except Exception:  # a page that no longer answers: the plain blocked-request entry stands
        return {}
    out: dict[str, str] = {}
    layout_sheets = [i for i in found if not _font_sheet(i["url"])]
    for item in found:
        url = item["url"]
        key = re.sub(r"[^a-z0-9]", "", unquote(url).lower())
        fonts = {f: n for f, n in (item.get("families") or {}).items() if re.sub(r"[^a-z0-9]", "", f.lower()) in key}
        parts = []
        if fonts:
            names = ", ".join(f"{f} ({n})" for f, n in fonts.items())
            parts.append(f"{sum(fonts.values())} text elements are laid out in a fallback font instead of {names}")
        if item.get("elements") and item in layout_sheets:
            sample = ", ".join("." + c for c in item.get("classes") or [])
            others = len(layout_sheets) - 1
            together = f" (and {others} other blocked stylesheet{'s' if others > 1 else ''})" if others else ""
            parts.append(
                f"without it{together} {item['elements']} elements use classes no loaded stylesheet defines "
                f"({sample}) and are laid out without them"
            )
        if parts:
            out[url] = "; a stylesheet the page's layout depends on: " + "; ".join(parts)
    return out


def _font_sheet(url: str) -> bool:
    """A web-font stylesheet (Google Fonts and the like: it only names font families)."""
    parsed = urlparse(url.lower())
    return parsed.netloc.startswith("fonts.") or "family=" in parsed.query


class _Reader:
    def __init__(self, deck: Deck, report: LossReport, src: Path, max_image_bytes: int) -> None:
        self.deck = deck
        self.report = report
        self.src = src
        self.policy = RequestPolicy(root=src.resolve().parent)
        self.max_image_bytes = max_image_bytes
        self.ids = IdFactory(prefix="dom")
        self.slide_id = ""
        self.reach: dict[str, float] | None = None

    def loss(self, feature: str, reason: str, severity: str = "warning", node_id: str | None = None) -> None:
        self.report.add(feature, reason, slide_id=self.slide_id, node_id=node_id, severity=severity, format=FORMAT)  # type: ignore[arg-type]

    # -- slides -------------------------------------------------------------------------------------
    def read_slide(self, box: SlideBox, max_nodes: int) -> Slide:
        n = len(self.deck.slides) + 1
        self.slide_id = box.slide_id if box.slide_id and not self.deck.slide(box.slide_id) else f"slide-{n}"
        arg = {
            "root": box.index if box.kind in ("ace", "elements") else 0,
            "x": box.x,
            "y": box.y,
            "w": box.width,
            "h": box.height,
            "maxNodes": max_nodes,
            "maxDepth": MAX_DEPTH,
            "maxSrc": int(self.max_image_bytes * 4 / 3) + 1024,
        }
        result = box.page.evaluate(EXTRACT_JS, arg)
        self.reach = result.get("reach")
        for feature, reason, severity in result["losses"]:
            self.loss(feature, reason, severity)
        self.fonts = _used_fonts(box.page)
        children: list[Any] = []
        rasters: list[tuple[dict[str, Any], int]] = []
        for item in result["items"]:
            node = self.node(item)
            if node is None:
                continue
            if item["kind"] == "raster":
                rasters.append((item, len(children)))
            children.extend(node if isinstance(node, list) else [node])
        self.capture_rasters(box, rasters, children)
        children = [c for c in children if c is not None]
        background = self.background(result.get("background"))
        return Slide(
            id=self.slide_id,
            name=f"slide {n}",
            children=children,
            background=background,
            meta={"css_width": box.width, "css_height": box.height, "detected": box.kind},
        )

    def background(self, bg: dict[str, Any] | None) -> Background:
        if not bg:
            return Background(fills=[SolidPaint(color=Color(r=1, g=1, b=1))])
        fills = self.fills(bg, bg["w"], bg["h"], node_id=None)
        if not any(isinstance(f, SolidPaint) for f in fills[:1]) and not bg.get("color"):
            fills.insert(0, SolidPaint(color=Color(r=1, g=1, b=1)))
        return Background(fills=fills)

    def capture_rasters(self, box: SlideBox, rasters: list[tuple[dict[str, Any], int]], children: list[Any]) -> None:
        """SVGs, canvases and the like become pictures of their own pixels (transparent around)."""
        if not rasters:
            return
        if len(rasters) > MAX_RASTERS:
            self.loss(
                "too-many-pictures",
                f"{len(rasters) - MAX_RASTERS} SVG / canvas elements beyond {MAX_RASTERS} dropped",
                "error",
            )
        page = box.page
        page.session.call(lambda: _transparent(page, True))
        try:
            for item, index in rasters[:MAX_RASTERS]:
                where = page.evaluate(ISOLATE_JS, item["raster"])
                node = children[index]
                if not where or where["w"] <= 0 or where["h"] <= 0:
                    children[index] = None
                    continue
                if where["x"] + where["w"] <= 0 or where["y"] + where["h"] <= 0:
                    children[index] = None  # above or left of the page: nothing there to capture
                    self.loss(f"{item['reason']}-off-page", f"{item['reason']} off the page is not captured", "error")
                    continue
                png = page.capture(where["x"], where["y"], where["w"], where["h"], scale=RASTER_SCALE)
                node.image = ImagePaint(asset=self.deck.add_asset(png, "image/png"), scale_mode="STRETCH")
                if item.get("svg"):
                    node.svg_asset = self.deck.add_asset(item["svg"].encode("utf-8"), "image/svg+xml")
                self.loss(
                    f"{item['reason']}-as-picture",
                    f"{item['reason']} kept as a picture" + (" (SVG original kept)" if item.get("svg") else ""),
                    "info",
                    node.id,
                )
                if item.get("pictured"):  # SVG text skewed, on a path, not plain-filled or under a later shape
                    words = "; ".join(repr(t[:60]) for t in item["pictured"][:5])
                    self.loss("svg-text-as-picture", f"SVG text left in the picture: {words}", "warning", node.id)
            for _, index in rasters[MAX_RASTERS:]:
                children[index] = None
        finally:
            page.evaluate(RESTORE_JS)
            page.session.call(lambda: _transparent(page, False))

    # -- nodes --------------------------------------------------------------------------------------
    def node(self, item: dict[str, Any]) -> Any:
        kind = item["kind"]
        common = {
            "id": self.ids(),
            "name": item.get("name", ""),
            "x": round(item["x"], 2),
            "y": round(item["y"], 2),
            "width": round(max(0.0, item["w"]), 2),
            "height": round(max(0.0, item["h"]), 2),
            "rotation": round(item.get("rot") or 0.0, 3),
            "opacity": round(min(1.0, max(0.0, item.get("opacity", 1.0))), 4),
        }
        if kind == "box":
            return self.box(item, common)
        if kind == "text":
            return self.text(item, common)
        if kind == "img":
            return self.image(item, common)
        if kind == "raster":
            return ImageNode(**common, description=item.get("reason", ""))
        return None

    def box(self, item: dict[str, Any], common: dict[str, Any]) -> Any:
        w, h = item["w"], item["h"]
        fills = self.fills(item["bg"], w, h, node_id=common["id"])
        strokes: list[Stroke] = []
        extra: list[Any] = []
        sides = item["border"]
        present = [s for s in sides if s]
        if present and all(s and s == sides[0] for s in sides):
            strokes.append(border_stroke(sides[0]))
        elif present:
            extra = self.side_bars(item, common)
        corners = [border_radius(r, w, h) for r in item["radius"]]
        effects = box_shadows(item.get("shadow"))
        ellipse = all(rx >= w / 2 - 0.5 and ry >= h / 2 - 0.5 for rx, ry in corners) and w > 0 and h > 0
        if ellipse:
            node: Any = EllipseNode(**common, fills=fills, strokes=strokes, effects=effects)
        else:
            radii = [min(rx, ry, w / 2, h / 2) for rx, ry in corners]
            uniform = max(radii) - min(radii) < 0.5
            node = RectangleNode(
                **common,
                fills=fills,
                strokes=strokes,
                effects=effects,
                corner_radius=round(radii[0], 2) if uniform else 0.0,
                corner_radii=None if uniform else tuple(round(r, 2) for r in radii),  # type: ignore[arg-type]
            )
        if extra:
            return [node, *extra] if (fills or effects) else extra
        return node if (fills or strokes or effects) else None

    def side_bars(self, item: dict[str, Any], common: dict[str, Any]) -> list[RectangleNode]:
        """Borders that differ per side become thin rectangles (one per painted side)."""
        x, y, w, h = common["x"], common["y"], common["width"], common["height"]
        bars = []
        for side, spec in zip(("top", "right", "bottom", "left"), item["border"], strict=True):
            if not spec:
                continue
            t = spec["w"]
            box = {
                "top": (x, y, w, t),
                "right": (x + w - t, y, t, h),
                "bottom": (x, y + h - t, w, t),
                "left": (x, y, t, h),
            }[side]
            bars.append(
                RectangleNode(
                    id=self.ids(),
                    name=f"{common['name']} border-{side}",
                    x=box[0],
                    y=box[1],
                    width=box[2],
                    height=box[3],
                    rotation=common["rotation"],
                    opacity=common["opacity"],
                    fills=[SolidPaint(color=rgba_color(spec["c"]))],
                )
            )
        return bars

    def fills(self, bg: dict[str, Any], w: float, h: float, node_id: str | None) -> list[Any]:
        fills: list[Any] = []
        if bg.get("color"):
            fills.append(SolidPaint(color=rgba_color(bg["color"])))
        image = bg.get("image")
        if isinstance(image, dict):
            self.loss(
                "image-too-large",
                f"a background image of {image.get('tooLarge')} characters is not read",
                "error",
                node_id,
            )
            return fills
        if not image:
            return fills
        layers = split_top(image)
        for layer in reversed(layers):  # CSS lists the top layer first; IR fills go bottom to top
            layer = layer.strip()
            if layer.startswith(("linear-gradient", "repeating-linear-gradient", "radial-gradient")):
                paint = css_gradient(layer, w, h)
                if paint is None:
                    self.loss("gradient", f"gradient not parsed: {layer[:120]}", "warning", node_id)
                else:
                    fills.append(paint)
            elif layer.startswith("url("):
                url = layer[4:-1].strip().strip("\"'")
                paint = self.image_paint(url, bg.get("size") or "", bg.get("repeat") or "", node_id)
                if paint is not None:
                    fills.append(paint)
            elif layer != "none":
                self.loss("background", f"background not carried: {layer[:120]}", "warning", node_id)
        return fills

    def image_paint(self, url: str, size: str, repeat: str, node_id: str | None) -> ImagePaint | None:
        data, mime = self.fetch(url, node_id)
        if data is None:
            return None
        if "cover" in size:
            mode = "FILL"
        elif "contain" in size:
            mode = "FIT"
        elif "no-repeat" not in repeat and size in ("", "auto", "auto auto"):
            mode = "TILE"
        else:
            mode = "STRETCH"
        return ImagePaint(asset=self.deck.add_asset(data, mime), scale_mode=mode)  # type: ignore[arg-type]

    def fetch(self, url: Any, node_id: str | None) -> tuple[bytes | None, str]:
        """Bytes of a data: URI or a file under the page's folder; anything else is reported."""
        if isinstance(url, dict):
            self.loss("image-too-large", f"an image of {url.get('tooLarge')} characters is not read", "error", node_id)
            return None, ""
        url = str(url)
        if url.startswith(DROPPED):
            return None, ""  # reported when it was dropped
        if url.startswith("data:"):
            head, _, payload = url.partition(",")
            mime = head[5:].split(";")[0] or "application/octet-stream"
            try:
                data = base64.b64decode(payload, validate=False) if ";base64" in head else unquote_to_bytes(payload)
            except (binascii.Error, ValueError):
                self.loss("bad-image", "a data: URI could not be decoded", "error", node_id)
                return None, ""
        elif url.startswith("file:") and self.policy.allows(url):
            path = Path(unquote(urlparse(url).path))
            try:
                data = read_input(path, limit=self.max_image_bytes)
            except BadInputError as exc:
                feature = "image-too-large" if "limit" in exc.what else "missing-image"
                self.loss(feature, f"{path.name}: {exc.what}", "error", node_id)
                return None, ""
            mime = _mime_of(data, path.suffix)
        else:
            self.loss("missing-image", f"image not loaded (outside the deck): {url[:200]}", "error", node_id)
            return None, ""
        if len(data) > self.max_image_bytes:
            self.loss("image-too-large", f"an image of {len(data)} bytes is not read", "error", node_id)
            return None, ""
        return data, mime

    def image(self, item: dict[str, Any], common: dict[str, Any]) -> ImageNode | None:
        data, mime = self.fetch(item["src"], common["id"])
        if data is None:
            return None
        crop = None
        nw, nh, w, h = item["nw"], item["nh"], common["width"], common["height"]
        fit = item.get("fit", "fill")
        if fit in ("cover", "contain", "none", "scale-down") and nw and nh and w and h:
            scale = max(w / nw, h / nh) if fit == "cover" else min(w / nw, h / nh, 1e9 if fit == "contain" else 1.0)
            sw, sh = nw * scale, nh * scale
            px_, py_ = object_position(item.get("pos", "50% 50%"))
            if fit == "cover":
                cx, cy = (sw - w) * px_ / sw, (sh - h) * py_ / sh
                crop = Crop(
                    left=round(cx, 5),
                    top=round(cy, 5),
                    right=round(1 - w / sw - cx, 5),
                    bottom=round(1 - h / sh - cy, 5),
                )
            else:
                common["x"] += (w - sw) * px_
                common["y"] += (h - sh) * py_
                common["width"], common["height"] = round(sw, 2), round(sh, 2)
        radii = [border_radius(r, w, h) for r in item.get("radius", [])]
        corner = min((min(rx, ry) for rx, ry in radii), default=0.0)
        return ImageNode(
            **common,
            image=ImagePaint(asset=self.deck.add_asset(data, mime), scale_mode="FILL", crop=crop),
            corner_radius=round(min(corner, w / 2, h / 2), 2),
            description=item.get("alt", ""),
        )

    def text(self, item: dict[str, Any], common: dict[str, Any]) -> TextNode:
        align = {"center": "CENTER", "right": "RIGHT", "end": "RIGHT", "justify": "JUSTIFIED"}.get(
            item["align"], "LEFT"
        )
        if item.get("direction") == "rtl" and item["align"] in ("start", "end"):
            align = "RIGHT" if item["align"] == "start" else "LEFT"
        paragraphs = []
        line_height = LineHeight(value=round(item["lineHeight"], 2), unit="PIXELS") if item.get("lineHeight") else None
        base = item.get("base")
        para_style = run_style(base, self.fonts.get(base.get("fk"))) if base else TextStyle()
        for runs in item["paras"]:
            out: list[Run] = []
            for run in runs:
                if run["s"] is None:
                    if out:
                        out[-1] = Run(text=out[-1].text + "\v", style=out[-1].style)
                    continue
                style = run_style(run["s"], self.fonts.get(run["s"].get("fk")))
                out.append(Run(text=run["t"], style=style))
            paragraphs.append(
                Paragraph(
                    runs=out,
                    style=para_style,
                    align=align,
                    line_height=line_height,
                    rtl=item.get("direction") == "rtl" or None,
                )
            )  # type: ignore[arg-type]
        if item.get("list") and paragraphs:
            self.bullet(item["list"], paragraphs[0], common)
        single = item.get("lines", 1) <= 1 and len(paragraphs) == 1 and "\v" not in paragraphs[0].text
        body = TextBody(
            paragraphs=paragraphs,
            insets=_zero_insets(),
            wrap=not (single or item.get("nowrap")),
            vertical_align="TOP",
        )
        return TextNode(**common, text=body)

    @staticmethod
    def bullet(spec: dict[str, Any], para: Paragraph, common: dict[str, Any]) -> None:
        """A list item's marker as the paragraph's bullet; an outside marker hangs left of the text."""
        kind = spec["type"]
        size = para.style.font_size or 16.0
        color = SolidPaint(color=rgba_color(spec["color"])) if spec.get("color") else None
        if kind in LIST_SCHEMES:
            para.bullet = Bullet(
                type="ORDERED", scheme=LIST_SCHEMES[kind], start=int(spec.get("ordinal") or 1), color=color
            )
            hang = 1.6 * size
        else:
            para.bullet = Bullet(type="UNORDERED", char=BULLET_CHARS.get(kind, "•"), color=color)
            hang = 1.1 * size
        if spec.get("inside"):
            return
        para.margin_left, para.indent = round(hang, 2), round(-hang, 2)
        common["x"] = round(common["x"] - hang, 2)
        common["width"] = round(common["width"] + hang, 2)


# -- helpers ----------------------------------------------------------------------------------------
DROPPED = "data:image/x-ace-dropped,"


def _drop_huge_data_uris(raw: bytes, limit: int) -> tuple[str | None, list[int]]:
    """The page's HTML with every data: URI longer than `limit` characters replaced by a marker
    (so Chromium never parses it), and their lengths; (None, []) when there is none."""
    if len(raw) <= limit:
        return None, []
    sizes: list[int] = []

    def drop(m: re.Match[bytes]) -> bytes:
        sizes.append(len(m.group(0)))
        return DROPPED.encode()

    pattern = re.compile(rb"data:[^,\"'()\s>]{0,200},[^\"'()\s>]{%d,}" % limit)
    out = pattern.sub(drop, raw)
    return (out.decode("utf-8", "replace") if sizes else None), sizes


def _transparent(page: Any, on: bool) -> None:
    slot = page._slot
    if slot.cdp is None:
        slot.cdp = slot.ctx.new_cdp_session(slot.page)
    params = {"color": {"r": 0, "g": 0, "b": 0, "a": 0}} if on else {}
    slot.cdp.send("Emulation.setDefaultBackgroundColorOverride", params)


def _zero_insets() -> Any:
    from ace_core.ir.style import Sides

    return Sides()


def _mime_of(data: bytes, suffix: str) -> str:
    if data.startswith(b"\x89PNG"):
        return "image/png"
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if suffix.lower() == ".svg" or b"<svg" in data[:1024]:
        return "image/svg+xml"
    return "application/octet-stream"


def _used_fonts(page: Any) -> dict[str, list[str]]:
    """data-ace-f mark -> the fonts Chromium actually drew that element's text with, most glyphs first.
    Only the slide just extracted carries marks (they are removed after each slide, so a page of
    many slides costs one pass per slide, not one over every slide read so far); the DOM and CSS
    agents are enabled once per page."""
    try:
        if not getattr(page, "_ace_css_on", False):
            page.cdp_batch([("DOM.enable", {}), ("CSS.enable", {})])
            object.__setattr__(page, "_ace_css_on", True)
        doc = page.cdp("DOM.getDocument", {"depth": 0})
        ids = page.cdp("DOM.querySelectorAll", {"nodeId": doc["root"]["nodeId"], "selector": "[data-ace-f]"})["nodeIds"]
    except Exception:  # CDP errors are not fatal: the in-page guess stands
        return {}
    calls: list[tuple[str, dict[str, Any]]] = []
    for nid in ids:
        calls += [("DOM.getAttributes", {"nodeId": nid}), ("CSS.getPlatformFontsForNode", {"nodeId": nid})]
    answers = page.cdp_batch(calls)
    out: dict[str, list[str]] = {}
    for i in range(0, len(answers), 2):
        attrs, fonts = answers[i], answers[i + 1]
        if not attrs or not fonts or not fonts.get("fonts"):
            continue
        flat = attrs["attributes"]
        mark = next((flat[j + 1] for j in range(0, len(flat), 2) if flat[j] == "data-ace-f"), None)
        used = sorted(fonts["fonts"], key=lambda f: -f.get("glyphCount", 0))
        names = [f["familyName"] for f in used if f.get("familyName") and not f.get("isCustomFont")]
        if mark is not None and names:
            out[mark] = names
    with contextlib.suppress(Exception):
        page.evaluate(_UNMARK_JS)
    return out


_UNMARK_JS = "() => { for (const el of document.querySelectorAll('[data-ace-f]')) el.removeAttribute('data-ace-f'); }"
