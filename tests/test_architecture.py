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


PROJECT_PACKAGES = ("ace_core", "adapters", "backends", "judge", "cli")


def _first_project_import_before_path(source: str) -> int | None:
    """The line of a module-level project import that comes before the first sys.path.insert, or
    None: a script run from another checkout would import the installed (editable) project."""
    tree = ast.parse(source)
    for stmt in tree.body:
        if isinstance(stmt, ast.Expr) and "sys.path.insert" in ast.unparse(stmt):
            return None
        names = []
        if isinstance(stmt, ast.ImportFrom) and stmt.module:
            names = [stmt.module]
        elif isinstance(stmt, ast.Import):
            names = [a.name for a in stmt.names]
        if any(n.split(".")[0] in PROJECT_PACKAGES for n in names):
            return stmt.lineno
    return None


@pytest.mark.parametrize("script", sorted(p.name for p in (ROOT / "scripts").glob("measure_*.py")))
def test_measurement_scripts_import_their_own_checkout(script: str) -> None:
    # measured side by side from two worktrees, a script must load the project from its own tree
    assert _first_project_import_before_path((ROOT / "scripts" / script).read_text(encoding="utf-8")) is None


def test_the_script_rule_catches_an_early_import() -> None:
    early = "import sys\nfrom ace_core.shared_dir import shared_dir\nsys.path.insert(0, 'x')\n"
    late = "import sys\nsys.path.insert(0, 'x')\nfrom ace_core.shared_dir import shared_dir\n"
    assert _first_project_import_before_path(early) == 2
    assert _first_project_import_before_path(late) is None
