"""The self-correcting agent loop: route, edit in one committed round, judge, critique, roll back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from ace_core.agent.loop import (
        AgentBackend,
        AgentResult,
        Budget,
        EditJudge,
        IterationRecord,
        JudgeOutcome,
        run_agent,
    )
    from ace_core.agent.prompts import agent_prompt, wrap_critique
    from ace_core.agent.trajectory import Trajectory

__all__ = [
    "AgentBackend",
    "AgentResult",
    "Budget",
    "EditJudge",
    "IterationRecord",
    "JudgeOutcome",
    "Trajectory",
    "agent_prompt",
    "run_agent",
    "wrap_critique",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "AgentBackend": "ace_core.agent.loop",
        "AgentResult": "ace_core.agent.loop",
        "Budget": "ace_core.agent.loop",
        "EditJudge": "ace_core.agent.loop",
        "IterationRecord": "ace_core.agent.loop",
        "JudgeOutcome": "ace_core.agent.loop",
        "run_agent": "ace_core.agent.loop",
        "agent_prompt": "ace_core.agent.prompts",
        "wrap_critique": "ace_core.agent.prompts",
        "Trajectory": "ace_core.agent.trajectory",
    },
)
