"""The one-way dependency rule: cli -> {backends, judge, adapters} -> ace_core."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("ace_core", "adapters", "backends", "judge", "cli")
FORBIDDEN = {
    "ace_core": {"adapters", "backends", "judge", "cli"},
    "adapters": {"backends", "judge", "cli"},
    "backends": {"cli"},
    "judge": {"cli"},
    "cli": set(),
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_point_one_way(package: str) -> None:
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        wrong = _imports(path) & FORBIDDEN[package]
        if wrong:
            bad.append(f"{path.relative_to(ROOT)} imports {sorted(wrong)}")
    assert not bad, "\n".join(bad)


def test_nothing_imports_cli() -> None:
    bad = []
    for package in PACKAGES[:-1]:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "cli" in _imports(path):
                bad.append(str(path.relative_to(ROOT)))
    assert not bad


def test_rule_catches_a_violation(tmp_path: Path) -> None:
    sample = tmp_path / "x.py"
    sample.write_text("from adapters.ooxml import reader\nimport judge.diff\n")
    assert _imports(sample) & FORBIDDEN["ace_core"] == {"adapters", "judge"}
