"""Find the slides of an HTML page loaded in Chromium: ACE `div.slide` decks, repeated slide
elements, viewer files of iframes (each frame document a slide), or one fixed-size slide page.

Used by the Chromium renderer (backends) and the DOM reader (adapters): both walk the same slides,
so a render of the original and a render of what the reader built compare slide for slide."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from ace_core.browser import BrowserSession, LoadedPage, RequestPolicy
from ace_core.errors import BadInputError, RenderError

__all__ = ["SlideBox", "find_slides", "iter_slides"]

MAX_FRAME_SLIDES = 500

# Returns {kind, slides:[{x,y,width,height,index,id}], docs:[{srcdoc,src,width,height}]}
FIND_SLIDES_JS = r"""
() => {
  const sx = window.scrollX, sy = window.scrollY;
  const box = (el, i) => {
    el.setAttribute('data-ace-root', String(i));
    const r = el.getBoundingClientRect();
    return {x: r.left + sx, y: r.top + sy, width: r.width, height: r.height, index: i,
            id: el.getAttribute('data-slide-id') || el.id || null};
  };
  const shown = el => { const cs = getComputedStyle(el); return cs.display !== 'none'; };
  const ace = [...document.querySelectorAll('[data-slide-id]')].filter(shown);
  if (ace.length) return {kind: 'ace', slides: ace.map(box), docs: []};
  const frames = [...document.querySelectorAll('iframe')].filter(
      f => f.hasAttribute('srcdoc') || (f.src || '').startsWith('file:'));
  const vw = innerWidth, vh = innerHeight;
  const big = f => f.offsetWidth * f.offsetHeight >= 0.5 * vw * vh;
  if (frames.length >= 2 || (frames.length === 1 && big(frames[0]))) {
    return {kind: 'frames', slides: [], docs: frames.map(f => ({
      srcdoc: f.hasAttribute('srcdoc') ? f.getAttribute('srcdoc') : null,
      src: f.hasAttribute('srcdoc') ? null : f.src,
      width: f.offsetWidth, height: f.offsetHeight}))};
  }
  const sel = 'section.slide, div.slide, .slides > section, [class~="slide"], [class~="page"]';
  let rep = [...document.querySelectorAll(sel)].filter(shown)
    .filter(el => el.offsetWidth >= 200 && el.offsetHeight >= 100);
  rep = rep.filter(el => !rep.some(o => o !== el && o.contains(el)));
  if (rep.length >= 2) return {kind: 'elements', slides: rep.map(box), docs: []};
  // one page: the outermost element that declares a fixed width and a fixed (min-)height
  const fixed = v => !!v && /^-?[0-9.]+(px|pt|pc|in|cm|mm|q|em|rem)$/i.test(v.trim());
  const rules = [];
  for (const sheet of document.styleSheets) {
    let list; try { list = sheet.cssRules; } catch (e) { continue; }
    for (const r of list || []) if (r.selectorText) rules.push(r);
  }
  const declared = (el, prop) => {
    let v = el.style.getPropertyValue(prop);
    if (v) return v;
    for (const r of rules) {
      let m = false; try { m = el.matches(r.selectorText); } catch (e) {}
      if (m && r.style.getPropertyValue(prop)) v = r.style.getPropertyValue(prop);
    }
    return v;
  };
  const candidates = [document.body];
  const skip = new Set(['SCRIPT', 'STYLE', 'LINK', 'META', 'NOSCRIPT', 'TEMPLATE']);
  let level = [document.body];
  for (let depth = 0; depth < 3 && level.length; depth++) {
    const next = [];
    for (const el of level) for (const c of el.children) if (!skip.has(c.tagName) && shown(c)) next.push(c);
    candidates.push(...next.slice(0, 20));
    level = next.length <= 3 ? next : [];
  }
  for (const el of candidates) {
    if (!el) continue;
    const w = declared(el, 'width'), h = declared(el, 'height'), mh = declared(el, 'min-height');
    if (!fixed(w) || !(fixed(h) || fixed(mh))) continue;
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    const height = fixed(h) ? r.height : parseFloat(cs.minHeight);
    if (r.width < 100 || height < 100) continue;
    el.setAttribute('data-ace-root', '0');
    return {kind: 'page', slides: [{x: r.left + sx, y: r.top + sy, width: r.width, height: height,
                                    index: 0, id: el.id || null}], docs: []};
  }
  document.body && document.body.setAttribute('data-ace-root', '0');
  return {kind: 'viewport', slides: [{x: 0, y: 0, width: vw, height: vh, index: 0, id: null}], docs: []};
}
"""


@dataclass
class SlideBox:
    """One slide: its page (shared by the slides of one document), its box in page CSS px, how it
    was found (ace / elements / page / viewport, `frame` set for a frame document of a viewer)."""

    page: LoadedPage
    index: int
    x: float
    y: float
    width: float
    height: float
    kind: str
    slide_id: str | None = None
    frame: int | None = None
    blocked: list[str] = field(default_factory=list)


def find_slides(loaded: LoadedPage) -> dict[str, Any]:
    """The raw result of the detection script on a loaded page."""
    return loaded.evaluate(FIND_SLIDES_JS)


def iter_slides(
    session: BrowserSession,
    source: str | os.PathLike[str],
    *,
    width: int = 1280,
    height: int = 720,
    javascript: bool = False,
    timeout: float | None = None,
    base_dir: str | os.PathLike[str] | None = None,
    skipped: list[str] | None = None,
) -> Iterator[SlideBox]:
    """Yield every slide of a document in order; a viewer's frame documents are opened one at a
    time (each at its frame's size), so a slide's page is valid until the next slide is yielded.
    A frame that may not or cannot be loaded (outside the deck's folder, not a regular file,
    missing, failing in Chromium) is skipped, never fatal: why is appended to `skipped`."""
    folder = (
        Path(base_dir) if base_dir is not None else (Path(source).resolve().parent if not _is_html(source) else None)
    )
    with session.page(
        source, width=width, height=height, javascript=javascript, timeout=timeout, base_dir=folder
    ) as loaded:
        found = find_slides(loaded)
        if found["kind"] != "frames":
            for s in found["slides"]:
                yield SlideBox(
                    page=loaded,
                    index=s["index"],
                    x=s["x"],
                    y=s["y"],
                    width=s["width"],
                    height=s["height"],
                    kind=found["kind"],
                    slide_id=s.get("id"),
                    blocked=list(dict.fromkeys(loaded.blocked)),
                )
            return
        docs = found["docs"][:MAX_FRAME_SLIDES]
        outer_blocked = list(loaded.blocked)
    for i, doc in enumerate(docs):
        sub: str | Path
        if doc.get("srcdoc") is not None:
            sub = doc["srcdoc"] if "<" in doc["srcdoc"] else f"<p>{doc['srcdoc']}</p>"
        else:
            src = str(doc.get("src") or "")
            if not src.startswith("file://"):
                continue  # a remote frame: nothing to load (the outer page's blocked list names it)
            if not RequestPolicy(root=folder.resolve() if folder else None).allows(src):
                _skip(skipped, i, src, "outside the deck's folder or not a regular file")
                continue
            sub = Path(unquote(urlparse(src).path))
        w = max(1, round(doc.get("width") or width))
        h = max(1, round(doc.get("height") or height))
        with ExitStack() as stack:
            try:
                inner = stack.enter_context(
                    session.page(sub, width=w, height=h, javascript=javascript, timeout=timeout, base_dir=folder)
                )
            except (RenderError, BadInputError) as exc:
                _skip(skipped, i, str(doc.get("src") or "srcdoc"), exc.what)
                continue
            found = find_slides(inner)
            slides = found["slides"] or [{"x": 0, "y": 0, "width": w, "height": h, "index": 0, "id": None}]
            s = slides[0]
            yield SlideBox(
                page=inner,
                index=i,
                x=s["x"],
                y=s["y"],
                width=s["width"],
                height=s["height"],
                kind=found["kind"],
                slide_id=s.get("id"),
                frame=i,
                blocked=list(dict.fromkeys(outer_blocked + inner.blocked if i == 0 else inner.blocked)),
            )


def _skip(skipped: list[str] | None, index: int, src: str, why: str) -> None:
    if skipped is not None:
        skipped.append(f"frame {index + 1} ({src[:200]}) not read: {why}")


def _is_html(source: str | os.PathLike[str]) -> bool:
    return isinstance(source, str) and "<" in source
