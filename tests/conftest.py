"""Shared test fixtures: paths to the bundled fixtures and (when present) the shared corpus."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ace_core.shared_dir import shared_dir

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"


SHARED = shared_dir(ROOT)  # $ACE_SHARED_DIR, else the nearest ancestor's shared/ with a corpus
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
