"""The Figma writer against the bars of issue 16: REST-spec validity, and fidelity without the IR copy.

    .venv/bin/python scripts/measure_figma_rest.py validate [--sets pptx,pptx2,html,figma]
    .venv/bin/python scripts/measure_figma_rest.py fidelity [--corpus DIR] [--only SUBSTR] [--no-html] [--direct]
        [--against DIRECT.json]
    .venv/bin/python scripts/measure_figma_rest.py readback [--sets pptx,pptx2,html,figma]

validate: every corpus file is read and written as .figma.json (default options: no IR copy)
    and checked against Figma's REST API specification (tests/figma_spec.py, the vendored
    @figma/rest-api-spec); prints files / valid / errors per set and the commonest errors.
fidelity: each .pptx goes pptx -> figma (no IR copy) -> pptx and -> html; the LibreOffice render
    of the result (and the Chromium render of the HTML) is compared slide by slide with the
    LibreOffice render of the original: grey similarity (slide_similarity.py), colour-off
    (slide_color.py) and text recall (text_recall.py, PDF against PDF / HTML), all three from
    ../shared/scripts. Prints per-deck rows, the bars and the worst slides. --direct measures the
    writers from the .pptx itself (no Figma step); --against the --json of such a run lists the
    slides that lose most through Figma (what Figma costs, not what the writers miss anyway).
readback: figma -> pptx and figma -> html (written, not rendered) of every file ACE wrote in
    `validate` and of the corpus Figma files; prints the success rate and each failure.
Renders are cached under the ACE cache dir (ace_core.fsutil.cache_root(), $ACE_CACHE_DIR) by the
sha256 of the rendered bytes; --json FILE keeps the per-slide figures."""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # before any ace_core import: this checkout's, not the installed one

from ace_core.shared_dir import shared_dir  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from fidelity import chromium_render, lo_render_many  # noqa: E402

from ace_core.errors import AceError  # noqa: E402
from ace_core.fsutil import cache_root  # noqa: E402

SHARED = shared_dir(ROOT)
CORPUS = SHARED / "corpus"
SUFFIXES = {"pptx": (".pptx", ".potx", ".ppsx", ".pptm"), "html": (".html", ".htm"), "figma": (".json",)}
BARS = {"similarity_median": 0.90, "recall": (0.98, 0.97), "colour": (0.05, 0.85)}


def _shared(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, SHARED / "scripts" / f"{name}.py")
    if spec is None or spec.loader is None:
        raise SystemExit(f"{name}.py not found in {SHARED / 'scripts'}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def set_folder(name: str) -> Path:
    """A corpus folder by name; `unseen` is the unseen decks under the ACE cache dir."""
    if name == "unseen":
        for folder in (cache_root() / "unseen-decks", Path.home() / ".cache" / "ace" / "unseen-decks"):
            if folder.is_dir():
                return folder
        raise SystemExit("no unseen-decks folder under the ACE cache dir")
    return CORPUS / name


def corpus_files(sets: list[str]) -> list[tuple[str, Path]]:
    out = []
    for name in sets:
        kind = "pptx" if name.startswith("pptx") or name == "unseen" else name
        folder = set_folder(name)
        out.extend((name, p) for p in sorted(folder.iterdir()) if p.suffix.lower() in SUFFIXES[kind])
    return out


# -- rendering (cached) -------------------------------------------------------------------------


def lo_render(data: bytes, suffix: str = ".pptx") -> tuple[list[str], list[Path]]:
    """(text of each page, PNGs at 1280 px) of a deck's bytes rendered by LibreOffice: the fidelity
    scripts' render cache (fidelity.lo_render_many), shared with measure_pptx_*."""
    (render,) = lo_render_many([(data, suffix)])
    if render.error:
        raise AceError(render.error)
    return render.texts, render.pngs


def html_render(html: Path, session: Any) -> list[Path]:
    """Chromium PNGs of one of our HTML decks (fidelity.chromium_render's cache)."""
    render = chromium_render(html.read_bytes(), [], session)
    if render.error:
        raise AceError(render.error)
    return render.pngs


# -- validate -----------------------------------------------------------------------------------


def write_figma_of(src: Path, out: Path, **options: Any) -> tuple[Any, Any]:
    from adapters.api import read
    from adapters.figma.write import write_figma

    deck = read(src)
    report = write_figma(deck, out, **options)
    return deck, report


def error_kind(error: str) -> str:
    """An error without its place: the last path step's name (no indices) and the message."""
    where, _, message = error.partition(": ")
    steps = [s for s in where.split("/") if s and not s.isdigit()]
    return f"{steps[-1] if steps else '(root)'}: {message[:80]}"


def cmd_validate(args: argparse.Namespace, keep: Path | None = None) -> list[tuple[str, Path]]:
    from tests.figma_spec import SPEC_VERSION, errors

    rows: dict[str, list[int]] = {}
    messages: Counter[str] = Counter()
    kinds: dict[str, Counter[str]] = {}
    written: list[tuple[str, Path]] = []
    work = keep or Path(tempfile.mkdtemp(prefix="ace-figma-rest-"))
    for name, src in corpus_files(args.sets):
        row = rows.setdefault(name, [0, 0, 0, 0])
        row[0] += 1
        out = work / name / f"{src.stem}.figma.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        try:
            write_figma_of(src, out)
        except AceError as exc:
            row[3] += 1
            print(f"  {name}/{src.name}: not converted: {exc.message[:100]}")
            continue
        except Exception as exc:  # a bug, not bad input: counted and shown, the run goes on
            row[3] += 1
            print(f"  {name}/{src.name}: CRASHED: {type(exc).__name__}: {str(exc)[:120]}")
            continue
        found = errors(json.loads(out.read_text()), limit=100000)
        written.append((name, out))
        row[1] += not found
        row[2] += len(found)
        for e in found:
            messages[e.split(": ", 1)[-1][:100]] += 1
            kinds.setdefault(name, Counter())[error_kind(e)] += 1
        if found:
            print(f"  {name}/{src.name}: {len(found)} errors, first: {found[0][:150]}")
    print(f"\nValidation against @figma/rest-api-spec {SPEC_VERSION} (GetFileResponse)\n")
    print("| set | files | converted | 0-error files | errors | error kinds (top 5) |")
    print("|---|---:|---:|---:|---:|---|")
    for name, (n, valid, errs, failed) in rows.items():
        top = "; ".join(f"{k} x{c}" for k, c in kinds.get(name, Counter()).most_common(5)) or "-"
        print(f"| {name} | {n} | {n - failed} | {valid} | {errs} | {top} |")
    if messages:
        print("\ncommonest errors:")
        for msg, n in messages.most_common(12):
            print(f"  {n:6d}  {msg}")
    return written


# -- fidelity -----------------------------------------------------------------------------------


class Metrics:
    """The three figures of ../shared/scripts, cached by the two renders' hashes (a rerun after a
    change recomputes only the slides whose render changed)."""

    def __init__(self) -> None:
        self.sim = _shared("slide_similarity")
        self.col = _shared("slide_color")
        self.rec = _shared("text_recall")
        self.cache = cache_root() / "measure" / "figures"
        self.cache.mkdir(parents=True, exist_ok=True)

    def pair(self, a: Path, b: Path) -> tuple[float, float]:
        ha, hb = hashlib.sha256(a.read_bytes()).hexdigest(), hashlib.sha256(b.read_bytes()).hexdigest()
        if ha == hb:
            return 1.0, 0.0
        memo = self.cache / f"{ha[:20]}-{hb[:20]}.json"
        if memo.is_file():
            s, c = json.loads(memo.read_text())
            return s, c
        s = self.sim.similarity(self.sim.load_gray(a), self.sim.load_gray(b))
        c = self.col.colour_off(self.col.load_rgb(a), self.col.load_rgb(b))
        memo.write_text(json.dumps([s, c]))
        return s, c

    def images(self, a: list[Path], b: list[Path]) -> list[tuple[float, float]]:
        return [self.pair(pa, b[i]) if i < len(b) else (0.0, 1.0) for i, pa in enumerate(a)]

    def recall(self, original: list[str], output: list[str]) -> list[float]:
        # as text_recall.py itself scores it: a missing slide recalls nothing of a slide with text
        return [self.rec.recall(t, output[i] if i < len(output) else "") for i, t in enumerate(original)]


def through_figma(src: Path, work: Path, embed_ir: bool, direct: bool = False) -> Any:
    """The deck as a Figma consumer gets it: pptx -> .figma.json -> read back (images beside);
    `direct` skips Figma (the baseline: what the pptx and HTML writers do from the pptx itself)."""
    from adapters.figma.read import read_figma

    if direct:
        from adapters.api import read

        return read(src)
    out = work / "deck.figma.json"
    write_figma_of(src, out, embed_ir=embed_ir)
    return read_figma(out)


def cmd_fidelity(args: argparse.Namespace) -> int:
    from adapters.html.write import write_html
    from adapters.ooxml.writer import write_pptx

    metrics = Metrics()
    session = None
    if not args.no_html:
        from ace_core.browser import default_session

        session = default_session()
    only = args.only.split(",")
    files = sorted(
        (p for p in args.corpus.iterdir() if p.suffix.lower() in SUFFIXES["pptx"] and any(o in p.name for o in only)),
        key=lambda p: (p.stat().st_size, p.name),  # small decks first: a stopped run still covers most decks
    )
    per: dict[str, list[dict[str, Any]]] = {"pptx": [], "html": []}
    for src in files:
        t0 = time.perf_counter()
        try:
            text0, png0 = lo_render(src.read_bytes(), src.suffix.lower())
        except AceError as exc:
            print(f"{src.name[:56]:56} original not rendered: {exc.message[:80]}")
            continue
        with tempfile.TemporaryDirectory(prefix="ace-fid-") as tmp:
            work = Path(tmp)
            try:
                deck = through_figma(src, work, args.embed_ir, args.direct)
                write_pptx(deck, work / "back.pptx")
                text1, png1 = lo_render((work / "back.pptx").read_bytes())
                if session is not None:
                    write_html(deck, work / "back.html")
                    png2 = html_render(work / "back.html", session)
                    text2 = metrics.rec.html_slides(work / "back.html")
            except AceError as exc:
                print(f"{src.name[:56]:56} FAILED: {exc.message[:100]}")
                for kind in per:
                    per[kind].extend(
                        {"deck": src.name, "slide": i + 1, "sim": 0.0, "col": 1.0, "rec": 0.0} for i in range(len(png0))
                    )
                continue
            outs = {"pptx": (png1, text1)}
            if session is not None:
                outs["html"] = (png2, text2)
            line = f"{src.name[:56]:56} {len(png0):3d} slides"
            for kind, (pngs, texts) in outs.items():
                figs = metrics.images(png0, pngs)
                recs = metrics.recall(text0, texts)
                rows = [
                    {"deck": src.name, "slide": i + 1, "sim": s, "col": c, "rec": r, "ref_png": str(png0[i])}
                    | ({"out_png": str(pngs[i])} if i < len(pngs) else {})
                    for i, ((s, c), r) in enumerate(zip(figs, recs, strict=True))
                ]
                per[kind].extend(rows)
                med = statistics.median(r["sim"] for r in rows) if rows else float("nan")
                line += f" | {kind}: sim {med:.3f} rec {min((r['rec'] for r in rows), default=1):.2f}"
                line += f" col {max((r['col'] for r in rows), default=0):.3f}"
                if len(pngs) != len(png0):
                    line += f" (slides {len(pngs)}!)"
            print(line + f"  {time.perf_counter() - t0:.0f}s", flush=True)
            if args.json:
                args.json.write_text(json.dumps(per, indent=1))
    how = "pptx -> IR, no Figma (baseline)" if args.direct else f"without the IR copy (embed_ir={args.embed_ir})"
    print(f"\n{how}, against the original's LibreOffice render\n")
    print("| path | decks | slides | median similarity | slides recall >= 0.98 | slides colour-off <= 0.05 |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind, rows in per.items():
        if not rows:
            continue
        decks = len({r["deck"] for r in rows})
        med = statistics.median(r["sim"] for r in rows)
        rec = sum(r["rec"] >= 0.98 for r in rows) / len(rows)
        col = sum(r["col"] <= 0.05 for r in rows) / len(rows)
        label = f"pptx -> {'' if args.direct else 'figma -> '}{kind}"
        print(f"| {label} | {decks} | {len(rows)} | {med:.3f} | {rec:.1%} | {col:.1%} |")
    for kind, rows in per.items():
        if rows:
            print(f"\n{args.worst} worst {kind} slides (similarity / colour-off / recall):")
            for r in sorted(rows, key=lambda r: r["sim"])[: args.worst]:
                print(f"  {r['sim']:.3f} {r['col']:.3f} {r['rec']:.3f}  {r['deck']} #{r['slide']}")
            low = [r for r in rows if r["rec"] < 0.98]
            if low:
                print(
                    f"  recall < 0.98 on {len(low)}: " + ", ".join(f"{r['deck'][:30]}#{r['slide']}" for r in low[:20])
                )
    if args.against:
        print_against(per, json.loads(args.against.read_text()), args.worst)
    if args.json:
        args.json.write_text(json.dumps(per, indent=1))
    return 0


def print_against(per: dict[str, list[dict[str, Any]]], direct: dict[str, list[dict[str, Any]]], worst: int) -> None:
    """What Figma costs: each slide's figures through Figma against the same slide's without it
    (a --direct run's --json), the slides that lose most similarity first."""
    for kind, rows in per.items():
        base = {(r["deck"], r["slide"]): r for r in direct.get(kind, [])}
        pairs = [(r, base[(r["deck"], r["slide"])]) for r in rows if (r["deck"], r["slide"]) in base]
        if not pairs:
            continue
        worse = [(r, b) for r, b in pairs if r["sim"] < b["sim"] - 0.02 or r["rec"] < b["rec"] - 0.005]
        print(f"\n{kind}: {len(worse)} of {len(pairs)} slides lose > 0.02 similarity or recall through Figma")
        print("  (through figma / direct: similarity, colour-off, recall)")
        for r, b in sorted(pairs, key=lambda p: p[0]["sim"] - p[1]["sim"])[:worst]:
            print(
                f"  {r['sim'] - b['sim']:+.3f}  {r['sim']:.3f}/{b['sim']:.3f} {r['col']:.3f}/{b['col']:.3f}"
                f" {r['rec']:.2f}/{b['rec']:.2f}  {r['deck']} #{r['slide']}"
            )


# -- readback -----------------------------------------------------------------------------------


def cmd_readback(args: argparse.Namespace) -> int:
    from adapters.figma.read import read_figma
    from adapters.html.write import write_html
    from adapters.ooxml.writer import write_pptx

    with tempfile.TemporaryDirectory(prefix="ace-figma-back-") as tmp:
        written = cmd_validate(args, args.keep or Path(tmp))
        inputs = [("ACE-written " + name, p) for name, p in written]
        inputs += [("corpus figma", p) for _, p in corpus_files(["figma"])]
        ok: Counter[str] = Counter()
        total: Counter[str] = Counter()
        for label, path in inputs:
            total[label] += 1
            try:
                deck = read_figma(path)
                write_pptx(deck, Path(tmp) / "back.pptx")
                write_html(deck, Path(tmp) / "back.html")
                ok[label] += 1
            except AceError as exc:
                print(f"  FAILED {label} {path.name}: {exc.message[:120]}")
            except Exception as exc:  # a bug, not bad input: counted and shown, the run goes on
                print(f"  CRASHED {label} {path.name}: {type(exc).__name__}: {str(exc)[:120]}")
        print("\n| figma input | files | -> pptx and -> html succeed |")
        print("|---|---:|---:|")
        for label in total:
            print(f"| {label} | {total[label]} | {ok[label]} ({ok[label] / total[label]:.0%}) |")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=("validate", "fidelity", "readback"))
    ap.add_argument("--sets", default="pptx,pptx2,html,figma", help="corpus folders for validate / readback")
    ap.add_argument("--corpus", type=Path, default=CORPUS / "pptx", help="fidelity: folder of decks")
    ap.add_argument("--only", default="", help="fidelity: decks whose name has one of these (comma-separated)")
    ap.add_argument("--no-html", action="store_true", help="fidelity: skip the HTML path")
    ap.add_argument("--embed-ir", action="store_true", help="fidelity: keep the IR copy (for comparison)")
    ap.add_argument("--direct", action="store_true", help="fidelity: no Figma step (the writers' own baseline)")
    ap.add_argument("--against", type=Path, help="fidelity: a --direct run's --json; print what Figma costs per slide")
    ap.add_argument("--keep", type=Path, help="validate / readback: write the .figma.json files here (kept)")
    ap.add_argument("--worst", type=int, default=12)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    args.sets = [s for s in args.sets.split(",") if s]
    if args.command == "validate":
        cmd_validate(args, args.keep)
        return 0
    if args.command == "fidelity":
        return cmd_fidelity(args)
    return cmd_readback(args)


if __name__ == "__main__":
    raise SystemExit(main())
