"""ACE HTML decks (the schema `write` produces) back to the IR.

Structure (slides, node tree, ids, types, names, run and paragraph text, notes, hidden flags,
transitions) and the box fields come from the visible HTML; the remaining IR fields from each
element's data-ir JSON. Declarations an editor changed win over the JSON: a run's colour, size,
weight, style, decoration and family, a paragraph's alignment, a CSS-drawn node's solid fill and
the slide's background colour are compared with what the writer would have produced from the
JSON, and a difference is taken as an edit."""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from bs4 import BeautifulSoup, NavigableString, Tag
from pydantic import ValidationError

from ace_core.color import Color, css_color
from ace_core.errors import BadInputError
from ace_core.fsutil import read_confined
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from ace_core.ir.text import TextBody
from ace_core.ir.validate import describe_location
from adapters.html.css import color_css
from adapters.html.schema import (
    A_FIELD,
    A_ID,
    A_IR,
    A_NAME,
    A_SLIDE_ID,
    A_TYPE,
    is_ace_html,
    load_ir,
    parse_num,
    parse_style,
)
from adapters.html.text import TextEnv, para_decls, run_decls

__all__ = ["is_ace_html", "read_schema", "read_schema_text"]

_ROTATE = re.compile(r"rotate\(\s*(-?[\d.]+(?:e-?\d+)?)deg\s*\)")
_ASSET_PROP = re.compile(r'--a-([0-9a-f]{32}):url\("([^"]*)"\)')
_TYPES = {"FRAME", "GROUP", "TEXT", "RECTANGLE", "ELLIPSE", "SHAPE", "VECTOR", "LINE", "IMAGE"}
_TYPES |= {"TABLE", "CHART", "CONNECTOR", "MATH"}
_KEEP_SPACE = {"span", "a", "aside", "pre", "textarea", "script", "style"}
_WEIGHTS = {"normal": 400, "bold": 700, "bolder": 700, "lighter": 300}


# -- assets ------------------------------------------------------------------------------------


def _data_mime(url: str) -> str | None:
    """The media type a data: URL states (None for a file reference or none stated)."""
    if not url.startswith("data:"):
        return None
    return url[5:].partition(",")[0].partition(";")[0] or None


def _decode_url(url: str, base: Path | None) -> bytes | None:
    if url.startswith("data:"):
        head, _, payload = url.partition(",")
        try:
            if head.endswith(";base64"):
                return base64.b64decode(payload, validate=False)
            return unquote(payload).encode("utf-8")
        except (binascii.Error, ValueError):
            return None
    if base is None or re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I) or url.startswith(("/", "\\")):
        return None
    return read_confined(base, unquote(url))


def _load_assets(soup: BeautifulSoup, deck: Deck, base: Path | None, report: LossReport) -> None:
    found: list[tuple[str, str]] = []
    style = soup.find("style", id="ace-assets")
    if isinstance(style, Tag):
        found += _ASSET_PROP.findall(style.get_text())
    for script in soup.find_all("script", attrs={"type": "application/x-ace-asset"}):
        key = str(script.get("id", "")).removeprefix("asset-")
        found.append((key, script.get_text().strip()))
    moved: dict[str, str] = {}
    for key, url in found:
        data = _decode_url(url, base)
        if data is None:
            report.add("missing-asset", f"asset {key} could not be loaded from {url[:60]!r}", format="html")
            continue
        stored = deck.store.put(data)
        if stored != key:
            report.add("asset-changed", f"asset {key} holds other bytes ({stored}); kept as {stored}", format="html")
            info = deck.assets.get(key)
            if info is not None and stored not in deck.assets:
                deck.assets[stored] = info.model_copy(update={"size": len(data), "mime": _data_mime(url) or info.mime})
            moved[key] = stored
    if moved:  # the pictures the page holds (a writer re-encodes one too large for a CSS value)
        from ace_core.ir.asset_refs import rebind_assets

        rebind_assets(deck, moved)


# -- text --------------------------------------------------------------------------------------


def _run_text(el: Tag) -> str:
    parts: list[str] = []
    for child in el.children:
        if isinstance(child, NavigableString):
            parts.append(str(child))
        elif isinstance(child, Tag):
            if child.name == "br":
                parts.append("\v")
            else:
                parts.append(_run_text(child))
    return "".join(parts)


def _apply_run_edits(run: dict[str, Any], visible: dict[str, str], expected: dict[str, str], env: TextEnv) -> None:
    style = run.setdefault("style", {})
    for prop in ("color", "font-size", "font-weight", "font-style", "text-decoration", "font-family"):
        vis, exp = visible.get(prop), expected.get(prop)
        if vis == exp or vis is None:
            continue
        if prop == "color":
            col = css_color(vis)
            if col is not None:
                style["fill"] = {"type": "SOLID", "color": col.model_dump(mode="json", exclude_defaults=True)}
        elif prop == "font-size":
            size = parse_num(vis)
            if size is not None and vis.endswith("px"):
                style["font_size"] = size / env.scale / (0.58 if style.get("baseline") else 1.0)
        elif prop == "font-weight":
            weight = _WEIGHTS.get(vis.strip().lower()) or parse_num(vis)
            if weight:
                style["font_weight"] = int(weight)
        elif prop == "font-style":
            style["italic"] = vis.strip().lower() in ("italic", "oblique")
        elif prop == "text-decoration":
            low = vis.lower()
            style["decoration"] = (
                "UNDERLINE" if "underline" in low else "STRIKETHROUGH" if "line-through" in low else "NONE"
            )
        elif prop == "font-family":
            first = vis.split(",")[0].strip().strip("'\"")
            if first:
                style["font_family"] = first
                style.pop("font_ref", None)
    for prop, key, default in (("font-weight", "font_weight", 400), ("font-style", "italic", False)):
        if prop in expected and prop not in visible:
            style[key] = default
    if "text-decoration" in expected and "text-decoration" not in visible:
        style["decoration"] = "NONE"
    if not style:
        run.pop("style", None)


@dataclass
class _Env:
    """What reading text needs from the deck: its theme fonts and whether it is OOXML text."""

    fonts: Any = None
    ooxml: bool = False


def _read_text(container: Tag, body_data: dict[str, Any], theme_fonts: _Env) -> dict[str, Any]:
    """Paragraphs of a text container (its <p> children) merged into the body's JSON."""
    paras: list[dict[str, Any]] = []
    para_tags: list[Tag] = []
    wrapper = container.find("div", class_="wr", recursive=False)
    if isinstance(wrapper, Tag):
        container = wrapper
    for p in container.find_all("p", recursive=False):
        pdata = load_ir(p.get(A_IR))
        runs: list[dict[str, Any]] = []
        run_tags: list[Tag] = []
        for child in p.children:
            if not isinstance(child, Tag) or child.name == "br" or "bu" in (child.get("class") or []):
                continue
            if child.name not in ("span", "a"):
                continue
            run: dict[str, Any] = {"text": _run_text(child)}
            style = load_ir(child.get(A_IR))
            if style:
                run["style"] = style
            if child.has_attr(A_FIELD):
                run["field"] = str(child.get(A_FIELD))
            runs.append(run)
            run_tags.append(child)
        pdata["runs"] = runs
        paras.append(pdata)
        para_tags.append(p)
    data = dict(body_data)
    data["paragraphs"] = paras
    try:
        body = TextBody.model_validate(data)
    except ValidationError:
        return data
    fit = parse_num(str(container.get("data-fit") or ""))
    env = TextEnv(theme_fonts.fonts, body, fit, ooxml=theme_fonts.ooxml)
    for para, pdata, p in zip(body.paragraphs, paras, para_tags, strict=False):
        expected_p = dict(para_decls(body, para, env))
        visible_p = parse_style(p.get("style"))
        if visible_p.get("text-align") != expected_p.get("text-align"):
            align = {"left": "LEFT", "center": "CENTER", "right": "RIGHT", "justify": "JUSTIFIED"}
            new = align.get(visible_p.get("text-align", "left").strip().lower())
            if new:
                pdata["align"] = new
        runs_tags = [
            c
            for c in p.children
            if isinstance(c, Tag) and c.name in ("span", "a") and "bu" not in (c.get("class") or [])
        ]
        for run, rdata, tag in zip(para.runs, pdata["runs"], runs_tags, strict=False):
            expected = dict(run_decls(body, para, run, env))
            _apply_run_edits(rdata, parse_style(tag.get("style")), expected, env)
    return data


# -- nodes -------------------------------------------------------------------------------------


def _box_fields(data: dict[str, Any], style: dict[str, str]) -> None:
    for field, prop in (("x", "left"), ("y", "top"), ("width", "width"), ("height", "height")):
        if field in data:
            continue
        value = style.get(prop, "")
        if value.endswith("px"):
            num = parse_num(value)
            if num is not None:
                data[field] = num
    if "rotation" not in data:
        m = _ROTATE.search(style.get("transform", ""))
        if m:
            data["rotation"] = float(m.group(1))
    if "opacity" not in data and "opacity" in style:
        op = parse_num(style["opacity"])
        if op is not None:
            data["opacity"] = op
    if "visible" not in data and style.get("display", "").strip() == "none":
        data["visible"] = False


def _fill_edit(data: dict[str, Any], el: Tag, style: dict[str, str]) -> None:
    """A solid background colour an editor changed on a CSS-drawn node becomes its fill."""
    if el.find("svg", class_="geo", recursive=False) is not None or data.get("type") == "IMAGE":
        return
    fills = data.get("fills") or []
    visible = [f for f in fills if f.get("visible", True) and f.get("opacity", 1.0) > 0]
    if len(visible) > 1 or (visible and visible[0].get("type") != "SOLID"):
        return
    expected = None
    if visible:
        col = Color.model_validate(visible[0].get("color", {}))
        expected = color_css(col, visible[0].get("opacity", 1.0))
    shown = style.get("background-color")
    if shown == expected or (shown is None and expected is None):
        return
    if shown is None or shown.strip().lower() in ("transparent", "none"):
        data["fills"] = []
        return
    col2 = css_color(shown)
    if col2 is not None:
        data["fills"] = [{"type": "SOLID", "color": col2.model_dump(mode="json", exclude_defaults=True)}]


def _infer_type(el: Tag) -> str:
    if el.find("table") is not None:
        return "TABLE"
    if el.find("svg") is not None:
        return "VECTOR"
    if el.find("img") is not None:
        return "IMAGE"
    if el.find(attrs={A_ID: True}) is not None:
        return "GROUP"
    return "TEXT" if el.get_text(strip=True) else "RECTANGLE"


def _read_table(el: Tag, data: dict[str, Any], theme_fonts: _Env) -> None:
    rows: list[dict[str, Any]] = []
    table = el.find("table")
    if not isinstance(table, Tag):
        return
    tbody = table.find("tbody") or table
    for tr in tbody.find_all("tr", recursive=False):
        row = load_ir(tr.get(A_IR))
        height = parse_num(parse_style(tr.get("style")).get("height", ""))
        if height is not None:
            row["height"] = height
        cells = []
        for td in tr.find_all("td", recursive=False):
            cell = load_ir(td.get(A_IR))
            cell["text"] = _read_text(td, cell.get("text", {}), theme_fonts)
            cells.append(cell)
        row["cells"] = cells
        rows.append(row)
    data["rows"] = rows
    if "columns" not in data:
        data["columns"] = [
            parse_num(parse_style(c.get("style")).get("width", "")) or 0.0 for c in table.find_all("col")
        ]


def _read_node(el: Tag, theme_fonts: _Env, report: LossReport, slide_id: str) -> dict[str, Any]:
    data = load_ir(el.get(A_IR))
    kind = str(el.get(A_TYPE) or "").upper()
    if kind not in _TYPES:
        kind = _infer_type(el)
        if not el.get(A_IR):
            report.add(
                "html-element",
                f"element without ACE data read as {kind}",
                slide_id=slide_id,
                node_id=str(el.get(A_ID)),
                format="html",
            )
    data["type"] = kind
    data["id"] = str(el.get(A_ID))
    if el.get(A_NAME) is not None:
        data["name"] = str(el.get(A_NAME))
    style = parse_style(el.get("style"))
    _box_fields(data, style)
    if kind in ("RECTANGLE", "ELLIPSE", "FRAME", "TEXT"):
        _fill_edit(data, el, style)
    if kind in ("FRAME", "GROUP"):
        data["children"] = [
            _read_node(c, theme_fonts, report, slide_id)
            for c in el.find_all(True, recursive=False)
            if c.get(A_ID) is not None
        ]
    if kind == "TEXT":
        data["text"] = _read_text(el, data.get("text", {}), theme_fonts)
    elif "text" in data:
        tx = el.find("div", class_="tx", recursive=False)
        if isinstance(tx, Tag):
            data["text"] = _read_text(tx, data["text"], theme_fonts)
    if kind == "TABLE":
        _read_table(el, data, theme_fonts)
    return data


def _read_slide(el: Tag, theme_fonts: _Env, report: LossReport) -> dict[str, Any]:
    data = load_ir(el.get(A_IR))
    sid = str(el.get(A_SLIDE_ID))
    data["id"] = sid
    if el.get(A_NAME) is not None:
        data["name"] = str(el.get(A_NAME))
    if str(el.get("data-hidden", "")).lower() == "true":
        data["hidden"] = True
    if el.get("data-transition") is not None:
        tr: dict[str, Any] = {"style": str(el.get("data-transition"))}
        for key in ("direction", "duration", "curve", "timing", "delay"):
            value = el.get(f"data-transition-{key}")
            if value is not None:
                tr[key] = float(str(value)) if key in ("duration", "delay") else str(value)
        data["transition"] = tr
    style = parse_style(el.get("style"))
    bg = data.get("background")
    fills = (bg or {}).get("fills", [])
    if len(fills) <= 1 and (not fills or fills[0].get("type") == "SOLID"):
        expected = (
            color_css(Color.model_validate(fills[0].get("color", {})), fills[0].get("opacity", 1.0)) if fills else None
        )
        shown = style.get("background-color")
        if shown != expected and shown is not None:
            col = css_color(shown)
            if col is not None:
                data["background"] = {
                    **(bg or {}),
                    "fills": [{"type": "SOLID", "color": col.model_dump(mode="json", exclude_defaults=True)}],
                }
    notes = el.find("aside", class_="notes", recursive=False)
    if isinstance(notes, Tag):
        data["notes"] = notes.get_text()
    data["children"] = [
        _read_node(c, theme_fonts, report, sid) for c in el.find_all(True, recursive=False) if c.get(A_ID) is not None
    ]
    return data


def read_schema_text(text: str, *, base: Path | None = None, where: str = "html") -> Deck:
    """Parse an ACE HTML deck from its text; `base` is the folder external assets resolve in."""
    report = LossReport()
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates (a str from JSON may hold them): lxml refuses them
            from ace_core.jsonio import fix_surrogates

            text = fix_surrogates(text)
            report.add("invalid-text", "the page held lone UTF-16 surrogates; replaced by U+FFFD", stage="read")
    soup = BeautifulSoup(text, "lxml", preserve_whitespace_tags=_KEEP_SPACE)
    meta = soup.find("script", id="ace-deck")
    deck_data: dict[str, Any] = load_ir(meta.get_text()) if isinstance(meta, Tag) else {}
    theme = deck_data.get("theme") or {}
    theme_fonts = _Env()
    if theme.get("fonts"):
        from ace_core.ir.deck import ThemeFonts

        theme_fonts.fonts = ThemeFonts.model_validate(theme["fonts"])
    source_format = str((deck_data.get("source") or {}).get("format", "")).lower()
    theme_fonts.ooxml = source_format in ("pptx", "ooxml", "potx", "ppsx", "pptm")
    body = soup.body or soup
    slides = [s for s in body.find_all("div", class_="slide") if s.get(A_SLIDE_ID) is not None]
    deck_data["slides"] = [_read_slide(s, theme_fonts, report) for s in slides]
    if "width" not in deck_data and slides:
        st = parse_style(slides[0].get("style"))
        deck_data["width"] = parse_num(st.get("width", "")) or 1280.0
        deck_data["height"] = parse_num(st.get("height", "")) or 720.0
    try:
        deck = Deck.model_validate(deck_data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = describe_location(deck_data, tuple(err["loc"]))
        raise BadInputError(
            f"{loc}: {err['msg']}", where=where, hint="the deck's data attributes were edited into an invalid state"
        ) from exc
    _load_assets(soup, deck, base, report)
    deck.report = report
    return deck


def read_schema(path: Path, **_: Any) -> Deck:
    """Read an ACE HTML deck file (assets as data: URIs or files beside it)."""
    from ace_core.fsutil import read_input

    raw = read_input(path)
    text = raw.decode("utf-8", "replace")
    return read_schema_text(text, base=Path(path).parent, where=str(path))
