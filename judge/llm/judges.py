"""LLM judges: instruction following (JsonDiff text + optional prediction images) and visual quality
(renders), strict 0-5 with a one-sentence reason, robust parsing, a second ask on unparseable output."""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from ace_core.errors import EnvironmentProblem
from ace_core.llm.client import LLMClient, Purpose, Usage
from ace_core.llm.parse import parse_json_object
from judge.llm.prompts import IF_SYSTEM_PROMPT, IF_USER_TEMPLATE, VQ_SYSTEM_PROMPT, VQ_USER_TEMPLATE

__all__ = ["JudgeVerdict", "image_part", "judge_instruction_following", "judge_visual_quality", "parse_verdict"]


class JudgeVerdict(BaseModel):
    score: int = Field(ge=0, le=5)
    reason: str = ""
    raw: str = ""
    usage: Usage = Field(default_factory=Usage)
    images: int = 0


def image_part(path: str | Path) -> dict[str, Any]:
    """An OpenAI-style image content part (data URI) for a PNG / JPEG file."""
    p = Path(path)
    mime = mimetypes.guess_type(p.name)[0] or "image/png"
    data = base64.b64encode(p.read_bytes()).decode("ascii")
    return {"type": "image_url", "image_url": {"url": f"data:{mime};base64,{data}"}}


def _coerce_score(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        score = round(float(value))
    elif isinstance(value, str):
        text = value.strip().split("/")[0].strip()
        try:
            score = round(float(text))
        except ValueError:
            return None
    else:
        return None
    return min(5, max(0, score))


def parse_verdict(text: str, prefix: str) -> tuple[int, str] | None:
    """(score, reason) from a reply with `<prefix>_score` / `<prefix>_reason` (or score / reason)."""
    data = parse_json_object(text)
    if not data:
        return None
    score = _coerce_score(data.get(f"{prefix}_score", data.get("score")))
    if score is None:
        return None
    reason = data.get(f"{prefix}_reason", data.get("reason", ""))
    return score, reason if isinstance(reason, str) else str(reason)


def _ask(client: LLMClient, messages: list[dict[str, Any]], purpose: Purpose, prefix: str, images: int) -> JudgeVerdict:
    usage = Usage()
    last = ""
    for attempt in range(2):
        response = client.complete(messages, purpose=purpose, temperature=0.0, json_mode=True)
        usage = usage + response.usage
        last = response.content
        parsed = parse_verdict(last, prefix)
        if parsed is not None:
            return JudgeVerdict(score=parsed[0], reason=parsed[1], raw=last, usage=usage, images=images)
        if attempt == 0:
            messages = [
                *messages,
                {"role": "assistant", "content": last},
                {
                    "role": "user",
                    "content": f'Reply with ONLY a JSON object: {{"{prefix}_score": 0-5, '
                    f'"{prefix}_reason": "<one sentence>"}}',
                },
            ]
    raise EnvironmentProblem(
        f"the judge's reply is not a score: {last[:120]!r}",
        where=f"{client.model} ({purpose})",
        hint="retry, or use a stronger judge model",
    )


def judge_instruction_following(
    client: LLMClient, instruction: str, formatted_diff: str, images: list[str | Path] | None = None
) -> JudgeVerdict:
    """Score 0-5 whether the edit (JsonDiff text, origin snapshot included) does what was asked.
    Prediction images are attached only when given (JsonDiff says when visuals changed)."""
    text = IF_USER_TEMPLATE.format(instruction=instruction, formatted_diff=formatted_diff or "(no edits)")
    content: Any = text
    if images:
        content = [{"type": "text", "text": text + "\n\n--- PREDICTION SLIDE IMAGES ---"}, *map(image_part, images)]
    messages = [{"role": "system", "content": IF_SYSTEM_PROMPT}, {"role": "user", "content": content}]
    return _ask(client, messages, "judge_if", "instruction_following", len(images or []))


def judge_visual_quality(
    client: LLMClient,
    instruction: str,
    prediction_images: list[str | Path],
    reference_images: list[str | Path] | None = None,
) -> JudgeVerdict:
    """Score 0-5 the visual quality of rendered prediction slides (reference renders optional)."""
    legend = [f"Images 1-{len(prediction_images)}: PREDICTION slides."]
    refs = list(reference_images or [])
    if refs:
        start = len(prediction_images) + 1
        legend.append(f"Images {start}-{start + len(refs) - 1}: REFERENCE slides (one acceptable design).")
    text = VQ_USER_TEMPLATE.format(instruction=instruction, image_legend="\n".join(legend))
    content = [{"type": "text", "text": text}, *map(image_part, [*prediction_images, *refs])]
    messages = [{"role": "system", "content": VQ_SYSTEM_PROMPT}, {"role": "user", "content": content}]
    return _ask(client, messages, "judge_vq", "visual_quality", len(prediction_images) + len(refs))
