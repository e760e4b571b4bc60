"""Snapshot what `ace convert` (-> .pptx, -> .html) and `ace inspect` (--json and the table) give
for every corpus deck, and compare two snapshots: a speed change must leave them all identical.

A patched .pptx is compared member by member (its zip stores the members' write times), the
rest byte for byte. Run the snapshot under each code tree (PYTHONPATH=<tree>), then compare:
  PYTHONPATH=<old tree> .venv/bin/python scripts/snapshot_cli_outputs.py snap OLD.json
  .venv/bin/python scripts/snapshot_cli_outputs.py snap NEW.json
  .venv/bin/python scripts/snapshot_cli_outputs.py compare OLD.json NEW.json"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _shared_dir() -> Path:
    """This checkout's shared-dir finder, loaded from its file: the snapshot may run an older tree
    (PYTHONPATH) whose ace_core has none."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_ace_shared_dir", ROOT / "ace_core" / "shared_dir.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module.shared_dir(ROOT)


DEFAULT_CORPUS = _shared_dir() / "corpus" / "pptx"
KINDS = ("pptx", "html", "inspect_json", "inspect_table", "pptx_stderr", "html_stderr")


def _run(args: list[str]) -> tuple[int, str, str]:
    from cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def _digest(path: Path, ext: str) -> object:
    if not path.exists():
        return None
    if ext == "pptx":
        with zipfile.ZipFile(path) as z:
            return [[i.filename, hashlib.sha1(z.read(i)).hexdigest()] for i in z.infolist()]
    return hashlib.sha1(path.read_bytes()).hexdigest()


def snapshot(corpus: Path) -> dict[str, dict[str, object]]:
    decks = sorted(p for p in corpus.iterdir() if p.suffix.lower() in (".pptx", ".pptm", ".potx", ".ppsx"))
    rows: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory(prefix="ace-snapshot-") as tmp:
        for deck in decks:
            row: dict[str, object] = {}
            for ext in ("pptx", "html"):
                dst = Path(tmp) / f"{deck.stem}.{ext}"
                code, _, err = _run(["convert", str(deck), str(dst)])
                row[ext] = [code, _digest(dst, ext)]
                row[f"{ext}_stderr"] = err.replace(tmp, "<tmp>")
                dst.unlink(missing_ok=True)
            row["inspect_json"] = list(_run(["inspect", str(deck), "--json"])[:2])
            row["inspect_table"] = list(_run(["inspect", str(deck)])[:2])
            rows[deck.name] = row
    return rows


def compare(old: dict, new: dict) -> int:
    if old.keys() != new.keys():
        print(f"the deck sets differ: {sorted(old.keys() ^ new.keys())[:5]}")
        return 1
    print("| output | decks | identical | differ |\n|---|---:|---:|---|")
    failed = 0
    for kind in KINDS:
        differ = [d for d in old if old[d][kind] != new[d][kind]]
        failed += len(differ)
        print(f"| {kind} | {len(old)} | {len(old) - len(differ)} | {len(differ)} {' '.join(differ[:3])} |")
    return 1 if failed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    snap = sub.add_parser("snap")
    snap.add_argument("out", type=Path)
    snap.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    cmp = sub.add_parser("compare")
    cmp.add_argument("old", type=Path)
    cmp.add_argument("new", type=Path)
    args = parser.parse_args()
    if args.cmd == "snap":
        rows = snapshot(args.corpus)
        args.out.write_text(json.dumps(rows, sort_keys=True))
        print(f"{len(rows)} decks -> {args.out}", file=sys.stderr)
        return 0
    return compare(json.loads(args.old.read_text()), json.loads(args.new.read_text()))


if __name__ == "__main__":
    raise SystemExit(main())
