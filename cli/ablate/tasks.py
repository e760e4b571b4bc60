"""Ablation task files: JSONL, one task a line (id, deck, instruction, category, program?, checks?),
validated with the line and field of every problem; each task's content hash keys its results."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ace_core.errors import BadInputError
from cli.ablate.checks import KINDS, Check

__all__ = ["MAX_TASK_FILE_BYTES", "Task", "load_tasks", "task_hash"]

MAX_TASK_FILE_BYTES = 64 * 1024 * 1024
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


class Task(BaseModel):
    """One task. `deck` is relative to the task file; slides are 1-based; `program` is a gold list
    of operations in the `ace edit --ops` format ({tool, args, id?}, with `$ref`s)."""

    model_config = ConfigDict(extra="allow")

    id: str
    deck: str = Field(min_length=1)
    instruction: str = Field(min_length=1)
    category: str = Field(min_length=1)
    program: list[dict[str, Any]] | None = None
    checks: list[Check] = Field(default_factory=list)
    line: int = Field(0, exclude=True, description="line of the task file")
    base: str = Field("", exclude=True, description="folder of the task file")

    @field_validator("id")
    @classmethod
    def _id(cls, v: str) -> str:
        if not _ID.match(v):
            raise ValueError("use letters, digits, '.', '_' and '-' (it names the run folder)")
        return v

    @field_validator("program")
    @classmethod
    def _program(cls, v: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
        for i, op in enumerate(v or []):
            if not isinstance(op.get("tool"), str) or not op["tool"]:
                raise ValueError(f"operation {i} has no tool name")
            if "args" in op and not isinstance(op["args"], dict):
                raise ValueError(f"operation {i} ({op['tool']}): args must be an object")
            if "id" in op and op["id"] is not None and not isinstance(op["id"], str):
                raise ValueError(f"operation {i} ({op['tool']}): id must be a string")
            unknown = set(op) - {"tool", "args", "id"}
            if unknown:
                raise ValueError(f"operation {i} ({op['tool']}): unknown keys {sorted(unknown)}")
        return v

    @property
    def deck_path(self) -> Path:
        return (Path(self.base) / self.deck).resolve()

    def spec(self) -> dict[str, Any]:
        """The task as written (the JSON object of its line)."""
        return self.model_dump(mode="json", exclude_none=True)


def task_hash(task: Task) -> str:
    """sha256 of the task's JSON (canonical) and of its deck file's bytes, when it exists: a result
    is stale when either changed."""
    h = hashlib.sha256(json.dumps(task.spec(), sort_keys=True, ensure_ascii=False).encode("utf-8"))
    path = task.deck_path
    if path.is_file():
        with open(path, "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
    return h.hexdigest()[:20]


def _pydantic_problem(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"] if p not in KINDS)  # the union's tag is not a field
    msg = err["msg"].removeprefix("Value error, ")
    return f"{loc}: {msg}" if loc else msg


def load_tasks(path: Path, *, allow_outside: bool = False) -> list[Task]:
    """Every task of a JSONL task file. A bad line is an error naming the line, the task and the
    field; ids must be unique. Blank lines and lines starting with '#' are skipped. A task's deck
    must lie inside the task file's folder (symlinks resolved) unless `allow_outside`: a task file
    from someone else must not make ACE read, and send to a model, any deck on the machine."""
    from ace_core.fsutil import read_input

    raw = read_input(path, limit=MAX_TASK_FILE_BYTES)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInputError("the task file is not UTF-8", where=str(path)) from exc
    base = str(Path(path).resolve().parent)
    tasks: list[Task] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        where = f"{path}:{n}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BadInputError(f"not a JSON object: {exc.msg} (column {exc.colno})", where=where) from exc
        if not isinstance(data, dict):
            raise BadInputError("a task is a JSON object {id, deck, instruction, category, ...}", where=where)
        label = f"task {data.get('id')!r}" if isinstance(data.get("id"), str) else "task"
        try:
            task = Task.model_validate({**data, "line": n, "base": base})
        except ValidationError as exc:
            raise BadInputError(f"{label}: {_pydantic_problem(exc)}", where=where) from None
        if not allow_outside and not task.deck_path.is_relative_to(base):
            raise BadInputError(
                f"{label}: deck {task.deck!r} is outside the task file's folder {base}",
                where=where,
                hint="put the deck beside the task file, or pass --allow-outside to read decks elsewhere",
            )
        if task.id in seen:
            raise BadInputError(f"task id {task.id!r} is used twice (first on line {seen[task.id]})", where=where)
        seen[task.id] = n
        tasks.append(task)
    if not tasks:
        raise BadInputError("the task file holds no task", where=str(path), hint="one JSON object a line")
    return tasks
