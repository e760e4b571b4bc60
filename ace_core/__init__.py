"""ACE core: the scene-graph IR, ids, units, auto-layout solver, tool specs, router and agent loop."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.errors import (
    AceError,
    BadInputError,
    EnvironmentProblem,
    MissingSystemToolError,
    RenderError,
    ToolError,
    UnsupportedError,
    ValidationProblem,
)
from ace_core.ir import __all__ as _ir_all
from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from ace_core.color import Color, ColorRef
    from ace_core.ir import *  # noqa: F403

__version__ = "0.1.0"

__all__ = [
    "AceError",
    "BadInputError",
    "Color",
    "ColorRef",
    "EnvironmentProblem",
    "MissingSystemToolError",
    "RenderError",
    "ToolError",
    "UnsupportedError",
    "ValidationProblem",
    "__version__",
    *_ir_all,
]

# the IR's pydantic models load on first use, so `import ace_core` (and `ace --version`) stays cheap
__getattr__, __dir__ = lazy_exports(
    __name__, {"Color": "ace_core.color", "ColorRef": "ace_core.color", **dict.fromkeys(_ir_all, "ace_core.ir")}
)
