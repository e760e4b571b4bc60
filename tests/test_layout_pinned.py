"""pinned_measurer: unchanged text keeps its stored size, so solving an imported deck moves nothing;
on the Figma corpus the solver then reproduces Figma's own layout exactly."""

from __future__ import annotations

import pytest

from ace_core.ir import AutoLayout, Deck, FrameNode, Slide, TextBody, TextNode
from ace_core.layout import MonospaceMeasurer, pinned_measurer, solve_deck

MONO = MonospaceMeasurer(char_width=10, line_height=20)


def _deck() -> tuple[Deck, TextNode, TextNode]:
    """A card laid out by another tool: its text boxes (37.5 x 17, 100 x 33) are not MONO's."""
    hug = TextNode(id="hug", text=TextBody.from_text("label"), width=37.5, height=17, sizing_h="HUG", sizing_v="HUG")
    para = TextNode(
        id="para", text=TextBody.from_text("a b c d e f g"), y=25, width=100, height=33, sizing_h="FILL", sizing_v="HUG"
    )
    layout = AutoLayout(mode="VERTICAL", item_spacing=8)
    card = FrameNode(id="card", width=100, height=58, sizing_v="HUG", layout=layout, children=[hug, para])
    return Deck(slides=[Slide(id="s", children=[card])]), hug, para


def test_unchanged_text_keeps_its_stored_size():
    deck, _, _ = _deck()
    before = deck.to_json()
    assert solve_deck(deck, pinned_measurer(deck, MONO)) == []
    assert deck.to_json() == before
    assert solve_deck(deck, MONO)  # the plain measurer would move it


def test_edited_text_is_measured_again():
    deck, hug, para = _deck()
    measurer = pinned_measurer(deck, MONO)
    hug.text = TextBody.from_text("longer label")
    para.text.paragraphs[0].runs[0].text = "a b c d e f g h i j k l m n"
    changed = solve_deck(deck, measurer)
    assert (hug.width, hug.height) == (120, 20)
    assert para.height == 60  # "a b c d e" / "f g h i j" / "k l m n" at 10 characters per line
    assert deck.slides[0].children[0].height == 20 + 8 + 60
    assert set(changed) == {"hug", "para", "card"}


def test_a_new_width_is_measured_again():
    deck, hug, para = _deck()
    measurer = pinned_measurer(deck, MONO)
    deck.slides[0].children[0].width = 60
    solve_deck(deck, measurer)
    assert (para.width, para.height) == (60, 60)  # "a b c" / "d e f" / "g" at 6 characters per line
    assert (hug.width, hug.height) == (37.5, 17)  # unchanged, still pinned


@pytest.mark.corpus
def test_solving_figma_decks_reproduces_figmas_layout(corpus_dir):
    from adapters.api import read

    files = sorted((corpus_dir / "figma").glob("*.json"))
    assert files
    frames = 0
    for path in files:
        deck = read(path)
        frames += sum(1 for _, n in deck.iter_nodes() if getattr(n, "layout", None) is not None)
        before = {n.id: (n.x, n.y, n.width, n.height) for _, n in deck.iter_nodes()}
        solve_deck(deck, pinned_measurer(deck))
        for _, node in deck.iter_nodes():
            box = (node.x, node.y, node.width, node.height)
            assert box == pytest.approx(before[node.id], abs=0.01), (path.name, node.id)
    assert frames >= 20  # the corpus has auto-layout to check
