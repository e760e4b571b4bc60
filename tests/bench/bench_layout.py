"""Benchmark: solve a nested auto-layout tree of 2,000 nodes (target: under 50 ms).

Run: .venv/bin/python tests/bench/bench_layout.py   (prints a table), or
     .venv/bin/python -m pytest tests/bench/bench_layout.py   (pytest-benchmark).
The tree is a page (VERTICAL, FIXED width, HUG height) of rows (HORIZONTAL, FILL width), each with
cards (VERTICAL, FILL width, HUG height) holding a FILL-width title and body text (wrapped, HUG
height) and a row of HUG buttons with HUG text labels; every fourth row wraps.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ace_core.ir import AutoLayout, FrameNode, RectangleNode, TextBody, TextNode, TextStyle
from ace_core.layout import MonospaceMeasurer, default_measurer, solve_tree

STYLE = TextStyle(font_family="Liberation Sans", font_size=16)
WORDS = [
    "auto",
    "layout",
    "solves",
    "nested",
    "frames",
    "widths",
    "top",
    "down",
    "heights",
    "bottom",
    "up",
    "with",
    "wrapped",
    "text",
]


def _text(id_: str, n_words: int, seed: int, sizing_h: str) -> TextNode:
    words = [WORDS[(seed + k) % len(WORDS)] for k in range(n_words)]
    return TextNode(id=id_, text=TextBody.from_text(" ".join(words), STYLE), sizing_h=sizing_h, sizing_v="HUG")


def build_tree(target: int = 2000) -> FrameNode:
    """A nested auto-layout tree of exactly `target` nodes (root included)."""
    count = 1
    rows: list[FrameNode] = []
    r = 0
    while count < target:
        cards: list = []
        count += 1
        c = 0
        while c < 5 and count + 8 <= target:
            seed = r * 5 + c
            buttons = [
                FrameNode(
                    id=f"b{seed}-{k}",
                    sizing_h="HUG",
                    sizing_v="HUG",
                    layout=AutoLayout(padding_left=8, padding_right=8, padding_top=4, padding_bottom=4),
                    children=[_text(f"l{seed}-{k}", 1, seed + k, "HUG")],
                )
                for k in range(2)
            ]
            bar = FrameNode(
                id=f"bar{seed}",
                sizing_h="FILL",
                sizing_v="HUG",
                children=buttons,
                layout=AutoLayout(item_spacing=6, primary_align="MAX"),
            )
            card = FrameNode(
                id=f"card{seed}",
                width=220 if r % 4 == 3 else 0,
                sizing_h="FIXED" if r % 4 == 3 else "FILL",
                sizing_v="HUG",
                children=[_text(f"t{seed}", 3, seed, "FILL"), _text(f"p{seed}", 14, seed, "FILL"), bar],
                layout=AutoLayout(
                    mode="VERTICAL",
                    padding_left=12,
                    padding_right=12,
                    padding_top=12,
                    padding_bottom=12,
                    item_spacing=8,
                ),
            )
            cards.append(card)
            count += 8
            c += 1
        if count + 8 > target and count < target:
            while count < target:  # pad with plain rectangles to hit the exact count
                cards.append(RectangleNode(id=f"pad{count}", width=10, height=10))
                count += 1
        rows.append(
            FrameNode(
                id=f"row{r}",
                sizing_h="FILL",
                sizing_v="HUG",
                children=cards,
                layout=AutoLayout(mode="HORIZONTAL", item_spacing=12, wrap=r % 4 == 3, counter_axis_spacing=8),
            )
        )
        r += 1
    return FrameNode(
        id="page",
        width=1280,
        sizing_v="HUG",
        children=rows,
        layout=AutoLayout(
            mode="VERTICAL", padding_top=24, padding_left=24, padding_right=24, padding_bottom=24, item_spacing=16
        ),
    )


def count_nodes(node) -> int:
    return 1 + sum(count_nodes(c) for c in getattr(node, "children", []) or [])


def time_solve(measurer, repeats: int = 15) -> tuple[float, float, float, float]:
    """(median wall, best wall, median CPU, best CPU) ms of solving a fresh tree; the measurer's caches are
    warm after the first run. CPU time (time.process_time) is the figure to trust on a shared machine."""
    solve_tree(build_tree(), measurer)
    wall, cpu = [], []
    for _ in range(repeats):
        tree = build_tree()
        gc.collect()
        t0, c0 = time.perf_counter(), time.process_time()
        solve_tree(tree, measurer)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return statistics.median(wall), min(wall), statistics.median(cpu), min(cpu)


def cold_solve_ms() -> float:
    """CPU ms of the first solve in a fresh process state: font index scan and empty caches."""
    from ace_core.layout.fonts import font_index

    font_index.cache_clear()
    default_measurer.cache_clear()
    tree = build_tree()
    c0 = time.process_time()
    solve_tree(tree, default_measurer())
    return (time.process_time() - c0) * 1000


def test_bench_solve_2000_nodes(benchmark):
    measurer = default_measurer()
    solve_tree(build_tree(), measurer)
    benchmark.pedantic(solve_tree, setup=lambda: ((build_tree(), measurer), {}), rounds=15)


def main() -> None:
    tree = build_tree()
    print(f"nodes: {count_nodes(tree)}  (text nodes: {sum(1 for _ in _texts(tree))})")
    print(f"cold first solve (font scan, empty caches): {cold_solve_ms():.1f} ms CPU")
    print(f"{'measurer':<28}{'median ms':>12}{'best ms':>10}{'median CPU ms':>16}{'best CPU ms':>14}")
    for name, m in (("FontMetricsMeasurer", default_measurer()), ("MonospaceMeasurer", MonospaceMeasurer())):
        med, best, cpu, best_cpu = time_solve(m, repeats=30)
        print(f"{name:<28}{med:>12.1f}{best:>10.1f}{cpu:>16.1f}{best_cpu:>14.1f}")
    tree = build_tree()
    solve_tree(tree, default_measurer())
    c0 = time.process_time()
    changed = solve_tree(tree, default_measurer())
    resolve_ms = (time.process_time() - c0) * 1000
    print(f"{'re-solve (no change)':<28}{'':>22}{resolve_ms:>16.1f}   changed={len(changed)}")


def _texts(node):
    if isinstance(node, TextNode):
        yield node
    for c in getattr(node, "children", []) or []:
        yield from _texts(c)


if __name__ == "__main__":
    main()
