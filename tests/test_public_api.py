"""The public API: the `__all__` of the four library packages is pinned (a change here is a change
users see), every name in it resolves, the packages import lazily, and they ship `py.typed`."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# fmt: off
PUBLIC = {
    "adapters": ["ConversionResult", "convert", "read", "registry", "write"],
    "ace_core": [
        "AceError", "AssetInfo", "AutoLayout", "Background", "BadInputError", "Bullet", "CellBorders", "ChartAxis",
        "ChartData", "ChartLayout", "ChartLegend", "ChartNode", "ChartPartLink", "ChartSeries", "ChartUserShape",
        "ChartView3D", "Color", "ColorRef",
        "ConnectorEnd", "ConnectorNode",
        "Constraints", "Crop", "DataLabels", "Deck", "DeckSource", "Effect", "EllipseNode", "EmbeddedObject",
        "EnvironmentProblem", "FrameNode", "GradientPaint", "GradientStop", "GridLayout", "GroupNode", "ImageFilters",
        "ImageNode", "ImagePaint", "LineHeight", "LineNode", "LossEntry", "LossReport", "MathNode",
        "MissingSystemToolError", "NODE_TYPES", "Node", "NodeBase", "NodeSource", "Paint", "Paragraph", "Placeholder",
        "Point", "RectangleNode", "RenderError", "Run", "SCHEMA_VERSION", "ShapeNode", "Sides", "Sizing", "Slide",
        "SolidPaint", "Stroke", "TableCell", "TableNode", "TableRow", "TableStyle", "TextBody", "TextNode", "TextStyle",
        "Theme", "ThemeFonts", "ToolError", "Transition", "UnsupportedError", "ValidationProblem", "VectorNode",
        "VectorPath", "__version__",
    ],
    "backends": [
        "AgentBinding", "BACKEND_NAMES", "Backend", "HtmlBackend", "OoxmlBackend", "RenderResult", "SceneGraphBackend",
        "SerializeMode", "ToolOutcome", "make_backend", "render_deck", "render_html", "render_pptx",
    ],
    "judge": [
        "DeckMetrics", "JsonDiff", "JudgeVerdict", "MetricParams", "SlideMetrics", "compare_dirs", "compare_paired",
        "diff_decks", "gdpo_advantages", "judge_instruction_following", "judge_visual_quality", "make_if_judge",
        "measure_deck", "measure_file", "paired_bootstrap_ci", "sign_test", "similarity_files", "wilcoxon_signed_rank",
    ],
}
# fmt: on


@pytest.mark.parametrize("package", sorted(PUBLIC))
def test_all_is_pinned_and_resolves(package: str) -> None:
    module = importlib.import_module(package)
    assert sorted(module.__all__) == PUBLIC[package]
    assert len(set(module.__all__)) == len(module.__all__)
    for name in module.__all__:
        assert getattr(module, name) is not None, name
        assert name in dir(module)
    namespace: dict = {}
    exec(f"from {package} import *", namespace)
    assert set(PUBLIC[package]) <= set(namespace)
    with pytest.raises(AttributeError, match="no attribute"):
        module.not_a_name  # noqa: B018


def test_the_packages_import_lazily() -> None:
    code = "import sys, json, ace_core, adapters, backends, judge; print(json.dumps(sorted(sys.modules)))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    loaded = json.loads(proc.stdout)
    heavy = [m for m in loaded if m.split(".")[0] in ("pydantic", "lxml", "bs4", "numpy", "PIL", "litellm")]
    assert heavy == [] and "ace_core.ir.deck" not in loaded


def test_every_package_ships_py_typed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    packages = sorted({p.rstrip("*") for p in config["packages"]["find"]["include"]})
    assert packages == ["ace_core", "adapters", "backends", "cli", "judge"]
    for package in packages:
        assert (ROOT / package / "py.typed").is_file(), package
    assert "py.typed" in config["package-data"]["*"]
