# ruff: noqa: E501  (this module holds JavaScript source)
"""The in-page script that reads a slide's visible elements (computed boxes, text runs, colours,
borders, backgrounds, images, SVGs) in paint order, for the DOM reader. Runs with page JS off."""

from __future__ import annotations

__all__ = ["BLOCKED_STYLE_JS", "EXTRACT_JS", "ISOLATE_JS", "RESTORE_JS"]

# arg: {root: index, x, y, w, h (slide box, page px), maxNodes, maxDepth, maxSrc}
# returns {items: [...], losses: [[feature, reason, severity]], background: {...} | null, count,
#          reach: {x, y, w, h} (the page's scrollable extent in slide px)}
EXTRACT_JS = r"""
(arg) => {
  const root = document.querySelector(`[data-ace-root="${arg.root}"]`) || document.body;
  const sx = window.scrollX, sy = window.scrollY, X0 = arg.x, Y0 = arg.y;
  const items = [], losses = [], lossSeen = new Set();
  let count = 0, rasterN = 0, stopped = false;
  const loss = (feature, reason, severity) => {
    const key = feature + '|' + reason;
    if (!lossSeen.has(key)) { lossSeen.add(key); losses.push([feature, reason, severity || 'warning']); }
  };
  const cv = document.createElement('canvas'); cv.width = cv.height = 1;
  const c2 = cv.getContext('2d', {willReadFrequently: true});
  const colorCache = new Map();
  const color = s => {
    if (!s || s === 'transparent') return null;
    if (colorCache.has(s)) return colorCache.get(s);
    let out = null;
    const m = s.match(/^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/);
    if (m) {
      let a = m[4] === undefined ? 1 : (m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]));
      out = [+m[1], +m[2], +m[3], a];
    } else {
      c2.clearRect(0, 0, 1, 1); c2.fillStyle = '#000'; c2.fillStyle = s; c2.fillRect(0, 0, 1, 1);
      const d = c2.getImageData(0, 0, 1, 1).data;
      out = [d[0], d[1], d[2], d[3] / 255];
    }
    if (out && out[3] <= 0) out = null;
    colorCache.set(s, out);
    return out;
  };
  // fonts: the first family of a stack that is installed; generics mapped to what they resolve to
  const TEST = 'mmmmmmmmmmlli WQ@#90 한글漢字';
  const width = f => { c2.font = '72px ' + f; return c2.measureText(TEST).width; };
  const famCache = new Map();
  const installed = fam => {
    const q = /^[\w-]+$/.test(fam) ? fam : '"' + fam.replace(/"/g, '') + '"';
    return ['monospace', 'serif', 'sans-serif'].some(g => width(q + ', ' + g) !== width(g));
  };
  const GENERIC = {'sans-serif': ['DejaVu Sans', 'Liberation Sans', 'Noto Sans', 'Arial', 'Helvetica'],
                   'serif': ['DejaVu Serif', 'Liberation Serif', 'Noto Serif', 'Times New Roman'],
                   'monospace': ['DejaVu Sans Mono', 'Liberation Mono', 'Noto Sans Mono', 'Courier New']};
  const generic = g => {
    const base = width(g);
    for (const f of GENERIC[g] || []) if (width('"' + f + '", ' + (g === 'monospace' ? 'serif' : 'monospace')) === base) return f;
    return null;
  };
  const family = stack => {
    if (famCache.has(stack)) return famCache.get(stack);
    let out = null;
    for (let f of stack.split(',')) {
      f = f.trim().replace(/^["']|["']$/g, '');
      if (!f) continue;
      if (f in GENERIC) { out = generic(f); break; }
      if (['system-ui', '-apple-system', 'BlinkMacSystemFont', 'ui-sans-serif'].includes(f)) continue;
      if (installed(f)) { out = f; break; }
    }
    if (!out) out = generic('sans-serif');
    famCache.set(stack, out);
    return out;
  };
  const px = v => { const n = parseFloat(v); return isFinite(n) ? n : 0; };
  const rel = r => ({x: r.left + sx - X0, y: r.top + sy - Y0, w: r.width, h: r.height});
  const REPLACED = new Set(['IMG', 'SVG', 'CANVAS', 'VIDEO', 'IFRAME', 'OBJECT', 'EMBED', 'INPUT', 'SELECT',
                            'TEXTAREA', 'AUDIO', 'PICTURE', 'MATH']);
  const SKIP = new Set(['SCRIPT', 'STYLE', 'LINK', 'META', 'NOSCRIPT', 'TEMPLATE', 'TITLE', 'HEAD', 'BASE']);
  const tag = el => (el.tagName || '').toUpperCase();
  const nameOf = el => {
    let n = (el.tagName || '').toLowerCase();
    if (el.id) n += '#' + el.id;
    const cls = (el.getAttribute && el.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
    if (cls.length) n += '.' + cls.join('.');
    return n;
  };
  const mul = (m, cs) => {
    if (!cs.transform || cs.transform === 'none') return m;
    try { return m.multiply(new DOMMatrix(cs.transform)); } catch (e) { return m; }
  };
  const geom = (el, m) => {
    const r = rel(el.getBoundingClientRect());
    const rot = Math.atan2(m.b, m.a) * 180 / Math.PI;
    if (Math.abs(rot) < 0.01 && Math.abs(m.a - 1) < 1e-6 && Math.abs(m.d - 1) < 1e-6) return {...r, rot: 0};
    const w = el.offsetWidth !== undefined ? el.offsetWidth * Math.hypot(m.a, m.b) : r.w;
    const h = el.offsetHeight !== undefined ? el.offsetHeight * Math.hypot(m.c, m.d) : r.h;
    return {x: r.x + r.w / 2 - w / 2, y: r.y + r.h / 2 - h / 2, w, h, rot};
  };
  const bgOf = cs => ({color: color(cs.backgroundColor), image: cs.backgroundImage !== 'none' ? cs.backgroundImage : null,
                       size: cs.backgroundSize, position: cs.backgroundPosition, repeat: cs.backgroundRepeat});
  const radius = cs => ['borderTopLeftRadius', 'borderTopRightRadius', 'borderBottomRightRadius',
                        'borderBottomLeftRadius'].map(k => cs[k]);
  const sides = cs => ['Top', 'Right', 'Bottom', 'Left'].map(s => {
    const st = cs['border' + s + 'Style'], w = px(cs['border' + s + 'Width']), c = color(cs['border' + s + 'Color']);
    return (st === 'none' || st === 'hidden' || w <= 0 || !c) ? null : {w, c, style: st};
  });
  const boxItem = (el, cs, g, opacity) => {
    const bg = bgOf(cs), border = sides(cs), shadow = cs.boxShadow !== 'none' ? cs.boxShadow : null;
    if (!bg.color && !bg.image && !border.some(Boolean) && !shadow) return null;
    if (g.w < 0.5 && g.h < 0.5) return null;
    return {kind: 'box', name: nameOf(el), ...g, opacity, bg, border, radius: radius(cs), shadow,
            clip: cs.overflow !== 'visible'};
  };
  // text runs of a container: its text nodes and inline descendants (stops at blocks / replaced)
  const WS_PRE = new Set(['pre', 'pre-wrap', 'pre-line', 'break-spaces']);
  let fontMark = 0;
  const runStyle = (el, cs) => {
    const a = el.closest('a[href]');
    if (!el.hasAttribute('data-ace-f')) el.setAttribute('data-ace-f', String(fontMark++));
    return {fk: el.getAttribute('data-ace-f'), family: family(cs.fontFamily), size: px(cs.fontSize), weight: parseInt(cs.fontWeight) || 400,
            italic: cs.fontStyle !== 'normal', underline: cs.textDecorationLine.includes('underline'),
            strike: cs.textDecorationLine.includes('line-through'), color: color(cs.color),
            spacing: cs.letterSpacing === 'normal' ? null : px(cs.letterSpacing), transform: cs.textTransform,
            valign: cs.verticalAlign, href: a ? a.href : null, shadow: cs.textShadow !== 'none' ? cs.textShadow : null};
  };
  const textOf = (container) => {
    const paras = [[]], nodes = [];
    const rec = (node) => {
      for (const ch of node.childNodes) {
        if (ch.nodeType === 3) {
          const pel = ch.parentElement, pcs = getComputedStyle(pel);
          if (pcs.visibility === 'hidden') continue;
          let t = ch.data;
          if (!t) continue;
          const pre = WS_PRE.has(pcs.whiteSpace);
          if (!pre) t = t.replace(/[\t\n\r\f ]+/g, ' ');
          const st = runStyle(pel, pcs);
          nodes.push(ch);
          if (pre) {
            const lines = t.replace(/\r\n?/g, '\n').split('\n');
            lines.forEach((ln, i) => { if (i > 0) paras.push([]); if (ln) paras[paras.length - 1].push({t: ln, s: st, p: true}); });
          } else {
            paras[paras.length - 1].push({t, s: st, p: false});
          }
        } else if (ch.nodeType === 1) {
          const tg = tag(ch);
          if (SKIP.has(tg)) continue;
          if (tg === 'BR') { paras[paras.length - 1].push({t: '\v', s: null}); continue; }
          const ccs = getComputedStyle(ch);
          if (ccs.display === 'none') continue;
          if (REPLACED.has(tg) || ch.namespaceURI === 'http://www.w3.org/2000/svg') continue;
          if (ccs.display === 'inline' || ccs.display === 'contents') {
            if (ccs.position === 'absolute' || ccs.position === 'fixed') continue;
            rec(ch);
          } else if (!ccs.display.startsWith('inline')) {
            if (paras[paras.length - 1].length) paras.push([]);
          }
        }
      }
    };
    rec(container);
    const out = [];
    for (const p of paras) {
      const runs = [];
      for (const r of p) {
        const last = runs[runs.length - 1];
        if (last && r.s && last.s && last.p === r.p && JSON.stringify(last.s) === JSON.stringify(r.s)) last.t += r.t;
        else runs.push({...r});
      }
      // collapse spaces across runs, trim the paragraph
      for (let i = 0; i < runs.length; i++) {
        if (!runs[i].s || runs[i].p) continue;
        if (i > 0 && !runs[i - 1].p && runs[i - 1].t.endsWith(' ') && runs[i].t.startsWith(' ')) runs[i].t = runs[i].t.slice(1);
      }
      while (runs.length && runs[0].s && !runs[0].p && runs[0].t.startsWith(' ')) {
        runs[0].t = runs[0].t.trimStart(); if (!runs[0].t) runs.shift();
      }
      while (runs.length && runs[runs.length - 1].s && !runs[runs.length - 1].p && runs[runs.length - 1].t.endsWith(' ')) {
        const r = runs[runs.length - 1]; r.t = r.t.trimEnd(); if (!r.t) runs.pop();
      }
      out.push(runs.filter(r => r.t));
    }
    while (out.length && !out[out.length - 1].length) out.pop();
    while (out.length && !out[0].length) out.shift();
    return {paras: out, nodes};
  };
  const textItem = (el, cs, m, opacity) => {
    const {paras, nodes} = textOf(el);
    if (!paras.some(p => p.some(r => r.s && r.t.trim()))) return null;
    let L = Infinity, T = Infinity, R = -Infinity, B = -Infinity;
    const tops = [], spans = [];
    for (const n of nodes) {
      const rg = document.createRange(); rg.selectNodeContents(n);
      for (const r of rg.getClientRects()) {
        if (r.height > 0) spans.push([r.top, r.bottom]);
        if (r.width <= 0) continue;  // an empty line (dropped from the paragraphs too)
        L = Math.min(L, r.left); T = Math.min(T, r.top); R = Math.max(R, r.right); B = Math.max(B, r.bottom);
        if (!tops.some(t => Math.abs(t - r.top) < r.height * 0.5)) tops.push(r.top);
      }
    }
    if (!isFinite(L)) return null;
    // the line pitch Chromium used (blank lines included), when it is even: other engines then
    // space lines as Chromium did instead of by their own `normal` line height
    spans.sort((a, b) => a[0] - b[0]);
    const lineTops = [];
    let cur = null;
    for (const [t, b] of spans) {
      const mid = (t + b) / 2;
      if (cur && mid >= cur[0] && mid <= cur[1]) { cur[0] = Math.min(cur[0], t); cur[1] = Math.max(cur[1], b); continue; }
      cur = [t, b]; lineTops.push(cur);
    }
    let pitch = null;
    if (lineTops.length >= 2) {
      const gaps = lineTops.slice(1).map((l, i) => l[0] - lineTops[i][0]);
      const lo = Math.min(...gaps), hi = Math.max(...gaps);
      if (lo > 0 && hi / lo < 1.15) pitch = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    }
    const br = el.getBoundingClientRect();
    const cl = br.left + px(cs.borderLeftWidth) + px(cs.paddingLeft);
    const cr = br.right - px(cs.borderRightWidth) - px(cs.paddingRight);
    const rot = Math.atan2(m.b, m.a) * 180 / Math.PI;
    let g;
    if (Math.abs(rot) > 0.01) {
      g = geom(el, m);
    } else if (tops.length <= 1) {
      g = {x: L + sx - X0, y: T + sy - Y0, w: R - L, h: B - T, rot: 0};
    } else {
      const left = Math.min(cl, L), right = Math.max(cr, R);
      g = {x: left + sx - X0, y: T + sy - Y0, w: right - left, h: B - T, rot: 0};
    }
    const lh = cs.lineHeight === 'normal' ? pitch : px(cs.lineHeight);
    let list = null;
    if (cs.display === 'list-item' && cs.listStyleType !== 'none') {
      let ordinal = 1;
      const parent = el.parentElement;
      if (parent && parent.tagName === 'OL') {
        ordinal = parent.hasAttribute('start') ? parseInt(parent.getAttribute('start')) || 1 : 1;
        for (let s = el.previousElementSibling; s; s = s.previousElementSibling) if (s.tagName === 'LI') ordinal++;
      }
      list = {type: cs.listStyleType, inside: cs.listStylePosition === 'inside', ordinal,
              color: color(getComputedStyle(el, '::marker').color)};
    }
    return {kind: 'text', name: nameOf(el), ...g, opacity, paras, list, base: runStyle(el, cs), lines: tops.length, align: cs.textAlign,
            lineHeight: lh, direction: cs.direction, nowrap: cs.whiteSpace === 'nowrap' || cs.whiteSpace === 'pre'};
  };
  const srcOf = url => (url && url.length > arg.maxSrc) ? {tooLarge: url.length} : url;
  const rasterItem = (el, g, reason, opacity) => {
    const n = rasterN++;
    el.setAttribute('data-ace-r', String(n));
    const it = {kind: 'raster', name: nameOf(el), ...g, opacity: 1, raster: n, reason, svg: null, texts: [], pictured: []};
    if (tag(el) === 'SVG') { svgTexts(el, opacity, it); it.svg = svgMarkup(el); }
    return it;
  };
  // an inline SVG's <text>: text items painted over its picture (and left out of it), where the
  // text is uniformly scaled (turned or not), not on a path, filled with plain colours and not under
  // a shape drawn after it; the rest stays in the picture (the reader reports it)
  const UNDRAWN = 'defs, clipPath, mask, pattern, symbol, marker';
  const meets = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const svgTexts = (svg, opacity, it) => {
    const shapes = [...svg.querySelectorAll('path, rect, circle, ellipse, line, polyline, polygon, image, use, foreignObject')]
      .filter(e => !e.closest(UNDRAWN));
    for (const t of svg.querySelectorAll('text')) {
      if (t.closest(UNDRAWN)) continue;
      const cs = getComputedStyle(t);
      const words = (t.textContent || '').replace(/\s+/g, ' ').trim();
      if (!words || cs.display === 'none' || cs.visibility !== 'visible') continue;
      let o = opacity;
      for (let a = t; a && a !== svg; a = a.parentElement) o *= parseFloat(getComputedStyle(a).opacity);
      if (o < 0.01) continue;
      const m = t.getScreenCTM();
      const k = m ? Math.hypot(m.a, m.b) : 0;  // uniform scale, turned but not skewed nor mirrored
      let simple = k > 0 && Math.abs(Math.hypot(m.c, m.d) - k) <= 1e-3 * k && Math.abs(m.a * m.c + m.b * m.d) <= 1e-3 * k * k &&
        m.a * m.d - m.b * m.c > 0 && !t.querySelector('textPath') && !t.hasAttribute('rotate') && !t.querySelector('[rotate]');
      const box = t.getBoundingClientRect();  // a shape drawn later over the text: it stays under it, in the picture
      simple = simple && !shapes.some(e => (t.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) &&
        !t.contains(e) && getComputedStyle(e).visibility === 'visible' && meets(e.getBoundingClientRect(), box));
      const paras = [[]], tops = [box.top];
      const walker = document.createTreeWalker(t, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n && simple; n = walker.nextNode()) {
        const pel = n.parentElement, pcs = getComputedStyle(pel);
        if (pcs.display === 'none' || pcs.visibility !== 'visible') continue;
        const fill = /url\(|context-/.test(pcs.fill) ? null : color(pcs.fill);  // a gradient or pattern: not a colour
        if (!fill) { simple = pcs.fill === 'none' && pcs.stroke === 'none'; continue; }  // unfilled: outlined or not drawn
        const f = px(pcs.fillOpacity === undefined ? 1 : pcs.fillOpacity);
        const s = {...runStyle(pel, pcs), size: px(pcs.fontSize) * k, color: [fill[0], fill[1], fill[2], fill[3] * f]};
        const line = pel.closest('tspan[x][y], tspan[x][dy]');  // a tspan placed back at an x: a new line
        if (line && t.contains(line) && n === firstText(line) && paras[paras.length - 1].length) { paras.push([]); tops.push(line.getBoundingClientRect().top); }
        const text = n.data.replace(/\s+/g, ' ');
        if (text) paras[paras.length - 1].push({t: text, s, p: false});
      }
      if (!simple) { it.pictured.push(words); continue; }
      const out = paras.map(p => {
        if (p.length) { p[0].t = p[0].t.trimStart(); p[p.length - 1].t = p[p.length - 1].t.trimEnd(); }
        return p.filter(r => r.t);
      }).filter(p => p.length);
      if (!out.length) continue;
      const gaps = out.length === tops.length ? tops.slice(1).map((v, i) => v - tops[i]) : [];  // lines placed evenly: their pitch
      const pitch = gaps.length && Math.min(...gaps) > 0 && Math.max(...gaps) / Math.min(...gaps) < 1.15
        ? gaps.reduce((a, b) => a + b, 0) / gaps.length : null;
      t.setAttribute('data-ace-st', '');
      const bb = t.getBBox(), c = new DOMPoint(bb.x + bb.width / 2, bb.y + bb.height / 2).matrixTransform(m);
      const w = bb.width * k, h = bb.height * k;
      const g = {x: c.x + sx - X0 - w / 2, y: c.y + sy - Y0 - h / 2, w, h, rot: Math.atan2(m.b, m.a) * 180 / Math.PI};
      it.texts.push({kind: 'text', name: nameOf(t), ...g, opacity: o, paras: out, list: null, base: out[0][0].s,
                     lines: out.length, align: 'left', lineHeight: pitch, direction: cs.direction, nowrap: true});
    }
  };
  const firstText = el => document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode();
  const svgMarkup = el => {
    const c = el.cloneNode(true);
    const cs = getComputedStyle(el);
    c.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    c.setAttribute('width', String(el.getBoundingClientRect().width));
    c.setAttribute('height', String(el.getBoundingClientRect().height));
    if (!c.getAttribute('color')) c.setAttribute('color', cs.color);
    c.removeAttribute('style'); c.removeAttribute('data-ace-r');
    for (const t of c.querySelectorAll('[data-ace-st]')) t.remove();  // carried as text over the picture
    const s = new XMLSerializer().serializeToString(c);
    return s.length > arg.maxSrc ? null : s;
  };
  const pseudo = el => {
    for (const p of ['::before', '::after']) {
      const ps = getComputedStyle(el, p);
      if (ps.content && ps.content !== 'none' && ps.content !== 'normal') {
        const painted = ps.content !== '""' || color(ps.backgroundColor) || ps.backgroundImage !== 'none';
        if (painted && ps.display !== 'none') loss('pseudo-element', `${p} content of ${nameOf(el)} is not carried`);
      }
    }
  };
  const replaced = (el, tg, cs, g, opacity) => {
    if (tg === 'IMG') {
      const src = el.currentSrc || el.src;
      if (String(src).startsWith('data:image/x-ace-dropped,')) return null;  // too large: reported by the reader
      if (!el.complete || !el.naturalWidth) {
        loss('missing-image', `image ${String(src).slice(0, 200)} did not load`, 'error'); return null;
      }
      if (/^data:image\/svg|\.svg(\?|#|$)/i.test(String(src).slice(0, 200))) return rasterItem(el, g, 'svg-image');
      return {kind: 'img', name: nameOf(el), ...g, opacity, src: srcOf(src), fit: cs.objectFit,
              pos: cs.objectPosition, nw: el.naturalWidth, nh: el.naturalHeight, radius: radius(cs),
              alt: el.getAttribute('alt') || ''};
    }
    if (tg === 'SVG') return rasterItem(el, g, 'svg', opacity);
    if (tg === 'CANVAS') { loss('canvas', 'a canvas is kept as a picture of its pixels', 'info'); return rasterItem(el, g, 'canvas'); }
    if (tg === 'AUDIO') { loss('audio', 'audio is not carried', 'error'); return null; }
    if (tg === 'VIDEO') { loss('video', 'a video is kept as a picture of its current frame', 'warning'); return rasterItem(el, g, 'video'); }
    if (tg === 'IFRAME' || tg === 'OBJECT' || tg === 'EMBED') {
      loss('embedded-frame', `${tg.toLowerCase()} ${String(el.src || el.data || '').slice(0, 120)} is kept as a picture of what it shows`, 'warning');
      return rasterItem(el, g, 'frame');
    }
    if (tg === 'MATH') return rasterItem(el, g, 'math');
    if (tg === 'INPUT' || tg === 'SELECT' || tg === 'TEXTAREA') return rasterItem(el, g, 'form-control');
    return null;
  };
  // stacking contexts (CSS 2.1 appendix E, simplified): own box, z<0, flow boxes, flow content, z>=0
  const makesContext = (cs, pcs) => (cs.position !== 'static' && cs.zIndex !== 'auto') ||
    (pcs && /flex|grid/.test(pcs.display) && cs.zIndex !== 'auto') || parseFloat(cs.opacity) < 1 ||
    cs.transform !== 'none' || cs.filter !== 'none' || cs.isolation === 'isolate' || cs.mixBlendMode !== 'normal';
  const paint = (sc, cs, m, opacity, depth, own) => {
    const neg = [], bgs = [], content = [], pos = [];
    let order = 0;
    const visit = (el, pcs, pm, po, d) => {
      for (const ch of el.children) {
        if (stopped) return;
        const tg = tag(ch);
        if (SKIP.has(tg)) continue;
        const ccs = getComputedStyle(ch);
        if (ccs.display === 'none') continue;
        if (++count > arg.maxNodes) { stopped = true; loss('too-many-elements', `more than ${arg.maxNodes} elements: the rest is not read`, 'error'); return; }
        if (d > arg.maxDepth) { loss('dom-too-deep', `elements nested deeper than ${arg.maxDepth} levels are not read`, 'error'); continue; }
        const o = po * parseFloat(ccs.opacity);
        if (o < 0.01) continue;
        const cm = mul(pm, ccs);
        const positioned = ccs.position !== 'static';
        if (positioned || makesContext(ccs, pcs)) {
          const z = ccs.zIndex === 'auto' ? 0 : parseInt(ccs.zIndex) || 0;
          const sub = [];
          paint(ch, ccs, cm, o, d + 1, sub);
          (z < 0 ? neg : pos).push({z, order: order++, items: sub});
        } else {
          emit(ch, tg, ccs, cm, o, bgs, content);
          if (!REPLACED.has(tg) && ch.namespaceURI !== 'http://www.w3.org/2000/svg') visit(ch, ccs, cm, o, d + 1);
        }
      }
    };
    const self = [], selfContent = [];
    emit(sc, tag(sc), cs, m, opacity, self, selfContent);
    if (!REPLACED.has(tag(sc)) && sc.namespaceURI !== 'http://www.w3.org/2000/svg') visit(sc, cs, m, opacity, depth);
    const byZ = (a, b) => a.z - b.z || a.order - b.order;
    neg.sort(byZ); pos.sort(byZ);
    own.push(...self);
    for (const n of neg) own.push(...n.items);
    own.push(...bgs, ...selfContent, ...content);
    for (const p of pos) own.push(...p.items);
  };
  const emit = (el, tg, cs, m, opacity, bgs, content) => {
    if (cs.visibility === 'hidden' || cs.visibility === 'collapse') return;
    const g = geom(el, m);  // content outside the slide box is kept: the reader reports it (off-slide)
    pseudo(el);
    if (REPLACED.has(tg) || el.namespaceURI === 'http://www.w3.org/2000/svg') {
      const it = replaced(el, tg === 'SVG' || el.tagName === 'svg' ? 'SVG' : tg, cs, g, opacity);
      if (it) content.push(it, ...(it.texts || []));
      return;
    }
    if (el !== root) {
      if (cs.display === 'inline') {
        const b = boxItem(el, cs, g, opacity);
        if (b) bgs.push(b);
        return;
      }
      const b = boxItem(el, cs, g, opacity);
      if (b) bgs.push(b);
    }
    const t = textItem(el, cs, m, opacity);
    if (t) content.push(t);
  };
  // the slide background: the root's, else the nearest ancestor's, else the canvas (white)
  let bgEl = root, background = null;
  while (bgEl && bgEl.nodeType === 1) {
    const bcs = getComputedStyle(bgEl), b = bgOf(bcs);
    if (b.color || b.image) { background = {...b, w: arg.w, h: arg.h}; break; }
    bgEl = bgEl.parentElement;
  }
  const rcs = getComputedStyle(root);
  const own = [];
  paint(root, rcs, new DOMMatrix(), parseFloat(rcs.opacity) || 1, 0, own);
  for (const it of own) {
    if (it.bg && it.bg.image) it.bg.image = srcOf(it.bg.image);
  }
  if (background && background.image) background.image = srcOf(background.image);
  // the page's scrollable extent (what a reader of the page can reach), in slide coordinates
  const de = document.documentElement, bd = document.body || de;
  const reach = {x: -X0, y: -Y0, w: Math.max(de.scrollWidth, bd.scrollWidth), h: Math.max(de.scrollHeight, bd.scrollHeight)};
  return {items: own, losses, background, count, reach};
}
"""

# arg: raster index. Hide everything but that element, on a transparent page.
ISOLATE_JS = r"""
(n) => {
  let st = document.getElementById('ace-isolate');
  if (!st) { st = document.createElement('style'); st.id = 'ace-isolate'; document.documentElement.appendChild(st); }
  st.textContent = `html, body { background: transparent !important; }
    * { visibility: hidden !important; transition: none !important; animation: none !important; }
    [data-ace-r="${n}"], [data-ace-r="${n}"] * { visibility: visible !important; }
    [data-ace-r="${n}"] [data-ace-st], [data-ace-r="${n}"] [data-ace-st] * { visibility: hidden !important; }`;
  const el = document.querySelector(`[data-ace-r="${n}"]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return {x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height};
}
"""

RESTORE_JS = r"""
() => { const st = document.getElementById('ace-isolate'); if (st) st.remove(); return true; }
"""

# arg: [blocked URLs]. For each blocked stylesheet the page links, what its absence changes: the
# elements (under the slide roots) that carry a class no loaded stylesheet defines, and the
# elements whose first font family is not installed (a blocked web-font sheet).
# returns [{url, elements, classes: [most used undefined classes], fonts, families: {family: text elements}}]
BLOCKED_STYLE_JS = r"""
(urls) => {
  const blocked = new Set(urls);
  const sheets = [...document.querySelectorAll('link[rel~="stylesheet"][href]')].map(l => l.href).filter(h => blocked.has(h));
  if (!sheets.length) return [];
  const defined = new Set();
  const walk = rules => {
    for (const r of rules || []) {
      if (r.selectorText) for (const m of r.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g)) defined.add(m[1].replace(/\\/g, ''));
      if (r.cssRules) walk(r.cssRules);
    }
  };
  for (const s of document.styleSheets) { try { walk(s.cssRules); } catch (e) {} }
  const roots = [...document.querySelectorAll('[data-ace-root]')];
  const els = new Set();
  for (const root of (roots.length ? roots : [document.body])) {
    if (!root) continue;
    els.add(root);
    for (const el of root.querySelectorAll('*')) els.add(el);
  }
  const uses = new Map();
  let styled = 0, fonts = 0;
  const families = new Map();
  const cv = document.createElement('canvas').getContext('2d');
  const width = f => { cv.font = '72px ' + f; return cv.measureText('mmmmmmmmmmlli WQ@#90').width; };
  const installed = new Map();
  for (const el of els) {
    const cls = (el.getAttribute && el.getAttribute('class') || '').split(/\s+/).filter(Boolean);
    const missing = cls.filter(c => !defined.has(c));
    if (missing.length) { styled++; for (const c of missing) uses.set(c, (uses.get(c) || 0) + 1); }
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.data.trim())) continue;
    const first = (getComputedStyle(el).fontFamily || '').split(',')[0].trim().replace(/^["']|["']$/g, '');
    if (!first || ['serif', 'sans-serif', 'monospace', 'system-ui', 'cursive', 'fantasy'].includes(first)) continue;
    if (!installed.has(first)) {
      const q = '"' + first.replace(/"/g, '') + '"';
      installed.set(first, ['monospace', 'serif'].some(g => width(q + ', ' + g) !== width(g)));
    }
    if (!installed.get(first)) { fonts++; families.set(first, (families.get(first) || 0) + 1); }
  }
  const classes = [...uses.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(e => e[0]);
  return sheets.map(url => ({url, elements: styled, classes, fonts, families: Object.fromEntries(families)}));
}
"""
