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
