"""`ace edit`: a batch of tool calls on a deck of any format, dry runs, failures that write
nothing, and slides copied in from other decks (any format) keeping their look."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import needs_chromium

from ace_core.color import Color, ColorRef
from ace_core.ir.deck import Deck, Slide, Theme
from ace_core.ir.nodes import RectangleNode, TextNode
from ace_core.ir.style import SolidPaint
from ace_core.ir.text import TextBody, TextStyle
from cli.main import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "fixtures" / "ir" / "sample.json"
OPS = [
    {"tool": "create_slide", "args": {"layout": "title_content"}, "id": "s"},
    {"tool": "set_text_content", "args": {"changes": [{"nodeId": "$s.placeholders.title", "text": "Added"}]}},
    {"tool": "set_fill_color", "args": {"nodeId": "s2-card1", "color": "#FFE4E1"}},
]


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def work(tmp_path: Path) -> Path:
    shutil.copy(SAMPLE, tmp_path / "deck.json")
    (tmp_path / "ops.json").write_text(json.dumps(OPS))
    return tmp_path


def test_edit_applies_the_batch_and_never_touches_the_input(capsys, work: Path) -> None:
    before = (work / "deck.json").read_bytes()
    code, out, err = run(capsys, "edit", work / "deck.json", "--ops", work / "ops.json", "-o", work / "out.json")
    assert code == 0, err
    assert (work / "deck.json").read_bytes() == before
    deck = Deck.load(work / "out.json")
    assert len(deck.slides) == 4 and deck.slides[1].children[0].text.plain_text == "Added"
    assert deck.find("s2-card1")[1].fills[0].color.hex == "#FFE4E1"
    assert "3 operations" in out and "wrote" in out


def test_dry_run_prints_results_and_changes_without_writing(capsys, work: Path) -> None:
    code, out, _ = run(
        capsys, "edit", work / "deck.json", "--ops", work / "ops.json", "--dry-run", "-o", work / "out.json"
    )
    assert code == 0 and not (work / "out.json").exists()
    assert "0 create_slide: ok" in out and "fills: [#E0E7FF] -> [#FFE4E1]" in out and "dry run: nothing written" in out
    code, out, _ = run(capsys, "edit", work / "deck.json", "--ops", work / "ops.json", "--dry-run", "--json")
    data = json.loads(out)["data"]
    assert data["changes"]["by_op"] == {"added": 2, "modified": 1, "slide_added": 1}
    assert [r["ok"] for r in data["results"]] == [True, True, True]


def test_a_failing_command_exits_2_with_one_line_and_writes_nothing(capsys, work: Path) -> None:
    ops = [*OPS, {"tool": "set_opacity", "args": {"nodeId": "s2-card1", "opacity": 2}}]
    (work / "bad.json").write_text(json.dumps(ops))
    code, _out, err = run(capsys, "edit", work / "deck.json", "--ops", work / "bad.json", "-o", work / "out.json")
    assert code == 2 and not (work / "out.json").exists()
    assert err.count("\n") == 1 and "operation 3 (set_opacity), field opacity" in err and "Traceback" not in err


def test_refuses_to_overwrite_the_input_and_bad_ops_files(capsys, work: Path) -> None:
    code, _, err = run(capsys, "edit", work / "deck.json", "--ops", work / "ops.json", "-o", work / "deck.json")
    assert code == 2 and "overwrite the input" in err
    (work / "x.json").write_text('{"tool": "x"}')
    code, _, err = run(capsys, "edit", work / "deck.json", "--ops", work / "x.json", "-o", work / "o.json")
    assert code == 2 and "list of {tool, args" in err
    code, _, err = run(capsys, "edit", work / "deck.json", "-o", work / "o.json")
    assert code == 2 and "nothing to do" in err


def test_instruction_runs_the_agent(capsys, work: Path, monkeypatch) -> None:
    from cli.commands import agent

    calls = []
    monkeypatch.setattr(agent, "run_agent_edit", lambda *a, **kw: calls.append((a, kw)), raising=False)
    code, _, err = run(
        capsys,
        "edit",
        work / "deck.json",
        "-i",
        "make the title red",
        "--model",
        "m",
        "--iterations",
        "2",
        "--log",
        work / "log.jsonl",
        "--to",
        "ir",
        "-o",
        work / "o.json",
    )
    assert code == 0, err
    ((args, kwargs),) = calls
    assert args == (work / "deck.json", "make the title red", work / "o.json")
    assert kwargs == {
        "model": "m",
        "iterations": 2,
        "log": work / "log.jsonl",
        "to_format": "ir",
        "tau": 4,
        "max_tokens": None,
        "max_cost": None,
        "max_seconds": None,
    }
    monkeypatch.delattr(agent, "run_agent_edit")
    code, _, err = run(capsys, "edit", work / "deck.json", "-i", "make the title red", "-o", work / "o.json")
    assert code == 3 and "agent" in err
    code, _, err = run(capsys, "edit", work / "deck.json", "-i", "x", "--ops", work / "ops.json", "-o", work / "o.json")
    assert code == 2 and "cannot be combined" in err


def test_edit_pptx_to_pptx(capsys, tmp_path: Path) -> None:
    src = ROOT / "fixtures" / "pptx" / "tika-testPPT_groups.pptx"
    from adapters import read

    deck = read(src)
    first_text = next(n for n in deck.slides[0].iter_nodes() if n.type == "TEXT")
    ops = [{"tool": "set_text_content", "args": {"changes": [{"nodeId": first_text.id, "text": "Edited by ace"}]}}]
    (tmp_path / "ops.json").write_text(json.dumps(ops))
    code, _, err = run(capsys, "edit", src, "--ops", tmp_path / "ops.json", "-o", tmp_path / "out.pptx")
    assert code == 0, err
    again = read(tmp_path / "out.pptx")
    assert again.find(first_text.id)[1].text.plain_text == "Edited by ace"
    assert len(again.slides) == len(deck.slides)


def _two_decks() -> tuple[Deck, Deck]:
    red, blue = Color.from_hex("#C00000", ColorRef(scheme="accent1")), Color.from_hex("#0000C0")
    theme = Theme(colors={"accent1": red}, fonts={"major": "DejaVu Serif", "minor": "DejaVu Sans"})
    body = TextBody.from_text("Serif heading", TextStyle(font_ref="+mj-lt"))
    slides = [
        Slide(
            id=f"o{i}",
            children=[
                RectangleNode(id=f"o{i}-r", width=100, height=50, fills=[SolidPaint(color=red)]),
                TextNode(id=f"o{i}-t", y=60, width=300, height=40, text=body, hyperlink="#slide:o1"),
            ],
        )
        for i in range(1, 6)
    ]
    other = Deck(width=1280, height=720, slides=slides, theme=theme)
    target = Deck.load(SAMPLE)
    target.theme.colors["accent1"] = blue
    return target, other


def test_insert_from_keeps_the_look(capsys, tmp_path: Path) -> None:
    target, other = _two_decks()
    target.save(tmp_path / "deck.json")
    other.save(tmp_path / "other.json")
    code, _out, err = run(
        capsys,
        "edit",
        tmp_path / "deck.json",
        "--insert-from",
        tmp_path / "other.json",
        "--slides",
        "2,5",
        "-o",
        tmp_path / "out.json",
    )
    assert code == 0, err
    deck = Deck.load(tmp_path / "out.json")
    assert len(deck.slides) == 5
    copied = deck.slides[3:]
    assert [s.meta["copied_from"]["slide"] for s in copied] == ["o2", "o5"]
    rect = copied[0].children[0]
    assert rect.id not in ("o2-r",) and rect.fills[0].color.hex == "#C00000" and rect.fills[0].color.ref is None
    text = copied[0].children[1]
    assert text.text.style.font_family == "DejaVu Serif" and text.text.style.font_ref is None
    assert text.hyperlink is None  # its target slide was not copied
    code, _, err = run(
        capsys,
        "edit",
        tmp_path / "deck.json",
        "--insert-from",
        tmp_path / "other.json",
        "--slides",
        "9",
        "-o",
        tmp_path / "o2.json",
    )
    assert code == 2 and "slide 9 does not exist" in err


@pytest.mark.parametrize(
    "src",
    ["pptx/poi-backgrounds.pptx", "figma/slides.figma.json", "html/deck3.html"],
)
def test_insert_from_any_format(capsys, tmp_path: Path, src: str) -> None:
    shutil.copy(SAMPLE, tmp_path / "deck.json")
    other = ROOT / "fixtures" / src
    ops = [{"tool": "set_speaker_notes", "args": {"slideId": "$insert.slide_ids[0]", "notes": "copied"}}]
    (tmp_path / "ops.json").write_text(json.dumps(ops))
    code, _, err = run(
        capsys,
        "edit",
        tmp_path / "deck.json",
        "--insert-from",
        other,
        "--slides",
        "2",
        "--at",
        "1",
        "--ops",
        tmp_path / "ops.json",
        "-o",
        tmp_path / "out.json",
    )
    assert code == 0, err
    from adapters import read

    source = read(other).slides[1]
    deck = Deck.load(tmp_path / "out.json")
    copied = deck.slides[0]
    assert copied.notes == "copied" and len(deck.slides) == 4
    kinds = sorted(n.type for n in copied.iter_nodes())
    assert kinds == sorted(n.type for n in source.iter_nodes())
    ids = {n.id for n in copied.iter_nodes()}
    assert not ids & {n.id for s in deck.slides[1:] for n in s.iter_nodes()}
    for n in copied.iter_nodes():
        img = getattr(n, "image", None)
        if img is not None and img.asset:
            assert (tmp_path / "out.assets" / img.asset).is_file()


@pytest.mark.render
@needs_chromium
def test_copied_slides_render_like_their_source(tmp_path: Path) -> None:
    """The copied slides of a .pptx, inserted into another .pptx deck with another theme (and
    master backgrounds), render like the originals (Chromium, judge.similarity)."""
    from adapters import read
    from backends.scenegraph import SceneGraphBackend
    from judge.similarity import similarity_files

    src = ROOT / "fixtures" / "pptx" / "poi-backgrounds.pptx"
    source = SceneGraphBackend(read(src))
    target_deck = read(ROOT / "fixtures" / "pptx" / "pypptx-ph-inherit-props.pptx")
    for slot in target_deck.theme.colors:  # a loud theme that must not leak into the copies
        target_deck.theme.colors[slot] = Color.from_hex("#00C000")
    target = SceneGraphBackend(target_deck)
    result = target.execute("insert_slides_from", {"path": str(src), "slides": [1, 2]})
    assert result["ok"], result
    before = source.render(tmp_path / "a", [s.id for s in source.deck.slides[:2]])
    after = target.render(tmp_path / "b", result["result"]["slide_ids"])
    scores = [similarity_files(a, b) for a, b in zip(before, after, strict=True)]
    assert min(scores) > 0.98, scores
