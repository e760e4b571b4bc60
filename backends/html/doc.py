"""The HTML backend's document: the deck's HTML DOM (ACE's div.slide schema, adapters.html), its asset
files beside it, and helpers to find elements by data-id and read / write their inline CSS and
data-ir JSON.

Every node element carries data-id / data-type / data-name, inline CSS (absolute left / top /
width / height, or flex-item CSS inside an auto-layout frame) and data-ir: the IR fields the
visible HTML does not carry. The schema reader takes the visible CSS where it can (boxes,
rotation, opacity, display, background colours, run fonts and colours, alignment) and data-ir for
the rest, so a tool edits the CSS where that is read and data-ir (with the CSS that shows it)
where it is not."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import lxml.html
from lxml import etree

from ace_core.assets import asset_path
from ace_core.errors import ToolError
from ace_core.ir.layout_props import AutoLayout
from adapters.html.schema import (
    A_ID,
    A_IR,
    A_SLIDE_ID,
    A_TYPE,
    dump_ir,
    join_style,
    load_ir,
    num,
    parse_num,
    parse_style,
)
from backends.native import NativeDoc, stale_error

__all__ = ["ASSET_DIR", "HtmlDoc", "get_ir", "get_style", "set_ir", "set_style"]

ASSET_DIR = "deck.assets"


def get_style(el: etree._Element) -> dict[str, str]:
    return parse_style(el.get("style"))


def set_style(el: etree._Element, decls: dict[str, str]) -> None:
    el.set("style", join_style(decls))


def update_style(el: etree._Element, **decls: str | None) -> None:
    """Set (or, with None, remove) CSS properties; names with '_' become '-'."""
    style = get_style(el)
    for key, value in decls.items():
        name = key.replace("_", "-")
        if value is None:
            style.pop(name, None)
        else:
            style[name] = value
    set_style(el, style)


def get_ir(el: etree._Element) -> dict[str, Any]:
    return load_ir(el.get(A_IR))


def set_ir(el: etree._Element, data: dict[str, Any]) -> None:
    if data:
        el.set(A_IR, dump_ir(data))
    elif A_IR in el.attrib:
        del el.attrib[A_IR]


def px_of(style: dict[str, str], prop: str) -> float | None:
    value = style.get(prop, "")
    return parse_num(value) if value.endswith("px") else None


@dataclass
class HtmlDoc(NativeDoc):
    root: Any = None
    """the document element (lxml.html)"""
    asset_dir: Path = field(default_factory=Path)
    """the folder holding `deck.assets/` (shared by every fork)"""
    flow_dirty: set[str] = field(default_factory=set)
    """ids of nodes changed inside auto-layout frames: their frames are re-solved when read"""

    def fork(self) -> HtmlDoc:
        return HtmlDoc(
            **self.fork_common(),
            root=copy.deepcopy(self.root),
            asset_dir=self.asset_dir,
            flow_dirty=set(self.flow_dirty),
        )

    # -- text ----------------------------------------------------------------------------------
    def text(self) -> str:
        return "<!DOCTYPE html>\n" + lxml.html.tostring(self.root, encoding="unicode")

    # -- slides --------------------------------------------------------------------------------
    def slide_elements(self) -> list[etree._Element]:
        body = self.root.find("body")
        return [s for s in (body if body is not None else []) if s.get(A_SLIDE_ID) is not None]

    @property
    def order(self) -> list[str]:
        return [s.get(A_SLIDE_ID) for s in self.slide_elements()]

    def slide(self, slide_id: str | None, field: str = "slideId") -> tuple[str, etree._Element]:
        """(id, div.slide) of a slide (None: the focused slide)."""
        slides = self.slide_elements()
        if slide_id is None:
            if not slides:
                raise ToolError("the deck has no slides", field=field, hint="create_slide first")
            wanted = self.focused
            found = next((s for s in slides if s.get(A_SLIDE_ID) == wanted), slides[0])
            return found.get(A_SLIDE_ID), found
        for s in slides:
            if s.get(A_SLIDE_ID) == slide_id:
                return slide_id, s
        if self._node(slide_id) is not None:
            raise ToolError(f"{slide_id!r} is a node id, not a slide id", field=field, hint="get_all_slides")
        raise stale_error(self, slide_id, field, "slide")

    # -- nodes ---------------------------------------------------------------------------------
    def _node(self, node_id: str) -> etree._Element | None:
        found = self.root.xpath("//*[@data-id=$v]", v=node_id)
        return found[0] if found else None

    def find(self, node_id: str, field: str = "nodeId") -> tuple[str, etree._Element]:
        """(slide id, element) of a node; a stale or unknown id is a ToolError."""
        el = self._node(node_id)
        if el is None:
            if any(s.get(A_SLIDE_ID) == node_id for s in self.slide_elements()):
                raise ToolError(f"{node_id!r} is a slide id, not a node id", field=field, hint="give a node id")
            raise stale_error(self, node_id, field)
        return slide_of(el).get(A_SLIDE_ID), el

    def container(self, ident: str | None, field: str = "parentId") -> tuple[str, etree._Element]:
        """(slide id, element) that new nodes go into: a slide, a FRAME or a GROUP (None: focused)."""
        if ident is None or any(s.get(A_SLIDE_ID) == ident for s in self.slide_elements()):
            return self.slide(ident, field)
        sid, el = self.find(ident, field)
        if el.get(A_TYPE) not in ("FRAME", "GROUP"):
            raise ToolError(
                f"{ident!r} is a {el.get(A_TYPE)} node, which cannot hold children",
                field=field,
                hint="give a FRAME, a GROUP or a slide id",
            )
        return sid, el

    def forget(self, el: etree._Element, by: str) -> list[str]:
        gone = [n.get(A_ID) for n in [el, *el.iter()] if isinstance(n.tag, str) and n.get(A_ID) is not None]
        for nid in dict.fromkeys(gone):
            self.deleted[nid] = by
        return list(dict.fromkeys(gone))

    # -- the deck's own data -------------------------------------------------------------------
    def deck_json(self) -> tuple[etree._Element, dict[str, Any]]:
        script = self.root.xpath("//script[@id='ace-deck']")
        if not script:
            head = self.root.find("head")
            el = etree.SubElement(head, "script", type="application/json", id="ace-deck")
            el.text = "{}"
            return el, {}
        return script[0], load_ir(script[0].text)

    def set_deck_json(self, data: dict[str, Any]) -> None:
        el, _ = self.deck_json()
        el.text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")

    def ensure_assets(self) -> None:
        """Declare in the head (and store as files) every asset of the header the page lacks."""
        header = self.header
        style = self.root.xpath("//style[@id='ace-assets']")
        text = style[0].text or "" if style else ""
        script, data = self.deck_json()
        known = data.get("assets") or {}
        missing = [k for k in header.assets if f"--a-{k}:" not in text and k not in known]
        if not missing:
            return
        from adapters.html.context import EXT_BY_MIME

        props = []
        for key in missing:
            info = header.assets[key]
            ext = EXT_BY_MIME.get(info.mime, "bin")
            target = asset_path(self.asset_dir / ASSET_DIR, f"{key}.{ext}")
            if not target.exists():
                header.store.copy_to(key, target)
            if info.mime.startswith("image/"):
                props.append(f'--a-{key}:url("{ASSET_DIR}/{key}.{ext}")')
            known[key] = info.model_dump(mode="json", exclude_defaults=True)
        if props:
            if not style:
                node = etree.Element("style", id="ace-assets")
                node.text = ":root{}"
                script.addprevious(node)
                style = [node]
            body = (style[0].text or ":root{}").rstrip()
            inner = body[body.index("{") + 1 : body.rindex("}")] if "{" in body else ""
            style[0].text = ":root{" + ";".join(p for p in [inner, *props] if p) + "}"
        data["assets"] = known
        self.set_deck_json(data)


def slide_of(el: etree._Element) -> etree._Element:
    cur = el
    while cur is not None and cur.get(A_SLIDE_ID) is None:
        cur = cur.getparent()
    if cur is None:
        raise ToolError("element outside any slide")
    return cur


def parent_node(el: etree._Element) -> etree._Element:
    """The node element (or div.slide) an element belongs to."""
    cur = el.getparent()
    while cur is not None and cur.get(A_ID) is None and cur.get(A_SLIDE_ID) is None:
        cur = cur.getparent()
    if cur is None:
        raise ToolError("element outside any slide")
    return cur


def node_children(container: etree._Element) -> list[etree._Element]:
    """Child node elements of a slide / frame / group, in z-order."""
    return [c for c in container if isinstance(c.tag, str) and c.get(A_ID) is not None]


def layout_of(container: etree._Element) -> AutoLayout | None:
    """The auto-layout of a FRAME element (None for slides, groups, frames without one, GRID)."""
    if container.get(A_TYPE) != "FRAME":
        return None
    data = get_ir(container).get("layout")
    if not data:
        return None
    lay = AutoLayout.model_validate(data)
    return lay if lay.mode != "GRID" else None


def in_flow(el: etree._Element) -> bool:
    """True when the element is placed by its parent's flexbox."""
    parent = parent_node(el)
    return layout_of(parent) is not None and get_ir(el).get("positioning", "AUTO") != "ABSOLUTE"


def css_box(el: etree._Element) -> tuple[float, float, float, float] | None:
    """(left, top, width, height) px from inline CSS, None when any is missing."""
    style = get_style(el)
    vals = [px_of(style, p) for p in ("left", "top", "width", "height")]
    if any(v is None for v in vals):
        return None
    return vals[0], vals[1], vals[2], vals[3]  # type: ignore[return-value]


def set_css_box(el: etree._Element, box: tuple[float | None, float | None, float | None, float | None]) -> None:
    """Set left / top / width / height (None leaves one as it is)."""
    x, y, w, h = box
    update_style(
        el,
        left=f"{num(round(x, 3))}px" if x is not None else get_style(el).get("left"),
        top=f"{num(round(y, 3))}px" if y is not None else get_style(el).get("top"),
        width=f"{num(round(w, 3))}px" if w is not None else get_style(el).get("width"),
        height=f"{num(round(h, 3))}px" if h is not None else get_style(el).get("height"),
    )
