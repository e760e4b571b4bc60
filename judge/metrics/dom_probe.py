"""The measurement JavaScript run in a rendered page, and the parser of its answer into visual units.

PROBE_JS(arg) walks the slide root's subtree and returns every visual unit (metrics.md section 3):
text as the line boxes of its text nodes (Range.getClientRects) grouped by their block element,
images, icons, svg roots (their primitives are not units), atomic elements, shapes with a
background colour or border, and containers with a background image; each with its effective
opacity (the opacity chain times the paint's alpha), pointer-events, the ancestors that clip or
paint (for the escape check), and a paint-order key that follows CSS stacking contexts (negative
z-index, in-flow blocks, floats, inline content, positioned, positive z-index)."""

from __future__ import annotations

from typing import Any

from judge.metrics.units import Box, Container, SlideUnits, VisualUnit

__all__ = ["ASPECT_JS", "BACKGROUNDS_JS", "PROBE_JS", "STRIP_JS", "parse_probe"]

# arg: {x, y, width, height, index, kind}; returns {units: [...], els: {id: [x, y, w, h, clips, paints]}}
PROBE_JS = r"""
(arg) => {
  const sx = window.scrollX, sy = window.scrollY;
  const ox = arg.x, oy = arg.y;
  const near = (a, b) => Math.abs(a - b) <= 1.5;
  // the slide root: the element whose box is the slide's, else the body
  let root = null;
  if (arg.kind !== 'viewport') {
    const slides = [...document.querySelectorAll('[data-slide-id]')];
    const pool = slides.length ? slides : [document.body, ...document.body.querySelectorAll('*')];
    for (const el of pool) {
      const r = el.getBoundingClientRect();
      if (near(r.left + sx, ox) && near(r.top + sy, oy) && near(r.width, arg.width)
          && (near(r.height, arg.height) || arg.kind === 'page')) { root = el; break; }
    }
  }
  if (!root) root = document.body;
  const ICON_CLASS = new RegExp('(^|\\s)(fa|fas|far|fab|fal|fad|fa-[\\w-]+|bi|bi-[\\w-]+|icon|icons|material-icons|'
                                + 'material-symbols-[\\w-]+|glyphicon|iconify|lucide)(\\s|$)');
  const ATOMIC = new Set(['CANVAS', 'VIDEO', 'IFRAME', 'OBJECT', 'EMBED', 'INPUT', 'BUTTON', 'SELECT',
                          'TEXTAREA', 'METER', 'PROGRESS', 'AUDIO', 'math']);
  const SKIP = new Set(['SCRIPT', 'STYLE', 'LINK', 'META', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE', 'BR', 'WBR']);
  const alphaOf = (c) => {
    if (!c || c === 'transparent') return 0;
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return 1;
    const parts = m[1].split(/[ ,\/]+/).filter(Boolean);
    return parts.length >= 4 ? parseFloat(parts[3]) * (parts[3].endsWith('%') ? 0.01 : 1) : 1;
  };
  const rectOf = (r) => [r.left + sx - ox, r.top + sy - oy, r.width, r.height];
  let counter = 0;
  const ids = new Map();
  const used = new Set();
  const idOf = (el) => {
    let id = ids.get(el);
    if (id) return id;
    id = el.getAttribute && (el.getAttribute('data-id') || el.getAttribute('data-slide-id'));
    if (!id || used.has(id)) id = (id ? id + '#' : 'e') + (counter++);
    used.add(id); ids.set(el, id);
    return id;
  };
  const labelOf = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    const cls = (typeof el.className === 'string' ? el.className : '').trim().split(/\s+/).filter(Boolean);
    if (cls.length) s += '.' + cls.slice(0, 2).join('.');
    const n = el.getAttribute && el.getAttribute('data-name');
    if (n) s += ' "' + n.slice(0, 40) + '"';
    return s;
  };
  // paint order: the key of an element is its painting parent's key + [phase, z, tree order]
  let order = 0;
  const isPositioned = (cs) => cs.position !== 'static';
  const phaseOf = (el, cs, parentCs) => {
    const flexItem = parentCs && /(flex|grid)/.test(parentCs.display);
    const zSet = cs.zIndex !== 'auto' && (isPositioned(cs) || flexItem);
    const z = zSet ? parseInt(cs.zIndex, 10) || 0 : 0;
    const sc = zSet || parseFloat(cs.opacity) < 1 || cs.transform !== 'none' || cs.filter !== 'none'
      || cs.isolation === 'isolate' || cs.mixBlendMode !== 'normal' || cs.position === 'fixed'
      || cs.position === 'sticky' || /paint|strict|content/.test(cs.contain || '');
    let phase;
    if (zSet && z < 0) phase = 1;
    else if (zSet && z > 0) phase = 6;
    else if (isPositioned(cs) || sc) phase = 5;
    else if (cs.float !== 'none') phase = 3;
    else if (/^inline/.test(cs.display) || el.tagName === 'IMG' && cs.display === 'inline') phase = 4;
    else phase = 2;
    return {phase, z, painter: isPositioned(cs) || sc, sc};
  };
  const units = [];
  const els = {};
  const walk = (el, parentInfo, opacity) => {
    if (SKIP.has(el.tagName)) return;
    const cs = getComputedStyle(el);
    if (cs.display === 'none') return;
    const ph = phaseOf(el, cs, parentInfo ? parentInfo.cs : null);
    // the painting parent: the nearest stacking context for positioned / stacking elements,
    // the nearest painter (positioned or stacking) otherwise
    let pp = parentInfo;
    if (ph.painter) { while (pp && !pp.sc && pp.el !== root) pp = pp.parent; }
    else { while (pp && !pp.painter && pp.el !== root) pp = pp.parent; }
    const key = (pp ? pp.key : []).concat([ph.phase, ph.z, order++]);
    const id = idOf(el);
    const me = {el, cs, id, parent: parentInfo, key, painter: ph.painter || el === root, sc: ph.sc || el === root,
                anc: parentInfo && parentInfo.el !== root ? [parentInfo.id].concat(parentInfo.anc) : []};
    // the nearest element (self included) that carries an ACE data-id: text is reported under it
    me.data = (el !== root && el.hasAttribute('data-id')) ? me : (parentInfo ? parentInfo.data : null);
    const op = opacity * parseFloat(cs.opacity);
    const visible = cs.visibility !== 'hidden' && cs.visibility !== 'collapse';
    const r = el.getBoundingClientRect();
    const pe = cs.pointerEvents !== 'none';
    const clips = el !== root && (cs.overflowX !== 'visible' || cs.overflowY !== 'visible' || cs.clipPath !== 'none');
    const bgAlpha = alphaOf(cs.backgroundColor);
    const bgImage = !!cs.backgroundImage && cs.backgroundImage !== 'none';
    let borderAlpha = 0;
    for (const side of ['Top', 'Right', 'Bottom', 'Left']) {
      const st = cs['border' + side + 'Style'];
      if (parseFloat(cs['border' + side + 'Width']) > 0 && st !== 'none' && st !== 'hidden')
        borderAlpha = Math.max(borderAlpha, alphaOf(cs['border' + side + 'Color']));
    }
    const paints = el !== root && (bgAlpha > 0 || bgImage || borderAlpha > 0);
    if (el !== root && (clips || paints)) els[id] = [...rectOf(r), clips, paints];
    me.paints = paints;
    const chain = parentInfo ? parentInfo.inner : [];
    me.inner = (el !== root && (clips || paints)) ? [id].concat(chain) : chain;
    const tag = el.tagName;
    const isSvg = el.localName === 'svg';
    const small = r.width <= arg.iconMax && r.height <= arg.iconMax;
    let atomic = null;
    if (tag === 'IMG' || tag === 'PICTURE') atomic = small ? 'icon' : 'image';
    else if (isSvg) atomic = small ? 'icon' : 'svg';
    else if (ATOMIC.has(tag) || ATOMIC.has(el.localName)) atomic = 'atomic';
    else if (bgImage && /url\(/.test(cs.backgroundImage) && !el.firstElementChild && !(el.textContent || '').trim()) {
      atomic = small ? 'icon' : 'image';  // an empty box painted with a picture is a picture
    }
    else if ((tag === 'I' || tag === 'SPAN') && ICON_CLASS.test(typeof el.className === 'string' ? el.className : '')
             && small && !(el.textContent || '').trim()) atomic = 'icon';
    if (el !== root && visible && r.width > 0 && r.height > 0) {
      // an atomic element inside an ACE node that paints nothing itself is reported under the node
      const host = (atomic && !me.data?.paints && parentInfo && me.data && me.data !== me) ? me.data : null;
      const base = host ? {id: host.id, box: rectOf(r), key, pe, label: labelOf(host.el),
                           chain: chain.filter(c => c !== host.id), ancestors: host.anc}
                        : {id, box: rectOf(r), key, pe, label: labelOf(el), chain: chain, ancestors: me.anc};
      if (atomic) units.push({...base, kind: atomic, opacity: op});
      else if (bgImage && /url\(/.test(cs.backgroundImage)) units.push({...base, kind: 'bgimage', opacity: op});
      else if (paints) {
        units.push({...base, kind: 'shape', opacity: op * Math.max(bgAlpha, borderAlpha, bgImage ? 1 : 0)});
      }
    }
    if (atomic) return;  // svg primitives, button labels, video tracks are part of the unit
    if (visible) {
      // text: line boxes of this element's own text nodes, owned by the nearest non-inline element,
      // painted with the inline content of the nearest painter
      let owner = me;
      while (owner.el !== root && owner.cs.display === 'inline' && owner.parent) owner = owner.parent;
      let ctx = me;
      while (!ctx.painter && ctx.parent) ctx = ctx.parent;
      const clipText = /text/.test(cs.webkitBackgroundClip || cs.backgroundClip || '');
      const colorAlpha = clipText ? 1 : alphaOf(cs.color);
      for (const node of el.childNodes) {
        if (node.nodeType !== 3 || !node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = [...range.getClientRects()].filter(q => q.width >= 0.5 && q.height >= 0.5).map(rectOf);
        if (!lines.length) continue;
        const holder = owner.data || owner;
        units.push({id: holder.id, kind: 'text', lines, key: ctx.key.concat([4, 0, order++]), pe,
                    opacity: op * colorAlpha, label: labelOf(holder.el), chain: owner.inner,
                    ancestors: holder.anc, text: node.textContent.trim().replace(/\s+/g, ' ').slice(0, 80)});
      }
    }
    for (const child of el.children) walk(child, me, op);
  };
  walk(root, null, 1);
  const rr = root.getBoundingClientRect();
  return {units, els, root: {tag: root.tagName, id: ids.get(root) || null, rect: rectOf(rr)}};
}
"""

# arg: {x, y, width, height, frac}; the elements whose background image (url or gradient) the
# whitespace render drops: html, body, the slide root, anything covering >= frac of the slide.
BACKGROUNDS_JS = r"""
(arg) => {
  const sx = window.scrollX, sy = window.scrollY;
  const area = arg.width * arg.height;
  const out = [];
  const all = [document.documentElement, document.body, ...document.body.querySelectorAll('*')];
  let n = 0;
  for (const el of all) {
    const cs = getComputedStyle(el);
    if (!cs.backgroundImage || cs.backgroundImage === 'none') continue;
    const r = el.getBoundingClientRect();
    const x0 = Math.max(r.left + sx, arg.x), y0 = Math.max(r.top + sy, arg.y);
    const x1 = Math.min(r.right + sx, arg.x + arg.width), y1 = Math.min(r.bottom + sy, arg.y + arg.height);
    const cover = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
    const top = el === document.documentElement || el === document.body;
    if (!top && cover < arg.frac * area) continue;
    const colors = (cs.backgroundImage.match(/rgba?\([^)]+\)/g) || []);
    const mark = 'ace-bg-' + (n++);
    el.setAttribute('data-ace-bg', mark);
    out.push({mark, url: /url\(/.test(cs.backgroundImage), colors, bg: cs.backgroundColor,
              rect: [x0 - arg.x, y0 - arg.y, Math.max(0, x1 - x0), Math.max(0, y1 - y0)]});
  }
  return out;
}
"""

# arg: [[mark, css colour], ...]: drop the background image, paint the colour instead
STRIP_JS = r"""
(arg) => {
  for (const [mark, color] of arg) {
    const el = document.querySelector('[data-ace-bg="' + mark + '"]');
    if (!el) continue;
    el.style.setProperty('background-image', 'none', 'important');
    if (color) el.style.setProperty('background-color', color, 'important');
  }
  return true;
}
"""

# arg: {rootX, rootY, cap}; removes overflow clipping and max-height on html, body and the slide
# root (and the body's top-level blocks), then returns the page's full height (AeSlides section 5.1)
ASPECT_JS = r"""
(arg) => {
  const free = (el) => {
    if (!el || !el.style) return;
    el.style.setProperty('overflow', 'visible', 'important');
    el.style.setProperty('max-height', 'none', 'important');
  };
  const html = document.documentElement, body = document.body;
  free(html); free(body);
  for (const el of body.children) free(el);
  for (const el of document.querySelectorAll('[data-slide-id]')) free(el);
  const full = Math.max(body.scrollHeight, body.offsetHeight, html.clientHeight, html.scrollHeight,
                        html.offsetHeight);
  return Math.min(full, arg.cap);
}
"""


def _box(v: list[float] | None) -> Box | None:
    if not v:
        return None
    return Box(float(v[0]), float(v[1]), max(float(v[2]), 0.0), max(float(v[3]), 0.0))


def parse_probe(data: dict[str, Any], width: float, height: float) -> SlideUnits:
    """PROBE_JS's answer -> SlideUnits: paint-order keys become ranks, the text fragments of one
    element merge into one text unit, container chains resolve to boxes."""
    raw: list[dict[str, Any]] = list(data.get("units") or [])
    els: dict[str, list[Any]] = data.get("els") or {}
    order = sorted(range(len(raw)), key=lambda i: raw[i]["key"])
    rank = {i: r for r, i in enumerate(order)}
    texts: dict[tuple[str, tuple[str, ...]], VisualUnit] = {}
    units: list[tuple[int, VisualUnit]] = []
    for i, u in enumerate(raw):
        chain: list[Container] = []
        for cid in u.get("chain") or []:
            e = els.get(cid)
            if e:
                box = _box(e[:4])
                if box is not None:
                    chain.append(Container(cid, box, bool(e[4])))
        if u["kind"] == "text":
            lines = tuple(b for b in (_box(q) for q in u.get("lines") or []) if b is not None)
            if not lines:
                continue
            tkey = (u["id"], tuple(u.get("chain") or ()))
            prev = texts.get(tkey)
            if prev is not None:
                prev.lines = prev.lines + lines
                merged = Box.bounding(prev.lines)
                assert merged is not None
                prev.box = merged
                prev.z = max(prev.z, rank[i])
                prev.opacity = max(prev.opacity, float(u.get("opacity", 1.0)))
                if len(prev.text) < 80:
                    prev.text = (prev.text + " " + (u.get("text") or "")).strip()[:80]
                continue
            box = Box.bounding(lines)
            assert box is not None
            unit = VisualUnit(
                id=u["id"],
                kind="text",
                box=box,
                lines=lines,
                z=rank[i],
                opacity=float(u.get("opacity", 1.0)),
                ancestors=frozenset(u.get("ancestors") or ()),
                containers=tuple(chain),
                pointer_events=bool(u.get("pe", True)),
                label=u.get("label", ""),
                text=u.get("text", ""),
            )
            texts[tkey] = unit
            units.append((rank[i], unit))
            continue
        box = _box(u.get("box"))
        if box is None:
            continue
        units.append(
            (
                rank[i],
                VisualUnit(
                    id=u["id"],
                    kind=u["kind"],
                    box=box,
                    z=rank[i],
                    opacity=float(u.get("opacity", 1.0)),
                    ancestors=frozenset(u.get("ancestors") or ()),
                    containers=tuple(chain),
                    pointer_events=bool(u.get("pe", True)),
                    label=u.get("label", ""),
                ),
            )
        )
    units.sort(key=lambda t: t[0])
    return SlideUnits(width=float(width), height=float(height), units=[u for _, u in units])
