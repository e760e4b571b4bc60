"""Fuzz targets over ACE's untrusted-input boundaries: the OOXML, HTML, Figma and IR readers (each
followed by the .pptx and HTML writers) and the op-batch parser (followed by the batch itself).

The rule every target checks: an input ends in a deck / a result or an AceError (bad input,
unsupported), never another exception. Used by tests/test_fuzz_readers.py (a bounded number of
examples in CI) and tests/bench/fuzz_readers.py (many more)."""

from __future__ import annotations

import io
import json
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from ace_core.errors import AceError, InternalError
from tests.hostile_inputs import ABSURD_NUMBERS, base_pptx, figma_file, figma_rect, png

ROOT = Path(__file__).resolve().parents[1]
IR_DECK = ROOT / "fixtures" / "ir" / "layout_cards.json"

WEIRD_STRINGS = [
    *ABSURD_NUMBERS,
    "",
    "-1",
    "0",
    "1" * 30,
    "\x08",
    "\ud800",
    "../../etc/passwd",
    "/proc/self/environ",
    "javascript:alert(1)",
    "<script>x</script>",
    "&amp;",
    "rId999",
    "true",
    "\u202e",
    "a" * 3000,
]
json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([1e30, -1e30, 1e300, 0.0, -0.0, 5e-324]),
    st.sampled_from(WEIRD_STRINGS),
    st.text(max_size=20),
)
json_value = st.recursive(
    json_leaf,
    lambda kids: st.one_of(st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=8), kids, max_size=4)),
    max_leaves=12,
)


def check(fn: Any, *args: Any, **kwargs: Any) -> Any:
    """`fn(*args, **kwargs)`; an AceError other than an internal one is a fine answer (returns None)."""
    try:
        return fn(*args, **kwargs)
    except InternalError:
        raise
    except AceError:
        return None


def write_everything(deck: Any) -> None:
    """Both XML writers on a deck a reader produced (they must not fail on what readers accept)."""
    from adapters.html.write import render_html
    from adapters.ooxml.writer import render_bytes

    check(render_bytes, deck)
    if deck.source is not None and deck.source.format == "pptx":  # else patch mode is fresh mode
        check(render_bytes, deck, fresh=True)
    check(render_html, deck)


# -- OOXML ---------------------------------------------------------------------------------------------
@cache
def _pptx_parts() -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(base_pptx([png(4, 4)]))) as z:
        return {n: z.read(n) for n in z.namelist()}


def _zip(parts: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in parts.items():
            z.writestr(name, body)
    return buf.getvalue()


@st.composite
def pptx_bytes(draw: st.DrawFn) -> bytes:
    """The base deck with attribute values of one part replaced by weird values, or its bytes flipped."""
    import re

    parts = dict(_pptx_parts())
    name = draw(st.sampled_from(sorted(n for n in parts if n.endswith((".xml", ".rels")))))
    body = parts[name].decode("utf-8")
    mode = draw(st.sampled_from(["attrs", "bytes", "truncate", "drop"]))
    if mode == "attrs":
        spans = [m.span(1) for m in re.finditer(r'="([^"]*)"', body)]
        for start, end in sorted(
            draw(st.lists(st.sampled_from(spans), min_size=1, max_size=6, unique=True)), reverse=True
        ):
            value = draw(st.sampled_from(WEIRD_STRINGS)).replace('"', "").replace("<", "").replace("&", "")
            body = body[:start] + value + body[end:]
        parts[name] = body.encode("utf-8", "surrogatepass")
    elif mode == "bytes":
        raw = bytearray(parts[name])
        for pos, val in draw(st.lists(st.tuples(st.integers(0, len(raw) - 1), st.integers(0, 255)), max_size=8)):
            raw[pos] = val
        parts[name] = bytes(raw)
    elif mode == "truncate":
        parts[name] = parts[name][: draw(st.integers(0, len(parts[name])))]
    else:
        del parts[name]
    return _zip(parts)


def ooxml_target(data: bytes) -> None:
    from adapters.ooxml.read_deck import read_pptx

    deck = check(read_pptx, data)
    if deck is not None:
        write_everything(deck)


# -- HTML (ACE's own schema, read without a browser) ---------------------------------------------------
@cache
def _ace_html() -> str:
    from adapters import read
    from adapters.html.write import render_html

    text, _ = render_html(read(IR_DECK))
    return text


@st.composite
def html_text(draw: st.DrawFn) -> str:
    text = _ace_html()
    for _ in range(draw(st.integers(1, 6))):
        pos = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 40))
        insert = draw(
            st.one_of(
                st.sampled_from([*WEIRD_STRINGS, '"', "'", ">", "<div", "{", "}", "data-ir='{"]), st.text(max_size=10)
            )
        )
        text = text[:pos] + insert + text[pos + cut :]
    return text


def html_target(text: str) -> None:
    from adapters.html.read_schema import read_schema_text

    deck = check(read_schema_text, text)
    if deck is not None:
        write_everything(deck)


# -- Figma -----------------------------------------------------------------------------------------------
FIGMA_KEYS = [
    *("absoluteBoundingBox", "fills", "strokes", "characters", "style", "layoutMode", "cornerRadius", "rotation"),
    *("opacity", "children", "effects", "strokeWeight", "fillGeometry", "relativeTransform", "name", "visible"),
    "constraints",
]
FIGMA_TYPES = [
    "FRAME",
    "GROUP",
    "RECTANGLE",
    "ELLIPSE",
    "TEXT",
    "VECTOR",
    "LINE",
    "INSTANCE",
    "BOOLEAN_OPERATION",
    "SLIDE",
    "STAR",
    None,
    7,
]


@st.composite
def figma_json(draw: st.DrawFn) -> bytes:
    def node(depth: int, i: int) -> dict[str, Any]:
        n = figma_rect(f"{depth}:{i}", type=draw(st.sampled_from(FIGMA_TYPES)))
        for _ in range(draw(st.integers(0, 3))):
            key = draw(st.sampled_from(FIGMA_KEYS))
            n[key] = draw(json_value)
        if depth < 3 and draw(st.booleans()):
            n["children"] = [node(depth + 1, j) for j in range(draw(st.integers(0, 3)))]
        return n

    doc = figma_file([node(0, i) for i in range(draw(st.integers(1, 3)))])
    return json.dumps(doc).encode()


def figma_target(data: bytes) -> None:
    from adapters.figma.read import read_figma_data

    deck = check(read_figma_data, data, Path("fuzz.json"))
    if deck is not None:
        write_everything(deck)


# -- IR JSON -----------------------------------------------------------------------------------------------
@cache
def _ir() -> Any:
    return json.loads(IR_DECK.read_text())


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


@cache
def _ir_paths() -> list[tuple[Any, ...]]:
    return [p for p in _paths(_ir()) if p]


@st.composite
def ir_json(draw: st.DrawFn) -> str:
    data = json.loads(json.dumps(_ir()))
    for path in draw(st.lists(st.sampled_from(_ir_paths()), min_size=1, max_size=5)):
        cur = data
        try:
            for key in path[:-1]:
                cur = cur[key]
            cur[path[-1]] = draw(json_value)
        except (KeyError, IndexError, TypeError):
            continue
    return json.dumps(data, allow_nan=False)


def ir_target(text: str) -> None:
    from ace_core.ir.validate import parse_deck

    deck = check(parse_deck, text)
    if deck is not None:
        write_everything(deck)


# -- op batches ------------------------------------------------------------------------------------------
TOOLS = [
    *("move_node", "resize_node", "set_text", "create_rectangle", "create_text", "delete_node", "set_fill_color"),
    *("set_stroke", "set_corner_radius", "rename_node", "group_nodes", "set_auto_layout", "batch_execute", "bogus"),
]
ARG_KEYS = [
    *("nodeId", "x", "y", "width", "height", "text", "name", "newName", "color", "parentId", "weight", "radius"),
    *("nodeIds", "layoutMode", "fill"),
]
NODE_IDS = ["card1", "s1", "$0.id", "$9.id", "nope", ""]


@st.composite
def op_batch(draw: st.DrawFn) -> str:
    ops: Any = [
        {
            "tool": draw(st.one_of(st.sampled_from(TOOLS), json_leaf)),
            "args": draw(
                st.one_of(
                    st.dictionaries(
                        st.sampled_from(ARG_KEYS),
                        st.one_of(json_value, st.sampled_from(NODE_IDS)),
                        max_size=5,
                    ),
                    json_value,
                )
            ),
        }
        for _ in range(draw(st.integers(0, 4)))
    ]
    if draw(st.integers(0, 9)) == 0:
        ops = draw(json_value)
    return json.dumps(ops)


def batch_target(text: str) -> None:
    from ace_core.tools.batch_input import parse_operations
    from adapters import read
    from backends.native import make_backend

    ops = check(parse_operations, text, where="ops.json")
    if ops is None:
        return
    editor = make_backend("scenegraph", read(IR_DECK))
    outcome = editor.batch(ops, atomic=True, stop_on_error=True)
    assert isinstance(outcome, dict) and "ok" in outcome
    if outcome["ok"]:
        write_everything(editor.export())
    elif "result" in outcome:
        failed = outcome["result"]["results"][outcome["result"]["failed_index"]]
        assert failed["error"]["kind"] != "internal", failed


TARGETS = {
    "ooxml": (pptx_bytes(), ooxml_target),
    "html": (html_text(), html_target),
    "figma": (figma_json(), figma_target),
    "ir": (ir_json(), ir_target),
    "op-batch": (op_batch(), batch_target),
}
