"""Hostile names and shapes from the newer readers: Figma imageRefs and image-map paths used as
file names (separators, '..', absolute, NUL, very long), SmartArt data models that are cyclic,
deep or huge, and OMML nested past the XML parser's depth. Each: exit 0 or 2, no traceback, no
planted secret in any output, nothing read or written outside the folders it belongs to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.hostile_inputs import SECRET, ace, assert_no_secret, figma_file, figma_rect, png, write_json
from tests.zip_edit import rezip

ROOT = Path(__file__).resolve().parents[1]
SMARTART = ROOT / "fixtures" / "pptx" / "poi-smartart-rotated-text.pptx"

_REFS = [
    "good",
    "../secret",
    "../secret.png",
    "sub/x",
    "sub/x.png",
    "..",
    ".",
    "a\\..\\..\\secret",
    "nul\0x",
    "x" * 5000,
    "",
]


def _figma_with_refs(tmp_path: Path, refs: list[str]) -> Path:
    kids = [
        figma_rect(f"5:{i}", fills=[{"type": "IMAGE", "imageRef": r, "scaleMode": "FILL"}]) for i, r in enumerate(refs)
    ]
    return write_json(tmp_path / "work" / "f.json", figma_file(kids))


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A secret beside the work folder, and inside a sub-folder of the images folder through a
    symlink that leads out: no imageRef may reach either."""
    (tmp_path / "work" / "imgs" / "sub").mkdir(parents=True)
    (tmp_path / "work" / "secret.png").write_text(SECRET)
    (tmp_path / "secret.png").write_text(SECRET)
    (tmp_path / "work" / "imgs" / "good.png").write_bytes(png(8, 8))
    (tmp_path / "work" / "imgs" / "sub" / "x.png").symlink_to(tmp_path / "secret.png")
    return tmp_path


@pytest.mark.parametrize("fmt", ["pptx", "html", "json", "figma.json"])
def test_figma_image_refs_name_only_files_of_the_images_folder(planted: Path, capsys, fmt: str) -> None:
    src = _figma_with_refs(planted, [*_REFS, str(planted / "secret.png")])
    out = planted / "out" / f"o.{fmt}"
    out.parent.mkdir()
    r = ace(capsys, "convert", src, out, "--images", planted / "work" / "imgs", expect=(0,))
    assert "missing-image" in r.err
    assert_no_secret(planted / "out")
    written = {p.relative_to(planted) for p in planted.rglob("*")}
    assert all(not str(p).startswith(("..", "/")) for p in written)
    assert {p for p in written if p.parts[0] not in ("work", "out", "secret.png")} == set()


def test_image_map_paths_stay_inside_the_maps_folder(planted: Path, capsys) -> None:
    """An image map from someone else: '..', absolute paths out of its folder, NUL, a name over
    the file-system limit (OSError: File name too long, exit 1 before) are missing images."""
    maps = planted / "work" / "maps"
    maps.mkdir()
    (maps / "good").write_bytes(png(8, 8))
    targets = {r: r for r in _REFS if r}
    targets |= {"abs": str(planted / "secret.png"), "url": (planted / "secret.png").as_uri(), "long": "y" * 5000 + "/z"}
    write_json(maps / "map.json", {"meta": {"images": targets}})
    src = _figma_with_refs(planted, list(targets))
    for fmt in ("pptx", "html"):
        r = ace(capsys, "convert", src, planted / "work" / f"o.{fmt}", "--image-map", maps / "map.json", expect=(0,))
        assert "missing-image" in r.err
        assert_no_secret(planted / "work" / f"o.{fmt}")
    deck_json = planted / "work" / "o.json"
    ace(capsys, "convert", src, deck_json, "--image-map", maps / "map.json", expect=(0,))
    pictures = [a.read_bytes() for a in (planted / "work" / "o.assets").iterdir() if a.read_bytes()[:4] != b'{"na']
    assert pictures == [png(8, 8)]  # only the picture inside the map's folder (beside it: the source JSON)
    assert_no_secret(planted / "work" / "o.assets", deck_json)


# -- SmartArt data models ---------------------------------------------------------------------------
_DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"


def _pt(i: int) -> str:
    text = f"<dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:r><a:t>n{i}</a:t></a:r></a:p></dgm:t>"
    return f'<dgm:pt modelId="{{P{i}}}"><dgm:prSet/><dgm:spPr/>{text}</dgm:pt>'


def _cxn(i: int, src: int, dst: int, order: int = 0) -> str:
    return f'<dgm:cxn modelId="{{C{i}}}" srcId="{{P{src}}}" destId="{{P{dst}}}" srcOrd="{order}" destOrd="0"/>'


def _smartart(dst: Path, points: int, cxns: list[str], *, drawing: bool) -> Path:
    """The fixture's SmartArt with its data model replaced (and, without `drawing`, no cached
    drawing: ACE lays the diagram out from the data model)."""
    doc = '<dgm:pt modelId="{P0}" type="doc"><dgm:prSet/><dgm:spPr/></dgm:pt>'
    body = (
        f'<dgm:dataModel xmlns:dgm="{_DGM}" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        f"<dgm:ptLst>{doc}{''.join(_pt(i) for i in range(1, points + 1))}</dgm:ptLst>"
        f"<dgm:cxnLst>{''.join(cxns)}</dgm:cxnLst><dgm:bg/><dgm:whole/></dgm:dataModel>"
    ).encode()
    edits: dict = {"ppt/diagrams/data1.xml": body}
    if not drawing:
        edits["ppt/slides/_rels/slide1.xml.rels"] = lambda b: re.sub(rb'<Relationship Id="rId6"[^>]*/>', b"", b)
    return rezip(SMARTART, dst, edits)


_SHAPES = {
    "cycle": (3, [_cxn(1, 0, 1), _cxn(2, 1, 2), _cxn(3, 2, 3), _cxn(4, 3, 1), _cxn(5, 2, 0), _cxn(6, 1, 1)]),
    "deep-200": (200, [_cxn(i, i - 1, i) for i in range(1, 201)]),
    "deep-2000": (2000, [_cxn(i, i - 1, i) for i in range(1, 2001)]),
    "wide-3000": (3000, [_cxn(i, 0, i, i) for i in range(1, 3001)]),
}


@pytest.mark.parametrize("drawing", [True, False], ids=["drawing", "laid-out"])
@pytest.mark.parametrize("shape", list(_SHAPES))
def test_smartart_data_models_that_are_cyclic_deep_or_huge(tmp_path: Path, capsys, shape: str, drawing: bool) -> None:
    """A 2,000-deep chain was a RecursionError (exit 1); now the tree is cut at 64 levels with a
    smartart-depth loss entry."""
    points, cxns = _SHAPES[shape]
    deck = _smartart(tmp_path / f"{shape}.pptx", points, cxns, drawing=drawing)
    r = ace(capsys, "convert", deck, tmp_path / "o.pptx", expect=(0,))
    assert (tmp_path / "o.pptx").is_file()
    if shape.startswith("deep") and not drawing:
        assert "smartart-depth" in r.err


# -- OMML nesting -----------------------------------------------------------------------------------
def _math_pptx(dst: Path, depth: int) -> Path:
    from tests.hostile_inputs import slide_shapes_pptx

    inner = "<m:r><m:t>x</m:t></m:r>"
    for _ in range(depth):
        inner = f"<m:f><m:num>{inner}</m:num><m:den><m:r><m:t>2</m:t></m:r></m:den></m:f>"
    m = "http://schemas.openxmlformats.org/officeDocument/2006/math"
    sp = (
        '<p:sp><p:nvSpPr><p:cNvPr id="77" name="math"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        '<p:spPr><a:xfrm><a:off x="100" y="100"/><a:ext cx="3000000" cy="800000"/></a:xfrm></p:spPr>'
        '<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a14:m xmlns:a14="http://schemas.microsoft.com/office/drawing/2010/main">'
        f'<m:oMathPara xmlns:m="{m}"><m:oMath>{inner}</m:oMath></m:oMathPara></a14:m></a:p></p:txBody></p:sp>'
    )
    return slide_shapes_pptx(dst, sp)


@pytest.mark.parametrize("depth", [110, 500])
def test_omml_nested_deep(tmp_path: Path, capsys, depth: int) -> None:
    """110 nested fractions (about 240 XML levels) read and write; 500 are past the XML parser's
    256 levels: exit 2 saying so (it said 'not well-formed ... the file is corrupt')."""
    deck = _math_pptx(tmp_path / "m.pptx", depth)
    for fmt in ("pptx", "html"):
        r = ace(capsys, "convert", deck, tmp_path / f"o.{fmt}")
        if depth < 120:
            assert r.code == 0 and (tmp_path / f"o.{fmt}").is_file()
        else:
            assert r.code == 2 and "256 levels deep" in r.err and "corrupt" not in r.err
            assert not (tmp_path / f"o.{fmt}").exists()


def test_an_images_folder_found_by_name_must_lie_beside_the_file(planted: Path, capsys) -> None:
    """`x.images/` is looked up beside `x.json` without being asked for; a symlink of that name
    leading out of the deck's folder (e.g. inside an MCP root, pointing out of it) is not used."""
    elsewhere = planted / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "good.png").write_bytes(png(8, 8))
    src = _figma_with_refs(planted, ["good"])
    (planted / "work" / "f.images").symlink_to(elsewhere)
    r = ace(capsys, "convert", src, planted / "work" / "o.json", expect=(0,))
    assert "missing-image" in r.err
    (planted / "work" / "f.images").unlink()
    (planted / "work" / "f.images").mkdir()
    (planted / "work" / "f.images" / "good.png").write_bytes(png(8, 8))
    r = ace(capsys, "convert", src, planted / "work" / "o2.json", expect=(0,))
    assert "missing-image" not in r.err
