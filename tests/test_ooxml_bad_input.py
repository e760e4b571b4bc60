"""Bad and hostile .pptx input: corrupt, truncated and encrypted files from the corpus, and files
made here (zip bomb, XML entities, relationship targets outside the package, 10,000 slides). Each
is refused with a BadInputError naming the file and the problem (exit code 2, one line through
the CLI), without unbounded memory and without partial output."""

from __future__ import annotations

import io
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from ace_core.errors import BadInputError, UnsupportedError
from adapters.ooxml.package import Limits
from adapters.ooxml.read_deck import read_pptx
from cli.main import main
from tests.zip_edit import rezip

ROOT = Path(__file__).resolve().parents[1]
GOOD = ROOT / "fixtures" / "pptx" / "pypptx-ph-inherit-props.pptx"
BROKEN = sorted((ROOT / "fixtures" / "pptx-broken").glob("*.pptx"))


def refused(path: Path, *words: str, limits: Limits | None = None) -> BadInputError:
    with pytest.raises(BadInputError) as info:
        read_pptx(path, limits=limits)
    message = info.value.message
    assert str(path) in message and "\n" not in message
    for word in words:
        assert word.lower() in message.lower(), message
    return info.value


def cli_refuses(path: Path, capsys: pytest.CaptureFixture[str], code: int = 2) -> str:
    assert main(["inspect", str(path)]) == code
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("ace: error: ") and str(path) in err
    assert "Traceback" not in err
    return err


# -- the corpus's broken files -------------------------------------------------------------------
@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.name)
def test_broken_fixtures_are_refused_with_one_line(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(path)
    cli_refuses(path, capsys)


def test_encrypted_files_say_password(capsys: pytest.CaptureFixture[str]) -> None:
    path = next(p for p in BROKEN if "protected" in p.name)
    refused(path, "password")
    assert "password" in cli_refuses(path, capsys)


@pytest.mark.corpus
def test_every_corpus_broken_file_is_refused(corpus_dir: Path) -> None:
    notes = (corpus_dir / "pptx-broken" / "NOTES.tsv").read_text(encoding="utf-8").splitlines()[1:]
    for line in notes:
        name, _error, note = line.split("\t")
        err = refused(corpus_dir / "pptx-broken" / name)
        if "encrypted" in note or "password" in note:
            assert "password" in err.message


def test_truncated_deck_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = GOOD.read_bytes()
    path = tmp_path / "truncated.pptx"
    path.write_bytes(data[: len(data) // 2])
    refused(path, "truncated")
    cli_refuses(path, capsys)


def test_no_partial_output_when_conversion_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.json"
    assert main(["convert", str(BROKEN[0]), str(out)]) == 2
    assert not out.exists() and list(tmp_path.iterdir()) == []
    capsys.readouterr()


def test_not_a_presentation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    docx = tmp_path / "letter.pptx"
    with zipfile.ZipFile(docx, "w") as z:
        z.writestr(
            "[Content_Types].xml",
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
            'officedocument.wordprocessingml.document.main+xml"/></Types>',
        )
        z.writestr(
            "_rels/.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'officeDocument" Target="word/document.xml"/></Relationships>',
        )
        z.writestr("word/document.xml", "<w:document xmlns:w='urn:w'/>")
    refused(docx, "not a presentation")
    garbage = tmp_path / "garbage.pptx"
    garbage.write_bytes(b"this is not a zip at all" * 100)
    refused(garbage, "zip")
    cli_refuses(garbage, capsys)


def test_legacy_binary_ppt_is_unsupported(tmp_path: Path) -> None:
    ole2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 504 + "PowerPoint Document".encode("utf-16-le") + b"\0" * 600
    path = tmp_path / "old.ppt"
    path.write_bytes(ole2)
    with pytest.raises(UnsupportedError, match="97-2003"):
        read_pptx(path)
    assert main(["inspect", str(path), "--from", "pptx"]) == 3


# -- hostile files ---------------------------------------------------------------------------------
def test_zip_bomb_is_refused_before_unpacking(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bomb = rezip(GOOD, tmp_path / "bomb.pptx", {"ppt/slides/slide1.xml": b"\0" * (64 * 1024 * 1024)})
    assert bomb.stat().st_size < 1024 * 1024
    tracemalloc.start()
    refused(bomb, "zip bomb")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 32 * 1024 * 1024  # the member was never inflated
    cli_refuses(bomb, capsys)


def test_total_unpacked_size_is_bounded(tmp_path: Path) -> None:
    big = rezip(GOOD, tmp_path / "big.pptx", {}, {f"ppt/media/pad{i}.bin": b"x" * 300_000 for i in range(4)})
    refused(big, "unpacks to", limits=Limits(max_total_size=1_000_000))


def test_xml_external_entities_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    xxe = (
        f'<?xml version="1.0"?><!DOCTYPE p:sld [<!ENTITY xxe SYSTEM "file://{secret}">]>'
        '<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
        'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree>'
        '<p:sp><p:nvSpPr><p:cNvPr id="2" name="&xxe;"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/>'
        "<p:txBody><a:bodyPr/><a:p><a:r><a:t>&xxe;</a:t></a:r></a:p></p:txBody></p:sp>"
        "</p:spTree></p:cSld></p:sld>"
    ).encode()
    path = rezip(GOOD, tmp_path / "xxe.pptx", {"ppt/slides/slide1.xml": xxe})
    err = refused(path, "DTD")
    assert "TOP-SECRET" not in err.message
    assert "TOP-SECRET" not in cli_refuses(path, capsys)


def test_entity_expansion_bomb_is_refused(tmp_path: Path) -> None:
    laughs = '<!ENTITY a0 "ha">' + "".join(f'<!ENTITY a{i} "{f"&a{i - 1};" * 10}">' for i in range(1, 10))
    body = f'<?xml version="1.0"?><!DOCTYPE Types [{laughs}]><Types xmlns="urn:x">&a9;</Types>'.encode()
    path = rezip(GOOD, tmp_path / "laughs.pptx", {"[Content_Types].xml": body})
    refused(path, "DTD")


@pytest.mark.parametrize(
    "target",
    ["../../../red.png", "../../../../red.png", "/../../red.png", "..\\..\\..\\red.png#x", "file:///etc/passwd"],
)
def test_relationship_targets_above_the_root_stay_inside_the_package(
    tmp_path: Path, target: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Part names resolve as RFC 3986 references: a '..' at the package root stays at the root, and
    a URL names no part. So the deck is read, the picture whose target names no part is a loss
    entry (a dangling relationship), and nothing outside the zip is read: a red picture planted
    where a resolver that climbed out of the zip would look is never used."""
    from tests.hostile_inputs import base_pptx, png

    red = png(8, 8, (230, 0, 0))
    (tmp_path / "red.png").write_bytes(red)
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "red.png").write_bytes(red)
    (tmp_path / "a" / "b").mkdir()
    edit = {
        "ppt/slides/_rels/slide1.xml.rels": lambda b: b.replace(
            b'Target="../media/image1.png"', f'Target="{target}"'.encode()
        )
    }
    path = rezip(base_pptx([png(8, 8)]), tmp_path / "a" / "b" / "deck.pptx", edit)
    deck = read_pptx(path)
    assert all(deck.asset_bytes(key) != red for key in deck.assets)
    (loss,) = [e for e in deck.report.entries if e.feature == "missing-image"]
    assert loss.slide_id == deck.slides[0].id
    assert main(["inspect", str(path)]) == 0
    assert "missing-image" in capsys.readouterr().out


def test_a_root_target_with_dot_dot_names_the_part_at_the_root(tmp_path: Path) -> None:
    """The class of a real deck written by another tool (opens in PowerPoint and LibreOffice):
    `_rels/.rels` names `../customXml/item1.xml` and `../ppt/presentation.xml`; both are the parts
    at the root, the deck reads whole, with no loss for it."""
    from tests.hostile_inputs import base_pptx

    def root_rels(b: bytes) -> bytes:
        b = b.replace(b'Target="ppt/presentation.xml"', b'Target="../ppt/presentation.xml"')
        extra = (
            '<Relationship Id="rIdX" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'customXml" Target="../customXml/item1.xml"/></Relationships>'
        )
        return b.replace(b"</Relationships>", extra.encode())

    plain = read_pptx(rezip(base_pptx(), tmp_path / "plain.pptx", {}))
    path = rezip(base_pptx(), tmp_path / "up.pptx", {"_rels/.rels": root_rels}, {"customXml/item1.xml": b"<root/>"})
    deck = read_pptx(path)
    assert [s.id for s in deck.slides] == [s.id for s in plain.slides]
    assert sorted(e.feature for e in deck.report.entries) == sorted(e.feature for e in plain.report.entries)


def _many_slides(path: Path, count: int) -> Path:
    """A package with `count` empty slides (each a slide part plus its relationships)."""
    buf = io.BytesIO(GOOD.read_bytes())
    with zipfile.ZipFile(buf) as zin:
        base = {n: zin.read(n) for n in zin.namelist() if not n.startswith(("ppt/slides/", "ppt/notesSlides/"))}
    ns = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
    r_ns = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
    slide = f"<p:sld {ns}><p:cSld><p:spTree/></p:cSld></p:sld>".encode()
    rels_head = '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    rt = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    slide_rels = (
        rels_head + f'<Relationship Id="rId1" Type="{rt}slideLayout" '
        'Target="../slideLayouts/slideLayout1.xml"/></Relationships>'
    ).encode()
    ids = "".join(f'<p:sldId id="{256 + i}" r:id="rIdS{i}"/>' for i in range(count))
    pres = base["ppt/presentation.xml"].decode()
    start, end = pres.index("<p:sldIdLst>"), pres.index("</p:sldIdLst>") + len("</p:sldIdLst>")
    base["ppt/presentation.xml"] = (pres[:start] + f"<p:sldIdLst {r_ns}>{ids}</p:sldIdLst>" + pres[end:]).encode()
    prels = base["ppt/_rels/presentation.xml.rels"].decode()
    extra = "".join(f'<Relationship Id="rIdS{i}" Type="{rt}slide" Target="slides/s{i}.xml"/>' for i in range(count))
    base["ppt/_rels/presentation.xml.rels"] = prels.replace("</Relationships>", extra + "</Relationships>").encode()
    ct = base["[Content_Types].xml"].decode()
    base["[Content_Types].xml"] = ct.replace(
        "</Types>",
        '<Default Extension="xml" ContentType="application/xml"/></Types>'
        if 'Extension="xml"' not in ct
        else "</Types>",
    ).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in base.items():
            z.writestr(name, body)
        for i in range(count):
            z.writestr(f"ppt/slides/s{i}.xml", slide)
            z.writestr(f"ppt/slides/_rels/s{i}.xml.rels", slide_rels)
    return path


def test_ten_thousand_empty_slides_are_refused_in_bounded_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _many_slides(tmp_path / "many.pptx", 10_000)
    tracemalloc.start()
    refused(path, "parts")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 64 * 1024 * 1024
    cli_refuses(path, capsys)
    # under raised limits the same deck is refused by the slide limit, and a smaller one reads
    refused(path, "slides", limits=Limits(max_members=50_000))
    small = read_pptx(_many_slides(tmp_path / "some.pptx", 300))
    assert len(small.slides) == 300 and all(not s.children or s.children[0].locked for s in small.slides)


def test_malformed_slide_xml_names_the_part(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = rezip(GOOD, tmp_path / "bad.pptx", {"ppt/slides/slide1.xml": b"<p:sld><unclosed>"})
    refused(path, "ppt/slides/slide1.xml", "well-formed")
    cli_refuses(path, capsys)
