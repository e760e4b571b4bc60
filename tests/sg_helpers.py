"""Helpers for the scene-graph tool tests: a backend on the sample deck and call shortcuts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ace_core.ir.deck import Deck
from ace_core.tools import registry
from backends.scenegraph import SceneGraphBackend

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "fixtures" / "ir" / "sample.json"
IMAGES = ROOT / "fixtures" / "images"

Case = Callable[[SceneGraphBackend], None]


def sample_deck() -> Deck:
    return Deck.load(SAMPLE)


def backend(deck: Deck | None = None) -> SceneGraphBackend:
    b = SceneGraphBackend(deck or sample_deck(), image_library=IMAGES)
    b.strict = True  # copy-on-write must protect every slide a command changes
    return b


def ok(b: SceneGraphBackend, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run a tool that must succeed; its answer must fit the tool's declared result model."""
    out = b.execute(tool, args or {})
    assert out["ok"], out.get("error")
    registry().get(tool).result.model_validate(out["result"])
    return out["result"]


def fail(b: SceneGraphBackend, tool: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
    out = b.execute(tool, args or {})
    assert not out["ok"], out
    return out["error"]


def node(b: SceneGraphBackend, node_id: str) -> Any:
    found = b.deck.find(node_id)
    assert found is not None, f"{node_id} not in the deck"
    return found[1]


def registry_of_cases() -> tuple[dict[str, Case], Callable[[str], Callable[[Case], Case]]]:
    cases: dict[str, Case] = {}

    def case(name: str) -> Callable[[Case], Case]:
        def register(fn: Case) -> Case:
            assert name not in cases, name
            cases[name] = fn
            return fn

        return register

    return cases, case
