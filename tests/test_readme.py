"""The README's Python examples run as written (in a scratch folder holding the files they name,
with the offline scripted model as $ACE_MODEL)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)


def test_the_readme_has_python_examples() -> None:
    blocks = python_blocks()
    assert blocks and all("import" in b for b in blocks)


def test_readme_python_examples_run(tmp_path: Path) -> None:
    from adapters import convert

    convert(ROOT / "fixtures" / "ir" / "sample.json", tmp_path / "deck.pptx")  # ids survive: s1-title
    shutil.copy(ROOT / "fixtures" / "figma" / "features.figma.json", tmp_path / "design.json")
    shutil.copytree(ROOT / "fixtures" / "figma" / "features.figma.images", tmp_path / "images")
    env = {
        **os.environ,
        "ACE_MODEL": f"scripted:{ROOT / 'fixtures' / 'agent' / 'title_red.json'}",
        "PYTHONPATH": str(ROOT),
    }
    for n, block in enumerate(python_blocks()):
        script = block + "\nprint('README-BLOCK-OK')\n"
        proc = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600
        )
        assert proc.returncode == 0 and "README-BLOCK-OK" in proc.stdout, f"block {n}:\n{proc.stderr[-3000:]}"
    for name in ("deck.html", "deck.json", "design.pptx"):
        assert (tmp_path / name).is_file(), name
    assert "modified" in proc.stdout or "added" in proc.stdout  # the diff printed what the tools changed
