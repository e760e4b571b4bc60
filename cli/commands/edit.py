"""`ace edit DECK --ops OPS.json -o OUT`: apply a tool batch to a deck of any format on the
scene-graph backend (or, with --backend, on the OOXML package or the HTML DOM); `--insert-from
OTHER --slides 2,5` copies slides in; `-i` runs the agent."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

import typer

from ace_core.errors import BadInputError, ToolError, UnsupportedError
from ace_core.fsutil import read_input
from cli.common import FROM_OPTION, JSON_OPTION, read_deck, report_losses, set_json
from cli.output import out

MAX_OPS_BYTES = 20 * 1024 * 1024


def register(app: typer.Typer) -> None:
    app.command("edit")(edit)


def edit(
    deck_path: Path = typer.Argument(..., metavar="DECK", help="Deck to edit (pptx, html, Figma JSON, IR JSON)."),
    ops: Path | None = typer.Option(
        None,
        "--ops",
        help="JSON file: a list of {tool, args, id?} or {operations: [...]}; '$N.id' refers to op N "
        "of this file, '$insert.slide_ids[0]' to the first slide --insert-from copied.",
    ),
    output: Path | None = typer.Option(None, "-o", "--output", help="Output file; format from its extension or --to."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the results and a change summary; write nothing."),
    insert_from: Path | None = typer.Option(None, "--insert-from", help="Copy slides from this deck (any format)."),
    slides: str | None = typer.Option(None, "--slides", help="With --insert-from: slide numbers or ids, e.g. 2,5."),
    at: int | None = typer.Option(None, "--at", help="With --insert-from: 1-based position of the first copied slide."),
    instruction: str | None = typer.Option(
        None, "-i", "--instruction", help="Edit with the LLM agent instead of --ops."
    ),
    model: str | None = typer.Option(None, "--model", help="litellm model string for the agent (-i)."),
    iterations: int = typer.Option(3, "--iterations", min=1, max=20, help="Agent iterations (-i)."),
    log: Path | None = typer.Option(None, "--log", help="Write the agent's trajectory log here (-i)."),
    tau: int = typer.Option(4, "--tau", min=0, max=5, help="Stop when the IF judge scores at least this (-i)."),
    max_tokens: int | None = typer.Option(None, "--max-tokens", help="Token budget of the whole run (-i)."),
    max_cost: float | None = typer.Option(None, "--max-cost", help="Cost budget in USD (-i)."),
    max_seconds: float | None = typer.Option(None, "--max-seconds", help="Wall-time budget in seconds (-i)."),
    from_: str | None = FROM_OPTION,
    to: str | None = typer.Option(None, "--to", help="Output format (pptx, html, figma, ir)."),
    backend: str = typer.Option(
        "scenegraph",
        "--backend",
        help="Edit on: scenegraph (the IR, auto-layout), ooxml (the OpenXML package, flat) or html (the DOM).",
    ),
    json_: bool = JSON_OPTION,
) -> None:
    """Edit a deck with tool calls (one atomic batch) and write the result. The input is never
    modified; a failing command writes nothing and exits 2 naming the command, tool and field."""
    set_json(json_)
    backend = _backend_name(backend)
    if instruction is not None:
        if ops is not None or insert_from is not None:
            raise BadInputError("-i cannot be combined with --ops or --insert-from", where="ace edit")
        if output is not None and _same_file(deck_path, output):
            raise BadInputError(
                "the output would overwrite the input", where=str(output), hint="choose another output path"
            )
        _agent(
            deck_path,
            instruction,
            output,
            model=model,
            iterations=iterations,
            log=log,
            to_format=to,
            tau=tau,
            max_tokens=max_tokens,
            max_cost=max_cost,
            max_seconds=max_seconds,
            **({"backend": backend} if backend != "scenegraph" else {}),
        )
        return
    if ops is None and insert_from is None:
        raise BadInputError(
            "nothing to do", where="ace edit", hint="give --ops OPS.json, --insert-from OTHER or -i TEXT"
        )
    if slides is not None and insert_from is None:
        raise BadInputError("--slides needs --insert-from", where="--slides")
    if output is None and not dry_run:
        raise BadInputError("no output file", where="ace edit", hint="give -o OUT (or --dry-run)")
    if output is not None and _same_file(deck_path, output):
        raise BadInputError(
            "the output would overwrite the input", where=str(output), hint="choose another output path"
        )
    operations = _operations(ops, insert_from, slides, at)
    from backends.native import make_backend

    deck = read_deck(deck_path, from_)
    report_losses(deck.report)
    editor = make_backend(backend, deck)
    origin = editor.export()
    outcome = editor.batch(operations["operations"], atomic=True, stop_on_error=True)
    if not outcome["ok"] and "result" not in outcome:  # the batch itself was refused
        err = outcome.get("error") or {}
        where = "batch" + (f", field {err['field']}" if err.get("field") else "")
        raise ToolError(f"{err.get('reason') or err.get('message')}; nothing was written", where=where)
    results = outcome["result"]["results"]
    if not outcome["ok"]:
        _fail(outcome["result"])
    edited = editor.export()
    summary = _summary(origin, edited)
    data: dict[str, Any] = {
        "input": str(deck_path),
        "backend": backend,
        "output": None if dry_run else str(output),
        "dry_run": dry_run,
        "operations": len(results),
        "results": results,
        "changes": summary,
    }
    if not dry_run:
        from adapters import write

        wreport = write(edited, output, fmt=to)  # type: ignore[arg-type]
        report_losses(wreport)
    out.result(data, lambda c: _print(c, data, dry_run))


def _backend_name(name: str) -> str:
    from backends.native import BACKEND_NAMES

    key = name.strip().lower()
    if key not in BACKEND_NAMES:
        raise BadInputError(f"unknown backend {name!r}", where="--backend", hint=f"use {', '.join(BACKEND_NAMES)}")
    return key


def _same_file(a: Path, b: Path) -> bool:
    try:
        return b.exists() and a.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _operations(ops: Path | None, insert_from: Path | None, slides: str | None, at: int | None) -> dict[str, Any]:
    operations: list[dict[str, Any]] = []
    if insert_from is not None:
        args: dict[str, Any] = {"path": str(insert_from)}
        if slides:
            args["slides"] = [int(s) if s.strip().isdigit() else s.strip() for s in slides.split(",") if s.strip()]
        if at is not None:
            if at < 1:
                raise BadInputError("--at is 1-based", where="--at")
            args["index"] = at - 1
        operations.append({"tool": "insert_slides_from", "args": args, "id": "insert"})
    if ops is not None:
        from ace_core.tools.batch_input import parse_operations  # pydantic: not at start-up

        items = parse_operations(read_input(ops, limit=MAX_OPS_BYTES), where=str(ops))
        offset = len(operations)
        operations.extend(_shift_refs(i, offset) for i in items) if offset else operations.extend(items)
    return {"operations": operations}


def _shift_refs(value: Any, offset: int) -> Any:
    """`$N` references in the ops file count from its first operation: shift them past the one
    `ace edit` adds in front (which the ops reach as `$insert`, e.g. "$insert.slide_ids[0]")."""
    if isinstance(value, dict):
        return {k: _shift_refs(v, offset) for k, v in value.items()}
    if isinstance(value, list):
        return [_shift_refs(v, offset) for v in value]
    if isinstance(value, str) and value.startswith("$"):
        head, dot, rest = value[1:].partition(".")
        if head.isdigit():
            return f"${int(head) + offset}{dot}{rest}"
    return value


def _fail(result: dict[str, Any]) -> None:
    index = result["failed_index"]
    entry = result["results"][index]
    err = entry["error"]
    where = f"operation {index} ({entry['tool']})" + (f", field {err['field']}" if err.get("field") else "")
    if err.get("kind") == "unsupported":  # exit 3: the backend cannot do it, the call itself is fine
        raise UnsupportedError(f"{err['reason']}; nothing was written", where=where, hint=err.get("hint"))
    raise ToolError(f"{err['reason']}; nothing was written", where=where, hint=err.get("hint"))


def _summary(origin: Any, edited: Any) -> dict[str, Any]:
    from judge.diff import diff_decks

    diff = diff_decks(origin, edited, snapshot=False)
    ops = Counter(e.op for e in diff.entries)
    return {
        "edits": diff.distinct_edits,
        "by_op": dict(sorted(ops.items())),
        "slides": {"before": len(origin.slides), "after": len(edited.slides)},
        "text": diff.to_text() if diff.distinct_edits else "",
    }


def _print(console: Any, data: dict[str, Any], dry_run: bool) -> None:
    for r in data["results"]:
        res = r.get("result") or {}
        detail = res.get("id") or ", ".join(res.get("changed_ids", [])[:4])
        warn = f"  [{'; '.join(res['warnings'])}]" if res.get("warnings") else ""
        console.print(f"  {r['index']:>3} {r['tool']}: ok {detail}{warn}", markup=False)
    ch = data["changes"]
    by_op = ", ".join(f"{k} {v}" for k, v in ch["by_op"].items()) or "no change"
    slides = f"slides {ch['slides']['before']} -> {ch['slides']['after']}"
    console.print(f"{data['operations']} operations, {ch['edits']} edits ({by_op}); {slides}", markup=False)
    if dry_run:
        if ch["text"]:
            console.print(ch["text"], markup=False)
        console.print("dry run: nothing written", markup=False)
    else:
        console.print(f"wrote {data['output']}", markup=False)


def _agent(deck_path: Path, instruction: str, output: Path | None, **options: Any) -> None:
    from cli.commands import agent

    run = getattr(agent, "run_agent_edit", None)
    if run is None:
        raise UnsupportedError("the LLM agent is not available yet", where="ace edit -i", hint="use --ops OPS.json")
    if output is None:
        raise BadInputError("no output file", where="ace edit", hint="give -o OUT")
    run(deck_path, instruction, output, **options)
