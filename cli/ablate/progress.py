"""Progress of an ablation on stderr (stdout keeps the result, or the --json envelope): a bar (runs
done / total, failures, tokens and cost so far) on a terminal, one line per finished run otherwise;
nothing with -q."""

from __future__ import annotations

from typing import Any

from cli.output import out

__all__ = ["Progress", "run_line"]


def run_line(row: dict[str, Any]) -> str:
    """One finished run, e.g. `t05 ooxml: FAIL program failed: operation 2 (create_table): ...`."""
    name = row.get("condition", {}).get("name", "?")
    head = f"{row.get('task')} {name}: "
    bits = [f"checks {row.get('checks_passed', 0)}/{row.get('checks_total', 0)}"]
    if row.get("if_score") is not None:
        bits.append(f"IF {row['if_score']}")
    if row.get("vq_score") is not None:
        bits.append(f"VQ {row['vq_score']}")
    tokens = (row.get("tokens") or {}).get("total", 0)
    if tokens:
        bits.append(f"{tokens:,} tokens, ${row.get('cost', 0.0):.4f}")
    bits.append(f"{row.get('seconds', 0.0):.1f} s")
    if row.get("ok"):
        return head + "ok (" + ", ".join(bits) + ")"
    why = row.get("error") or "; ".join(f"{c['kind']}: {c['detail']}" for c in row.get("checks", []) if not c.get("ok"))
    return head + f"FAIL ({', '.join(bits)}): {why[:300]}"


class Progress:
    def __init__(self, total: int, skipped: int = 0) -> None:
        self.total = total
        self.skipped = skipped
        self.done = 0
        self.failed = 0
        self.tokens = 0
        self.cost = 0.0
        self._bar: Any = None
        self._task: Any = None

    def _description(self) -> str:
        return f"ablate · {self.failed} failed · {self.tokens:,} tokens · ${self.cost:.4f}"

    def __enter__(self) -> Progress:
        if self.skipped:
            out.info(f"resuming: {self.skipped} runs already done, {self.total} to run")
        if not out.quiet and out.stderr.is_terminal and self.total:
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar

            self._bar = Bar(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=out.stderr,
                transient=True,
            )
            self._bar.__enter__()
            self._task = self._bar.add_task(self._description(), total=self.total)
        return self

    def add(self, row: dict[str, Any]) -> None:
        self.done += 1
        self.failed += 0 if row.get("ok") else 1
        self.tokens += (row.get("tokens") or {}).get("total", 0)
        self.cost += row.get("cost", 0.0) or 0.0
        if self._bar is not None:
            self._bar.update(self._task, advance=1, description=self._description())
            if not row.get("ok") and out.verbose:
                self._bar.console.print(run_line(row), markup=False)
        else:
            out.info(f"[{self.done}/{self.total}] {run_line(row)}")

    def __exit__(self, *exc: Any) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc)
            self._bar = None
        if self.total:
            out.info(f"{self.done} runs, {self.failed} failed, {self.tokens:,} tokens, ${self.cost:.4f}")
