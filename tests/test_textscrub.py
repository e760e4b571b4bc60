"""The XML-unsafe character scrub of the writers: the quick clean-deck check (one JSON dump,
substring scans, then the regex) says dirty exactly when the regex alone would."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ace_core.ir.deck import Deck, Slide
from ace_core.ir.nodes import TextNode
from ace_core.ir.text import Paragraph, Run, TextBody
from ace_core.textscrub import _JSON_BAD, _dirty, scrub_deck


class _Dumped:
    def __init__(self, text: str) -> None:
        self.text = text

    def model_dump_json(self) -> str:
        return self.text


# the pieces the check's substrings and the regex are made of, and their near misses
PIECES = ["\\\\", "\\", "u", "U", "0", "00", "1", "b", "e", "f", "F", "7", "\ufffe", "\uffff", "\ufffd", "a", " ", '"']


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12))
def test_the_quick_check_agrees_with_the_regex(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert _dirty(_Dumped(text)) == (_JSON_BAD.search(text) is not None)


def _deck(text: str) -> Deck:
    body = TextBody(paragraphs=[Paragraph(runs=[Run(text=text)])])
    return Deck(slides=[Slide(id="s1", children=[TextNode(id="t1", text=body)])])


def test_a_control_character_is_scrubbed_and_a_clean_deck_is_kept() -> None:
    clean = _deck("plain text, a line\vbreak, \ufffd")
    same, found = scrub_deck(clean)
    assert same is clean and found == []
    written_out = _deck("a \\u0001 written out")  # the check's false alarm: a copy, nothing changed
    copy, found = scrub_deck(written_out)
    assert found == [] and copy.model_dump() == written_out.model_dump()
    dirty = _deck("bell\x07 here")
    fixed, found = scrub_deck(dirty)
    assert fixed is not dirty and found == [("s1", "t1", "children.text.paragraphs.runs.text")]
    assert fixed.slides[0].children[0].text.paragraphs[0].runs[0].text == "bell here"
