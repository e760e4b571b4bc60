"""Batch runs of a command over many decks: inputs from files, folders and globs, all in one
process (a worker pool for --jobs N > 1), one progress bar on a terminal or a line per file
otherwise, a result per file (--json), exit 5 when some files failed and others did not."""

from __future__ import annotations

import glob
import importlib
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ace_core.errors import AceError, BadInputError
from cli.output import out

__all__ = [
    "EXIT_PARTIAL",
    "Item",
    "Task",
    "collect_inputs",
    "execute",
    "exit_code",
    "failure_line",
    "finish",
    "plan_outputs",
    "run_tasks",
    "stem_of",
]

EXIT_PARTIAL = 5
_GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True)
class Item:
    """One input file and where its output goes below the output folder (`rel`: its path below
    the folder it was found in, or its name when given directly)."""

    src: Path
    rel: Path


@dataclass(frozen=True)
class Task:
    """One file's work: `function` of `module` called with `kwargs` (picklable, so a worker
    process can run it); `error` set when the task is refused before it runs."""

    index: int
    src: Path
    output: Path | None
    module: str
    function: str
    kwargs: dict[str, Any]
    error: str | None = None


def collect_inputs(args: Iterable[str], *, exclude: Path | None = None) -> list[Item]:
    """Files, folders (every deck below them, by content: hidden files, Office lock files and
    `.assets` folders skipped) and globs (`decks/**/*.pptx`, for shells that did not expand them).
    A missing path stays in the list, to be reported as that file's failure."""
    items: list[Item] = []
    seen: set[str] = set()
    excluded = exclude.resolve() if exclude is not None else None

    def add(src: Path, rel: Path) -> None:
        key = str(src.resolve()) if src.exists() else str(src)
        if key not in seen:
            seen.add(key)
            items.append(Item(src, rel))

    for arg in args:
        if arg == "-":
            raise BadInputError(
                "stdin ('-') cannot be one of several inputs", where="ace", hint="give files or folders"
            )
        path = Path(arg)
        if path.is_dir():
            for src in _decks_below(path, excluded):
                add(src, src.relative_to(path))
        elif not path.exists() and _GLOB_CHARS & set(arg):
            matches = sorted(glob.glob(arg, recursive=True))
            if not matches:
                raise BadInputError("no file matches this pattern", where=arg, hint="check the pattern")
            for match in matches:
                if Path(match).is_file():
                    add(Path(match), Path(Path(match).name))
        else:
            add(path, Path(path.name))
    if not items:
        raise BadInputError("no deck to process", where=" ".join(args) or "ace", hint="give deck files or folders")
    return items


def _decks_below(folder: Path, excluded: Path | None) -> list[Path]:
    from adapters.registry import registry

    reg = registry()
    found: list[Path] = []
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".")
            and not d.endswith(".assets")
            and (excluded is None or (here / d).resolve() != excluded)
        )
        for name in sorted(files):
            if name.startswith((".", "~$")):
                continue
            path = here / name
            if _is_deck(reg, path):
                found.append(path)
    return found


def _is_deck(reg: Any, path: Path) -> bool:
    try:
        return reg.detect(path) is not None
    except AceError:
        return False


def stem_of(path: Path) -> str:
    """The name without its format's extension (deck.figma.json -> deck, deck.pptx -> deck)."""
    from adapters.registry import registry

    name = path.name
    lower = name.lower()
    extensions = sorted({e for a in registry() for e in a.info.extensions}, key=len, reverse=True)
    for ext in extensions:
        if lower.endswith("." + ext) and len(name) > len(ext) + 1:
            return name[: -len(ext) - 1]
    return path.stem or name


def plan_outputs(items: list[Item], out_dir: Path, make_name: Callable[[str], str]) -> list[tuple[Path, str | None]]:
    """Each item's output below `out_dir` (its folder structure kept, `make_name(stem)` as the name;
    names that would collide get -2, -3, ...), with an error when the output is one of the inputs."""
    inputs = {str(i.src.resolve()) for i in items if i.src.exists()}
    used: set[str] = set()
    planned: list[tuple[Path, str | None]] = []
    for item in items:
        stem = stem_of(item.src)
        candidate = out_dir / item.rel.parent / make_name(stem)
        n = 2
        while str(candidate).lower() in used:
            candidate = out_dir / item.rel.parent / make_name(f"{stem}-{n}")
            n += 1
        used.add(str(candidate).lower())
        clash = str(candidate.resolve()) in inputs
        planned.append((candidate, "the output would overwrite an input (choose another --out-dir)" if clash else None))
    return planned


def execute(task: Task) -> dict[str, Any]:
    """Run one task and describe what happened; never raises for a failure of the file itself."""
    start = time.perf_counter()
    result: dict[str, Any] = {"input": str(task.src), "output": str(task.output) if task.output else None}
    # a file's own warnings and loss summaries stay in its result, not on the console
    saved = (out.quiet, out.json_mode, out.warnings)
    out.quiet, out.json_mode, out.warnings = True, False, []
    try:
        if task.error is not None:
            raise BadInputError(task.error, where=str(task.src))
        function = getattr(importlib.import_module(task.module), task.function)
        extra = function(**task.kwargs) or {}
        result.update(ok=True, error=None, exit_code=0, **extra)
    except AceError as exc:
        result.update(ok=False, error=exc.message, exit_code=exc.exit_code, kind=exc.kind)
    except MemoryError:
        result.update(ok=False, error="out of memory", exit_code=1, kind="internal")
    except Exception as exc:  # a bug: reported for this file, the others go on
        message = f"internal error: {type(exc).__name__}: {exc} (rerun this file alone with --debug and report it)"
        result.update(ok=False, error=message, exit_code=1, kind="internal")
    finally:
        warnings = out.warnings
        out.quiet, out.json_mode, out.warnings = saved
    if warnings:
        result["warnings"] = [w if isinstance(w, str) else w.get("message", str(w)) for w in warnings][:20]
    result["seconds"] = round(time.perf_counter() - start, 3)
    return result


def run_tasks(
    tasks: list[Task],
    *,
    jobs: int,
    label: str,
    line: Callable[[dict[str, Any]], str],
    preload: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """Run the tasks (in this process, or in `jobs` worker processes), reporting each as it ends:
    a progress bar on a terminal (failures printed above it), else `line(result)` per file.
    Results come back in the tasks' order. `preload`: modules the workers' work imports, imported
    once in the process they are forked from rather than by every worker."""
    results: list[dict[str, Any] | None] = [None] * len(tasks)
    with out.progress(len(tasks), label) as advance:
        bar = out.progress_drawn

        def done(task: Task, result: dict[str, Any]) -> None:
            results[task.index] = result
            if out.json_mode:
                pass
            elif bar or out.quiet:  # above the bar / in quiet mode: only what failed (and all with -v)
                if not result["ok"] or (out.verbose and not out.quiet):
                    out.line(line(result), err=True)
            else:
                out.line(line(result))
            advance(1)

        if jobs <= 1 or len(tasks) <= 1:
            for task in tasks:
                done(task, execute(task))
        else:
            _pool(tasks, min(jobs, len(tasks)), done, preload)
    return [r for r in results if r is not None]


def _pool(
    tasks: list[Task], workers: int, done: Callable[[Task, dict[str, Any]], None], preload: Sequence[str]
) -> None:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    # forkserver: workers fork from a clean server process, not from this one (threads, consoles);
    # the server imports what the work needs first, so no worker pays the imports again
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(["__main__", __name__, *dict.fromkeys(t.module for t in tasks), *preload])
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        # the biggest inputs first: one big file started last would keep the other workers idle
        order = sorted(tasks, key=lambda t: (-_size(t.src), t.index))
        pending = {pool.submit(execute, task): task for task in order}
        try:
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    task = pending.pop(future)
                    try:
                        result = future.result()
                    except BrokenProcessPool:
                        result = {
                            "input": str(task.src),
                            "output": str(task.output) if task.output else None,
                            "ok": False,
                            "error": "a worker process ended unexpectedly (out of memory or a crash) while this "
                            "file was pending; rerun it alone",
                            "exit_code": 1,
                            "kind": "internal",
                            "seconds": 0.0,
                        }
                    done(task, result)
        except BaseException:
            for future in pending:
                future.cancel()
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def failure_line(r: dict[str, Any]) -> str:
    """`FAILED <input>: <what went wrong>` (the input named once)."""
    return f"FAILED {r['input']}: {str(r['error']).removeprefix(r['input'] + ': ')}"


def exit_code(results: list[dict[str, Any]]) -> int:
    """0 when every file succeeded, 5 when some did, else the failures' shared code (2 when they differ)."""
    failed = [r for r in results if not r["ok"]]
    if not failed:
        return 0
    if len(failed) < len(results):
        return EXIT_PARTIAL
    codes = {r["exit_code"] for r in failed}
    return codes.pop() if len(codes) == 1 else 2


def finish(results: list[dict[str, Any]], *, verb: str, seconds: float, extra: dict[str, Any] | None = None) -> int:
    """Print the summary (or the --json envelope with one result per file) and return the exit code."""
    ok = sum(1 for r in results if r["ok"])
    failed = [r for r in results if not r["ok"]]
    data = {"results": results, "ok": ok, "failed": len(failed), "seconds": round(seconds, 2), **(extra or {})}
    if out.json_mode:
        errors = [
            {"kind": r.get("kind"), "message": r["error"], "where": r["input"], "exit_code": r["exit_code"]}
            for r in failed
        ]
        out.envelope(data, errors)
    elif not out.quiet:
        tail = f" ({len(failed)} failed)" if failed else ""
        out.line(f"{verb} {ok} of {len(results)} file{'s' if len(results) != 1 else ''} in {seconds:.1f} s{tail}")
    return exit_code(results)
