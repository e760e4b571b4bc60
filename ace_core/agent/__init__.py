"""The self-correcting agent loop: route, edit in one committed round, judge, critique, roll back."""

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
