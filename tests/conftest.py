"""Shared test fixtures: paths to the bundled fixtures and (when present) the shared corpus."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"


def _shared_dir() -> Path:
    """../shared: $ACE_SHARED_DIR, else the nearest ancestor's `shared` folder holding a corpus (a
    git worktree sits deeper than the checkout), else the checkout's sibling (absent: tests skip)."""
    if os.environ.get("ACE_SHARED_DIR"):
        return Path(os.environ["ACE_SHARED_DIR"])
    return next((a / "shared" for a in ROOT.parents if (a / "shared" / "corpus").is_dir()), ROOT.parent / "shared")


SHARED = _shared_dir()
CORPUS = SHARED / "corpus"


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    return CORPUS


def has_soffice() -> bool:
    return shutil.which("soffice") is not None


def has_chromium() -> bool:
    return Path("/usr/bin/chromium").exists()


needs_soffice = pytest.mark.skipif(not has_soffice(), reason="LibreOffice (soffice) is not installed")
needs_chromium = pytest.mark.skipif(not has_chromium(), reason="Chromium is not installed")
