"""Fuzz the untrusted-input boundaries (tests/fuzz_targets.py): OOXML, HTML, Figma and IR readers
(then both XML writers) and the op-batch parser (then the batch). A bounded, derandomized number
of examples per target keeps CI to seconds; tests/bench/fuzz_readers.py runs many more.
`ACE_FUZZ_EXAMPLES` sets the number here too."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz_targets import TARGETS

EXAMPLES = int(os.environ.get("ACE_FUZZ_EXAMPLES", "12"))


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_fuzzed_input_ends_in_a_deck_or_a_clear_error(name: str) -> None:
    strategy, target = TARGETS[name]

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(strategy)
    def run(value: object) -> None:
        target(value)

    run()


# -- what the long run (tests/bench/fuzz_readers.py --seed 13) found ------------------------------------
def test_a_root_relationship_naming_no_part_still_patches(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The reader falls back to the presentation part when _rels/.rels names a missing one
    ("NaN", "-1"); the patch writer must use that part too, not the dangling target."""
    from adapters import read, write
    from tests.hostile_inputs import base_pptx, rezip

    def rels(xml: bytes) -> bytes:
        return xml.replace(b'Target="ppt/presentation.xml"', b'Target="NaN"')

    src = rezip(base_pptx(), tmp_path / "d.pptx", {"_rels/.rels": rels})
    assert b'Target="NaN"' in __import__("zipfile").ZipFile(src).read("_rels/.rels")
    deck = read(src)
    write(deck, tmp_path / "o.pptx")
    back = read(tmp_path / "o.pptx")
    assert "Visible title" in str(back.slides[0].children)


def test_lone_surrogates_in_ace_html_text_are_repaired_and_reported() -> None:
    from adapters.html.read_schema import read_schema_text
    from tests.fuzz_targets import _ace_html

    deck = read_schema_text("\ud800" + _ace_html().replace("Three ways", "Three\udfff ways"))
    assert any(e.feature == "invalid-text" for e in deck.report.entries)
    assert any("Three\ufffd ways" in str(n) for _, n in deck.iter_nodes())
