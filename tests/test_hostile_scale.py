"""Classes 9 and 10 of the hostile-input suite: scale and frames.

Reading an HTML page of many slides is linear (the used-font pass covers one slide at a time); a
deck ACE writes is one ACE reads back (the readers' slide, part, byte and ratio limits are
applied when writing, with a clear error); one blocked or broken frame of a viewer page is a
loss entry, never a failure."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ace_core.browser import LoadedPage
from tests.conftest import needs_chromium
from tests.hostile_inputs import SECRET, ace, assert_no_secret, ir_deck, write_json


def _many_slides_ir(path: Path, count: int) -> Path:
    data = ir_deck([])
    data["slides"] = [{"id": f"s{i}", "children": []} for i in range(count)]
    return write_json(path, data)


def test_a_deck_with_more_slides_than_a_readable_pptx_is_refused_before_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _many_slides_ir(tmp_path / "many.json", 60)
    monkeypatch.setenv("ACE_MAX_SLIDES", "50")
    r = ace(capsys, "convert", src, tmp_path / "out.pptx", expect=(2,))
    assert "60 slides" in r.err and "ACE_MAX_SLIDES=60" in r.err and "nothing written" in r.err
    assert not (tmp_path / "out.pptx").exists()
    monkeypatch.setenv("ACE_MAX_SLIDES", "60")
    ace(capsys, "convert", src, tmp_path / "out.pptx", expect=(0,))
    ace(capsys, "inspect", tmp_path / "out.pptx", expect=(0,))


def test_a_pptx_the_reader_would_refuse_is_not_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    src = _many_slides_ir(tmp_path / "many.json", 30)
    monkeypatch.setenv("ACE_MAX_PARTS", "40")
    r = ace(capsys, "convert", src, tmp_path / "out.pptx", expect=(2,))
    assert "refuses to read back" in r.err and "ACE_MAX_PARTS" in r.err
    assert not (tmp_path / "out.pptx").exists()


def _page(path: Path, slides: int) -> Path:
    body = "".join(
        f"<div class='slide' style='width:1280px;height:720px'><h1>Slide {i}</h1><p>Text <b>bold</b> "
        f"<i>it</i> {i}</p><ul><li>a</li><li>b</li></ul></div>"
        for i in range(slides)
    )
    path.write_text(f"<html><body style='margin:0'>{body}</body></html>")
    return path


@needs_chromium
@pytest.mark.render
def test_html_reading_is_linear_in_slides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from adapters.html.dom_reader import read_dom

    sent: list[int] = []
    real = LoadedPage.cdp_batch

    def counting(self, calls):  # type: ignore[no-untyped-def]
        sent.append(len(calls))
        return real(self, calls)

    monkeypatch.setattr(LoadedPage, "cdp_batch", counting)
    costs = {}
    for n in (5, 20):
        sent.clear()
        deck = read_dom(_page(tmp_path / f"p{n}.html", n))
        assert len(deck.slides) == n
        costs[n] = sum(sent)
    # CDP commands per slide do not grow with the slides before it (they did: every marked
    # element of the page was queried again for each slide)
    assert costs[20] <= 4.5 * costs[5], costs


@needs_chromium
@pytest.mark.render
def test_one_blocked_frame_among_several_is_a_loss_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "secret.txt").write_text(SECRET)
    deck_dir = tmp_path / "deck"
    deck_dir.mkdir()
    for i in (1, 2):
        box = f"<div style='width:1280px;height:720px'><h1>Frame {i}</h1></div>"
        (deck_dir / f"s{i}.html").write_text(f"<html><body style='margin:0'>{box}</body></html>")
    os.mkfifo(deck_dir / "fifo.html")
    frames = [
        "s1.html",
        "file:///etc/hostname",
        "../secret.txt",
        "fifo.html",
        "missing.html",
        "http://127.0.0.1:9/x.html",
        "s2.html",
    ]
    viewer = deck_dir / "viewer.html"
    viewer.write_text(
        "<html><body>"
        + "".join(f"<iframe src='{f}' width=1280 height=720></iframe>" for f in frames)
        + "</body></html>"
    )
    r = ace(capsys, "convert", viewer, tmp_path / "out.json", "--json", expect=(0,))
    losses = json.loads(r.out)["data"]["losses"]
    skipped = [e["reason"] for e in losses if e["feature"] == "blocked-frame"]
    assert len(skipped) == 4 and any("missing.html" in s for s in skipped)
    assert json.loads(r.out)["data"]["slides"] == 2
    r = ace(capsys, "render", viewer, "-o", tmp_path / "png", "--json", expect=(0,))
    assert len(json.loads(r.out)["data"]["slides"]) == 2
    assert_no_secret(tmp_path / "out.json", tmp_path / "png")
