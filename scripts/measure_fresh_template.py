"""Fresh .pptx as other readers see it, over corpora of decks: the bars of issue 15.

For every deck: read it, write it in fresh mode, and compare the source with the output as
python-pptx and markitdown read them (per slide word lists, a number compared by its value; the words
of the nodes a loss entry names may differ -- their text, name, alt text and a chart's data -- no
others; an entry on styling only, or a binding, explains no text), count master / layout text the
output's slides gained, count `a:fld type="slidenum"` on the slides of each, and check with
python-pptx that every placeholder of every output slide has a placeholder of its layout with the
same idx. `--render` also renders the
source and the output with LibreOffice (PDFs cached under $ACE_CACHE_DIR/measure/lo-pdf/<sha256>)
and gives per slide grey similarity, colour-off and text recall (../shared/scripts).

    .venv/bin/python scripts/measure_fresh_template.py [--corpus DIR ...] [--only SUBSTR] [--render]
                                                        [--json OUT.json]
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import io
import itertools
import json
import re
import shutil
import statistics
import sys
import tempfile
import traceback
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # before any ace_core import: this checkout, not the installed one
from ace_core.shared_dir import shared_dir  # noqa: E402

SHARED = shared_dir(ROOT)
sys.path.insert(0, str(SHARED / "scripts"))

from ace_core.fsutil import cache_root  # noqa: E402
from ace_core.ir.loss import LossReport  # noqa: E402
from adapters.ooxml.conventions import DECK_META_STRICT  # noqa: E402
from adapters.ooxml.read_deck import read_pptx  # noqa: E402
from adapters.ooxml.writer import render_bytes  # noqa: E402

WORD = re.compile(r"\d+\.\d+|\w+")
SLIDE_MARK = re.compile(r"<!-- Slide number: (\d+) -->")
FLD_SLIDENUM = re.compile(rb"<a:fld\b[^>]*\btype=\"slidenum\"")
# loss entries that do not explain a text difference (what the bars are about): a binding, and
# styling the node lost while its content stayed
NOT_AN_EXPLANATION = {"placeholder-binding", "chart-style", "chart-format", "text-effect"}


def _explains(entry: Any) -> bool:
    if entry.feature in NOT_AN_EXPLANATION:
        return False
    return not (entry.feature == "chart-3d" and entry.severity == "info")  # the 3-D view is kept


def _token(tok: str) -> str:
    """A number as its value (a cache's 37261.0 and 37261 are one number), any other word as is."""
    if "." in tok:
        value = float(tok)
        return str(int(value)) if value.is_integer() else repr(value)
    return tok


def words(text: str) -> collections.Counter[str]:
    return collections.Counter(_token(t) for t in WORD.findall(text.casefold()))


# -- python-pptx -----------------------------------------------------------------------------------
def _shape_text(shape: Any) -> list[str]:
    out: list[str] = []
    try:
        kind = shape.shape_type
    except NotImplementedError:  # python-pptx knows no type for a shape without geometry
        kind = None
    if kind == 6:  # group
        for child in shape.shapes:
            out += _shape_text(child)
        return out
    if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
        out.append(shape.text_frame.text)
    if getattr(shape, "has_table", False) and shape.has_table:
        for row in shape.table.rows:
            for cell in row.cells:
                out.append(cell.text)
    return out


def pptx_texts(data: bytes) -> tuple[list[collections.Counter[str]], collections.Counter[str], dict[str, Any]]:
    """(words per slide, words of the layouts' / masters' own shapes, placeholder facts)."""
    import pptx

    prs = pptx.Presentation(io.BytesIO(data))
    slides: list[collections.Counter[str]] = []
    inherited: collections.Counter[str] = collections.Counter()
    facts = {"slides": 0, "slides_ph_ok": 0, "placeholders": 0, "unmatched": []}
    seen: set[int] = set()
    for i, slide in enumerate(prs.slides):
        text: list[str] = []
        for shape in slide.shapes:
            text += _shape_text(shape)
        if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
            text.append(slide.notes_slide.notes_text_frame.text)
        slides.append(words("\n".join(text)))
        layout = slide.slide_layout
        for holder in (layout, layout.slide_master):
            if id(holder.part) in seen:
                continue
            seen.add(id(holder.part))
            for shape in holder.shapes:
                if not shape.is_placeholder:
                    inherited.update(words("\n".join(_shape_text(shape))))
        idxs = {ph.placeholder_format.idx for ph in layout.placeholders}
        ok = True
        for ph in slide.placeholders:
            facts["placeholders"] += 1
            if ph.placeholder_format.idx not in idxs:
                ok = False
                facts["unmatched"].append(f"#{i + 1} idx {ph.placeholder_format.idx}")
        facts["slides"] += 1
        facts["slides_ph_ok"] += ok
    return slides, inherited, facts


# -- markitdown ------------------------------------------------------------------------------------
def markitdown_texts(data: bytes) -> list[collections.Counter[str]]:
    from markitdown import MarkItDown

    md = MarkItDown().convert_stream(io.BytesIO(data), file_extension=".pptx").text_content
    parts = SLIDE_MARK.split(md)
    out: dict[int, collections.Counter[str]] = {}
    for k in range(1, len(parts) - 1, 2):
        body = parts[k + 1]
        body = re.sub(r"!\[[^\]]*\]\([^)]*\)", lambda m: m.group(0).split("](")[0], body)  # alt text, not file names
        out[int(parts[k])] = words(body)
    return [out.get(n, collections.Counter()) for n in range(1, max(out, default=0) + 1)]


def as_presentation(data: bytes) -> bytes:
    """The package with the main part typed as a plain presentation (python-pptx and markitdown
    open nothing else: templates, slide shows and macro decks are the same parts otherwise)."""
    main = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
    others = [
        "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
        "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
        "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
        "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml",
        "application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
    ]
    src = zipfile.ZipFile(io.BytesIO(data))
    ct = src.read("[Content_Types].xml")
    if not any(o.encode() in ct for o in others):
        return data
    for o in others:
        ct = ct.replace(o.encode(), main.encode())
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            z.writestr(info, ct if info.filename == "[Content_Types].xml" else src.read(info.filename))
    return out.getvalue()


def slidenum_fields(data: bytes) -> tuple[int, int]:
    """`a:fld type="slidenum"` on slides, and on layouts + masters."""
    on_slides = on_templates = 0
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for name in z.namelist():
            if re.fullmatch(r"ppt/slides/slide\d+\.xml", name):
                on_slides += len(FLD_SLIDENUM.findall(z.read(name)))
            elif re.fullmatch(r"ppt/(slideLayouts/slideLayout|slideMasters/slideMaster)\d+\.xml", name):
                on_templates += len(FLD_SLIDENUM.findall(z.read(name)))
    return on_slides, on_templates


# -- LibreOffice renders -----------------------------------------------------------------------------
def rendered(data: bytes, suffix: str) -> tuple[list[Path], list[str]]:
    """PNGs and page texts of LibreOffice's PDF of a deck, cached by the bytes' hash."""
    from ace_core.pdflib import load_pymupdf

    pymupdf = load_pymupdf()

    from backends.render.libreoffice import render_to_pdf
    from backends.render.raster import pdf_to_pngs

    key = hashlib.sha256(data).hexdigest()[:24]
    out = cache_root() / "measure" / "lo-pdf" / key
    pdf = out / "deck.pdf"
    if not pdf.is_file():
        with tempfile.TemporaryDirectory(prefix="ace-mft-") as tmp:
            src = Path(tmp) / f"deck{suffix}"
            src.write_bytes(data)
            got = render_to_pdf(src, Path(tmp) / "pdf", timeout=900)
            out.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(got, pdf)
    pngs = sorted(out.glob("slide-*.png"))
    with pymupdf.open(pdf) as doc:
        texts = [page.get_text() for page in doc]
        if len(pngs) != len(texts):
            pngs = pdf_to_pngs(pdf, out, width=1280)
    return pngs, texts


def fidelity(src: bytes, out: bytes, suffix: str, max_slides: int = 0) -> list[tuple[float, float, float]]:
    import slide_color
    import text_recall

    from judge.similarity import load_gray, similarity

    a, ta = rendered(src, suffix)
    b, tb = rendered(out, ".pptx")
    if len(a) != len(b):
        return []
    rows = []
    if max_slides:
        a, b, ta, tb = a[:max_slides], b[:max_slides], ta[:max_slides], tb[:max_slides]
    for pa, pb, xa, xb in zip(a, b, ta, tb, strict=True):
        sim = similarity(load_gray(pa), load_gray(pb))
        col = slide_color.colour_off(slide_color.load_rgb(pa), slide_color.load_rgb(pb))
        rows.append((sim, col, text_recall.recall(xa, xb)))
    return rows


# -- one deck --------------------------------------------------------------------------------------------
@dataclass
class Row:
    name: str
    corpus: str
    slides: int = 0
    pptx_equal: bool = False
    pptx_equal_raw: bool = False
    md_equal: bool = False
    md_equal_raw: bool = False
    gained_inherited: list[str] = field(default_factory=list)
    slidenum_src: int = 0
    slidenum_out: int = 0
    slidenum_templates_out: int = 0
    ph_slides: int = 0
    ph_slides_ok: int = 0
    ph_unmatched: list[str] = field(default_factory=list)
    src_ph_slides_ok: int = 0
    diffs: list[str] = field(default_factory=list)
    bound_losses: int = 0
    fidelity: list[tuple[float, float, float]] = field(default_factory=list)
    error: str = ""


def _named_words(deck: Any, reports: list[LossReport]) -> dict[str, collections.Counter[str]]:
    """Per slide id: the words of the nodes that loss entries name (taken out of both sides)."""
    named: dict[str, set[str]] = collections.defaultdict(set)
    for report in reports:
        for e in report.entries:
            if e.node_id and e.slide_id and _explains(e):
                named[e.slide_id].add(e.node_id)
    out: dict[str, collections.Counter[str]] = {}
    for slide in deck.slides:
        acc: collections.Counter[str] = collections.Counter()
        for node in slide.iter_nodes():
            if node.id in named.get(slide.id, ()):
                for n in [node, *_descendants(node)]:
                    acc.update(words(f"{n.name} {n.description}"))  # a picture's alt text in markitdown
                    body = getattr(n, "text", None)
                    if body is not None and hasattr(body, "plain_text"):
                        acc.update(words(body.plain_text))
                    acc.update(_chart_words(n))
                    for row in getattr(n, "rows", []) or []:
                        for cell in row.cells:
                            if cell.text is not None:
                                acc.update(words(cell.text.plain_text))
        out[slide.id] = acc
    return out


def _chart_words(node: Any) -> collections.Counter[str]:
    """A chart node's words as readers print its data (title, series, categories, values), and
    markitdown's label for a chart python-pptx cannot read."""
    chart = getattr(node, "chart", None)
    if chart is None:
        return collections.Counter()
    text = [chart.title or "", "unsupported chart", "category", *chart.categories]  # markitdown's labels
    text += [str(v) for v in chart.category_values or [] if v is not None]
    for series in chart.series:
        text.append(series.name or "")
        text += [str(v) for v in series.values if v is not None]
    return words(" ".join(text))


def _descendants(node: Any) -> list[Any]:
    out = []
    for child in getattr(node, "children", None) or []:
        out += [child, *_descendants(child)]
    return out


def _same(a: list[collections.Counter[str]], b: list[collections.Counter[str]], allow: list[Any]) -> list[str]:
    diffs = []
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else collections.Counter()
        y = b[i] if i < len(b) else collections.Counter()
        drop = allow[i] if i < len(allow) else collections.Counter()
        lost, gained = (x - y) - drop, (y - x) - drop  # a named node's words may differ, nothing else
        if lost or gained:
            lost, gained = sorted(lost.elements())[:6], sorted(gained.elements())[:6]
            diffs.append(f"#{i + 1} -{lost} +{gained}")
    return diffs


def measure(src: Path, corpus: str, render: bool, max_slides: int = 0) -> Row:
    row = Row(src.name, corpus)
    data = as_presentation(src.read_bytes())
    suffix = src.suffix if src.suffix in (".pptx", ".pptm", ".ppsx", ".potx") else ".pptx"
    try:
        deck = read_pptx(src)
        row.slides = len(deck.slides)
        if deck.meta.get(DECK_META_STRICT):  # python-pptx and markitdown refuse Strict: the Transitional patch
            data = as_presentation(render_bytes(deck)[0])
            row.diffs.append("(Strict source: compared as written Transitional by patch mode)")
        report = LossReport()
        out, _ = render_bytes(deck, fresh=True, report=report)
        row.bound_losses = sum(e.feature == "placeholder-binding" for e in report.entries)
        named = _named_words(deck, [deck.report, report])
        allow = [named.get(s.id, collections.Counter()) for s in deck.slides]
        none = [collections.Counter() for _ in deck.slides]
        try:
            sa, inherited_src, facts_src = pptx_texts(data)
            sb, _, facts = pptx_texts(out)
            d = _same(sa, sb, allow)
            row.pptx_equal, row.pptx_equal_raw = not d, not _same(sa, sb, none)
            row.diffs += [f"pptx {x}" for x in d]
            for i, (x, y) in enumerate(zip(sa, sb, strict=False)):
                gained = (y - x) & inherited_src
                if gained:
                    row.gained_inherited.append(f"#{i + 1} {sorted(gained.elements())[:5]}")
            row.ph_slides, row.ph_slides_ok = facts["slides"], facts["slides_ph_ok"]
            row.ph_unmatched = facts["unmatched"][:10]
            row.src_ph_slides_ok = facts_src["slides_ph_ok"]
        except Exception as exc:  # python-pptx refuses the source (e.g. ISO-Strict): compare the output with the IR
            row.diffs.append(f"python-pptx: {type(exc).__name__}: {str(exc)[:80]}")
        try:
            ma, mb = markitdown_texts(data), markitdown_texts(out)
            d = _same(ma, mb, allow)
            row.md_equal, row.md_equal_raw = not d, not _same(ma, mb, none)
            row.diffs += [f"md {x}" for x in d]
        except Exception as exc:
            row.diffs.append(f"markitdown: {type(exc).__name__}: {str(exc)[:80]}")
        row.slidenum_src = slidenum_fields(data)[0]
        row.slidenum_out, row.slidenum_templates_out = slidenum_fields(out)
        if render:
            row.fidelity = fidelity(data, out, suffix, max_slides)
    except Exception as exc:  # a measurement script: report and go on
        row.error = f"{type(exc).__name__}: {exc}"
        traceback.print_exc()
    return row


def _share(values: list[float], ok: Any) -> str:
    return f"{sum(1 for v in values if ok(v)) / len(values):.1%}" if values else "-"


def summary(rows: list[Row], corpus: str) -> None:
    rs = [r for r in rows if r.corpus == corpus and not r.error]
    n = len(rs)
    print(f"\n== {corpus}: {n} decks ({sum(r.error != '' for r in rows if r.corpus == corpus)} errors)")
    raw = sum(r.pptx_equal_raw for r in rs)
    print(f"  python-pptx text equal: {sum(r.pptx_equal for r in rs)}/{n} (raw, no loss removed: {raw})")
    print(f"  markitdown text equal:  {sum(r.md_equal for r in rs)}/{n} (raw: {sum(r.md_equal_raw for r in rs)})")
    print(f"  decks gaining master / layout text: {sum(bool(r.gained_inherited) for r in rs)}")
    print(f"  decks with slide-number field counts equal: {sum(r.slidenum_src == r.slidenum_out for r in rs)}/{n}")
    print(f"    fields on slides: source {sum(r.slidenum_src for r in rs)}, output {sum(r.slidenum_out for r in rs)}")
    ph = sum(r.ph_slides for r in rs)
    print(f"  slides whose placeholders all match their layout's by idx: {sum(r.ph_slides_ok for r in rs)}/{ph}")
    print(f"    (in the sources: {sum(r.src_ph_slides_ok for r in rs)})")
    print(f"  placeholder-binding losses: {sum(r.bound_losses for r in rs)}")
    fid = [f for r in rs for f in r.fidelity]
    if fid:
        sims, cols, recs = [f[0] for f in fid], [f[1] for f in fid], [f[2] for f in fid]
        print(
            f"  fidelity over {len(fid)} slides: similarity median {statistics.median(sims):.4f},"
            f" >= 0.75 {_share(sims, lambda v: v >= 0.75)};"
            f" colour-off median {statistics.median(cols):.4f}, <= 0.05 {_share(cols, lambda v: v <= 0.05)};"
            f" text recall median {statistics.median(recs):.4f}, >= 0.98 {_share(recs, lambda v: v >= 0.98)}"
        )


def compare(before: Path, after: Path) -> None:
    """Fidelity tables of two runs (--jsonl files) over the decks and slides both measured."""

    def load(path: Path) -> dict[tuple[str, str], list]:
        out = {}
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row.get("fidelity") and not row.get("error"):
                out[(row["corpus"], row["name"])] = row["fidelity"]
        return out

    a, b = load(before), load(after)
    head = "| corpus | decks | slides | run | similarity median | >= 0.75 | colour-off median | <= 0.05 |"
    print(head + " recall median | >= 0.98 |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for corpus in sorted({c for c, _ in a} | {c for c, _ in b}):
        keys = [k for k in a if k in b and k[0] == corpus and len(a[k]) == len(b[k])]
        for label, data in (("before", a), ("after", b)):
            rows = [f for k in keys for f in data[k]]
            if not rows:
                continue
            sims, cols, recs = ([r[i] for r in rows] for i in range(3))
            print(
                f"| {corpus} | {len(keys)} | {len(rows)} | {label} | {statistics.median(sims):.4f} | "
                f"{_share(sims, lambda v: v >= 0.75)} | {statistics.median(cols):.4f} | "
                f"{_share(cols, lambda v: v <= 0.05)} | {statistics.median(recs):.4f} | "
                f"{_share(recs, lambda v: v >= 0.98)} |"
            )
    worse = []
    for k in a:
        if k in b and len(a[k]) == len(b[k]):
            for i, (x, y) in enumerate(zip(a[k], b[k], strict=True)):
                if y[0] < x[0] - 0.02 or y[1] > x[1] + 0.02 or y[2] < x[2] - 0.01:
                    change = f"sim {x[0]:.3f}->{y[0]:.3f} col {x[1]:.3f}->{y[1]:.3f} rec {x[2]:.3f}->{y[2]:.3f}"
                    worse.append(f"{k[1]}#{i + 1}: {change}")
    print(f"\nslides worse after (sim -0.02, colour +0.02 or recall -0.01): {len(worse)}")
    for line in worse:
        print("  ", line)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, action="append")
    ap.add_argument("--only", default="")
    ap.add_argument("--render", action="store_true", help="also LibreOffice fidelity (slow)")
    ap.add_argument("--json", type=Path, help="write the per-deck rows here")
    ap.add_argument("--max-slides", type=int, default=0, help="fidelity of each deck's first N slides only")
    ap.add_argument("--jsonl", type=Path, help="append each deck's row here as soon as it is measured")
    ap.add_argument("--interleave", action="store_true", help="alternate between the corpora (partial runs cover each)")
    ap.add_argument("--compare", type=Path, nargs=2, metavar=("BEFORE", "AFTER"), help="tables of two --jsonl runs")
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare)
        return 0
    corpora = args.corpus or [SHARED / "corpus" / "pptx", SHARED / "corpus" / "pptx2"]
    rows: list[Row] = []
    lists = [[(c, p) for p in sorted(c.glob("*.p[po][tps]*")) if args.only in p.name] for c in corpora]
    if args.interleave:
        order = [item for group in itertools.zip_longest(*lists) for item in group if item is not None]
    else:
        order = [item for group in lists for item in group]
    for corpus, src in order:
        r = measure(src, corpus.name, args.render, args.max_slides)
        rows.append(r)
        if args.jsonl:
            with args.jsonl.open("a") as fh:
                fh.write(json.dumps(r.__dict__) + "\n")
        fid = f" sim {statistics.median([f[0] for f in r.fidelity]):.3f}" if r.fidelity else ""
        flags = "".join(
            c if ok else "."
            for c, ok in (("P", r.pptx_equal), ("M", r.md_equal), ("F", r.slidenum_src == r.slidenum_out))
        )
        print(
            f"{corpus.name:6s} {r.name[:50]:50s} {r.slides:3d} {flags} gain {len(r.gained_inherited)} "
            f"ph {r.ph_slides_ok}/{r.ph_slides}{fid} {r.error[:60]}",
            flush=True,
        )
        for d in r.diffs[:4]:
            print("        ", d[:160])
    for corpus in corpora:
        summary(rows, corpus.name)
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in rows], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
