"""The shared folder (design docs, corpus, reference scripts) is found one way everywhere:
$ACE_SHARED_DIR, else the nearest ancestor's `shared/` holding a corpus, else the sibling."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ace_core.shared_dir import shared_dir

ROOT = Path(__file__).resolve().parents[1]


def test_the_nearest_ancestor_with_a_corpus_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ACE_SHARED_DIR", raising=False)
    (tmp_path / "shared" / "corpus").mkdir(parents=True)
    (tmp_path / "wt" / "shared").mkdir(parents=True)  # no corpus: not the one
    checkout = tmp_path / "wt" / "branch"
    checkout.mkdir()
    assert shared_dir(checkout) == tmp_path / "shared"
    (tmp_path / "wt" / "shared" / "corpus").mkdir()
    assert shared_dir(checkout) == tmp_path / "wt" / "shared"


def test_the_environment_overrides_and_a_missing_folder_is_the_sibling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkout = tmp_path / "repo"
    checkout.mkdir()
    monkeypatch.delenv("ACE_SHARED_DIR", raising=False)
    if not any((a / "shared" / "corpus").is_dir() for a in tmp_path.parents):  # the machine may have one
        assert shared_dir(checkout) == tmp_path / "shared"  # absent: callers skip or say so
    monkeypatch.setenv("ACE_SHARED_DIR", str(tmp_path / "elsewhere"))
    assert shared_dir(checkout) == tmp_path / "elsewhere"


def test_no_script_or_bench_assumes_where_the_shared_folder_is() -> None:
    pattern = re.compile(r"""parents?(\[\d\])?\s*/\s*["']shared["']""")
    files = [*(ROOT / "scripts").glob("*.py"), *(ROOT / "tests" / "bench").glob("*.py"), ROOT / "tests" / "conftest.py"]
    offenders = [str(p.relative_to(ROOT)) for p in files if pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []
