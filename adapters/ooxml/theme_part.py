"""A theme read from .pptx keeps its own part in the fresh .pptx.

The IR's Theme holds the colour scheme and the fonts; the rest of a theme part is what the deck's
XML refers to by index: the format scheme (a:fmtScheme: fill, line, effect and background style
lists, used by shapes' fillRef / lnRef / effectRef, backgrounds' bgRef and charts' c:style), the
fonts of each script and the object defaults. At read the part's bytes become an asset (with the
pictures its fill styles link to); the fresh writer starts the theme from them, in place of the
blank template's, and writes the IR's colours and fonts over it (so an edited theme still wins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lxml import etree

from ace_core.ir.deck import Theme
from adapters.ooxml.chart_part import all_links, part_links, schema_problem, write_links
from adapters.ooxml.package import safe_parser
from adapters.ooxml.package_out import CONTENT_TYPES

if TYPE_CHECKING:
    from adapters.ooxml.context import ReadContext
    from adapters.ooxml.theme import ThemeData
    from adapters.ooxml.write_context import PartContext

__all__ = ["carried_theme_bytes", "theme_ir", "write_theme_part"]


def theme_ir(theme: ThemeData, ctx: ReadContext) -> Theme:
    """The IR Theme of a parsed theme part, with the part's bytes and links when they can be
    written again as they are (not from a Strict package, whose bytes use other namespaces; not
    when a picture it links to is missing)."""
    out = theme.to_ir()
    if theme.part is None or ctx.pkg.strict or not ctx.pkg.exists(theme.part):
        return out
    links = part_links(theme.part, ctx, 1)  # a theme's pictures have no relationships of their own
    key = ctx.part_asset(theme.part) if links is not None else None
    if key is None or links is None:
        return out
    return out.model_copy(update={"part_asset": key, "part_links": links})


def carried_theme_bytes(theme: Theme | None, ctx: PartContext) -> bytes | None:
    """The carried theme part's bytes, or None when there is none, its bytes (or a picture's) are
    missing, or it fails the schema check (the writer then starts from the blank template's)."""
    if theme is None or theme.part_asset is None:
        return None
    store = ctx.state.deck.store
    keys = [theme.part_asset, *(link.asset for link in all_links(theme.part_links) if not link.external)]
    if any(key is None or not store.has(key) for key in keys):
        return None
    data = ctx.state.deck.asset_bytes(theme.part_asset)
    try:
        root = etree.fromstring(data, parser=safe_parser())
    except etree.XMLSyntaxError:
        return None
    if etree.QName(root).localname != "theme" or schema_problem(data):
        return None
    return data


def write_theme_part(part: str, theme: Theme | None, ctx: PartContext) -> bool:
    """Write the carried theme as `part` (with its pictures under their own relationship ids);
    False when it cannot be (nothing is written then)."""
    data = carried_theme_bytes(theme, ctx)
    if data is None or theme is None:
        return False
    ctx.pkg.put_bytes(part, data, CONTENT_TYPES["theme"])
    write_links(part, theme.part_links, ctx)
    assert theme.part_asset is not None
    ctx.state.carried_themes.add(theme.part_asset)
    return True
