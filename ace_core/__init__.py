"""ACE core: the scene-graph IR, ids, units, auto-layout solver, tool specs, router and agent loop."""

from ace_core.color import Color, ColorRef
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
from ace_core.ir import *  # noqa: F403
from ace_core.ir import __all__ as _ir_all

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
