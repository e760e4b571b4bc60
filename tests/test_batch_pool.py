"""The --jobs worker pool: the biggest inputs start first (one big file started last kept the other
workers idle at the end of a batch), and what the work imports is imported once, in the process
the workers are forked from (every worker imported it again: ~0.3 s of CPU each)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def probe(src: str, module: str) -> dict:
    """A task: when it started and whether `module` was already imported in its worker."""
    return {"started": time.monotonic(), "preloaded": module in sys.modules, "src": Path(src).name}


_SCRIPT = """
import json, sys
from pathlib import Path
from cli.batch import Task, run_tasks
folder = Path(sys.argv[1])
tasks = []
for i, size in enumerate([1, 2, 3, 4, 5, 100_000]):
    src = folder / f"deck{i}.pptx"
    src.write_bytes(b"x" * size)
    kwargs = {"src": str(src), "module": "xml.dom.minidom"}
    tasks.append(Task(index=i, src=src, output=None, module="tests.test_batch_pool", function="probe", kwargs=kwargs))
results = run_tasks(tasks, jobs=2, label="probing", line=lambda r: "", preload=["xml.dom.minidom"])
print(json.dumps(results))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="forkserver")
def test_the_pool_starts_the_biggest_input_first_and_preloads_the_work(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(tmp_path)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout.strip().splitlines()[-1])
    assert [r["src"] for r in results] == [f"deck{i}.pptx" for i in range(6)]  # reported in the inputs' order
    started = {r["src"]: r["started"] for r in results}
    assert started["deck5.pptx"] < started["deck0.pptx"]  # the biggest, given last, ran before the smallest
    assert all(r["preloaded"] for r in results)  # the workers forked with the module imported
