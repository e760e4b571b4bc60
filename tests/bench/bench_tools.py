"""Benchmark: a 1,000-command batch_execute on a 30-slide deck (scene-graph backend).

    .venv/bin/python tests/bench/bench_tools.py          # prints the table
    .venv/bin/python -m pytest tests/bench/bench_tools.py  # asserts the target (median < 1 ms)

The deck: 30 slides, each with a title, a body text, an auto-layout row of four cards (frame +
text each), a 4x3 table and a column chart (~17 nodes per slide, ~520 in all). The batch mixes
the common edits, a third of them on auto-layout content (re-solved after every command):
text, fills, moves, resizes, new cards in the rows, range styles, table cells, chart data,
deletes. Reported: median / p90 / mean time per command (the batch's own per-command timer),
and the whole call including the atomic copy of the deck."""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from ace_core.ir.deck import Deck, Slide
from ace_core.ir.layout_props import AutoLayout
from ace_core.ir.nodes import ChartNode, FrameNode, TableNode, TextNode
from ace_core.ir.semantic import ChartData, ChartSeries, TableCell, TableRow
from ace_core.ir.text import TextBody, TextStyle
from backends.scenegraph import SceneGraphBackend

SLIDES = 30
COMMANDS = 1000
TARGET_MS = 1.0


def _text(nid: str, text: str, **kw: Any) -> TextNode:
    return TextNode(id=nid, text=TextBody.from_text(text, TextStyle(font_size=24)), **kw)


def make_deck() -> Deck:
    slides = []
    for i in range(SLIDES):
        p = f"s{i}"
        cards = [
            FrameNode(
                id=f"{p}-card{k}",
                sizing_h="FILL",
                sizing_v="FILL",
                layout=AutoLayout(mode="VERTICAL", padding_top=12, padding_left=12, padding_right=12),
                children=[_text(f"{p}-card{k}-t", f"Card {k} of slide {i}", sizing_h="FILL", sizing_v="HUG")],
            )
            for k in range(4)
        ]
        row = FrameNode(
            id=f"{p}-row", x=60, y=160, width=1160, height=220, layout=AutoLayout(item_spacing=20), children=cards
        )
        table = TableNode(
            id=f"{p}-table",
            x=60,
            y=420,
            width=540,
            height=160,
            columns=[180, 180, 180],
            rows=[
                TableRow(height=40, cells=[TableCell(text=TextBody.from_text(f"r{r}c{c}")) for c in range(3)])
                for r in range(4)
            ],
        )
        chart = ChartNode(
            id=f"{p}-chart",
            x=660,
            y=420,
            width=560,
            height=260,
            chart=ChartData(categories=["a", "b", "c"], series=[ChartSeries(name="S", values=[1.0, 2.0, 3.0])]),
        )
        children = [
            _text(f"{p}-title", f"Slide {i}", x=60, y=40, width=1160, height=60),
            _text(f"{p}-body", "Body text " * 8, x=60, y=100, width=1160, height=40),
            row,
            table,
            chart,
        ]
        slides.append(Slide(id=p, children=children))
    return Deck(width=1280, height=720, slides=slides)


def make_ops() -> list[dict[str, Any]]:
    ops: list[dict[str, Any]] = []
    kinds = 12
    for n in range(COMMANDS):
        i = n % SLIDES
        p = f"s{i}"
        k = n % kinds
        if k == 0:
            ops.append(
                {"tool": "set_text_content", "args": {"changes": [{"nodeId": f"{p}-title", "text": f"Title {n}"}]}}
            )
        elif k == 1:
            ops.append({"tool": "set_fill_color", "args": {"nodeId": f"{p}-card{n % 4}", "color": "#E0E7FF"}})
        elif k == 2:
            ops.append(
                {
                    "tool": "create_frame",
                    "args": {"parentId": f"{p}-row", "layoutSizingHorizontal": "FILL", "layoutSizingVertical": "FILL"},
                    "id": f"new{n}",
                }
            )
        elif k == 3:
            ops.append(
                {
                    "tool": "set_text_content",
                    "args": {"changes": [{"nodeId": f"{p}-card{n % 4}-t", "text": f"Edited card {n}"}]},
                }
            )
        elif k == 4:
            ops.append({"tool": "move_node", "args": {"nodeId": f"{p}-body", "x": 60 + n % 7, "y": 104}})
        elif k == 5:
            ops.append({"tool": "resize_node", "args": {"nodeId": f"{p}-chart", "width": 540 + n % 9}})
        elif k == 6:
            ops.append(
                {
                    "tool": "set_text_range_style",
                    "args": {"nodeId": f"{p}-body", "start": 0, "end": 4, "fontStyle": "Bold"},
                }
            )
        elif k == 7:
            ops.append(
                {
                    "tool": "set_table_cells",
                    "args": {"nodeId": f"{p}-table", "cells": [{"row": 1, "col": 1, "text": str(n)}]},
                }
            )
        elif k == 8:
            ops.append(
                {
                    "tool": "update_chart_data",
                    "args": {"nodeId": f"{p}-chart", "series": [{"name": "S", "values": [n, 2, 3]}], "mode": "update"},
                }
            )
        elif k == 9:
            ops.append(
                {
                    "tool": "create_text",
                    "args": {"parentId": p, "text": f"Note {n}", "x": 60, "y": 660},
                    "id": f"note{n}",
                }
            )
        elif k == 10:
            ops.append({"tool": "set_opacity", "args": {"nodeId": f"{p}-card{n % 4}", "opacity": 0.9}})
        else:
            ops.append({"tool": "delete_node", "args": {"nodeIds": [f"$new{n - 9}.id"]}})
    return ops


def run() -> dict[str, float]:
    backend = SceneGraphBackend(make_deck())
    ops = make_ops()
    t0 = time.perf_counter()
    out = backend.batch(ops)
    total = time.perf_counter() - t0
    if not out["ok"]:
        raise SystemExit(f"batch failed: {out['error']['message']}")
    times = sorted(backend.timings)
    return {
        "commands": len(times),
        "nodes": sum(1 for _ in backend.deck.iter_nodes()),
        "median_ms": statistics.median(times) * 1000,
        "p90_ms": times[int(0.9 * len(times))] * 1000,
        "mean_ms": statistics.fmean(times) * 1000,
        "total_s": total,
        "per_command_with_copy_ms": total / len(times) * 1000,
    }


def test_bench_batch_median_under_1ms() -> None:
    stats = run()
    assert stats["commands"] == COMMANDS
    assert stats["median_ms"] < TARGET_MS, stats


def main() -> int:
    stats = run()
    print(f"{'metric':<28}{'value':>12}")
    for key, value in stats.items():
        print(f"{key:<28}{value:>12.3f}" if isinstance(value, float) else f"{key:<28}{value:>12}")
    print(f"target: median < {TARGET_MS} ms per command -> {'met' if stats['median_ms'] < TARGET_MS else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
