"""Copy slides from another deck keeping their look: fresh ids, the assets they use, theme colours
and fonts resolved to the source deck's values, placeholders turned into plain shapes, inherited
backgrounds made explicit, and content scaled when the page sizes differ."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ace_core.errors import ToolError
from ace_core.ir.deck import Deck, Slide, Theme
from backends.scenegraph.subtree import copy_slide_with_fresh_ids

__all__ = ["copy_slides", "pick_slides"]

_FONT_SLOTS = {
    "+mj-lt": "major",
    "+mn-lt": "minor",
    "+mj-ea": "major_ea",
    "+mn-ea": "minor_ea",
    "+mj-cs": "major_cs",
    "+mn-cs": "minor_cs",
}
_SCALED = ("x", "y", "width", "height", "font_size", "corner_radius", "letter_spacing", "space_before", "space_after")


def pick_slides(other: Deck, picks: list[int | str] | None, field: str = "slides") -> list[Slide]:
    """Slides of `other` by 1-based number or id, in the order given (default all)."""
    if picks is None:
        return list(other.slides)
    out = []
    for i, pick in enumerate(picks):
        if isinstance(pick, int) or (isinstance(pick, str) and pick.isdigit() and other.slide(pick) is None):
            n = int(pick)
            if not 1 <= n <= len(other.slides):
                raise ToolError(f"slide {n} does not exist (the deck has {len(other.slides)})", field=f"{field}[{i}]")
            out.append(other.slides[n - 1])
        else:
            slide = other.slide(pick)
            if slide is None:
                raise ToolError(f"the other deck has no slide with id {pick!r}", field=f"{field}[{i}]")
            out.append(slide)
    return out


def _resolve(value: Any, theme: Theme | None, scale: float, scale_keys: bool) -> Any:
    """Walk dumped IR JSON: drop theme colour refs (keep the resolved value), resolve theme font
    refs to the source theme's families, give text bodies the source theme's body font as their
    default, scale geometry and text sizes."""
    if isinstance(value, list):
        return [_resolve(v, theme, scale, scale_keys) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, v in value.items():
        if key == "ref" and isinstance(v, dict) and "scheme" in v:
            continue  # a colour's theme reference: keep the resolved r, g, b, a
        out[key] = _resolve(v, theme, scale, scale_keys)
        if scale_keys and scale != 1.0 and key in _SCALED and isinstance(v, int | float) and not isinstance(v, bool):
            out[key] = v * scale
    ref = out.get("font_ref")
    if isinstance(ref, str):
        slot = _FONT_SLOTS.get(ref)
        family = getattr(theme.fonts, slot) if theme is not None and slot else None
        if out.get("font_family") is None and family:
            out["font_family"] = family
        out.pop("font_ref", None)
    if "paragraphs" in out and theme is not None and theme.fonts.minor:
        style = out.setdefault("style", {})
        if not style.get("font_family"):  # the source theme's body font, not the target's
            style["font_family"] = theme.fonts.minor
    if scale_keys and scale != 1.0 and isinstance(out.get("columns"), list):
        out["columns"] = [c * scale for c in out["columns"]]
    return out


def _asset_keys(value: Any, found: set[str]) -> set[str]:
    if isinstance(value, dict):
        for key, v in value.items():
            if isinstance(v, str) and (key == "asset" or key.endswith("_asset")):
                found.add(v)
            else:
                _asset_keys(v, found)
    elif isinstance(value, list):
        for v in value:
            _asset_keys(v, found)
    return found


def copy_slides(
    target: Deck, other: Deck, slides: list[Slide], new_id: Callable[[], str]
) -> tuple[list[Slide], list[str]]:
    """Copies of `slides` (from `other`) ready to insert into `target`; returns them and warnings."""
    warnings: list[str] = []
    sx, sy = target.width / other.width, target.height / other.height
    scale = min(sx, sy)
    if abs(other.width - target.width) > 0.5 or abs(other.height - target.height) > 0.5:
        sizes = f"{other.width:g}x{other.height:g} -> {target.width:g}x{target.height:g}"
        warnings.append(f"page sizes differ ({sizes}): content scaled by {scale:.3f}")
    dx = (target.width - other.width * scale) / 2
    dy = (target.height - other.height * scale) / 2
    picked_ids = {s.id for s in slides}
    copies: list[Slide] = []
    mapping: dict[str, str] = {}
    for slide in slides:
        copy, ids = copy_slide_with_fresh_ids(slide, new_id)
        mapping.update(ids)
        data = copy.model_dump(mode="json", exclude_defaults=True)
        keys = _asset_keys(data, set())
        children = [_resolve(c, other.theme, scale, True) for c in data.get("children", [])]
        rest = _resolve({k: v for k, v in data.items() if k != "children"}, other.theme, 1.0, False)
        rest["children"] = children
        new = Slide.model_validate(rest)
        for node in new.children:
            node.x += dx
            node.y += dy
        for node in new.iter_nodes():
            if node.placeholder is not None:
                node.meta["copied_placeholder"] = node.placeholder.model_dump(exclude_none=True)
                node.placeholder = None
        if new.background is not None and new.background.inherited:
            new.background.inherited = False
        if new.layout:
            new.meta["copied_layout"] = new.layout
            new.layout = None
        new.layout_id = None  # the other deck's layout is not the target's
        new.meta["copied_from"] = {"deck": other.name or (other.source.path if other.source else ""), "slide": slide.id}
        for key in keys:
            if key not in target.assets:
                info = other.assets.get(key)
                if info is None:
                    warnings.append(f"asset {key} is missing from the other deck")
                    continue
                target.add_asset(other.asset_bytes(key), info.mime, info.name)
        copies.append(new)
    fresh = set(mapping.values())
    for slide in copies:
        for node in slide.iter_nodes():
            link = node.hyperlink
            if link and link.startswith("#slide:") and link[7:] not in fresh:
                old = link[7:]
                if old in mapping and old in picked_ids:
                    node.hyperlink = "#slide:" + mapping[old]
                else:
                    node.hyperlink = None
                    warnings.append(f"a link to slide {old} of the other deck was removed from {node.id}")
    return copies, warnings
