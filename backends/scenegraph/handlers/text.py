"""contentTools text: content, font, typography, decoration, character ranges, auto-resize, lists."""

from __future__ import annotations

from typing import Any

from ace_core.errors import ToolError
from ace_core.ir.nodes import NodeBase
from ace_core.ir.text import Bullet, LineHeight, TextBody, TextStyle
from ace_core.tools import content_text as T
from backends.scenegraph.build import font_style, replace_text, solid, utf16_len
from backends.scenegraph.context import Ctx
from backends.scenegraph.handlers.base import HandlerTable
from backends.scenegraph.textops import characters, merge_adjacent_runs, paragraphs_in_range, runs_in_range

table = HandlerTable()

_FONT_FIELDS = ("font_family", "font_weight", "italic", "font_ref")


def body_of(ctx: Ctx, node_id: str, field: str = "nodeId", *, create: bool = False) -> tuple[NodeBase, TextBody]:
    """The text body of a TEXT node or of a shape that can hold text (created empty if asked)."""
    node = ctx.state.node(node_id, field)
    body = getattr(node, "text", None)
    if isinstance(body, TextBody):
        return node, body
    if create and "text" in type(node).model_fields:
        body = TextBody()
        node.text = body  # type: ignore[attr-defined]
        return node, body
    raise ToolError(
        f"{node_id!r} is a {node.type} node without text",
        field=field,
        hint="give a TEXT node (or a shape holding text); get_node_info_by_types(types=['TEXT']) finds them",
    )


def clear_run_fields(body: TextBody, fields: tuple[str, ...]) -> None:
    """Remove overrides of `fields` from paragraphs and runs so the body style shows through."""
    for para in body.paragraphs:
        para.style = _without(para.style, fields)
        for run in para.runs:
            run.style = _without(run.style, fields)


def _without(style: TextStyle, fields: tuple[str, ...]) -> TextStyle:
    if all(getattr(style, f) is None for f in fields):
        return style
    return style.model_copy(update=dict.fromkeys(fields))


def _line_height(value: Any) -> LineHeight:
    return LineHeight(value=value.value, unit=value.unit)


@table.bind("set_text_content")
def set_text_content(ctx: Ctx, p: T.SetTextContent) -> None:
    targets = [body_of(ctx, c.nodeId, f"changes[{i}].nodeId", create=True) for i, c in enumerate(p.changes)]
    for (node, body), change in zip(targets, p.changes, strict=True):
        replace_text(body, change.text)
        ctx.touch_text(node)


@table.bind("set_text_font")
def set_text_font(ctx: Ctx, p: T.SetTextFont) -> None:
    node, body = body_of(ctx, p.nodeId)
    try:
        weight, italic = font_style(p.font.style)
    except ValueError as exc:
        raise ToolError(str(exc), field="font.style") from exc
    clear_run_fields(body, _FONT_FIELDS)
    body.style = body.style.model_copy(
        update={"font_family": p.font.family, "font_weight": weight, "italic": italic, "font_ref": None}
    )
    ctx.touch_text(node)


@table.bind("set_text_properties")
def set_text_properties(ctx: Ctx, p: T.SetTextProperties) -> None:
    node, body = body_of(ctx, p.nodeId)
    update: dict[str, Any] = {}
    if p.fontSize is not None:
        update["font_size"] = p.fontSize
        clear_run_fields(body, ("font_size",))
    if p.letterSpacing is not None:
        size = p.fontSize or body.style.font_size or 24.0
        ls = p.letterSpacing
        update["letter_spacing"] = ls.value if ls.unit == "PIXELS" else ls.value / 100 * size
        clear_run_fields(body, ("letter_spacing",))
    if update:
        body.style = body.style.model_copy(update=update)
    for para in body.paragraphs:
        if p.lineHeight is not None:
            para.line_height = _line_height(p.lineHeight)
        if p.paragraphSpacing is not None:
            para.space_after = p.paragraphSpacing
        if p.textAlignHorizontal is not None:
            para.align = None
    if p.textAlignHorizontal is not None:
        body.align = p.textAlignHorizontal
    if p.textAlignVertical is not None:
        body.vertical_align = p.textAlignVertical
    if all(v is None for k, v in p if k != "nodeId"):
        ctx.warn("nothing to change: give at least one property")
    ctx.touch_text(node)


@table.bind("set_text_decoration")
def set_text_decoration(ctx: Ctx, p: T.SetTextDecoration) -> None:
    node, body = body_of(ctx, p.nodeId)
    update: dict[str, Any] = {}
    if p.textDecoration is not None:
        update["decoration"] = p.textDecoration
        clear_run_fields(body, ("decoration",))
    if p.textCase is not None:
        update["text_case"] = p.textCase
        clear_run_fields(body, ("text_case",))
    body.style = body.style.model_copy(update=update)
    ctx.touch_text(node)


@table.bind("set_text_range_style")
def set_text_range_style(ctx: Ctx, p: T.SetTextRangeStyle) -> dict[str, Any]:
    node, body = body_of(ctx, p.nodeId)
    total = utf16_len(characters(body))
    if p.end > total:
        raise ToolError(f"end {p.end} is past the text's length {total} (UTF-16 units)", field="end")
    update: dict[str, Any] = {}
    if p.fontFamily is not None:
        update["font_family"] = p.fontFamily
        update["font_ref"] = None
    if p.fontStyle is not None:
        try:
            weight, italic = font_style(p.fontStyle)
        except ValueError as exc:
            raise ToolError(str(exc), field="fontStyle") from exc
        update["font_weight"], update["italic"] = weight, italic
    if p.fontWeight is not None:
        update["font_weight"] = p.fontWeight
    if p.fontSize is not None:
        update["font_size"] = p.fontSize
    if p.fill is not None:
        update["fill"] = solid(p.fill)
    if p.textDecoration is not None:
        update["decoration"] = p.textDecoration
    if p.textCase is not None:
        update["text_case"] = p.textCase
    if p.letterSpacing is not None:
        update["letter_spacing"] = p.letterSpacing
    if p.hyperlink is not None:
        update["hyperlink"] = p.hyperlink or None
    if not update and p.lineHeight is None:
        raise ToolError("give at least one style property", field="(arguments)")
    if update:
        runs = runs_in_range(body, p.start, p.end)
        for run in runs:
            run.style = run.style.model_copy(update=update)
    if p.lineHeight is not None:
        for para in paragraphs_in_range(body, p.start, p.end):
            para.line_height = _line_height(p.lineHeight)
    merge_adjacent_runs(body)
    ctx.touch_text(node)
    return {"range": {"start": p.start, "end": p.end}, "text": characters(body)[p.start : p.end]}


@table.bind("set_text_auto_resize")
def set_text_auto_resize(ctx: Ctx, p: T.SetTextAutoResize) -> None:
    node, body = body_of(ctx, p.nodeId)
    body.auto_resize = p.textAutoResize
    if p.textTruncation is not None:
        body.truncate = p.textTruncation == "ENDING"
    if p.maxLines is not None:
        body.max_lines = p.maxLines
    if ctx.state.in_auto_layout(node) and node.type == "TEXT":
        if p.textAutoResize == "WIDTH_AND_HEIGHT":
            node.sizing_h, node.sizing_v = "HUG", "HUG"
        elif p.textAutoResize == "HEIGHT":
            node.sizing_v = "HUG"
            if node.sizing_h == "HUG":
                node.sizing_h = "FIXED"
        else:
            node.sizing_h = "FIXED" if node.sizing_h == "HUG" else node.sizing_h
            node.sizing_v = "FIXED" if node.sizing_v == "HUG" else node.sizing_v
    ctx.touch_text(node)


@table.bind("set_text_list")
def set_text_list(ctx: Ctx, p: T.SetTextList) -> dict[str, Any]:
    node, body = body_of(ctx, p.nodeId)
    paras = body.paragraphs
    if p.lines is not None:
        chosen = []
        for i, line in enumerate(p.lines):
            if not 0 <= line < len(paras):
                raise ToolError(f"paragraph {line} does not exist ({len(paras)} paragraphs)", field=f"lines[{i}]")
            chosen.append(paras[line])
    elif p.ranges is not None:
        chosen = []
        for r in p.ranges:
            chosen.extend(x for x in paragraphs_in_range(body, r.start, r.end) if all(x is not c for c in chosen))
    else:
        chosen = list(paras)
    for para in chosen:
        if p.listType == "NONE":
            para.bullet = Bullet(type="NONE")
        elif p.listType == "UNORDERED":
            para.bullet = Bullet(type="UNORDERED", char="•")
        else:
            para.bullet = Bullet(type="ORDERED", scheme="arabicPeriod")
        if p.indentation is not None:
            para.level = p.indentation
        if p.listType != "NONE":
            size = body.style.font_size or 24.0
            para.margin_left = round(size * 1.2 * (para.level + 1), 2)
            para.indent = -round(size * 1.2, 2)
        else:
            para.margin_left = None
            para.indent = None
        if p.listSpacing is not None:
            para.space_after = p.listSpacing
    ctx.touch_text(node)
    return {"paragraphs": [i for i, para in enumerate(paras) if any(para is c for c in chosen)]}


HANDLERS = table.handlers
