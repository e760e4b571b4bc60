"""The self-correcting agent loop (ACE paper, Algorithm 1): route once; per iteration one LLM round
whose tool calls run as one atomic commit, then the IF judge; stop at score >= tau or after T
iterations; the critique becomes the next instruction; strict-peak rollback; budget caps."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Protocol

from pydantic import BaseModel, Field

from ace_core.agent.prompts import agent_prompt, wrap_critique
from ace_core.agent.trajectory import Trajectory
from ace_core.errors import AceError
from ace_core.ir.deck import Deck
from ace_core.llm.client import LLMClient, Usage
from ace_core.router.classify import route
from ace_core.router.context import prepare_context
from ace_core.router.decision import PresentationSummary, RoutingDecision

__all__ = ["AgentBackend", "AgentResult", "Budget", "EditJudge", "IterationRecord", "JudgeOutcome", "run_agent"]


class AgentBackend(Protocol):
    """What the loop needs from a backend (scene graph, OOXML or HTML)."""

    name: str

    def load(self, deck: Deck) -> None: ...

    def export(self) -> Deck: ...

    def tool_schemas(self) -> list[dict[str, Any]]: ...

    def serialize(self, mode: str, targets: list[int] | None = None) -> str: ...

    def commit(self, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
        """Apply the calls in order as one atomic commit; per-call results {ok, result | error}.
        When any call fails, nothing is applied."""
        ...


class JudgeOutcome(BaseModel):
    score: int = Field(ge=0, le=5)
    reason: str = ""
    usage: Usage = Field(default_factory=Usage)
    details: dict[str, Any] = Field(default_factory=dict)


EditJudge = Callable[[Deck, Deck, str], JudgeOutcome]


class Budget(BaseModel):
    """Caps of one run; None = no cap."""

    max_tokens: int | None = None
    max_cost: float | None = Field(None, description="USD")
    max_seconds: float | None = None


class IterationRecord(BaseModel):
    iteration: int
    score: int | None = None
    critique: str = ""
    tool_calls: int = 0
    applied: bool = False
    errors: list[str] = Field(default_factory=list)
    seconds: float = 0.0


class AgentResult(BaseModel):
    model_config = {"arbitrary_types_allowed": True}

    deck: Deck
    decision: RoutingDecision
    iterations: list[IterationRecord]
    chosen_iteration: int = Field(0, description="1-based iteration returned; 0 = the origin (nothing done)")
    stop_reason: str
    usage: Usage
    seconds: float


def _calls_of(response: Any) -> tuple[list[tuple[str, dict[str, Any]]], list[str]]:
    """Tool calls of a response, and the malformed ones as error strings."""
    calls: list[tuple[str, dict[str, Any]]] = []
    errors: list[str] = []
    for tc in response.tool_calls:
        if not tc.name:
            errors.append("a tool call without a tool name")
        elif tc.arguments is None:
            errors.append(f"{tc.name}: arguments are not a JSON object: {tc.raw_arguments[:200]!r}")
        else:
            calls.append((tc.name, tc.arguments))
    return calls, errors


def _over_budget(budget: Budget, usage: Usage, started: float) -> str | None:
    if budget.max_tokens is not None and usage.total_tokens >= budget.max_tokens:
        return f"token budget exhausted ({usage.total_tokens} >= {budget.max_tokens})"
    if budget.max_cost is not None and usage.cost >= budget.max_cost:
        return f"cost budget exhausted (${usage.cost:.4f} >= ${budget.max_cost:.4f})"
    if budget.max_seconds is not None and time.monotonic() - started >= budget.max_seconds:
        return f"time budget exhausted ({budget.max_seconds:g} s)"
    return None


def run_agent(
    deck: Deck,
    instruction: str,
    backend: AgentBackend,
    client: LLMClient,
    judge: EditJudge,
    *,
    router_client: LLMClient | None = None,
    router: bool = True,
    tau: int = 4,
    max_iterations: int = 3,
    budget: Budget | None = None,
    trajectory: Trajectory | None = None,
    on_iteration: Callable[[IterationRecord], None] | None = None,
) -> AgentResult:
    """Edit `deck` to follow `instruction`. The input deck is not modified. `router=False` skips
    CARE and gives the agent the FULL context (the router ablation)."""
    budget = budget or Budget()
    log = trajectory or Trajectory()
    started = time.monotonic()
    total = Usage()
    origin = deck.clone()

    route_usage: list[Usage] = []
    summary = PresentationSummary.of(origin)
    if router:
        decision = route(instruction, summary, router_client, usage=route_usage)
    else:
        decision = RoutingDecision(mode="FULL", confidence=1.0, reason="router off: the full deck (ablation)")
    for u in route_usage:
        total = total + u
        log.log("llm_call", purpose="route", model=router_client.model if router_client else None, **u.model_dump())
    backend.load(origin.clone())
    origin = backend.export()  # the deck as the backend holds it (auto-layout solved): the diff's origin
    log.log("route", decision=decision.model_dump(), slides=summary.slide_count, backend=backend.name)

    states: list[Deck] = []
    records: list[IterationRecord] = []
    current_instruction = instruction
    stop_reason = f"reached {max_iterations} iterations"
    schemas = backend.tool_schemas()
    for t in range(1, max_iterations + 1):
        over = _over_budget(budget, total, started)
        if over:
            stop_reason = over
            break
        t0 = time.monotonic()
        current = backend.export()
        ctx = prepare_context(current, decision, backend, model=client.model)
        log.log(
            "context",
            iteration=t,
            mode=ctx.mode,
            tokens=ctx.tokens,
            full_tokens=ctx.full_tokens,
            reduction=round(ctx.reduction, 4),
        )
        prompt = agent_prompt(
            mode=ctx.mode,
            slide_count=len(current.slides),
            width=current.width,
            height=current.height,
            state=ctx.text,
            instruction=current_instruction,
        )
        try:
            response = client.complete([{"role": "user", "content": prompt}], purpose="agent", tools=schemas)
        except AceError as exc:
            log.log("error", iteration=t, stage="agent", message=exc.message)
            stop_reason = f"agent call failed: {exc.what}"
            break
        total = total + response.usage
        log.log(
            "llm_call",
            purpose="agent",
            iteration=t,
            model=response.model,
            elapsed=round(response.elapsed, 3),
            **response.usage.model_dump(),
        )
        calls, errors = _calls_of(response)
        record = IterationRecord(iteration=t, tool_calls=len(calls) + len(errors))
        results: list[dict[str, Any]] = []
        if calls and not errors:
            results = backend.commit(calls)
            failed = [r for r in results if not r.get("ok")]
            errors = [
                f"call {i} ({calls[i][0] if i < len(calls) else '?'}): {_error_text(r)}"
                for i, r in enumerate(results)
                if not r.get("ok")
            ]
            record.applied = not failed
        elif not calls and not errors:
            errors = ["no tool calls: nothing was changed"]
        record.errors = errors
        log.log(
            "tool_calls",
            iteration=t,
            calls=[{"tool": n, "args": a} for n, a in calls],
            results=results,
            errors=errors,
            applied=record.applied,
        )
        state = backend.export()
        states.append(state)
        try:
            verdict = judge(origin, state, instruction)
        except AceError as exc:
            log.log("error", iteration=t, stage="judge", message=exc.message)
            record.seconds = time.monotonic() - t0
            records.append(record)
            stop_reason = f"judge failed: {exc.what}"
            break
        total = total + verdict.usage
        record.score, record.critique = verdict.score, verdict.reason
        record.seconds = time.monotonic() - t0
        records.append(record)
        log.log("llm_call", purpose="judge_if", iteration=t, **verdict.usage.model_dump())
        log.log("judge", iteration=t, score=verdict.score, critique=verdict.reason, details=verdict.details)
        log.log("iteration", **record.model_dump(), cost_so_far=round(total.cost, 6), tokens_so_far=total.total_tokens)
        if on_iteration is not None:
            on_iteration(record)
        if verdict.score >= tau:
            stop_reason = f"score {verdict.score} >= tau {tau}"
            break
        current_instruction = wrap_critique(instruction, verdict.score, verdict.reason, errors)

    chosen = _strict_peak([r.score for r in records])
    if chosen:
        final = states[chosen - 1]
        if chosen != len(states):
            log.log("rollback", to_iteration=chosen, scores=[r.score for r in records])
    else:
        final = origin
    seconds = time.monotonic() - started
    log.log(
        "done",
        stop_reason=stop_reason,
        chosen_iteration=chosen,
        scores=[r.score for r in records],
        seconds=round(seconds, 3),
        **total.model_dump(),
    )
    return AgentResult(
        deck=final,
        decision=decision,
        iterations=records,
        chosen_iteration=chosen,
        stop_reason=stop_reason,
        usage=total,
        seconds=seconds,
    )


def _strict_peak(scores: list[int | None]) -> int:
    """1-based iteration to return: the last one, unless the judge's score fell from an earlier
    peak — then the latest iteration holding the peak. 0 when nothing was scored."""
    scored = [(i + 1, s) for i, s in enumerate(scores) if s is not None]
    if not scored:
        return 0
    peak = max(s for _, s in scored)
    last_i, last_s = scored[-1]
    if last_s >= peak:
        return last_i
    return max(i for i, s in scored if s == peak)


def _error_text(result: dict[str, Any]) -> str:
    err = result.get("error")
    if isinstance(err, dict):
        return err.get("message") or json.dumps(err)
    return str(err)
