"""The warm LibreOffice's helpers: a package whose other slides are emptied, for a fast one-slide load."""

from __future__ import annotations

from adapters import read
from backends.render.warm_office import slide_only
from tests.conftest import FIXTURES

DECK = FIXTURES / "decks" / "pptagent-build_effective_agents.pptx"


def _own_texts(slide) -> list[str]:
    return [
        n.text.plain_text
        for n in slide.iter_nodes()
        if getattr(n, "text", None) is not None and ".l" not in n.id  # layout shapes come from the layout
    ]


def test_slide_only_keeps_the_slide_in_place_and_empties_the_others(tmp_path) -> None:
    package = DECK.read_bytes()
    full = read(DECK)
    for index in (0, 4, len(full.slides) - 1):
        cut = tmp_path / f"cut{index}.pptx"
        cut.write_bytes(slide_only(package, index))
        deck = read(cut)
        assert [s.id for s in deck.slides] == [s.id for s in full.slides]  # numbering and page index kept
        for i, slide in enumerate(deck.slides):
            assert _own_texts(slide) == (_own_texts(full.slides[index]) if i == index else [])
