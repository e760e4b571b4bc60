"""`ace inspect`'s table without rich (cli/plain_table.py): whenever it draws, it writes exactly
what rich writes; when rich could write anything else it declines."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from cli.inspect_run import rich_report
from cli.plain_table import plain_report

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "fixtures" / "pptx" / "shapecrawler-059_crop-images.pptx"
HEADERS = ("#", "id", "nodes", "kinds", "text")


def by_rich(before: list[str], rows: list[tuple[str, ...]], after: list[str], width: int) -> str:
    """What the rich path of `ace inspect` prints (cli.output's stdout console) at `width`."""
    buf = io.StringIO()
    rich_report(
        Console(file=buf, width=width, highlight=False, soft_wrap=True, emoji=False), before, HEADERS, rows, after
    )
    return buf.getvalue()


@pytest.fixture
def piped(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "stdout", io.StringIO())


cell = st.text(alphabet=st.sampled_from(list("ab Z09:-_.()[]/\\é\t漢")), max_size=30)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=st.lists(st.tuples(cell, cell, cell, cell, cell), max_size=4),
    before=st.lists(cell, min_size=1, max_size=2),
    after=st.lists(cell, max_size=3),
    width=st.integers(min_value=20, max_value=140),
)
def test_the_plain_table_is_what_rich_writes(piped: None, rows, before, after, width) -> None:
    os.environ["COLUMNS"] = str(width)
    try:
        text = plain_report(before, HEADERS, rows, after)
    finally:
        del os.environ["COLUMNS"]
    if text is not None:
        assert text + "\n" == by_rich(before, rows, after, width)


def test_it_draws_plain_cells_and_declines_the_rest(piped: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    rows = [("1", "s256", "8", "IMAGE:8", "Title: (draft)"), ("2 (hidden)", "s257", "0", "", "")]
    text = plain_report(["deck.pptx: 2 slides"], HEADERS, rows, ["loss report (1 entries):", "  a loss"])
    assert text is not None and text + "\n" == by_rich(
        ["deck.pptx: 2 slides"], rows, ["loss report (1 entries):", "  a loss"], 80
    )
    assert plain_report(["x"], HEADERS, [("1", "s1", "1", "TEXT:1", "[bold]x")], []) is None  # markup
    assert plain_report(["x"], HEADERS, [("1", "s1", "1", "TEXT:1", "漢字")], []) is None  # two columns a character
    assert plain_report(["x"], HEADERS, [("1", "s1", "1", "TEXT:1", "w" * 60)], []) is None  # rich would wrap
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert plain_report(["x"], HEADERS, rows, []) is None  # rich would draw for a terminal


def test_ace_inspect_piped_skips_rich_and_prints_what_rich_prints() -> None:
    code = "import sys, runpy; sys.argv = ['ace', 'inspect', sys.argv[1]]; runpy.run_module('cli', run_name='__main__')"
    env = {
        k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS")
    }
    plain = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code, str(DECK)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert plain.returncode == 0, plain.stderr[-2000:]
    assert " rich" not in plain.stderr and "rich." not in plain.stderr
    forced = subprocess.run(
        [sys.executable, "-c", code, str(DECK)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**env, "FORCE_COLOR": ""},
        timeout=300,
    )
    assert forced.returncode == 0 and forced.stdout == plain.stdout
    assert "┃ # ┃ id" in plain.stdout and "IMAGE:8" in plain.stdout
