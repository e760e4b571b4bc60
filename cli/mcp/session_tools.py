"""The server's own tools: open / list / save / close decks, convert files, render a slide, diff,
checkpoint, metrics, route and undo. Parameters are pydantic models like the suite's, so bad
arguments get the same one-line errors."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from ace_core.errors import BadInputError, ToolError
from ace_core.tools.spec import ToolSpec
from ace_core.tools.types import ToolParams
from cli.mcp.sessions import UNDO_DEPTH, DeckSession, Sessions, loss_summary
from cli.mcp.tools_bridge import DECK_PROPERTY, Reply, ToolDef

__all__ = ["session_tools"]

Backend = Literal["scenegraph", "ooxml", "html"]
Format = Literal["pptx", "html", "figma", "ir"]
SlideRef = int | str
_DECK = Field(min_length=1, description=DECK_PROPERTY["description"])


class OpenDeck(ToolParams):
    """Open a deck file (pptx, html, Figma JSON or IR JSON, under the server's roots) for editing
    on a backend: scenegraph (the IR, auto-layout; every tool), ooxml (the OpenXML package itself)
    or html (the DOM). Returns the deck handle that every other tool takes, the slide count, the
    slides' ids and titles, the read's loss report summary, and the tools this backend does not
    support."""

    path: str = Field(min_length=1, description="deck file; relative paths start at the first root")
    backend: Backend | None = Field(None, description="default: the server's --backend")


class ListDecks(ToolParams):
    """The open decks: handle, file, backend, slides, edits, unsaved changes, undo steps, checkpoints."""


class SaveDeck(ToolParams):
    """Write the deck (atomically) to `path` in `format` (default: the extension's). Writing the
    source's format patches the source (only what the edits changed is rewritten). Without
    `path` the deck goes back to the file it was opened from, which needs overwrite=true, as does
    any existing file. Returns the write's loss report."""

    deck: str = _DECK
    path: str | None = Field(None, description="output file under the roots; default: the opened file")
    format: Format | None = Field(None, description="default: from the extension")
    overwrite: bool = Field(False, description="replace an existing file")
    fresh: bool = Field(False, description="generate the file from the deck instead of patching the source")


class CloseDeck(ToolParams):
    """Close a deck and free its memory. A deck with unsaved edits is only closed with discard=true."""

    deck: str = _DECK
    discard: bool = Field(False, description="close even though edits are unsaved (they are lost)")


class Convert(ToolParams):
    """Convert a deck file to another format (pptx, html, Figma JSON, IR JSON) without opening it
    as a session; both paths under the roots. Returns the read and write loss reports."""

    src: str = Field(min_length=1)
    dst: str = Field(min_length=1)
    format: Format | None = Field(None, description="output format; default: from dst's extension")
    overwrite: bool = False


class RenderSlide(ToolParams):
    """Render one slide of the deck as it is now and return it as a PNG image (LibreOffice for
    ooxml decks, Chromium otherwise), to see what an edit did."""

    deck: str = _DECK
    slide: SlideRef = Field(1, description="1-based slide number or slide id")
    width: int = Field(1280, ge=16, le=4096, description="image width in px (height follows the slide)")


class Diff(ToolParams):
    """What changed since the deck was opened (or since a checkpoint): the JsonDiff edit trace, an
    indented tree of added / removed / moved / modified elements with text snippets."""

    deck: str = _DECK
    since: str | None = Field(None, description="'open' (default) or a checkpoint name")
    snapshot: bool = Field(False, description="append a snapshot of the baseline's slides")
    maxEntries: int = Field(200, ge=1, le=10000)


class Checkpoint(ToolParams):
    """Remember the deck as it is now under a name, for diff(since=name)."""

    deck: str = _DECK
    name: str | None = Field(None, min_length=1, max_length=64, description="default: c1, c2, ...")


class Metrics(ToolParams):
    """The verifiable layout metrics of a slide (or of every slide): aspect-ratio compliance,
    whitespace, element collisions (overlap, escape parent, off-slide) and visual imbalance, each
    with its shaped reward. Rendered with LibreOffice (ooxml) or Chromium."""

    deck: str = _DECK
    slide: SlideRef | None = Field(None, description="1-based number or id; default every slide")


class Route(ToolParams):
    """Route an editing instruction with CARE (heuristic banks, no model call): the context mode
    (MICRO_SPATIAL, MACRO_PROGRAMMATIC, SYSTEMIC_TOKEN, FULL), the target slides, and the deck's
    serialization for that mode as text, with its token count against the full deck."""

    deck: str = _DECK
    instruction: str = Field(min_length=1, max_length=10000)


class Undo(ToolParams):
    """Take back the last committed call on the deck (a tool call or a whole batch), or `steps` of them."""

    deck: str = _DECK
    steps: int = Field(1, ge=1, le=UNDO_DEPTH)


def session_tools(sessions: Sessions) -> list[ToolDef]:
    handlers = _Handlers(sessions)
    table: list[tuple[str, type[ToolParams], Any, bool, bool]] = [
        ("open_deck", OpenDeck, handlers.open_deck, False, False),
        ("list_decks", ListDecks, handlers.list_decks, True, False),
        ("save_deck", SaveDeck, handlers.save_deck, False, False),
        ("close_deck", CloseDeck, handlers.close_deck, False, False),
        ("convert", Convert, handlers.convert, False, False),
        ("render_slide", RenderSlide, handlers.render_slide, True, False),
        ("diff", Diff, handlers.diff, True, False),
        ("checkpoint", Checkpoint, handlers.checkpoint, False, False),
        ("metrics", Metrics, handlers.metrics, True, False),
        ("route", Route, handlers.route, True, False),
        ("undo", Undo, handlers.undo, False, False),
    ]
    out = []
    for name, params, fn, read_only, destructive in table:
        spec = ToolSpec(name, "session", params, BaseModel, (params.__doc__ or "").strip())
        out.append(
            ToolDef(
                name=name,
                description=spec.doc,
                schema=spec.json_schema(),
                run=_bind(spec, fn),
                read_only=read_only,
                destructive=destructive,
                title=spec.summary.rstrip("."),
            )
        )
    return out


def _bind(spec: ToolSpec, fn: Any) -> Any:
    def run(args: dict[str, Any]) -> Reply:
        return fn(spec.validate(args))

    return run


class _Handlers:
    def __init__(self, sessions: Sessions) -> None:
        self.s = sessions

    # -- decks -----------------------------------------------------------------------------------
    def open_deck(self, p: OpenDeck) -> Reply:
        from cli.common import deck_summary

        session = self.s.open(p.path, p.backend)
        if session.backend_name == "ooxml":
            from cli.mcp.preview import prestart_office

            prestart_office()
        be = session.backend
        summary = deck_summary(session.view(), snippet=80)
        data = {
            **session.describe(),
            "slide_list": [{"n": s["index"], "id": s["id"], "text": s["text"]} for s in summary["slides"]],
            "losses": loss_summary(session.read_report),
            "unsupported_tools": {s: _reason(be, s) for s in _all_tool_names() if not be.supports(s)},
            "resources": [f"deck://{session.handle}/{r}" for r in ("full", "skeleton", "tokens", "slide/{n}")],
        }
        return Reply(data=data)

    def list_decks(self, p: ListDecks) -> Reply:
        return Reply(data={"decks": [d.describe() for d in self.s.decks.values()], "roots": self.s.roots.describe()})

    def save_deck(self, p: SaveDeck) -> Reply:
        from adapters import write
        from adapters.registry import registry as formats

        session = self.s.get(p.deck, tool="save_deck")
        target = self.s.roots.writable(p.path or session.path, field="path", overwrite=p.overwrite)
        fmt = formats().for_output(target, fmt=p.format).info.name
        deck = session.backend.export()
        patch = not p.fresh and _patchable(deck, fmt)
        report = write(deck, target, fmt=fmt, **({"fresh": True} if p.fresh and fmt == "pptx" else {}))
        session.saved_at_commit = session.commits
        session.saved_path = target
        data = {
            "deck": session.handle,
            "path": str(target),
            "format": fmt,
            "mode": "patch" if patch else "fresh",
            "slides": len(deck.slides),
            "losses": loss_summary(report),
            "loss_report": [e.model_dump(exclude_none=True) for e in report.entries[:200]],
        }
        return Reply(data=data)

    def close_deck(self, p: CloseDeck) -> Reply:
        session = self.s.get(p.deck, tool="close_deck")
        if session.dirty and not p.discard:
            raise ToolError(
                f"deck {session.handle} has {session.commits - session.saved_at_commit} unsaved edit(s)",
                tool="close_deck",
                field="discard",
                hint="save_deck first, or pass discard=true",
            )
        self.s.close(session.handle)
        return Reply(data={"closed": session.handle, "discarded_edits": session.dirty})

    def convert(self, p: Convert) -> Reply:
        from adapters import convert

        src = self.s.roots.readable(p.src, field="src")
        dst = self.s.roots.writable(p.dst, field="dst", overwrite=p.overwrite)
        if src == dst:
            raise BadInputError("the output would overwrite the input", where="dst", hint="choose another path")
        result = convert(src, dst, to_format=p.format)
        data = {
            "src": str(src),
            "dst": str(dst),
            "from": result.source_format,
            "to": result.target_format,
            "slides": len(result.deck.slides),
            "read_losses": loss_summary(result.read_report),
            "write_losses": loss_summary(result.write_report),
        }
        return Reply(data=data)

    # -- looking at a deck -----------------------------------------------------------------------
    def render_slide(self, p: RenderSlide) -> Reply:
        from cli.mcp.preview import render_preview

        session = self.s.get(p.deck, tool="render_slide")
        index, sid = session.slide_id(p.slide)
        png, facts = render_preview(session, index, sid, p.width)
        count = len(session.view().slides)
        data = {"deck": session.handle, "slide": index + 1, "slide_id": sid, "slides": count, **facts}
        text = (
            f"slide {index + 1} of {count} ({sid}), {facts['width']}x{facts['height']} px, "
            f"{facts['renderer']}, {facts['ms']} ms"
        )
        return Reply(data=data, text=text, images=[png])

    def diff(self, p: Diff) -> Reply:
        from collections import Counter

        from judge.diff import diff_decks

        session = self.s.get(p.deck, tool="diff")
        since, base = session.baseline(p.since)
        result = diff_decks(base, session.backend.export(), max_entries=p.maxEntries, snapshot=p.snapshot)
        text = result.to_text(snapshot=p.snapshot) if result.entries else f"no change since {since}"
        data = {
            "deck": session.handle,
            "since": since,
            "edits": result.distinct_edits,
            "by_op": dict(sorted(Counter(e.op for e in result.entries).items())),
            "score": result.score,
            "text": text,
        }
        return Reply(data=data, text=text)

    def checkpoint(self, p: Checkpoint) -> Reply:
        session = self.s.get(p.deck, tool="checkpoint")
        name = session.checkpoint(p.name)
        return Reply(data={"deck": session.handle, "checkpoint": name, "checkpoints": list(session.checkpoints)})

    def metrics(self, p: Metrics) -> Reply:
        session = self.s.get(p.deck, tool="metrics")
        picked = None if p.slide is None else session.slide_id(p.slide)
        result = _measure(session, picked)
        slides = [m.model_dump(mode="json") for m in result.slides]
        lines = [_metric_line(m) for m in result.slides]
        data = {"deck": session.handle, "pipeline": result.pipeline, "slides": slides, "summary": result.summary}
        return Reply(data=data, text="\n".join(lines))

    def route(self, p: Route) -> Reply:
        from ace_core.router import PresentationSummary, prepare_context, route
        from backends.agent_binding import AgentBinding

        session = self.s.get(p.deck, tool="route")
        deck = session.view()
        decision = route(p.instruction, PresentationSummary.of(deck))
        ctx = prepare_context(deck, decision, AgentBinding(session.backend))
        targets = [t + 1 for t in ctx.target_slides]
        head = (
            f"mode {ctx.mode}, slides {', '.join(map(str, targets)) or 'whole deck'}, "
            f"{ctx.tokens} tokens of {ctx.full_tokens} for the full deck (-{ctx.reduction:.0%}): {decision.reason}"
        )
        data = {
            "deck": session.handle,
            "decision": decision.model_dump(),
            "mode": ctx.mode,
            "target_slides": targets,
            "tokens": ctx.tokens,
            "full_tokens": ctx.full_tokens,
            "reduction": round(ctx.reduction, 4),
            "context": ctx.text,
        }
        return Reply(data=data, text=f"{head}\n\n{ctx.text}")

    def undo(self, p: Undo) -> Reply:
        session = self.s.get(p.deck, tool="undo")
        if not session.undo_stack:
            raise ToolError("nothing to undo", tool="undo", field="deck", hint="no committed edit is left to take back")
        done = session.undo(p.steps)
        data = {
            "deck": session.handle,
            "undone": done,
            "undo_available": len(session.undo_stack),
            "slides": len(session.view().slides),
        }
        return Reply(data=data)


def _all_tool_names() -> list[str]:
    from ace_core.tools import registry

    return registry().names()


def _reason(be: Any, tool: str) -> str:
    reason = getattr(be, "unsupported_reason", None)
    return reason(tool) if reason else "not bound on this backend"


def _patchable(deck: Any, fmt: str) -> bool:
    src = deck.source
    return bool(src is not None and src.format == fmt and src.package and deck.store.has(src.package))


def _measure(session: DeckSession, picked: tuple[int, str] | None) -> Any:
    """DeckMetrics of the deck now (or of one slide): LibreOffice pixels + IR boxes for ooxml,
    Chromium DOM boxes for the HTML document and for the scene graph (written to HTML)."""
    from pathlib import Path

    be = session.backend
    if session.backend_name == "ooxml":
        from backends.render.warm_office import WarmOffice, render_pptx_warm
        from judge.metrics.libreoffice import measure_pptx_deck

        view = be.view()
        if WarmOffice.available():
            positions = list(range(len(view.slides))) if picked is None else [be.doc.order.index(picked[1])]
            if picked is not None:
                view = view.model_copy(update={"slides": [view.slides[picked[0]]]})

            def warm(src: Path, out: Path, *, width: int) -> list[Path]:
                height = round(width * view.height / view.width)
                return render_pptx_warm(src.read_bytes(), positions, out, width=width, height=height)

            result = measure_pptx_deck(view, be.doc.package_bytes(), source=session.handle, render=warm)
        else:  # a cold LibreOffice renders the whole deck: measure it all, keep the slide asked for
            result = measure_pptx_deck(view, be.doc.package_bytes(), source=session.handle)
            if picked is not None:
                result.slides = [result.slides[picked[0]]]
                result.summarize()
    elif session.backend_name == "html":
        from judge.metrics.chromium import measure_html

        deck = be.view()
        page = be.page([picked[1]] if picked else None)
        try:
            result = measure_html(page, width=round(deck.width), height=round(deck.height))
        finally:
            Path(page).unlink(missing_ok=True)
    else:
        from judge.metrics.run import measure_deck

        deck = be.deck
        if picked is not None:
            deck = deck.model_copy(update={"slides": [deck.slides[picked[0]]]})
        result = measure_deck(deck)
    if picked is not None:
        for m in result.slides:
            m.index = picked[0] + 1
    return result


def _metric_line(m: Any) -> str:
    ok = "ok" if m.aspect.compliant.get("1%") else ("5%" if m.aspect.compliant.get("5%") else "no")
    events = ", ".join(f"{k} {v}" for k, v in sorted(m.collision.counts.items())) or "none"
    content = f"{m.whitespace.content_ratio:.3f}" if m.whitespace else "-"
    rewards = ", ".join(f"{k} {v:.2f}" for k, v in m.rewards.items() if v is not None)
    return (
        f"slide {m.index} ({m.slide_id}): aspect {m.aspect.aspect:.3f} {ok}, content {content}, "
        f"collisions {events}, imbalance {m.imbalance.score:.2f}; rewards {rewards}"
    )
