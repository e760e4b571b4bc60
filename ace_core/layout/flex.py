"""The arithmetic of auto-layout on one axis: clamping, FILL shares (freeze loop), alignment, wrap tracks.

Pure functions on floats (px); `ace_core.layout.solver` applies them to nodes.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["break_tracks", "clamp", "distribute_fill", "place_counter", "place_primary"]

EPS = 1e-9


def clamp(value: float, lo: float | None, hi: float | None) -> float:
    """`value` within [lo, hi] (None = unbounded); min wins over max, as in CSS; never negative."""
    if hi is not None and value > hi:
        value = hi
    if lo is not None and value < lo:
        value = lo
    return value if value > 0.0 else 0.0


def distribute_fill(free: float, limits: Sequence[tuple[float | None, float | None]]) -> list[float]:
    """Equal shares of `free` for k FILL children, each clamped to its (min, max), the remainder
    going to the unclamped ones: the flexbox freeze loop (Figma's layoutGrow is only 0/1, so the
    shares are equal). A FILL child may shrink to its min (0 when unset): no content minimum."""
    k = len(limits)
    sizes = [0.0] * k
    frozen = [False] * k
    remaining = free
    while True:
        open_ = [i for i in range(k) if not frozen[i]]
        if not open_:
            return sizes
        share = remaining / len(open_)
        clamped = {i: clamp(share, *limits[i]) for i in open_}
        violation = sum(clamped[i] - share for i in open_)
        if abs(violation) <= EPS:
            for i in open_:
                sizes[i] = clamped[i]
            return sizes
        # freeze the min violators when the total violation is positive, the max violators otherwise
        for i in open_:
            if (violation > 0 and clamped[i] > share + EPS) or (violation < 0 and clamped[i] < share - EPS):
                frozen[i] = True
                sizes[i] = clamped[i]
                remaining -= clamped[i]


def place_primary(
    sizes: Sequence[float], inner: float, spacing: float, align: str, *, start: float = 0.0
) -> list[float]:
    """Offsets along the primary axis of children of `sizes` in a box of `inner` px starting at
    `start`. MIN / CENTER / MAX put the leftover space before / around / after the children
    (a negative leftover overflows to both sides / towards the start). SPACE_BETWEEN ignores
    `spacing` and puts the leftover between the children; with one child or a negative leftover it
    packs them at the start with no gap (CSS `justify-content: space-between`, gap suppressed)."""
    n = len(sizes)
    if n == 0:
        return []
    total = sum(sizes)
    if align == "SPACE_BETWEEN":
        gap = (inner - total) / (n - 1) if n >= 2 and inner - total >= 0 else 0.0
        offset = 0.0
    else:
        gap = spacing
        leftover = inner - total - spacing * (n - 1)
        offset = {"MIN": 0.0, "CENTER": leftover / 2.0, "MAX": leftover}.get(align, 0.0)
    out = []
    cursor = start + offset
    for size in sizes:
        out.append(cursor)
        cursor += size + gap
    return out


def place_counter(size: float, inner: float, align: str, *, start: float = 0.0) -> float:
    """Offset on the counter axis of a child of `size` in a box of `inner` px starting at `start`."""
    if align == "CENTER":
        return start + (inner - size) / 2.0
    if align == "MAX":
        return start + inner - size
    return start


def break_tracks(widths: Sequence[float], inner: float, spacing: float) -> list[list[int]]:
    """Greedy line breaking for WRAP: child i starts a new track when the cursor plus its width
    passes `inner`; the first child of a track is always placed. Returns indices per track."""
    tracks: list[list[int]] = []
    cur: list[int] = []
    cursor = 0.0
    for i, w in enumerate(widths):
        if cur and cursor + spacing + w > inner + 1e-6:
            tracks.append(cur)
            cur, cursor = [], 0.0
        cursor = cursor + spacing + w if cur else w
        cur.append(i)
    if cur:
        tracks.append(cur)
    return tracks
