"""Tool specs (the agent's action space): 98 tools in 11 modules, their schemas and the registry."""

from ace_core.tools.registry import ToolRegistry, registry
from ace_core.tools.spec import MODULES, ToolSpec
from ace_core.tools.types import ToolParams, to_color

__all__ = ["MODULES", "ToolParams", "ToolRegistry", "ToolSpec", "registry", "to_color"]
