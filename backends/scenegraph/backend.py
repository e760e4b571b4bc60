"""The scene-graph backend: the reference binding of the whole tool suite on the IR.

    backend = SceneGraphBackend(deck)
    backend.execute("create_frame", {"layoutMode": "HORIZONTAL", "width": 800, "height": 200})
    backend.batch([
        {"tool": "create_slide", "args": {"layout": "title"}},
        {"tool": "set_text_content", "args": {"changes": [{"nodeId": "$0.placeholders.title", "text": "Hi"}]}},
    ])
    deck = backend.export()

Every call answers `{ok, tool, result | error}`; errors name the tool, the field and the reason.
After each mutating command only the auto-layout frames the change affects are re-solved and
connectors bound to moved nodes re-routed. A single mutating call and a batch both run on a
copy of the document that replaces it only on success, so a failed command changes nothing."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from ace_core.errors import AceError, InternalError, ToolError, UnsupportedError
from ace_core.ir.deck import Deck, Slide
from ace_core.tools import registry
from ace_core.tools.spec import ToolSpec
from backends.base import ChannelHost, SerializeMode, ToolOutcome, crop_to, error_outcome, named_tool_error, ok_outcome
from backends.batch import BatchHost, run_batch
from backends.scenegraph.bindings import HANDLERS
from backends.scenegraph.context import Ctx
from backends.scenegraph.describe import box
from backends.scenegraph.images import ImageLibrary, LoadedImage, UnsplashProvider, load_image_file
from backends.scenegraph.reflow import reflow
from backends.scenegraph.state import SceneState

__all__ = ["SceneGraphBackend"]

SOLVED_FORMATS = ("pptx", "figma", "html")


class SceneGraphBackend(ChannelHost):
    """Documents (channels) on the IR; `execute` / `batch` run tools; `export` returns the deck."""

    name = "scenegraph"
    strict = False
    """Tests set this: a command that touches a slide it did not copy first fails loudly."""

    def __init__(
        self,
        deck: Deck | None = None,
        *,
        image_library: ImageLibrary | str | Path | None = None,
        unsplash: UnsplashProvider | None = None,
        work_dir: Path | None = None,
        measurer: Any = None,
    ) -> None:
        from ace_core.layout import default_measurer

        self.docs: dict[str, SceneState] = {}
        self.active: str | None = None
        self.images = image_library if isinstance(image_library, ImageLibrary) else ImageLibrary(image_library)
        self.unsplash = unsplash or UnsplashProvider()
        self.measurer = measurer or default_measurer()
        self._work_dir = work_dir
        self._in_batch = False
        self.timings: list[float] = []
        if deck is not None:
            self.load(deck)

    # -- documents -------------------------------------------------------------------------------
    def load(self, deck: Deck, name: str = "main") -> None:
        """Open a copy of `deck` as channel `name` and make it active. A deck that does not come
        from a format storing solved geometry (hand-written or generated IR) has its auto-layout
        frames solved once, so that every box the tools report is current; decks read from
        .pptx / Figma / HTML keep their boxes until an edit affects them."""
        from ace_core.layout import solve_deck

        work = deck.clone()
        if work.source is None or work.source.format not in SOLVED_FORMATS:
            solve_deck(work, self.measurer)
        self.docs[name] = SceneState.build(work)
        self.active = name

    @property
    def state(self) -> SceneState:
        if self.active is None or self.active not in self.docs:
            raise UnsupportedError("no document is loaded", where=self.name, hint="load a deck first")
        return self.docs[self.active]

    @property
    def deck(self) -> Deck:
        """The live document (not a copy: treat it as read-only)."""
        return self.state.deck

    def export(self) -> Deck:
        return self.state.deck.clone()

    def status(self) -> dict[str, Any]:
        channels = [
            {"channel": name, "name": st.deck.name, "slides": len(st.deck.slides), "active": name == self.active}
            for name, st in self.docs.items()
        ]
        st = self.docs.get(self.active or "")
        return {
            "connected": st is not None,
            "backend": self.name,
            "channel": self.active,
            "channels": channels,
            "document": st.deck.name if st else None,
            "slides": len(st.deck.slides) if st else 0,
            "focused_slide_id": st.focused if st else None,
        }

    @property
    def focused(self) -> str | None:
        return self.state.focused

    # -- tools -----------------------------------------------------------------------------------
    def tools(self) -> list[ToolSpec]:
        return [s for s in registry().specs() if s.name in HANDLERS or s.name == "batch_execute"]

    def supports(self, tool: str) -> bool:
        return tool in HANDLERS or tool == "batch_execute"

    def execute(self, tool: str, args: dict[str, Any] | None = None) -> ToolOutcome:
        """One tool call; never raises for tool errors. A failing mutating call changes nothing."""
        try:
            spec = registry().get(tool)
            if tool == "batch_execute":
                params = spec.validate(args)
                return self._batch_params(params)
            params = spec.validate(args)
            if not spec.mutates:
                return ok_outcome(tool, self._run(spec, params, self.state))
            channel, work = self.active, self._fork()
            result = self._run(spec, params, work, args)
            self.docs[channel] = work  # type: ignore[index]
            return ok_outcome(tool, result)
        except AceError as exc:
            return error_outcome(tool, _tool_error(exc, tool))
        except Exception as exc:  # a bug in a handler must not take the agent down
            return error_outcome(tool, InternalError(f"{type(exc).__name__}: {exc}", where=f"tool {tool}"))

    def _fork(self) -> SceneState:
        return self.state.fork()

    def _run(self, spec: ToolSpec, params: Any, state: SceneState, args: Any = None) -> dict[str, Any]:
        handler = HANDLERS.get(spec.name)
        if handler is None:
            raise UnsupportedError(f"unsupported on {self.name}: no implementation", where=f"tool {spec.name}")
        if spec.mutates:
            _protect(state, spec.name, args)
        ctx = Ctx(state=state, tool=spec.name, backend=self)
        out = handler(ctx, params) or {}
        if not spec.mutates:
            return out
        reflow(ctx)
        if self.strict:
            leaked = [sid for sid in ctx.slides if not state.owns(sid)]
            if leaked:  # a handler touched a slide its arguments did not name: _protect misses a case
                raise InternalError(f"{spec.name} changed unprotected slide {leaked[0]}", where=f"tool {spec.name}")
        changed = [n for nid, n in ctx.changed.items() if nid in state.nodes]
        if ctx.created or changed:
            state.selection = [i for i in ctx.created if i in state.nodes] or [n.id for n in changed]
        return {
            "changed_ids": [n.id for n in changed],
            "boxes": [box(n) for n in changed[:200]],
            "warnings": ctx.warnings,
            **out,
        }

    # -- batch -----------------------------------------------------------------------------------
    def _batch_params(self, p: Any) -> ToolOutcome:
        if self._in_batch:
            raise ToolError("batch_execute cannot be nested", tool="batch_execute", field="operations")
        channel = self.active

        def commit(work: SceneState) -> None:
            self.docs[channel] = work  # type: ignore[index]

        self.timings = []
        host = BatchHost(
            fork=self._fork,
            commit=commit,
            live=lambda: self.state,
            run=self._run,
            tool_error=_tool_error,
            timings=self.timings,
        )
        self._in_batch = True
        try:
            return run_batch(p, host)
        finally:
            self._in_batch = False

    # -- views and renders -----------------------------------------------------------------------
    def serialize(self, mode: SerializeMode | str = SerializeMode.FULL, slide_ids: list[str] | None = None) -> str:
        from ace_core.views import full_view, macro_view, micro_view, slide_view, systemic_view, view_text

        state = self.state
        mode = SerializeMode(str(getattr(mode, "value", mode)).upper())
        deck = state.deck
        ids = slide_ids or ([state.focused] if state.focused else [])
        targets = [state.slide_index(state.slide(s)) for s in ids]
        if mode is SerializeMode.FULL:
            view = full_view(deck)
        elif mode is SerializeMode.MICRO:
            view = micro_view(deck, targets)
        elif mode is SerializeMode.MACRO:
            view = macro_view(deck, targets)
        elif mode is SerializeMode.SYSTEMIC:
            view = systemic_view(deck)
        else:
            view = {
                "width": deck.width,
                "height": deck.height,
                "slides": [slide_view(deck.slides[t], t) for t in targets],
            }
        return view_text(view)

    def work_dir(self) -> Path:
        if self._work_dir is None:
            import weakref

            from ace_core.tempfiles import make_temp_dir, release

            self._work_dir = make_temp_dir("scenegraph")
            weakref.finalize(self, release, str(self._work_dir))
        self._work_dir.mkdir(parents=True, exist_ok=True)
        return self._work_dir

    def render(self, out_dir: Path, slide_ids: list[str] | None = None, *, scale: float = 1.0) -> list[Path]:
        deck = self.state.deck
        slides = [self.state.slide(s) for s in slide_ids] if slide_ids else list(deck.slides)
        one = deck.model_copy(update={"slides": slides})
        return _render_deck(one, Path(out_dir), width=round(deck.width * scale))

    def render_slide_image(
        self,
        slide: Slide,
        *,
        scale: float = 1.0,
        crop: tuple[float, float, float, float] | None = None,
        node_id: str | None = None,
        fmt: str = "PNG",
    ) -> dict[str, Any]:
        deck = self.state.deck
        out_dir = self.work_dir() / f"render-{time.monotonic_ns()}"
        one = deck.model_copy(update={"slides": [slide]})
        path = _render_deck(one, out_dir, width=max(16, round(deck.width * scale)))[0]
        width, height = round(deck.width * scale), round(deck.height * scale)
        if crop is not None or fmt == "JPG":
            from PIL import Image

            with Image.open(path) as im:
                img = im.convert("RGB")
                if crop is not None:
                    img = crop_to(img, crop, scale)
                width, height = img.size
                if fmt == "JPG":
                    path = path.with_suffix(".jpg")
                    img.save(path, "JPEG", quality=90)
                else:
                    img.save(path)
        return {"path": str(path), "width": width, "height": height, "slide_id": slide.id, "node_id": node_id}

    # -- images and other decks ------------------------------------------------------------------
    def resolve_image(self, source: str, field: str, *, library_only: bool = False) -> LoadedImage:
        if source.startswith("unsplash:"):
            if not self.unsplash.enabled:
                raise ToolError("Unsplash images need UNSPLASH_ACCESS_KEY", field=field, hint="use a local library id")
            return self.unsplash.load(source)
        if self.images.get(source) is not None:
            return self.images.load(source, field)
        if library_only:
            raise ToolError(
                f"no library image with id {source!r}", field=field, hint="search_unsplash_images lists ids"
            )
        return load_image_file(source, field)

    def read_other_deck(self, path: str) -> Deck:
        from adapters import read

        try:
            return read(Path(path))
        except AceError as exc:
            raise ToolError(f"cannot read the other deck: {exc.what}", field="path", hint=exc.hint) from exc


_ALL_SLIDES = {"set_presentation_size", "clear_canvas"}


def _protect(state: SceneState, tool: str, args: Any) -> None:
    """Copy (on write) the slides a command can change: the focused slide and every slide whose
    id, or the id of one of whose nodes, appears in its arguments; every slide for deck-wide tools."""
    if not state.shared:
        return
    if tool in _ALL_SLIDES:
        state.protect_all()
        return
    if state.focused is not None:
        state.protect(state.focused)
    stack = [args]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if value in state.slides:
                state.protect(value)
            else:
                slide = state.slide_of.get(value)
                if slide is not None:
                    state.protect(slide.id)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def _render_deck(deck: Deck, out_dir: Path, *, width: int) -> list[Path]:
    from adapters.registry import registry as formats

    if not formats().get("html").info.can_write:
        raise UnsupportedError(
            f"unsupported on {SceneGraphBackend.name}: rendering needs the HTML writer, which is not available yet",
            where="render",
            hint="export the deck and render it with LibreOffice (`ace render`)",
        )
    from backends.render.chromium import render_deck

    return render_deck(deck, out_dir, width=width).paths


def _tool_error(exc: AceError, tool: str) -> AceError:
    return named_tool_error(exc, tool, "scenegraph")
