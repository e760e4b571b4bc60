"""A tool spec: name, module, params model, result model and the docstring the LLM reads."""

from __future__ import annotations

import difflib
import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from ace_core.errors import ToolError
from ace_core.tools.types import ToolParams

__all__ = ["MODULES", "SpecList", "ToolSpec", "field_path", "translate_validation_error"]

MODULES: tuple[str, ...] = (
    "contentTools",
    "slideTools",
    "chartTools",
    "dataChartTools",
    "smartArtTools",
    "tableTools",
    "connectionTools",
    "importExportTools",
    "unsplashTools",
    "batchTools",
    "mathTools",
)


@dataclass(frozen=True)
class ToolSpec:
    """One tool of the agent's action space. `mutates` is False for read-only tools; `catalogue`
    is False for tools beyond the 98-tool catalogue (extensions)."""

    name: str
    module: str
    params: type[ToolParams]
    result: type[BaseModel]
    doc: str
    mutates: bool = True
    catalogue: bool = True
    group: str = ""

    @property
    def summary(self) -> str:
        """The docstring's first sentence, cut at a word to at most 110 characters."""
        first = self.doc.strip().split("\n\n")[0].replace("\n", " ")
        first = re.split(r"(?<!e\.g)(?<!i\.e)\.\s", first)[0].rstrip(".")
        if len(first) > 110:
            return first[:109].rsplit(" ", 1)[0].rstrip(",;:") + "…"
        return first + "."

    def validate(self, args: Any) -> ToolParams:
        """Parse arguments; a bad field raises ToolError naming the tool, the field and the reason."""
        if args is None:
            args = {}
        if not isinstance(args, dict):
            raise ToolError(
                f"arguments must be a JSON object, got {type(args).__name__}", tool=self.name, hint=self.usage()
            )
        try:
            return self.params.model_validate(args)
        except ValidationError as exc:
            raise translate_validation_error(exc, self) from exc

    def usage(self) -> str:
        fields = self.params.model_fields
        req = [n for n, f in fields.items() if f.is_required()]
        opt = [n for n, f in fields.items() if not f.is_required()]
        parts = [*req, *(f"{n}?" for n in opt)]
        return f"{self.name}({', '.join(parts)})"

    def json_schema(self) -> dict[str, Any]:
        from ace_core.tools.schema import params_schema

        return params_schema(self.params)

    def openai_schema(self) -> dict[str, Any]:
        """The tool in OpenAI function-calling form, as litellm takes it."""
        return {
            "type": "function",
            "function": {"name": self.name, "description": self.doc, "parameters": self.json_schema()},
        }


@dataclass
class SpecList:
    """The specs of one module, declared with `@specs.tool(name, result)` on params classes."""

    module: str
    specs: list[ToolSpec] = field(default_factory=list)
    group: str = ""

    def tool(
        self, name: str, result: type[BaseModel], *, mutates: bool = True, catalogue: bool = True
    ) -> Callable[[type[ToolParams]], type[ToolParams]]:
        if self.module not in MODULES:
            raise ValueError(f"unknown tool module {self.module}")

        def register(params: type[ToolParams]) -> type[ToolParams]:
            doc = inspect.cleandoc(params.__doc__ or "")
            if not doc:
                raise ValueError(f"tool {name} has no docstring")
            self.specs.append(ToolSpec(name, self.module, params, result, doc, mutates, catalogue, self.group))
            return params

        return register


_TYPE_TAGS = {"str", "int", "float", "bool", "list", "dict", "none", "tuple"}
_COLOR_HINT = "use '#RRGGBB', '#RRGGBBAA' or {r, g, b, a} with channels 0-1"


def _is_tag(part: object) -> bool:
    """Union-branch and validator tags pydantic puts in error locations (not field names)."""
    return isinstance(part, str) and (
        "-" in part or "[" in part or part in _TYPE_TAGS or (part[:1].isupper() and part.isupper())
    )


def field_path(loc: tuple[Any, ...]) -> str:
    """A pydantic location as `changes[0].nodeId` (union branch tags dropped)."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not _is_tag(part):
            out += ("." if out else "") + str(part)
    return out


def translate_validation_error(exc: ValidationError, spec: ToolSpec) -> ToolError:
    """The first error of a pydantic validation as a ToolError naming the field and the reason."""
    errors = exc.errors()
    err = _best_error(errors)
    loc = tuple(err["loc"])
    path = field_path(loc) or "(arguments)"
    kind = err["type"]
    names = [p for p in loc if isinstance(p, str) and not _is_tag(p)]
    if kind == "extra_forbidden":
        name = names[-1] if names else path
        known = list(spec.params.model_fields) if len(names) == 1 else []
        close = difflib.get_close_matches(name, known, n=1)
        hint = (f"did you mean {close[0]!r}? " if close else "") + (
            f"known fields: {', '.join(known)}" if known else ""
        )
        return ToolError(f"unknown field {name!r}", tool=spec.name, field=path, hint=hint.strip() or None)
    if kind == "missing":
        hint = spec.usage() if len(names) <= 1 else f"{names[-1]!r} is required in {'.'.join(names[:-1])}"
        return ToolError("field required", tool=spec.name, field=path, hint=hint)
    if any(p in ("constrained-str", "RGBA") for p in loc) and ("pattern" in kind or "RGBA" in loc or "model" in kind):
        shown = repr(_input_of(errors, loc[: loc.index(next(p for p in loc if p in ("constrained-str", "RGBA")))]))
        return ToolError(f"not a colour: {shown}", tool=spec.name, field=path, hint=_COLOR_HINT)
    reason = err["msg"]
    if "input" in err and kind != "value_error":
        shown = repr(err["input"])
        if len(shown) > 60:
            shown = shown[:57] + "..."
        reason = f"{reason} (got {shown})"
    elif kind == "value_error":
        reason = reason.removeprefix("Value error, ")
    more = len(errors) - 1
    return ToolError(reason, tool=spec.name, field=path, hint=f"{more} more problem(s)" if more > 0 else None)


def _input_of(errors: list[Any], prefix: tuple[Any, ...]) -> Any:
    for e in errors:
        if tuple(e["loc"])[: len(prefix)] == prefix and "input" in e:
            return e["input"]
    return None


def _best_error(errors: list[Any]) -> Any:
    """Prefer unknown / missing fields, then colour errors on the branch matching the input's type,
    then the error that got deepest into the input."""
    for e in errors:
        if e["type"] == "extra_forbidden" or (e["type"] == "missing" and not any(_is_tag(p) for p in e["loc"])):
            return e
    for e in errors:
        loc = tuple(e["loc"])
        if "constrained-str" in loc and isinstance(e.get("input"), str):
            return e
        if "RGBA" in loc and not isinstance(e.get("input"), str) and e["type"] != "model_type":
            return e
    return max(errors, key=lambda e: len([p for p in e["loc"] if not _is_tag(p)]))
