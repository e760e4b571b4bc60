"""Fields dropped on figma -> IR -> figma of the corpus Figma files, per file (fresh and patched).

    .venv/bin/python scripts/measure_figma_roundtrip.py

Uses the field-by-field diff of tests/test_figma_rest.py (test_round_trip_keeps_every_standard_field_it_read):
'diffs' are fields written back changed; 'dropped' lists source fields (not derived, not at the
spec's default) that the rewrite leaves out."""

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adapters.figma.read import read_figma
from tests import test_figma_rest as t
from tests.figma_spec import property_defaults

defaults = property_defaults()
files = sorted({p.name: p for p in t.ROUND_TRIP}.values(), key=lambda p: p.name)  # a fixture copy once
for fresh in (True, False):
    print(f"\n### {'fresh (IR alone, no copy)' if fresh else 'patched (default for a Figma source)'}\n")
    print("| file | nodes | lossy-reported nodes | fields compared | diffs | fields dropped (top 6) |")
    print("|---|---:|---:|---:|---:|---|")
    for src in files:
        with tempfile.TemporaryDirectory() as tmp:
            deck = read_figma(src)
            lossy = {e.node_id for e in deck.report.entries}
            before = t._nodes(json.loads(src.read_text()))
            after = t._nodes(t._written(deck, Path(tmp), fresh=fresh))
            diffs, compared = t._field_diff(src, Path(tmp), fresh)
            dropped = Counter()
            for ident, node in before.items():
                if node["type"] in ("DOCUMENT", "CANVAS"):
                    continue
                other = after.get(ident)
                if other is None:
                    dropped["(whole node)"] += 1
                    continue
                for k, v in node.items():
                    if k in t._DERIVED or k == "children":
                        continue
                    if k not in other and not (v is None or defaults.get(k, object()) == v):
                        dropped[k] += 1
            top = "; ".join(f"{k} x{c}" for k, c in dropped.most_common(6)) or "-"
            row = [f"{src.parent.name}/{src.name}", len(before), len(lossy & set(before)), compared, len(diffs), top]
            print("| " + " | ".join(str(c) for c in row) + " |")
