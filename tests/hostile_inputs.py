"""Hostile and careless inputs, built by the tests themselves (small, generated, nothing downloaded).

Each builder writes one file of a class from issue 13 and returns its path: decks that link out,
picture bombs, trees nested too deep, absurd numbers, control characters, IR JSON whose asset
keys are paths, op batches that are not batches. `SECRET` is planted in files an attack tries to
disclose; no output may ever contain it."""

from __future__ import annotations

import io
import json
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Any

from tests.zip_edit import rezip

SECRET = "ACE-PLANTED-SECRET-7f3a9c"
P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
RT_IMAGE = R_NS + "/image"
RT_HYPERLINK = R_NS + "/hyperlink"


# -- pictures ----------------------------------------------------------------------------------------
def png(width: int, height: int, rgb: tuple[int, int, int] = (0, 160, 0), *, stored: bool = False) -> bytes:
    """A flat-colour RGB PNG; `stored` keeps its pixels uncompressed (a large file that a zip
    deflates a thousandfold: the picture-bomb brick)."""
    row = b"\0" + bytes(rgb) * width
    raw = row * height
    if stored:
        comp = zlib.compressobj(0)
        body = comp.compress(raw) + comp.flush()
    else:
        body = zlib.compress(raw, 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


# -- OOXML ---------------------------------------------------------------------------------------------
def base_pptx(pictures: list[bytes] | None = None) -> bytes:
    """A one-slide deck (python-pptx's blank layout) with the given pictures, as bytes."""
    from pptx import Presentation
    from pptx.util import Emu

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    box = slide.shapes.add_textbox(Emu(500000), Emu(300000), Emu(4000000), Emu(600000))
    box.text_frame.text = "Visible title"
    for i, data in enumerate(pictures or []):
        slide.shapes.add_picture(io.BytesIO(data), Emu(20000 * i), Emu(1000000), Emu(3000000), Emu(3000000))
    buf = io.BytesIO()
    prs.save(buf)
    return buf.getvalue()


def _add_rel(rels: bytes, rid: str, rtype: str, target: str, external: bool) -> bytes:
    mode = ' TargetMode="External"' if external else ""
    rel = f'<Relationship Id="{rid}" Type="{rtype}" Target="{target}"{mode}/>'
    return rels.replace(b"</Relationships>", rel.encode() + b"</Relationships>")


def linked_picture_pptx(dst: Path, target: str, *, external: bool = True) -> Path:
    """A picture whose blip links (r:link) to `target`: an http URL, a file:// URL, a relative path."""
    data = base_pptx([png(40, 40, (200, 0, 0))])

    def slide(xml: bytes) -> bytes:
        return xml.replace(b'r:embed="rId2"', b'r:link="rId99"')

    def rels(xml: bytes) -> bytes:
        return _add_rel(xml, "rId99", RT_IMAGE, target, external)

    return rezip(data, dst, {"ppt/slides/slide1.xml": slide, "ppt/slides/_rels/slide1.xml.rels": rels})


def picture_bomb_pptx(dst: Path, count: int, size: tuple[int, int] = (1600, 1700)) -> Path:
    """`count` distinct pictures of size[0] x size[1] px stored uncompressed inside the PNG (8 MiB
    each at the default size) that the zip deflates ~600x: a few MB on disk, GBs unpacked."""
    pictures = [png(size[0], size[1], (i % 256, (i // 256) % 256, 7), stored=True) for i in range(count)]
    dst.write_bytes(base_pptx(pictures))
    return dst


def slide_shapes_pptx(dst: Path, shapes_xml: str) -> Path:
    """The base deck with `shapes_xml` (p:sp / p:grpSp elements) appended to slide 1's tree."""

    def slide(xml: bytes) -> bytes:
        return xml.replace(b"</p:spTree>", shapes_xml.encode("utf-8") + b"</p:spTree>")

    return rezip(base_pptx(), dst, {"ppt/slides/slide1.xml": slide})


def sp_xml(shape_id: int, name: str = "box", *, x: str = "100", y: str = "100", cx: str = "1000000",
           cy: str = "500000", rot: str = "0", text: str = "", extra_ppr: str = "") -> str:  # fmt: skip
    body = (
        f'<p:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="en-US" {extra_ppr}/><a:t>{text}</a:t></a:r></a:p></p:txBody>'
        if text
        else ""
    )
    return (
        f'<p:sp xmlns:p="{P_NS}" xmlns:a="{A_NS}"><p:nvSpPr><p:cNvPr id="{shape_id}" name="{name}"/>'
        "<p:cNvSpPr/><p:nvPr/>"
        f'</p:nvSpPr><p:spPr><a:xfrm rot="{rot}"><a:off x="{x}" y="{y}"/><a:ext cx="{cx}" cy="{cy}"/></a:xfrm>'
        f'<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="3366CC"/></a:solidFill>'
        f"</p:spPr>{body}</p:sp>"
    )


def deep_groups_pptx(dst: Path, depth: int) -> Path:
    """A rectangle inside `depth` nested p:grpSp groups."""
    xml = sp_xml(9000, "leaf", text="deep leaf")
    for i in range(depth):
        xml = (
            f'<p:grpSp xmlns:p="{P_NS}" xmlns:a="{A_NS}"><p:nvGrpSpPr><p:cNvPr id="{100 + i}" name="g{i}"/>'
            '<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="10" y="10"/>'
            '<a:ext cx="2000000" cy="2000000"/><a:chOff x="0" y="0"/><a:chExt cx="2000000" cy="2000000"/>'
            f"</a:xfrm></p:grpSpPr>{xml}</p:grpSp>"
        )
    return slide_shapes_pptx(dst, xml)


ABSURD_NUMBERS = ["NaN", "INF", "-INF", "1e30", "-1e30", "1e400", "9" * 5000, "-" + "9" * 5000, "0x10", "12abc"]


def numbers_pptx(dst: Path) -> Path:
    """Shapes whose coordinates, sizes, rotation and font size are NaN, infinities, 1e30,
    5,000-digit numbers and garbage."""
    shapes = []
    for i, value in enumerate(ABSURD_NUMBERS):
        shapes.append(sp_xml(200 + 4 * i, f"x{i}", x=value, text=f"x {i}"))
        shapes.append(sp_xml(201 + 4 * i, f"c{i}", cx=value, cy=value))
        shapes.append(sp_xml(202 + 4 * i, f"r{i}", rot=value))
        shapes.append(sp_xml(203 + 4 * i, f"s{i}", text=f"size {i}", extra_ppr=f'sz="{value}" spc="{value}"'))
    return slide_shapes_pptx(dst, "".join(shapes))


# -- IR JSON -------------------------------------------------------------------------------------------
def ir_deck(children: list[dict[str, Any]], **deck: Any) -> dict[str, Any]:
    return {"schema_version": "1.0", "slides": [{"id": "s1", "children": children}], **deck}


def write_json(dst: Path, data: Any) -> Path:
    dst.write_text(json.dumps(data), encoding="utf-8")
    return dst


def ir_image_with_key(dst: Path, key: str) -> Path:
    """An IR deck whose picture's asset key is `key` (an absolute path, `../..`, /proc/self/environ)."""
    node = {"type": "IMAGE", "id": "pic", "width": 100, "height": 100, "image": {"type": "IMAGE", "asset": key}}
    return write_json(dst, ir_deck([node], assets={key: {"mime": "image/png", "size": 10}}))


def deep_ir(dst: Path, depth: int) -> Path:
    node: dict[str, Any] = {"type": "RECTANGLE", "id": "leaf", "width": 10, "height": 10}
    for i in range(depth):
        node = {"type": "GROUP", "id": f"g{i}", "width": 10, "height": 10, "children": [node]}
    return dst.write_text(_dump_deep(ir_deck([node]))) and dst


def _dump_deep(data: Any) -> str:
    """json.dumps without recursion (for trees deeper than Python's recursion limit)."""
    out: list[str] = []
    stack: list[Any] = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, _Raw):
            out.append(item.text)
        elif isinstance(item, dict):
            out.append("{")
            parts: list[Any] = []
            for i, (k, v) in enumerate(item.items()):
                parts.append(_Raw(("," if i else "") + json.dumps(k) + ":"))
                parts.append(v)
            parts.append(_Raw("}"))
            stack.extend(reversed(parts))
        elif isinstance(item, list):
            out.append("[")
            parts = []
            for i, v in enumerate(item):
                if i:
                    parts.append(_Raw(","))
                parts.append(v)
            parts.append(_Raw("]"))
            stack.extend(reversed(parts))
        else:
            out.append(json.dumps(item))
    return "".join(out)


class _Raw:
    def __init__(self, text: str) -> None:
        self.text = text


# -- Figma ---------------------------------------------------------------------------------------------
def figma_file(children: list[dict[str, Any]], name: str = "hostile") -> dict[str, Any]:
    frame = {
        "id": "1:2",
        "name": "Slide",
        "type": "FRAME",
        "absoluteBoundingBox": {"x": 0, "y": 0, "width": 1920, "height": 1080},
        "children": children,
    }
    canvas = {"id": "0:1", "name": "Page 1", "type": "CANVAS", "children": [frame]}
    return {"name": name, "document": {"id": "0:0", "name": "Document", "type": "DOCUMENT", "children": [canvas]}}


def figma_rect(node_id: str, x: Any = 10, y: Any = 10, w: Any = 100, h: Any = 50, **extra: Any) -> dict[str, Any]:
    return {
        "id": node_id,
        "name": extra.pop("name", node_id),
        "type": extra.pop("type", "RECTANGLE"),
        "absoluteBoundingBox": {"x": x, "y": y, "width": w, "height": h},
        "fills": [{"type": "SOLID", "color": {"r": 0.2, "g": 0.4, "b": 0.8, "a": 1}}],
        **extra,
    }


def deep_figma(dst: Path, depth: int) -> Path:
    node = figma_rect("9:9", name="leaf")
    for i in range(depth):
        node = figma_rect(f"8:{i}", type="GROUP", children=[node], fills=[])
    return dst.write_text(_dump_deep(figma_file([node]))) and dst


# -- running the CLI under the hostile-input rule -----------------------------------------------------
class Outcome:
    """What one `ace` run did: exit code, stdout, stderr."""

    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    def __repr__(self) -> str:
        return f"Outcome(code={self.code}, err={self.err[-300:]!r})"


def ace(capsys: Any, *args: str | Path, expect: tuple[int, ...] = (0, 2)) -> Outcome:
    """Run `ace args...` in this process and assert the rule every hostile input obeys: exit 0 or
    2 (never 1, never a signal), no traceback, an error is one line naming where, and the planted
    secret appears in no output."""
    from cli.main import main

    capsys.readouterr()
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    result = Outcome(code, out, err)
    assert code in expect, result
    assert "Traceback" not in err and "Traceback" not in out, result
    assert SECRET not in out and SECRET not in err, result
    if code != 0:
        lines = [line for line in err.splitlines() if line.startswith("ace: error: ")]
        assert len(lines) == 1, result
    return result


def assert_no_secret(*paths: Path) -> None:
    """No file under `paths` (files or folders) holds the planted secret, raw or base64-encoded."""
    import base64

    needles = [SECRET.encode()] + [base64.b64encode(SECRET.encode()[i:])[4:20] for i in range(3)]
    for root in paths:
        files = [root] if root.is_file() else [p for p in root.rglob("*") if p.is_file()] if root.exists() else []
        for f in files:
            data = f.read_bytes()
            if f.suffix == ".pptx" or data[:2] == b"PK":
                with zipfile.ZipFile(f) as z:
                    data = b"".join(z.read(n) for n in z.namelist())
            for needle in needles:
                assert needle not in data, f"{f} holds the planted secret"


def numbers_ir(dst: Path, big: float = 1e30) -> Path:
    """Nodes whose geometry, stroke, corner radius, font size, spacing, padding are `big`."""

    def node(kind: str, i: int, **extra: Any) -> dict[str, Any]:
        return {"type": kind, "id": f"n{i}", "x": big, "y": -big, "width": big, "height": big, "rotation": big, **extra}

    run = {"text": "hello", "style": {"font_size": big, "letter_spacing": big}}
    stroke = [{"paint": {"type": "SOLID", "color": "#ff0000"}, "weight": big}]
    children = [
        node("RECTANGLE", 1, corner_radius=big, strokes=stroke),
        node(
            "TEXT",
            2,
            text={
                "paragraphs": [
                    {"runs": [run], "indent": big, "margin_left": big, "space_before": big, "space_after": big}
                ]
            },
        ),
        node("ELLIPSE", 3, strokes=stroke),
        node("LINE", 4, strokes=stroke),
        node(
            "FRAME",
            5,
            children=[node("RECTANGLE", 6)],
            layout={"mode": "HORIZONTAL", "item_spacing": big, "padding_top": big},
        ),
        node("VECTOR", 7, paths=[{"d": f"M 0 0 L {big} {big} Z"}]),
    ]
    return write_json(dst, ir_deck(children, width=big, height=big))
