"""`load_pymupdf`: PyMuPDF imported with onnxruntime's telemetry off (it would leave TMPDIR/.ses behind)."""

from __future__ import annotations

import os
from types import ModuleType

__all__ = ["load_pymupdf"]


def load_pymupdf() -> ModuleType:
    """The `pymupdf` module. PyMuPDF 2 imports its layout package, which loads onnxruntime, whose
    telemetry writes a session file (`.ses`: a timestamp and a UUID) into TMPDIR and a device id
    database under ~/.cache/Microsoft at load time; ACE uses no layout analysis and leaves no
    files behind, so the telemetry is turned off (ORT_DISABLE_TELEMETRY, unless the caller set it)
    before the first import."""
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    import pymupdf

    return pymupdf
