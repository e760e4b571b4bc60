"""Long fuzz run over the untrusted-input boundaries (tests/fuzz_targets.py), printing a table.

Each target (OOXML, HTML, Figma, IR readers then both XML writers; the op-batch parser then the
batch) gets `--examples` random inputs (seeded: `--seed`); a failure is any exception that is not
an AceError (or an internal one). The CI test (tests/test_fuzz_readers.py) runs the same targets
with a few derandomized examples.
Run: .venv/bin/python tests/bench/fuzz_readers.py [--examples 500] [--seed 1] [--target ooxml]"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from tests.fuzz_targets import TARGETS  # noqa: E402


def run_target(name: str, examples: int, rng_seed: int) -> tuple[int, float, str]:
    strategy, target = TARGETS[name]
    count = 0

    @seed(rng_seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    @given(strategy)
    def run(value: object) -> None:
        nonlocal count
        count += 1
        target(value)

    t0 = time.perf_counter()
    try:
        run()
        failure = ""
    except Exception as exc:  # the minimal failing example, reported below
        failure = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return count, time.perf_counter() - t0, failure


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", choices=sorted(TARGETS), action="append")
    args = parser.parse_args()
    rows = []
    for name in args.target or sorted(TARGETS):
        count, seconds, failure = run_target(name, args.examples, args.seed)
        rows.append((name, count, seconds, failure))
        print(
            f"{name}: {count} inputs in {seconds:.0f} s" + (f"  FAILED: {failure[:2000]}" if failure else ""),
            flush=True,
        )
    print()
    print(f"{'target':<10} {'inputs':>7} {'seconds':>8}  result")
    for name, count, seconds, failure in rows:
        print(f"{name:<10} {count:>7} {seconds:>8.0f}  {'FAIL: ' + failure.splitlines()[-1][:80] if failure else 'ok'}")
    return 1 if any(f for *_, f in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
