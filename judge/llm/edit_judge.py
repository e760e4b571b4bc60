"""The in-loop IF judge: JsonDiff (origin vs current) as text, prediction renders only when the diff
touches visual content, scored by the LLM IF judge."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from ace_core.agent.loop import JudgeOutcome
from ace_core.ir.deck import Deck
from ace_core.llm.client import LLMClient
from judge.diff import diff_decks
from judge.llm.judges import judge_instruction_following

__all__ = ["make_if_judge"]

Renderer = Callable[[Deck, list[str], Path], list[Path]]


def make_if_judge(
    client: LLMClient, *, render: Renderer | None = None, max_images: int = 4, work_dir: Path | None = None
) -> Callable[[Deck, Deck, str], JudgeOutcome]:
    """A judge for `ace_core.agent.run_agent`. `render(deck, slide_ids, out_dir)` makes PNGs of
    the prediction's slides; it is called only when JsonDiff says visuals changed."""

    def judge(origin: Deck, current: Deck, instruction: str) -> JudgeOutcome:
        diff = diff_decks(origin, current)
        images: list[Path] = []
        if diff.needs_images and render is not None and diff.image_slides:
            out = Path(tempfile.mkdtemp(prefix="ace-judge-", dir=work_dir))
            images = render(current, diff.image_slides[:max_images], out)[:max_images]
        verdict = judge_instruction_following(client, instruction, diff.to_text(), images or None)
        return JudgeOutcome(
            score=verdict.score,
            reason=verdict.reason,
            usage=verdict.usage,
            details={
                "distinct_edits": diff.distinct_edits,
                "diff_score": round(diff.score, 4),
                "needs_images": diff.needs_images,
                "images": len(images),
            },
        )

    return judge
