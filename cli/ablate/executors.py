"""Where runs execute: in this process (--jobs 1), a local process pool (--jobs N), or a Ray cluster
(--executor ray; the optional `ray` extra). Each yields rows as runs finish; the caller writes them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from ace_core.errors import BadInputError, UnsupportedError
from cli.ablate.runner import execute

__all__ = ["EXECUTORS", "import_ray", "run_local", "run_ray"]

EXECUTORS = ("local", "ray")


def run_local(specs: list[dict[str, Any]], settings: dict[str, Any], jobs: int) -> Iterator[dict[str, Any]]:
    """Rows of `specs`, in order with one job, as they finish with several (a process pool: each
    worker keeps its decks and its browser warm across runs)."""
    if jobs <= 1 or len(specs) <= 1:
        for spec in specs:
            yield execute(spec, settings)
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(jobs, len(specs)), mp_context=ctx) as pool:
        pending = {pool.submit(execute, spec, settings): spec for spec in specs}
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    spec = pending.pop(fut)
                    exc = fut.exception()
                    yield _crashed(spec, exc) if exc is not None else fut.result()
        finally:
            for fut in pending:
                fut.cancel()


def _crashed(spec: dict[str, Any], exc: BaseException) -> dict[str, Any]:
    """The row of a run whose worker died (killed, out of memory): a failure, not a crash."""
    return {
        "key": spec["key"],
        "task": spec["task"]["id"],
        "task_hash": spec["task_hash"],
        "category": spec["task"].get("category"),
        "condition": spec["condition"],
        "ok": False,
        "error": f"the worker running this task died: {type(exc).__name__}: {exc}",
        "error_kind": "internal",
        "checks": [],
        "checks_total": 0,
        "checks_passed": 0,
        "tokens": {"input": 0, "output": 0, "cached": 0, "total": 0},
        "cost": 0.0,
        "seconds": 0.0,
    }


def import_ray() -> Any:
    try:
        import ray
    except ImportError as exc:
        raise UnsupportedError(
            "--executor ray needs Ray, which is not installed",
            where="--executor",
            hint="pip install 'ace-slides[ray]' (or pip install ray), or use --executor local",
        ) from exc
    return ray


def run_ray(
    specs: list[dict[str, Any]], settings: dict[str, Any], jobs: int, address: str | None = None
) -> Iterator[dict[str, Any]]:
    """Rows of `specs` run as Ray tasks (one CPU each). `address` (else $RAY_ADDRESS) joins a
    cluster; none starts a local Ray with `jobs` CPUs. On a cluster, --out must be a folder every
    node sees (the runs write their files there)."""
    ray = import_ray()
    address = address or os.environ.get("RAY_ADDRESS") or None
    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "ignore_reinit_error": True}
        if address:
            options["address"] = address
        else:
            options["num_cpus"] = max(1, jobs)
        try:
            ray.init(**options)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise BadInputError(
                f"cannot connect to the Ray cluster: {exc}",
                where=f"--ray-address {address}" if address else "ray.init",
                hint="check the address (ray://host:10001 or host:6379) or omit it for a local Ray",
            ) from exc
    remote = ray.remote(num_cpus=1, max_retries=1)(execute)
    try:
        refs = {remote.remote(spec, settings): spec for spec in specs}
        while refs:
            done, _ = ray.wait(list(refs), num_returns=1)
            for ref in done:
                spec = refs.pop(ref)
                try:
                    yield ray.get(ref)
                except Exception as exc:  # a worker died (ray.exceptions.RayError and kin)
                    yield _crashed(spec, exc)
    finally:
        for ref in refs:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()
