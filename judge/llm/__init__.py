"""LLM judges through litellm: instruction following (IF) and visual quality (VQ)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from judge.llm.judges import (
        JudgeVerdict,
        image_part,
        judge_instruction_following,
        judge_visual_quality,
        parse_verdict,
    )
    from judge.llm.prompts import IF_SYSTEM_PROMPT, IF_USER_TEMPLATE, VQ_SYSTEM_PROMPT, VQ_USER_TEMPLATE

__all__ = [
    "IF_SYSTEM_PROMPT",
    "IF_USER_TEMPLATE",
    "VQ_SYSTEM_PROMPT",
    "VQ_USER_TEMPLATE",
    "JudgeVerdict",
    "image_part",
    "judge_instruction_following",
    "judge_visual_quality",
    "parse_verdict",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "JudgeVerdict": "judge.llm.judges",
        "image_part": "judge.llm.judges",
        "judge_instruction_following": "judge.llm.judges",
        "judge_visual_quality": "judge.llm.judges",
        "parse_verdict": "judge.llm.judges",
        "IF_SYSTEM_PROMPT": "judge.llm.prompts",
        "IF_USER_TEMPLATE": "judge.llm.prompts",
        "VQ_SYSTEM_PROMPT": "judge.llm.prompts",
        "VQ_USER_TEMPLATE": "judge.llm.prompts",
    },
)
