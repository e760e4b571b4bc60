"""Where the project's shared folder is (design docs, the corpus, the reference scripts): one
finder for the tests, benches and measuring scripts, so none assumes where a checkout sits."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["CHECKOUT", "shared_dir"]

CHECKOUT = Path(__file__).resolve().parents[1]
"""the source tree this module was imported from"""


def shared_dir(start: Path | None = None) -> Path:
    """$ACE_SHARED_DIR when set; else the `shared` folder holding a `corpus` beside the nearest
    ancestor of `start` (default: this checkout; a git worktree sits deeper than the main one);
    else `<start>/../shared`, which may not exist (callers skip or say so)."""
    env = os.environ.get("ACE_SHARED_DIR", "").strip()
    if env:
        return Path(env).expanduser()
    root = (start or CHECKOUT).resolve()
    return next((a / "shared" for a in root.parents if (a / "shared" / "corpus").is_dir()), root.parent / "shared")
