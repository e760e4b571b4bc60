"""Ablation conditions: backend x model x the ACE paper's leave-one-out switches (router off,
primitive tools only, no self-correction, tau, T), from the command line or a TOML file."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ace_core.errors import BadInputError

__all__ = [
    "PRIMITIVE_WITHHELD_MODULES",
    "Condition",
    "allowed_tools",
    "baseline_of",
    "conditions_from_options",
    "load_conditions",
    "run_key",
]

PRIMITIVE_WITHHELD_MODULES = ("chartTools", "dataChartTools", "tableTools", "smartArtTools", "mathTools")
"""tools=primitive withholds these modules' tools (the specialized action space of the paper's
Table 19): charts, tables, SmartArt and equations must then be built from shapes and text."""

DEFAULTS = {"router": "on", "tools": "all", "iterations": 3, "tau": 4}


class Condition(BaseModel):
    """One arm of an ablation. `name` labels it (the run folder, the report); the other fields are
    what the run depends on."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = ""
    backend: Literal["scenegraph", "ooxml", "html"] = "scenegraph"
    model: str = "replay"
    router: Literal["on", "off"] = "on"
    tools: Literal["all", "primitive"] = "all"
    iterations: int = Field(3, ge=1, le=20, description="T: agent iterations (1 = no self-correction)")
    tau: int = Field(4, ge=0, le=5, description="stop when the IF judge scores at least this")

    def fields(self) -> dict[str, Any]:
        """What identifies the condition (everything but its name)."""
        return self.model_dump(exclude={"name"})

    def switches(self) -> list[str]:
        """The non-default switches, e.g. ['router=off', 'T=1']."""
        out = []
        for key, default in DEFAULTS.items():
            value = getattr(self, key)
            if value != default:
                out.append(f"{'T' if key == 'iterations' else key}={value}")
        return out

    def auto_name(self, *, with_model: bool) -> str:
        parts = [self.backend, *self.switches()]
        name = "+".join(parts)
        return f"{name}@{self.model}" if with_model else name

    @property
    def folder(self) -> str:
        """The condition's run folder name (its name with path-unsafe characters replaced)."""
        return re.sub(r"[^A-Za-z0-9._+=@-]", "_", self.name)[:120] or "condition"


def run_key(task_hash: str, condition: Condition, judge_model: str | None) -> str:
    """What --resume matches: the task's content hash, the condition (model included) and the judge."""
    data = json.dumps({"task": task_hash, **condition.fields(), "judge": judge_model or None}, sort_keys=True)
    return hashlib.sha256(data.encode()).hexdigest()[:24]


def _parse_switch(key: str, value: Any, where: str) -> tuple[str, Any]:
    aliases = {"T": "iterations", "t": "iterations", "max_iterations": "iterations"}
    key = aliases.get(key, key)
    if key == "router" and isinstance(value, bool):
        value = "on" if value else "off"
    if key == "tools" and value in ("primitives",):
        value = "primitive"
    return key, value


def _condition(data: dict[str, Any], where: str) -> Condition:
    fixed = dict(_parse_switch(k, v, where) for k, v in data.items())
    try:
        return Condition.model_validate(fixed)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"])
        raise BadInputError(f"{loc}: {err['msg']}", where=where) from None


def _name_all(conds: list[Condition]) -> list[Condition]:
    models = {c.model for c in conds}
    named = [c if c.name else c.model_copy(update={"name": c.auto_name(with_model=len(models) > 1)}) for c in conds]
    seen: dict[str, Condition] = {}
    out = []
    for c in named:
        if c.name in seen:
            if seen[c.name].fields() == c.fields():
                continue  # the same condition twice: once is enough
            raise BadInputError(f"two different conditions are named {c.name!r}", where="conditions")
        seen[c.name] = c
        out.append(c)
    return out


def conditions_from_options(
    backends: list[str], models: list[str], switches: dict[str, Any], *, leave_one_out: bool = False
) -> list[Condition]:
    """Backends x models with the given switches; `leave_one_out` adds, per backend and model, one
    condition per component removed (router=off, tools=primitive, T=1)."""
    conds = []
    for model in models:
        for backend in backends:
            base = {"backend": backend, "model": model, **switches}
            conds.append(_condition(base, "--backends/--model"))
            if leave_one_out:
                for removed in ({"router": "off"}, {"tools": "primitive"}, {"iterations": 1}):
                    conds.append(_condition({**base, **removed}, "--leave-one-out"))
    return _name_all(conds)


def load_conditions(path: Path, *, models: list[str], switches: dict[str, Any]) -> tuple[list[Condition], str | None]:
    """A TOML conditions file: top-level keys are defaults for every condition (`model`, `backend`,
    switches) plus an optional `baseline` (a condition name); each `[[condition]]` table is one arm.
    A condition without a model takes --model."""
    import tomllib

    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise BadInputError("conditions file not found", where=str(path)) from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise BadInputError(f"not valid TOML: {exc}", where=str(path)) from exc
    arms = data.pop("condition", None) or data.pop("conditions", None)
    baseline = data.pop("baseline", None)
    if not isinstance(arms, list) or not arms or not all(isinstance(a, dict) for a in arms):
        raise BadInputError(
            "no [[condition]] tables", where=str(path), hint='e.g. [[condition]]\\nbackend = "ooxml"\\nrouter = "off"'
        )
    defaults = {**switches, **data}
    conds = []
    for i, arm in enumerate(arms, start=1):
        merged = {**defaults, **arm}
        if "model" not in merged:
            if not models:
                raise BadInputError(f"condition {i} has no model", where=str(path), hint="set model or pass --model")
            for model in models:
                conds.append(_condition({**merged, "model": model}, f"{path}: condition {i}"))
        else:
            conds.append(_condition(merged, f"{path}: condition {i}"))
    if baseline is not None and not isinstance(baseline, str):
        raise BadInputError("baseline must be a condition name", where=str(path))
    return _name_all(conds), baseline


def baseline_of(conditions: list[Condition], name: str | None = None) -> Condition | None:
    """The baseline: the named condition, else scenegraph with every component on (first model),
    else the first condition."""
    if name:
        for c in conditions:
            if c.name == name:
                return c
        return None
    for c in conditions:
        if c.backend == "scenegraph" and not c.switches():
            return c
    return conditions[0] if conditions else None


def allowed_tools(condition: Condition, backend: Any) -> list[str] | None:
    """The tools the agent is offered: all the backend binds, or without the specialized modules."""
    if condition.tools == "all":
        return None
    return [s.name for s in backend.tools() if s.module not in PRIMITIVE_WITHHELD_MODULES]
