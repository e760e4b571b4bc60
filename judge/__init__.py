"""The judge: JsonDiff edit traces, verifiable layout metrics, reward shaping, LLM judges, statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ace_core.lazy import lazy_exports

if TYPE_CHECKING:
    from judge.diff import JsonDiff, diff_decks
    from judge.llm import JudgeVerdict, judge_instruction_following, judge_visual_quality
    from judge.llm.edit_judge import make_if_judge
    from judge.metrics import DeckMetrics, MetricParams, SlideMetrics, measure_deck, measure_file
    from judge.rewards import gdpo_advantages
    from judge.similarity import compare_dirs, similarity_files
    from judge.stats import compare_paired, paired_bootstrap_ci, sign_test, wilcoxon_signed_rank

__all__ = [
    "DeckMetrics",
    "JsonDiff",
    "JudgeVerdict",
    "MetricParams",
    "SlideMetrics",
    "compare_dirs",
    "compare_paired",
    "diff_decks",
    "gdpo_advantages",
    "judge_instruction_following",
    "judge_visual_quality",
    "make_if_judge",
    "measure_deck",
    "measure_file",
    "paired_bootstrap_ci",
    "sign_test",
    "similarity_files",
    "wilcoxon_signed_rank",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "JsonDiff": "judge.diff",
        "diff_decks": "judge.diff",
        "JudgeVerdict": "judge.llm",
        "judge_instruction_following": "judge.llm",
        "judge_visual_quality": "judge.llm",
        "make_if_judge": "judge.llm.edit_judge",
        "DeckMetrics": "judge.metrics",
        "MetricParams": "judge.metrics",
        "SlideMetrics": "judge.metrics",
        "measure_deck": "judge.metrics",
        "measure_file": "judge.metrics",
        "gdpo_advantages": "judge.rewards",
        "compare_dirs": "judge.similarity",
        "similarity_files": "judge.similarity",
        "compare_paired": "judge.stats",
        "paired_bootstrap_ci": "judge.stats",
        "sign_test": "judge.stats",
        "wilcoxon_signed_rank": "judge.stats",
    },
)
