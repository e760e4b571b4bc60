"""Alignment helpers: the child-matching cascade (id -> unique name -> text -> type + order) and the
longest increasing subsequence that tells reordered elements from the ones that kept their place."""

from __future__ import annotations

import bisect
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import TypeVar

from ace_core.ir.nodes import NodeBase
from judge.diff.props import descendant_text, norm_type

__all__ = ["cascade_match", "lis_keep"]

T = TypeVar("T")


def lis_keep(seq: Sequence[int], *, exact_limit: int = 600) -> set[int]:
    """Positions (indices into `seq`) of a longest strictly increasing subsequence: the elements
    that kept their relative order; the others moved. Among the longest ones, the one keeping
    the most elements at their own rank (seq[i] == rank of i) is chosen, so swapping the first
    and last of three reports those two, not the middle one (exact up to `exact_limit` items)."""
    n = len(seq)
    if n == 0:
        return set()
    ranks = {v: r for r, v in enumerate(sorted(seq))}
    fixed = [1 if ranks[v] == i else 0 for i, v in enumerate(seq)]
    if n <= exact_limit:
        best: list[tuple[int, int]] = [(1, fixed[i]) for i in range(n)]
        prev = [-1] * n
        for i in range(n):
            for j in range(i):
                if seq[j] < seq[i]:
                    cand = (best[j][0] + 1, best[j][1] + fixed[i])
                    if cand > best[i]:
                        best[i], prev[i] = cand, j
        i = max(range(n), key=lambda k: best[k])
        keep: set[int] = set()
        while i >= 0:
            keep.add(i)
            i = prev[i]
        return keep
    tails: list[int] = []
    tails_at: list[int] = []
    back = [-1] * n
    for i, v in enumerate(seq):
        k = bisect.bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
            tails_at.append(i)
        else:
            tails[k] = v
            tails_at[k] = i
        back[i] = tails_at[k - 1] if k > 0 else -1
    keep = set()
    i = tails_at[-1]
    while i >= 0:
        keep.add(i)
        i = back[i]
    return keep


def _unique_pairs(
    olds: list[NodeBase], news: list[NodeBase], key: Callable[[NodeBase], str]
) -> list[tuple[NodeBase, NodeBase]]:
    ok = Counter(k for k in (key(n) for n in olds) if k)
    nk = Counter(k for k in (key(n) for n in news) if k)
    by_new = {key(n): n for n in news if key(n) and nk[key(n)] == 1}
    pairs = []
    for o in olds:
        k = key(o)
        if k and ok[k] == 1 and nk.get(k) == 1:
            n = by_new[k]
            if _compatible(o, n):
                pairs.append((o, n))
    return pairs


_SHAPES = {"TEXT", "RECTANGLE", "ELLIPSE", "SHAPE"}


def _compatible(a: NodeBase, b: NodeBase) -> bool:
    """Name / text matches pair nodes of one kind (shapes and text boxes count as one kind)."""
    ta, tb = norm_type(a), norm_type(b)
    return ta == tb or (ta in _SHAPES and tb in _SHAPES)


def cascade_match(
    olds: list[NodeBase], news: list[NodeBase]
) -> tuple[list[tuple[NodeBase, NodeBase, str]], list[NodeBase], list[NodeBase]]:
    """Pair origin children with current children that have no id in common: (1) a layer name
    unique on both sides, (2) a descendant text unique on both sides, (3) the same (normalized)
    type, in order. Returns (pairs with the rule that matched, unmatched olds, unmatched news)."""
    pairs: list[tuple[NodeBase, NodeBase, str]] = []
    olds, news = list(olds), list(news)
    rules: list[tuple[str, Callable[[NodeBase], str]]] = [
        ("name", lambda n: n.name.strip()),
        ("text", lambda n: descendant_text(n, 200)),
    ]
    for rule, key in rules:
        for o, n in _unique_pairs(olds, news, key):
            pairs.append((o, n, rule))
            olds.remove(o)
            news.remove(n)
    by_type: dict[str, list[NodeBase]] = defaultdict(list)
    for n in news:
        by_type[norm_type(n)].append(n)
    rest_old: list[NodeBase] = []
    for o in olds:
        bucket = by_type.get(norm_type(o))
        if bucket:
            n = bucket.pop(0)
            pairs.append((o, n, "type+order"))
            news.remove(n)
        else:
            rest_old.append(o)
    return pairs, rest_old, news
