"""IR validation: pydantic errors translated to slide / node / field, and the IR's invariants."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from ace_core.errors import BadInputError, ValidationProblem
from ace_core.ir.asset_refs import referenced_assets
from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import NodeBase, TableNode
from ace_core.limits import MAX_DEPTH

__all__ = ["check_assets", "check_invariants", "describe_location", "nesting_depth", "parse_deck"]


def describe_location(data: Any, loc: tuple[Any, ...]) -> str:
    """Turn a pydantic error location into `slide 'id' (#n), node 'id' (TYPE), field 'a.b'`."""
    parts: list[str] = []
    field: list[str] = []
    cur: Any = data
    i = 0
    while i < len(loc):
        key = loc[i]
        nxt: Any = None
        if (isinstance(cur, dict) and key in cur) or (
            isinstance(cur, list) and isinstance(key, int) and 0 <= key < len(cur)
        ):
            nxt = cur[key]
        elif isinstance(cur, dict) and isinstance(key, str) and cur.get("type") == key:
            i += 1  # discriminator tag in the location
            continue
        else:
            field.extend(str(k) for k in loc[i:])
            break
        if isinstance(key, int) and isinstance(nxt, dict) and loc[i - 1 : i] == ("slides",):
            parts.append(f"slide {nxt.get('id', '?')!r} (#{key + 1})")
            field = []
        elif isinstance(key, int) and isinstance(nxt, dict) and loc[i - 1 : i] == ("children",):
            parts.append(f"node {nxt.get('id', '?')!r} ({nxt.get('type', '?')})")
            field = []
        elif not isinstance(key, int) or field:
            field.append(str(key))
        else:
            field.append(f"[{key}]")
        cur = nxt
        i += 1
    text = ", ".join(parts)
    fname = ".".join(field).replace(".[", "[")
    if fname:
        text = f"{text}, field {fname!r}" if text else f"field {fname!r}"
    return text or "deck"


def parse_deck(text: str | bytes, *, where: str = "deck") -> Deck:
    from ace_core.jsonio import parse_json

    try:
        parsed = parse_json(text, where=where, hint="check the file is IR JSON")
    except BadInputError as exc:
        raise ValidationProblem(exc.what, where=exc.where, hint=exc.hint) from exc
    deck = validate_deck_data(parsed.data, where=where)
    if parsed.repaired:
        deck.report.add(
            "invalid-text",
            f"{parsed.repaired} string(s) held lone UTF-16 surrogates (\\ud800-style escapes); replaced by U+FFFD",
            severity="warning",
            format="ir",
        )
    return deck


def validate_deck_data(data: Any, *, where: str = "deck") -> Deck:
    if not isinstance(data, dict) or "slides" not in data:
        raise ValidationProblem(
            "not an ACE IR deck (expected an object with 'slides')",
            where=where,
            hint="run `ace schema` for the format, or convert the file with `ace convert`",
        )
    try:
        deck = Deck.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        err["msg"] = str(err["msg"]).removeprefix("Value error, ")
        loc = describe_location(data, tuple(err["loc"]))
        more = f" (+{exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        raise ValidationProblem(f"{loc}: {err['msg']}{more}", where=where, hint="fix the field and retry") from exc
    problems = check_invariants(deck)
    if problems:
        more = f" (+{len(problems) - 1} more)" if len(problems) > 1 else ""
        raise ValidationProblem(problems[0] + more, where=where, hint="fix the deck and retry")
    return deck


def check_invariants(deck: Deck) -> list[str]:
    """Rules beyond the schema: unique ids, full table grids, known assets, spans in range."""
    problems: list[str] = []
    seen: dict[str, str] = {}
    limit = MAX_DEPTH.value
    for si, slide in enumerate(deck.slides):
        where_slide = f"slide {slide.id!r} (#{si + 1})"
        deepest = nesting_depth(slide)
        if deepest > limit:
            problems.append(
                f"{where_slide}: groups / frames are nested {deepest} deep (limit {limit}; set {MAX_DEPTH.env} "
                "to raise it)"
            )
            continue
        if slide.id in seen:
            problems.append(f"{where_slide}: id {slide.id!r} is used twice (also {seen[slide.id]})")
        seen.setdefault(slide.id, where_slide)
        problems.extend(_node_problems(deck, slide.iter_nodes(), where_slide, seen))
        if slide.layout_id is not None and deck.layout_of(slide) is None:
            problems.append(f"{where_slide}, field 'layout_id': no layout {slide.layout_id!r} in the deck's layouts")
    problems.extend(_template_problems(deck, seen))
    return problems


def _template_problems(deck: Deck, seen: dict[str, str]) -> list[str]:
    """Masters and layouts: unique ids (theirs and their nodes', with the slides'), known masters."""
    problems: list[str] = []
    masters = {m.id for m in deck.masters}
    for kind, items in (("master", deck.masters), ("layout", deck.layouts)):
        for item in items:
            where_item = f"{kind} {item.id!r}"
            if item.id in seen:
                problems.append(f"{where_item}: id {item.id!r} is used twice (also {seen[item.id]})")
            seen.setdefault(item.id, where_item)
            master = getattr(item, "master", None)
            if master is not None and master not in masters:
                problems.append(f"{where_item}, field 'master': no master {master!r} in the deck's masters")
            problems.extend(_node_problems(deck, item.iter_nodes(), where_item, seen))
    return problems


def _node_problems(deck: Deck, nodes: Iterable[NodeBase], where_parent: str, seen: dict[str, str]) -> list[str]:
    problems: list[str] = []
    for node in nodes:
        where = f"{where_parent}, node {node.id!r} ({node.type})"
        if node.id in seen:
            problems.append(f"{where}: id {node.id!r} is used twice (also {seen[node.id]})")
        seen.setdefault(node.id, where)
        if isinstance(node, TableNode):
            problems.extend(_table_problems(node, where))
        problems.extend(_asset_problems(deck, node, where))
    return problems


def nesting_depth(slide: Slide) -> int:
    """How deep the slide's node tree goes (1: nodes directly on the slide), counted iteratively."""
    deepest = 0
    stack: list[tuple[NodeBase, int]] = [(n, 1) for n in slide.children]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        kids = getattr(node, "children", None)
        if kids:
            stack.extend((k, depth + 1) for k in kids)
    return deepest


def _table_problems(node: TableNode, where: str) -> list[str]:
    out = []
    ncol = len(node.columns)
    for ri, row in enumerate(node.rows):
        if len(row.cells) != ncol:
            out.append(f"{where}, field 'rows[{ri}].cells': {len(row.cells)} cells for {ncol} columns")
            continue
        for ci, cell in enumerate(row.cells):
            if ri + cell.row_span > len(node.rows) or ci + cell.col_span > ncol:
                out.append(f"{where}, field 'rows[{ri}].cells[{ci}]': span runs past the table")
    return out


def _asset_problems(deck: Deck, node: NodeBase, where: str) -> list[str]:
    out = []
    for key in _asset_refs(node):
        if key not in deck.assets:
            out.append(f"{where}: asset {key!r} is not listed in the deck's assets")
    return out


def _asset_refs(node: NodeBase) -> list[str]:
    refs: list[str] = []
    for paint in node.fills:
        if paint.type == "IMAGE" and paint.asset:
            refs.append(paint.asset)
    image = getattr(node, "image", None)
    if image is not None and image.asset:
        refs.append(image.asset)
    for attr in ("svg_asset",):
        val = getattr(node, attr, None)
        if val:
            refs.append(val)
    emb = getattr(node, "embedded", None)
    if emb is not None and emb.asset:
        refs.append(emb.asset)
    chart = getattr(node, "chart", None)
    if chart is not None:
        refs += [key for key in (chart.workbook_asset, chart.part_asset) if key]
        refs += sorted(referenced_assets(chart.part_links or []))
    return refs


def check_assets(deck: Deck) -> list[str]:
    """Problems with the bytes behind the deck's assets (reads the store; `ace validate`): a
    listed asset without bytes, a file in the assets folder that leaves it (a symlink out, a
    FIFO, a device), a source package that is not the file the provenance names."""
    problems: list[str] = []
    store = deck.store
    for key in deck.assets:
        if store.has(key):
            continue
        if store.directory is not None and (store.directory / key).is_symlink():
            problems.append(f"asset {key!r}: the file in {store.directory} is a link leaving the folder; not read")
        elif store.directory is not None and (store.directory / key).exists():
            problems.append(f"asset {key!r}: {store.directory / key} is not a regular file; not read")
        else:
            problems.append(f"asset {key!r} is listed but has no bytes (keep the .assets folder beside the IR JSON)")
    if deck.source is not None and deck.source.package:
        _key, why = deck.source_package(deck.source.format)
        if why and deck.store.has(deck.source.package):
            problems.append(f"{why}: writers will not patch it")
    return problems
