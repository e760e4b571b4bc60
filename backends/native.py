"""What the backends that edit a file format natively (OOXML, HTML) share: documents (channels), tool
dispatch with all-or-nothing commits, stale-id errors, a read-back view for the inspection tools,
and a scratch scene graph that builds what the create_* tools insert.

A native backend keeps its document in the format (an OpenXML package, an HTML DOM); its tools
edit that document. What the tools report (boxes, node info) is the document read back through
the format's adapter (`view`), cached until the next edit. New content (a text box, a table, a
chart, a slide with placeholders) is built as IR by the scene-graph handler of the same tool on an
empty scratch slide, then written into the document by the format's own writer: the IR is only
the blueprint of what to insert, the document is what changes."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ace_core.errors import AceError, InternalError, ToolError, UnsupportedError
from ace_core.ids import IdFactory
from ace_core.ir.deck import Deck, Slide
from ace_core.tools import registry
from ace_core.tools.spec import ToolSpec
from backends.base import ChannelHost, SerializeMode, ToolOutcome, crop_to, error_outcome, named_tool_error, ok_outcome
from backends.batch import BatchHost, run_batch

__all__ = [
    "BACKEND_NAMES",
    "Handler",
    "Handlers",
    "NCtx",
    "NativeBackend",
    "NativeDoc",
    "align_moves",
    "align_reference",
    "cell_at",
    "font_weight_italic",
    "make_backend",
    "new_order",
    "stale_error",
    "z_target",
]

BACKEND_NAMES = ("scenegraph", "ooxml", "html")
"""The editing substrates of the representation ablations (DESIGN.md, "Backends and the tool suite")."""


def make_backend(name: str, deck: Deck | None = None, **options: Any) -> Any:
    """A backend by name: scenegraph (the IR), ooxml (the OpenXML package), html (the DOM)."""
    from ace_core.errors import BadInputError

    key = name.strip().lower()
    if key == "scenegraph":
        from backends.scenegraph import SceneGraphBackend

        return SceneGraphBackend(deck, **options)
    if key == "ooxml":
        from backends.ooxml import OoxmlBackend

        return OoxmlBackend(deck, **options)
    if key == "html":
        from backends.html import HtmlBackend

        return HtmlBackend(deck, **options)
    raise BadInputError(f"unknown backend {name!r}", where="--backend", hint=f"use one of {', '.join(BACKEND_NAMES)}")


_STALE_HINT = "ids of deleted nodes are stale; call get_page_structure for the current ids"


@dataclass
class NativeDoc:
    """The format-neutral part of an open document: focus, selection, deleted ids, id factory,
    and a version that every committed edit bumps (the read-back view is cached per version)."""

    focused: str | None = None
    selection: list[str] = field(default_factory=list)
    deleted: dict[str, str] = field(default_factory=dict)
    ids: IdFactory = field(default_factory=IdFactory)
    version: int = 0
    header: Deck = field(default_factory=Deck)
    """the deck without its slides: size, theme, assets (and their store), source, name"""
    _view: tuple[int, Deck] | None = field(default=None, repr=False)

    def fork_common(self) -> dict[str, Any]:
        """Keyword arguments that copy the neutral part into a fork."""
        return {
            "focused": self.focused,
            "selection": list(self.selection),
            "deleted": dict(self.deleted),
            "ids": IdFactory(set(self.ids.taken), prefix=self.ids.prefix),
            "version": self.version,
            "header": self.header,
            "_view": self._view,
        }


def stale_error(doc: NativeDoc, ident: str, field: str, expect: str = "node") -> ToolError:
    """The error for an id the document does not hold: stale (deleted) or unknown."""
    if ident in doc.deleted:
        return ToolError(
            f"{ident!r} is a stale id: it was deleted by {doc.deleted[ident]}", field=field, hint=_STALE_HINT
        )
    return ToolError(f"no {expect} with id {ident!r}", field=field, hint="get_page_structure lists the current ids")


@dataclass
class NCtx:
    """One tool call on a native document: what it changed and created, and its warnings."""

    doc: Any
    tool: str
    backend: NativeBackend
    args: dict[str, Any] = field(default_factory=dict)
    """the call's arguments as given (references resolved), for rebuilding them on a scratch"""
    changed: list[str] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def touch(self, node_id: str) -> None:
        if node_id not in self.changed:
            self.changed.append(node_id)

    def create(self, node_id: str) -> None:
        self.created.append(node_id)
        self.touch(node_id)

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def build_on_scratch(
        self, sid: str, *, tool: str | None = None, children: list[Any] | None = None, **overrides: Any
    ) -> tuple[Any, dict[str, Any]]:
        """Run the scene-graph handler of this call (or of `tool`) on a scratch slide holding
        `children`, with the call's arguments less where to put the result (parentId,
        coordinateSpace) plus `overrides`; its warnings become this call's. (state, result)."""
        args = {k: v for k, v in self.args.items() if k not in _POSITIONAL}
        args.update(overrides)
        state, result = self.backend.build(
            self.doc, tool or self.tool, args, slides=[Slide(id=sid, children=children or [])]
        )
        for w in result.get("warnings", []):
            self.warn(w)
        return state, result

    def scratch_slide(self, sid: str) -> Slide:
        """The slide-level IR the scene-graph handler of this call builds (on an empty copy of the
        slide): what a slide-property tool (background, transition) sets."""
        args = dict(self.args)
        args["slideId"] = sid
        state, _ = self.backend.build(self.doc, self.tool, args, slides=[Slide(id=sid)])
        return state.deck.slides[0]


Handler = Callable[[NCtx, Any], dict[str, Any] | None]
_POSITIONAL = ("parentId", "coordinateSpace")
"""arguments that say where a create_* tool's result goes: the native writer places it, not the
scratch build"""


class Handlers:
    """A backend's tool implementations: `@table.bind("tool")` on `def handler(ctx, params)`."""

    def __init__(self) -> None:
        self.handlers: dict[str, Handler] = {}

    def bind(self, *names: str) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            for name in names:
                if name in self.handlers:
                    raise ValueError(f"handler {name} bound twice")
                self.handlers[name] = fn
            return fn

        return register

    def merge(self, *tables: Handlers) -> Handlers:
        for t in tables:
            for name, fn in t.handlers.items():
                if name in self.handlers:
                    raise ValueError(f"tool {name} is bound twice")
                self.handlers[name] = fn
        return self


class NativeBackend(ChannelHost):
    """Base of the OOXML and HTML backends. A subclass sets `name`, `handlers` (its mutating tools),
    `unsupported` (tool -> reason) and implements `_open`, `_read`, `_box`, `serialize`, `render`."""

    name = "native"
    handlers: dict[str, Handler] = {}
    unsupported: dict[str, str] = {}

    def __init__(
        self,
        deck: Deck | None = None,
        *,
        image_library: Any = None,
        unsplash: Any = None,
        work_dir: Path | None = None,
    ) -> None:
        from backends.scenegraph.images import ImageLibrary, UnsplashProvider

        self.docs: dict[str, Any] = {}
        self.active: str | None = None
        self.images = image_library if isinstance(image_library, ImageLibrary) else ImageLibrary(image_library)
        self.unsplash = unsplash or UnsplashProvider()
        self._work_dir = work_dir
        self._in_batch = False
        self.timings: list[float] = []
        if deck is not None:
            self.load(deck)

    # -- to implement ------------------------------------------------------------------------------
    def _open(self, deck: Deck) -> NativeDoc:
        """A document holding `deck` in the format."""
        raise NotImplementedError

    def _read(self, doc: Any) -> Deck:
        """The document read back through the format's adapter."""
        raise NotImplementedError

    def _box(self, doc: Any, node_id: str) -> dict[str, Any] | None:
        """{id, x, y, width, height} of a node (px, parent-relative), from the document."""
        raise NotImplementedError

    def serialize(self, mode: SerializeMode | str = SerializeMode.FULL, slide_ids: list[str] | None = None) -> str:
        raise NotImplementedError

    def render(self, out_dir: Path, slide_ids: list[str] | None = None, *, scale: float = 1.0) -> list[Path]:
        raise NotImplementedError

    # -- documents ---------------------------------------------------------------------------------
    def load(self, deck: Deck, name: str = "main") -> None:
        """Open `deck` as channel `name` (written into the format) and make it active."""
        doc = self._open(deck)
        self.docs[name] = doc
        self.active = name

    @property
    def doc(self) -> Any:
        if self.active is None or self.active not in self.docs:
            raise UnsupportedError("no document is loaded", where=self.name, hint="load a deck first")
        return self.docs[self.active]

    def view(self, doc: Any = None) -> Deck:
        """The document as the adapter reads it (cached until the next edit; treat as read-only)."""
        doc = doc if doc is not None else self.doc
        cached = doc._view
        if cached is not None and cached[0] == doc.version:
            return cached[1]
        deck = self._read(doc)
        doc._view = (doc.version, deck)
        return deck

    def export(self) -> Deck:
        return self.view().clone()

    def status(self) -> dict[str, Any]:
        channels = []
        for name, doc in self.docs.items():
            deck = self.view(doc)
            channels.append(
                {"channel": name, "name": deck.name, "slides": len(deck.slides), "active": name == self.active}
            )
        doc = self.docs.get(self.active or "")
        deck = self.view(doc) if doc is not None else None
        return {
            "connected": doc is not None,
            "backend": self.name,
            "channel": self.active,
            "channels": channels,
            "document": deck.name if deck else None,
            "slides": len(deck.slides) if deck else 0,
            "focused_slide_id": doc.focused if doc else None,
        }

    @property
    def focused(self) -> str | None:
        return self.doc.focused

    # -- tools -------------------------------------------------------------------------------------
    def _bound(self, spec: ToolSpec) -> bool:
        from backends.scenegraph.bindings import HANDLERS as SCENE

        if spec.name == "batch_execute":
            return True
        if spec.name in self.unsupported:
            return False
        return spec.name in self.handlers or (not spec.mutates and spec.name in SCENE)

    def tools(self) -> list[ToolSpec]:
        return [s for s in registry().specs() if self._bound(s)]

    def supports(self, tool: str) -> bool:
        return tool in registry() and self._bound(registry().get(tool))

    def unsupported_reason(self, tool: str) -> str:
        return self.unsupported.get(tool, "not implemented on this format")

    def execute(self, tool: str, args: dict[str, Any] | None = None) -> ToolOutcome:
        """One tool call; never raises for tool errors. A failing mutating call changes nothing."""
        try:
            spec = registry().get(tool)
            self._refuse_unsupported(tool)
            params = spec.validate(args)
            if tool == "batch_execute":
                return self._batch_params(params)
            if not spec.mutates:
                return ok_outcome(tool, self._run(spec, params, self.doc, args))
            channel, work = self.active, self._fork()
            result = self._run(spec, params, work, args)
            self._commit(channel, work)
            return ok_outcome(tool, result)
        except AceError as exc:
            return error_outcome(tool, self._tool_error(exc, tool))
        except Exception as exc:  # a bug in a handler must not take the agent down
            return error_outcome(tool, InternalError(f"{type(exc).__name__}: {exc}", where=f"tool {tool}"))

    def _fork(self) -> Any:
        return self.doc.fork()

    def _commit(self, channel: str | None, work: Any) -> None:
        self.docs[channel] = work  # type: ignore[index]

    def _batch_params(self, p: Any) -> ToolOutcome:
        if self._in_batch:
            raise ToolError("batch_execute cannot be nested", tool="batch_execute", field="operations")
        channel = self.active
        self.timings = []

        def run_one(spec: ToolSpec, params: Any, work: Any, args: Any) -> dict[str, Any]:
            if work is not None or not spec.mutates:
                return self._run(spec, params, work if work is not None else self.doc, args)
            one = self._fork()  # a non-atomic batch still applies each command whole or not at all
            out = self._run(spec, params, one, args)
            self._commit(channel, one)
            return out

        host = BatchHost(
            fork=self._fork,
            commit=lambda work: self._commit(channel, work),
            live=lambda: None,
            run=run_one,
            tool_error=self._tool_error,
            timings=self.timings,
            precheck=self._refuse_unsupported,
        )
        self._in_batch = True
        try:
            return run_batch(p, host)
        finally:
            self._in_batch = False

    def _refuse_unsupported(self, tool: str) -> None:
        if tool in self.unsupported:
            raise UnsupportedError(
                f"unsupported on {self.name}: {tool}: {self.unsupported[tool]}",
                where=f"tool {tool}",
                hint="the scene-graph backend binds it; on this format, use other tools",
            )

    def _run(self, spec: ToolSpec, params: Any, doc: Any, args: Any = None) -> dict[str, Any]:
        self._refuse_unsupported(spec.name)
        if not spec.mutates:
            return self._run_view(spec, params, doc)
        handler = self.handlers.get(spec.name)
        if handler is None:
            raise UnsupportedError(
                f"unsupported on {self.name}: {spec.name}: {self.unsupported_reason(spec.name)}",
                where=f"tool {spec.name}",
            )
        ctx = NCtx(doc=doc, tool=spec.name, backend=self, args=dict(args or {}))
        out = handler(ctx, params) or {}
        doc.version += 1
        changed = [i for i in ctx.changed if i not in doc.deleted]
        if ctx.created or changed:
            doc.selection = list(ctx.created) or changed
        boxes = []
        for nid in changed[:200]:
            b = self._box(doc, nid)
            if b is not None:
                boxes.append(b)
        return {"changed_ids": changed, "boxes": boxes, "warnings": ctx.warnings, **out}

    def _run_view(self, spec: ToolSpec, params: Any, doc: Any) -> dict[str, Any]:
        """A read-only tool: the scene-graph handler on the document as read back."""
        from backends.scenegraph.bindings import HANDLERS as SCENE
        from backends.scenegraph.context import Ctx

        handler = SCENE.get(spec.name)
        if handler is None:
            raise UnsupportedError(f"unsupported on {self.name}: no implementation", where=f"tool {spec.name}")
        state = self.view_state(doc)
        return handler(Ctx(state=state, tool=spec.name, backend=self), params) or {}

    def view_state(self, doc: Any = None) -> Any:
        from backends.scenegraph.state import SceneState

        doc = doc if doc is not None else self.doc
        state = SceneState.build(self.view(doc), focused=doc.focused, deleted=doc.deleted)
        state.selection = [i for i in doc.selection if i in state.nodes]
        return state

    def _tool_error(self, exc: AceError, tool: str) -> AceError:
        return named_tool_error(exc, tool, self.name)

    # -- building new content ----------------------------------------------------------------------
    def build(
        self, doc: NativeDoc, tool: str, args: dict[str, Any], *, slides: list[Slide] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Run `tool` on a scratch scene graph (the deck's size, theme and assets; `slides`, default
        one empty slide with the focused slide's id) and return (its state, the result). The ids it
        allocates are taken in `doc`."""
        from backends.scenegraph import SceneGraphBackend

        deck = doc.header
        scratch = deck.model_copy(
            update={
                "slides": slides if slides is not None else [Slide(id=doc.focused or "scratch")],
                "assets": dict(deck.assets),
            }
        )
        scratch.attach_store(deck.store)
        sg = SceneGraphBackend(image_library=self.images, unsplash=self.unsplash, work_dir=self._work_dir)
        sg.load(scratch)
        sg.state.ids = IdFactory(set(doc.ids.taken), prefix=doc.ids.prefix)
        out = sg.execute(tool, args)
        if not out["ok"]:
            err = out["error"]
            raise ToolError(err["reason"] or err["message"], field=err.get("field"), hint=err.get("hint"))
        doc.ids.taken |= sg.state.ids.taken
        new_assets = {k: v for k, v in sg.deck.assets.items() if k not in deck.assets}
        if new_assets:  # the header is shared with the committed document: copy on write
            doc.header = deck.model_copy(update={"assets": {**deck.assets, **new_assets}})
            doc.header.attach_store(deck.store)
        return sg.state, out["result"]

    # -- images, renders ---------------------------------------------------------------------------
    def work_dir(self) -> Path:
        """Where renders (and the HTML document's asset files) go; a temporary folder the backend
        removes when it is garbage-collected, unless one was given."""
        if self._work_dir is None:
            import weakref

            from ace_core.tempfiles import make_temp_dir, release

            self._work_dir = make_temp_dir(self.name)
            weakref.finalize(self, release, str(self._work_dir))
        self._work_dir.mkdir(parents=True, exist_ok=True)
        return self._work_dir

    def resolve_image(self, source: str, field: str, *, library_only: bool = False) -> Any:
        """An image by library id, Unsplash id or file path (the scene graph's rules)."""
        from backends.scenegraph import SceneGraphBackend

        return SceneGraphBackend.resolve_image(self, source, field, library_only=library_only)  # type: ignore[arg-type]

    def read_other_deck(self, path: str) -> Deck:
        raise UnsupportedError(f"unsupported on {self.name}: copying slides from another deck", where="tool")

    def render_slide_image(
        self,
        slide: Slide,
        *,
        scale: float = 1.0,
        crop: tuple[float, float, float, float] | None = None,
        node_id: str | None = None,
        fmt: str = "PNG",
    ) -> dict[str, Any]:
        """A render of one slide (the format's own renderer), optionally cropped to a node's box."""
        from PIL import Image

        deck = self.view()
        out_dir = self.work_dir() / f"render-{time.monotonic_ns()}"
        path = self.render(out_dir, [slide.id], scale=scale)[0]
        with Image.open(path) as im:
            img = im.convert("RGB")
        if crop is not None:
            img = crop_to(img, crop, img.width / deck.width)
        if fmt == "JPG":
            path = path.with_suffix(".jpg")
            img.save(path, "JPEG", quality=90)
        else:
            img.save(path)
        return {"path": str(path), "width": img.width, "height": img.height, "slide_id": slide.id, "node_id": node_id}


def align_moves(
    boxes: list[tuple[float, float, float, float]], mode: str, ref: tuple[float, float, float, float] | None
) -> list[tuple[float, float]]:
    """(dx, dy) per box (slide-absolute x, y, w, h) for an align / distribute mode; `ref` is the
    box to align to (None: the boxes' joint bounding box)."""
    if ref is None:
        x0 = min(b[0] for b in boxes)
        y0 = min(b[1] for b in boxes)
        x1 = max(b[0] + b[2] for b in boxes)
        y1 = max(b[1] + b[3] for b in boxes)
        ref = (x0, y0, x1 - x0, y1 - y0)
    rx, ry, rw, rh = ref
    out: list[tuple[float, float]] = []
    if mode in ("distribute_h", "distribute_v"):
        horizontal = mode == "distribute_h"
        order = sorted(range(len(boxes)), key=lambda i: boxes[i][0 if horizontal else 1])
        moves = [(0.0, 0.0)] * len(boxes)
        if len(boxes) >= 3:
            axis = 0 if horizontal else 1
            size = 2 if horizontal else 3
            start = boxes[order[0]][axis]
            end = boxes[order[-1]][axis] + boxes[order[-1]][size]
            total = sum(b[size] for b in boxes)
            gap = (end - start - total) / (len(boxes) - 1)
            pos = start
            for i in order:
                delta = pos - boxes[i][axis]
                moves[i] = (delta, 0.0) if horizontal else (0.0, delta)
                pos += boxes[i][size] + gap
        return moves
    for x, y, w, h in boxes:
        if mode == "left":
            out.append((rx - x, 0.0))
        elif mode == "right":
            out.append((rx + rw - (x + w), 0.0))
        elif mode == "hcenter":
            out.append((rx + rw / 2 - (x + w / 2), 0.0))
        elif mode == "top":
            out.append((0.0, ry - y))
        elif mode == "bottom":
            out.append((0.0, ry + rh - (y + h)))
        else:  # vcenter
            out.append((0.0, ry + rh / 2 - (y + h / 2)))
    return out


def new_order(p: Any, current: list[str], known: Callable[[str, str], Any]) -> list[str]:
    """The slide order reorder_slides asks for (`order` or `grid`), checked: every slide once.
    `known(slide_id, field)` raises for an id that is not a slide."""
    order = p.order if p.order is not None else [s for row in p.grid or [] for s in row]
    field = "order" if p.order is not None else "grid"
    seen: set[str] = set()
    for i, sid in enumerate(order):
        if sid in seen:
            raise ToolError(f"slide {sid!r} is listed twice", field=f"{field}[{i}]")
        seen.add(sid)
        known(sid, f"{field}[{i}]")
    missing = [s for s in current if s not in seen]
    if missing:
        raise ToolError(
            f"the order leaves out {len(missing)} slide(s): {', '.join(missing[:5])}",
            field=field,
            hint="list every slide id once",
        )
    return list(order)


def z_target(p: Any, pos: int, last: int) -> int:
    """The z-order index reorder_node asks for (TOP is `last`, the front)."""
    if p.index is not None:
        return min(p.index, last)
    return {"TOP": last, "BOTTOM": 0, "FORWARD": min(last, pos + 1), "BACKWARD": max(0, pos - 1)}[p.direction]


def font_weight_italic(style: str) -> tuple[int, bool]:
    """A font style name ('Bold Italic') as (weight, italic); a ToolError on unknown words."""
    from backends.scenegraph.build import font_style

    try:
        weight, italic = font_style(style)
    except ValueError as exc:
        raise ToolError(str(exc), field="font.style") from exc
    return weight or 400, bool(italic)


def cell_at(rows: list[list[Any]], i: int, edit: Any) -> None:
    """A ToolError when cell edit `i` names a row / column past the table."""
    if edit.row >= len(rows):
        raise ToolError(f"row {edit.row} is past the last row ({len(rows) - 1})", field=f"cells[{i}].row")
    if edit.col >= len(rows[edit.row]):
        raise ToolError(f"col {edit.col} is past the last column ({len(rows[edit.row]) - 1})", field=f"cells[{i}].col")


def align_reference(relative_to: str, count: int, parent_box: Any, page: tuple[float, float]) -> Any:
    """The box align_nodes aligns to: the slide, the parent (its box, or the slide for top-level
    nodes), or None for the selection's joint box (a single node aligns to the slide)."""
    slide = (0.0, 0.0, page[0], page[1])
    if relative_to == "slide" or (relative_to == "selection" and count == 1):
        return slide
    if relative_to == "parent":
        return parent_box if parent_box is not None else slide
    return None
