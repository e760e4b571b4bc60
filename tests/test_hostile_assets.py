"""Class 1 of the hostile-input suite: IR JSON must never disclose local files.

Asset keys that are paths (absolute, `../..`, /proc/self/environ), symlinks in the assets folder
pointing out of it, a source package that is some other deck: every output format, every
entry point (CLI, library, asset store), `ace validate` flags them, nothing is written outside
`<out>.assets/`, and the planted secret appears in no output."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ace_core.assets import AssetStore, asset_path, check_asset_key, is_asset_key
from ace_core.errors import BadInputError
from ace_core.ir.deck import Deck
from adapters import read, write
from tests.hostile_inputs import SECRET, ace, assert_no_secret, base_pptx, ir_image_with_key, png

OUTPUTS = ("out.pptx", "out.html", "out.figma.json", "sub/out.json")


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "secret.txt"
    path.write_text(SECRET)
    return path


@pytest.mark.parametrize("kind", ["absolute", "dotdot", "proc", "separator", "empty-dots"])
def test_asset_keys_that_are_paths_are_refused_everywhere(
    tmp_path: Path, secret: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    key = {
        "absolute": str(secret),
        "dotdot": "../secret.txt",
        "proc": "/proc/self/environ",
        "separator": "a/b",
        "empty-dots": "..",
    }[kind]
    deck = ir_image_with_key(tmp_path / "deck.json", key)
    (tmp_path / "deck.assets").mkdir()
    for out in OUTPUTS:
        r = ace(capsys, "convert", deck, tmp_path / out, expect=(2,))
        assert "not a valid asset" in r.err and "deck.json" in r.err
    assert ace(capsys, "validate", deck, expect=(2,)).code == 2
    assert ace(capsys, "inspect", deck, expect=(2,)).code == 2
    assert ace(capsys, "render", deck, "-o", tmp_path / "png", expect=(2,)).code == 2
    assert not (tmp_path / "sub").exists() and not list(tmp_path.glob("out*"))
    assert_no_secret(tmp_path / "png")


def test_a_symlink_in_the_assets_folder_is_not_followed_out(
    tmp_path: Path, secret: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key = "0123456789abcdef0123456789abcdef"
    deck = ir_image_with_key(tmp_path / "deck.json", key)
    (tmp_path / "deck.assets").mkdir()
    os.symlink(secret, tmp_path / "deck.assets" / key)
    r = ace(capsys, "validate", deck, expect=(2,))
    assert "link leaving the folder" in r.err
    for out in OUTPUTS:
        ace(capsys, "convert", deck, tmp_path / out)
    assert_no_secret(*(tmp_path / o for o in ("out.pptx", "out.html", "out.figma.json", "out.figma.images", "sub")))
    assert not (tmp_path / "sub" / "out.assets" / key).exists()


def test_an_ir_to_ir_conversion_writes_only_inside_its_assets_folder(tmp_path: Path) -> None:
    data = png(8, 8)
    deck = Deck()
    key = deck.add_asset(data, "image/png")
    deck.assets[key].name = "../../escape.png"  # a name is only a label: files are named by key
    deck.save(tmp_path / "a" / "deck.json")
    assert sorted(p.name for p in (tmp_path / "a" / "deck.assets").iterdir()) == [key]
    assert not list(tmp_path.rglob("escape.png"))
    with pytest.raises(BadInputError):
        asset_path(tmp_path, "../x")
    # a key slipped past the model (direct mutation) is still refused by the store and the writer
    deck.assets["../../x"] = deck.assets[key]
    with pytest.raises(BadInputError):
        deck.save(tmp_path / "b" / "deck.json")
    assert not (tmp_path / "x").exists()


def test_the_store_reads_only_regular_files_inside_its_folder(tmp_path: Path, secret: Path) -> None:
    folder = tmp_path / "deck.assets"
    folder.mkdir()
    (folder / "good").write_bytes(b"fine")
    os.symlink(secret, folder / "leak")
    os.mkfifo(folder / "fifo")
    store = AssetStore(folder)
    assert store.get("good") == b"fine"
    for key in ("leak", "fifo", "../secret.txt", str(secret), "nothing"):
        assert not store.has(key)
        with pytest.raises(BadInputError):
            store.get(key)
    assert store.keys() == {"good"}
    assert all(not is_asset_key(k) for k in ("", ".", "..", ".hidden", "a/b", "a\\b", "x" * 200, "a\0b"))
    assert check_asset_key("5c1b185056cf196e1f91d60b82ab36b3") == "5c1b185056cf196e1f91d60b82ab36b3"


def _pptx_ir(tmp_path: Path, name: str = "deck") -> Path:
    src = tmp_path / f"{name}.pptx"
    src.write_bytes(base_pptx())
    out = tmp_path / f"{name}.json"
    write(read(src), out)
    return out


def test_another_deck_named_as_the_source_package_is_not_spliced_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ir = _pptx_ir(tmp_path)
    data = json.loads(ir.read_text())
    key = data["source"]["package"]
    # replace the package bytes by another deck (carrying the secret), keeping the file name
    other = tmp_path / "other.pptx"
    from tests.hostile_inputs import rezip

    rezip(base_pptx(), other, {"ppt/slides/slide1.xml": lambda b: b.replace(b"Visible title", SECRET.encode())})
    (tmp_path / "deck.assets" / key).write_bytes(other.read_bytes())
    r = ace(capsys, "validate", ir, expect=(2,))
    assert "sha256 differs" in r.err
    res = ace(capsys, "convert", ir, tmp_path / "out.pptx", "--json")
    losses = json.loads(res.out)["data"]["losses"]
    assert any(e["feature"] == "source-package" and "fresh" in e["reason"] for e in losses)
    ace(capsys, "convert", ir, tmp_path / "out.html")
    assert_no_secret(tmp_path / "out.pptx", tmp_path / "out.html")
    assert "Visible title" in str(read(tmp_path / "out.pptx").slides[0].children)


def test_the_genuine_source_package_still_patches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ir = _pptx_ir(tmp_path)
    deck = read(ir)
    assert deck.source_package("pptx") == (deck.source.package, "")
    r = ace(capsys, "convert", ir, tmp_path / "out.pptx", "--json")
    assert not any(e["feature"] == "source-package" for e in json.loads(r.out)["data"]["losses"])
    assert ace(capsys, "validate", ir).code == 0
