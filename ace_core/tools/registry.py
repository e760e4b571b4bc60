"""The tool registry: every spec by name and by module, and the function-calling schemas."""

from __future__ import annotations

import difflib
from functools import cache
from typing import Any

from ace_core.errors import ToolError
from ace_core.tools.spec import MODULES, ToolSpec

__all__ = ["ToolRegistry", "registry"]


class ToolRegistry:
    """The catalogue (98 tools in 11 modules) plus extensions (tools beyond the catalogue)."""

    def __init__(self, specs: list[ToolSpec]) -> None:
        self._specs: dict[str, ToolSpec] = {}
        for spec in specs:
            if spec.name in self._specs:
                raise ValueError(f"tool {spec.name} is declared twice")
            self._specs[spec.name] = spec

    def __contains__(self, name: object) -> bool:
        return name in self._specs

    def __len__(self) -> int:
        return len(self._specs)

    def names(self, *, include_extensions: bool = True) -> list[str]:
        return [s.name for s in self.specs(include_extensions=include_extensions)]

    def specs(self, *, include_extensions: bool = True) -> list[ToolSpec]:
        return [s for s in self._specs.values() if include_extensions or s.catalogue]

    def catalogue(self) -> list[ToolSpec]:
        return self.specs(include_extensions=False)

    def extensions(self) -> list[ToolSpec]:
        return [s for s in self._specs.values() if not s.catalogue]

    def get(self, name: str) -> ToolSpec:
        """The spec of `name`, or a ToolError suggesting the closest names."""
        spec = self._specs.get(name)
        if spec is None:
            close = difflib.get_close_matches(name, list(self._specs), n=3)
            hint = f"did you mean {', '.join(close)}?" if close else "call `ace tools list` for the tool names"
            raise ToolError(f"unknown tool {name!r}", tool=name, hint=hint)
        return spec

    def by_module(self, *, include_extensions: bool = True) -> dict[str, list[ToolSpec]]:
        """Specs grouped by module, modules in catalogue order."""
        out: dict[str, list[ToolSpec]] = {m: [] for m in MODULES}
        for spec in self.specs(include_extensions=include_extensions):
            out[spec.module].append(spec)
        return {m: v for m, v in out.items() if v}

    def openai_tools(self, names: list[str] | None = None, *, include_extensions: bool = True) -> list[dict[str, Any]]:
        """OpenAI-style function-calling tool list (what `litellm.completion(tools=...)` takes)."""
        specs = [self.get(n) for n in names] if names is not None else self.specs(include_extensions=include_extensions)
        return [s.openai_schema() for s in specs]


@cache
def registry() -> ToolRegistry:
    """The one registry, built explicitly from the spec modules (no import side effects)."""
    from ace_core.tools import (
        charts,
        content_create,
        content_inspect,
        content_layout,
        content_ops,
        content_style,
        content_text,
        session,
        slides,
        smartart,
        tables,
    )

    return ToolRegistry(
        [
            *content_inspect.SPECS,
            *content_create.SPECS,
            *content_text.SPECS,
            *content_style.SPECS,
            *content_layout.SPECS,
            *content_ops.SPECS,
            *slides.SPECS,
            *session.EXTENSION_SPECS,
            *charts.SPECS,
            *charts.DATA_SPECS,
            *smartart.SPECS,
            *tables.SPECS,
            *session.CONNECTION_SPECS,
            *session.IMPORT_EXPORT_SPECS,
            *session.UNSPLASH_SPECS,
            *session.BATCH_SPECS,
            *session.MATH_SPECS,
        ]
    )
