"""LLM judges through litellm: instruction following (IF) and visual quality (VQ)."""

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
