"""Open decks of the MCP server: a handle per deck, its backend, origin, checkpoints and undo stack."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ace_core.errors import BadInputError, ToolError
from ace_core.ir.deck import Deck
from ace_core.ir.loss import LossReport
from cli.mcp.files import Roots

__all__ = ["MAX_CHECKPOINTS", "UNDO_DEPTH", "DeckSession", "Sessions", "loss_summary"]

UNDO_DEPTH = 64
"""committed calls `undo` can take back per deck (older ones are forgotten: memory stays bounded)"""
MAX_CHECKPOINTS = 16


def loss_summary(report: LossReport, limit: int = 10) -> dict[str, Any]:
    """A loss report as counts by feature and severity plus its first entries."""
    by_severity: dict[str, int] = {}
    for e in report.entries:
        by_severity[e.severity] = by_severity.get(e.severity, 0) + 1
    return {
        "count": len(report),
        "by_feature": dict(sorted(report.by_feature().items())),
        "by_severity": by_severity,
        "entries": [e.describe() for e in report.entries[:limit]],
        "more": max(0, len(report) - limit),
    }


@dataclass
class DeckSession:
    """One open deck: the backend holding it, what it looked like at open (for `diff`), named
    checkpoints, and the committed documents before each edit (for `undo`)."""

    handle: str
    path: Path
    source_format: str
    backend_name: str
    backend: Any
    origin: Deck
    read_report: LossReport
    work_dir: Path
    opened: float = field(default_factory=time.time)
    checkpoints: dict[str, Deck] = field(default_factory=dict)
    undo_stack: deque[Any] = field(default_factory=lambda: deque(maxlen=UNDO_DEPTH))
    commits: int = 0
    saved_at_commit: int = 0
    saved_path: Path | None = None

    # -- the committed document ------------------------------------------------------------------
    def document(self) -> Any:
        """The backend's committed document object (a scene state, an OpenXML or HTML document);
        an edit replaces it with a new object, leaving this one as it was."""
        be = self.backend
        return be.docs[be.active]

    def record(self, before: Any) -> bool:
        """After a call: when it committed an edit, remember the document before it for undo."""
        if self.document() is before:
            return False
        if getattr(before, "_view", None) is not None:
            before._view = None  # a native document's read-back deck: rebuilt if undo brings it back
        self.undo_stack.append(before)
        self.commits += 1
        return True

    def undo(self, steps: int = 1) -> int:
        """Put back the document from `steps` committed calls ago; returns how many were undone."""
        done = 0
        be = self.backend
        while done < steps and self.undo_stack:
            be.docs[be.active] = self.undo_stack.pop()
            done += 1
            self.commits += 1  # the deck changed again: unsaved
        return done

    @property
    def dirty(self) -> bool:
        return self.commits != self.saved_at_commit

    def baseline(self, since: str | None) -> tuple[str, Deck]:
        """The deck a diff starts from: the one at open, or a named checkpoint."""
        if since in (None, "", "open"):
            return "open", self.origin
        if since not in self.checkpoints:
            known = ", ".join(["open", *self.checkpoints])
            raise ToolError(f"no checkpoint {since!r}", tool="diff", field="since", hint=f"known: {known}")
        return since, self.checkpoints[since]

    def checkpoint(self, name: str | None) -> str:
        name = name or f"c{len(self.checkpoints) + 1}"
        if name == "open":
            raise ToolError("'open' names the deck as opened", tool="checkpoint", field="name", hint="choose another")
        if name not in self.checkpoints and len(self.checkpoints) >= MAX_CHECKPOINTS:
            oldest = next(iter(self.checkpoints))
            del self.checkpoints[oldest]
        self.checkpoints.pop(name, None)
        self.checkpoints[name] = self.backend.export()
        return name

    def slide_id(self, slide: int | str, field: str = "slide") -> tuple[int, str]:
        """(0-based index, id) of a slide given as a 1-based number or an id."""
        deck = self.view()
        if isinstance(slide, int) or (isinstance(slide, str) and slide.isdigit()):
            n = int(slide)
            if not 1 <= n <= len(deck.slides):
                raise ToolError(
                    f"slide {n} is past the deck's {len(deck.slides)} slides", field=field, hint="slides count from 1"
                )
            return n - 1, deck.slides[n - 1].id
        for i, s in enumerate(deck.slides):
            if s.id == slide:
                return i, s.id
        raise ToolError(f"no slide with id {slide!r}", field=field, hint="give a 1-based number or a slide id")

    def view(self) -> Deck:
        """The current deck (read-only: do not change it)."""
        be = self.backend
        return be.view() if hasattr(be, "view") else be.deck

    def describe(self) -> dict[str, Any]:
        deck = self.view()
        return {
            "deck": self.handle,
            "path": str(self.path),
            "format": self.source_format,
            "backend": self.backend_name,
            "slides": len(deck.slides),
            "size": [deck.width, deck.height],
            "edits": self.commits,
            "unsaved": self.dirty,
            "undo_available": len(self.undo_stack),
            "checkpoints": list(self.checkpoints),
            "saved_to": str(self.saved_path) if self.saved_path else None,
        }

    def close(self) -> None:
        self.undo_stack.clear()
        self.checkpoints.clear()
        shutil.rmtree(self.work_dir, ignore_errors=True)


class Sessions:
    """The decks a server has open. Every call on them runs under one engine lock (the backends
    and the text measurer are not thread-safe; calls arrive on worker threads)."""

    def __init__(self, roots: Roots, *, default_backend: str = "scenegraph", max_decks: int = 16) -> None:
        self.roots = roots
        self.default_backend = default_backend
        self.max_decks = max_decks
        self.decks: dict[str, DeckSession] = {}
        self.lock = threading.RLock()
        self._counter = 0

    def open(self, path: str, backend: str | None = None) -> DeckSession:
        from adapters import read
        from adapters.registry import registry as formats
        from backends.native import BACKEND_NAMES, make_backend
        from backends.scenegraph.images import UnsplashProvider

        name = (backend or self.default_backend).strip().lower()
        if name not in BACKEND_NAMES:
            raise BadInputError(f"unknown backend {backend!r}", where="backend", hint=f"use {', '.join(BACKEND_NAMES)}")
        if len(self.decks) >= self.max_decks:
            raise BadInputError(
                f"{len(self.decks)} decks are open, the server's limit", where="open_deck", hint="close_deck one first"
            )
        real = self.roots.readable(path, field="path")
        fmt = formats().detect(real).info.name
        deck = read(real, fmt=fmt)
        work = Path(tempfile.mkdtemp(prefix="ace-mcp-"))
        try:
            offline = UnsplashProvider(key="")  # the server makes no network requests: local library only
            be = make_backend(name, deck, work_dir=work / "backend", unsplash=offline)
            if hasattr(be, "warm_render"):
                be.warm_render = True  # previews and metrics through the warm LibreOffice
            origin = be.export()
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        self._counter += 1
        handle = f"d{self._counter}"
        session = DeckSession(
            handle=handle,
            path=real,
            source_format=fmt,
            backend_name=name,
            backend=be,
            origin=origin,
            read_report=deck.report,
            work_dir=work,
        )
        self.decks[handle] = session
        return session

    def get(self, handle: Any, *, field: str = "deck", tool: str | None = None) -> DeckSession:
        if handle in (None, "") and len(self.decks) == 1:
            return next(iter(self.decks.values()))
        if not isinstance(handle, str) or handle not in self.decks:
            known = ", ".join(self.decks) or "none: call open_deck first"
            what = "no deck handle given" if handle in (None, "") else f"no open deck {handle!r}"
            raise ToolError(what, tool=tool, field=field, hint=f"open decks: {known}")
        return self.decks[handle]

    def close(self, handle: str) -> DeckSession:
        session = self.get(handle, tool="close_deck")
        del self.decks[session.handle]
        session.close()
        return session

    def close_all(self) -> None:
        for handle in list(self.decks):
            self.decks.pop(handle).close()
