"""The PowerPoint-repair checks (adapters.ooxml.validate) find each kind of problem, and agree with
../shared/scripts/ooxml_check.py where both look."""

from __future__ import annotations

import importlib.util
import io
import zipfile
from pathlib import Path

import pytest

from ace_core.ir import Deck, RectangleNode, Slide, SolidPaint
from adapters.ooxml.validate import check_package, new_problems
from adapters.ooxml.writer import render_bytes
from tests.conftest import CORPUS, FIXTURES

SLIDE = "ppt/slides/slide1.xml"
SLIDE_RELS = "ppt/slides/_rels/slide1.xml.rels"


@pytest.fixture(scope="module")
def base() -> bytes:
    deck = Deck(slides=[Slide(id="s", children=[RectangleNode(id="r", width=10, height=10, fills=[SolidPaint()])])])
    return render_bytes(deck)[0]


def rewrite(data: bytes, changes: dict[str, bytes | None]) -> bytes:
    """The package with some members replaced (None: removed) or added."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w") as zout:
        for name in zin.namelist():
            if name in changes:
                if changes[name] is not None:
                    zout.writestr(name, changes[name])
                continue
            zout.writestr(name, zin.read(name))
        for name, value in changes.items():
            if name not in zin.namelist() and value is not None:
                zout.writestr(name, value)
    return out.getvalue()


def member(data: bytes, name: str) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return zf.read(name)


def kinds(data: bytes) -> set[str]:
    return {p.kind for p in check_package(data)}


def test_a_written_file_is_clean(base: bytes) -> None:
    assert check_package(base) == []


def test_schema_violation_is_found(base: bytes) -> None:
    xml = member(base, SLIDE).replace(b"<a:prstGeom", b"<a:bogus/><a:prstGeom")
    problems = check_package(rewrite(base, {SLIDE: xml}))
    assert [p.kind for p in problems] == ["schema"] and problems[0].part == SLIDE


def test_alternate_content_is_validated_by_its_fallback(base: bytes) -> None:
    mc = b'<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
    choice = b'<mc:Choice Requires="p14"><p:whatever/></mc:Choice><mc:Fallback></mc:Fallback></mc:AlternateContent>'
    xml = member(base, SLIDE).replace(b"</p:spTree>", b"</p:spTree>" + mc + choice, 1)
    assert xml != member(base, SLIDE)
    assert check_package(rewrite(base, {SLIDE: xml})) == []


def test_duplicate_shape_ids_are_found(base: bytes) -> None:
    xml = member(base, SLIDE)
    start = xml.index(b"<p:sp>")
    end = xml.index(b"</p:sp>") + len(b"</p:sp>")
    doubled = xml[:end] + xml[start:end] + xml[end:]
    assert "duplicate-id" in kinds(rewrite(base, {SLIDE: doubled}))


def test_dangling_and_missing_relationships_are_found(base: bytes) -> None:
    rels = member(base, SLIDE_RELS).replace(
        b"</Relationships>",
        b'<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"'
        b' Target="../media/nowhere.png"/></Relationships>',
    )
    xml = member(base, SLIDE).replace(b'<p:cNvPr id="2"', b'<p:cNvPr id="2" descr="x"', 1)
    xml = xml.replace(b"<a:noFill/>", b'<a:blipFill><a:blip r:embed="rId42"/></a:blipFill>', 1)
    found = kinds(rewrite(base, {SLIDE_RELS: rels, SLIDE: xml}))
    assert {"dangling-rel", "missing-rel-id"} <= found


def test_part_without_content_type_is_found(base: bytes) -> None:
    assert "content-type" in kinds(rewrite(base, {"ppt/media/extra.qqq": b"data"}))


def test_new_problems_ignores_what_the_source_had(base: bytes) -> None:
    broken = rewrite(base, {"ppt/media/extra.qqq": b"data"})
    assert new_problems(broken, broken) == []
    assert [p.kind for p in new_problems(broken, base)] == ["content-type"]


def _shared_check():  # type: ignore[no-untyped-def]
    script = CORPUS.parent / "scripts" / "ooxml_check.py"
    if not script.is_file():
        pytest.skip("../shared/scripts/ooxml_check.py is not present")
    spec = importlib.util.spec_from_file_location("ooxml_check", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


@pytest.mark.parametrize("broken", [False, True], ids=["as-is", "broken"])
@pytest.mark.parametrize("name", ["tika-testPPT_groups.pptx", "pypptx-ph-inherit-props.pptx"])
def test_agrees_with_the_shared_checker_on_slides_layouts_masters(name: str, broken: bool, tmp_path: Path) -> None:
    shared = _shared_check()
    data = (FIXTURES / "pptx" / name).read_bytes()
    if broken:  # a schema violation in the first slide and a shape id used twice in the last
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            slides = sorted(n for n in zf.namelist() if n.startswith("ppt/slides/slide"))
            first, last = zf.read(slides[0]), zf.read(slides[-1])
        first = first.replace(b"</p:spTree>", b"<p:bogus/></p:spTree>", 1)
        last = last.replace(b'<p:cNvPr id="1"', b'<p:cNvPr id="2"', 1)
        data = rewrite(data, {slides[0]: first, slides[-1]: last})
    path = tmp_path / name
    path.write_bytes(data)
    theirs, _ = shared.problems(str(path))
    their_parts = {line.split(":", 1)[0] for line in theirs}
    looked_at = ("ppt/slides/slide", "ppt/slideLayouts/slideLayout", "ppt/slideMasters/slideMaster")
    ours = {p.part for p in check_package(path) if p.part.startswith(looked_at) and p.kind != "missing-rel-id"}
    assert ours == their_parts
    assert bool(ours) == broken
