"""The IR's cached core schemas (ace_core.ir.prebuilt): a process that reads them behaves exactly
like one that builds the models, and a bad cache file is never trusted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import hashlib, json, sys
from adapters import read
from ace_core.ir.prebuilt import ir_models, status
from ace_core import Deck
deck = read("fixtures/decks/pptagent-build_effective_agents.pptx")
sample = read("fixtures/ir/sample.json")
schemas = {m.__qualname__: m.model_json_schema() for m in ir_models() if m.model_fields}
out = {
    "status": status(),
    "deck": hashlib.sha1(deck.to_json().encode()).hexdigest(),
    "sample": sample.to_json(),
    "schemas": hashlib.sha1(json.dumps(schemas, sort_keys=True).encode()).hexdigest(),
    "roundtrip": Deck.model_validate_json(deck.to_json()).to_json() == deck.to_json(),
    "models": len(ir_models()),
}
try:
    Deck.model_validate({"slides": [{"id": "s1", "children": [{"type": "TEXT", "id": ""}]}]})
except Exception as exc:
    out["error"] = str(exc).splitlines()[0]
print(json.dumps(out))
"""


def probe(cache: Path, **env: str) -> dict:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "ACE_CACHE_DIR": str(cache), **env},
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Warning" not in proc.stderr, proc.stderr[-2000:]
    return json.loads(proc.stdout)


def test_cached_schemas_behave_like_built_ones(tmp_path: Path) -> None:
    first = probe(tmp_path)
    assert first["status"] == "built"
    files = list((tmp_path / "ir").glob("schemas-*.pickle"))
    assert len(files) == 1 and files[0].stat().st_mode & 0o077 == 0
    second = probe(tmp_path)
    assert second["status"] == "cache"
    plain = probe(tmp_path, ACE_IR_CACHE="0")
    assert plain["status"] == "built"
    for key in ("deck", "sample", "schemas", "roundtrip", "models", "error"):
        assert first[key] == second[key] == plain[key], key
    assert first["roundtrip"] is True and first["models"] > 50 and "validation error" in first["error"]


def test_a_bad_cache_file_is_not_trusted(tmp_path: Path) -> None:
    probe(tmp_path)
    (path,) = (tmp_path / "ir").glob("schemas-*.pickle")
    path.write_bytes(b"not a pickle")
    path.chmod(0o600)
    broken = probe(tmp_path)
    assert broken["status"].startswith("built, cache unusable") and broken["roundtrip"] is True
    # saved again by the build above: now make it writable by others, which must not be read
    assert probe(tmp_path)["status"] == "cache"
    path.chmod(0o666)
    shared = probe(tmp_path)
    assert "not private" in shared["status"] and shared["roundtrip"] is True


def test_an_unwritable_cache_dir_only_costs_speed(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = probe(blocker)  # the cache dir would be under a regular file
    assert result["status"] == "built" and result["roundtrip"] is True


def test_the_models_annotations_are_evaluated_by_python_not_by_pydantic() -> None:
    """Field annotations are objects when a model class is made (no `from __future__ import
    annotations` in the model modules): pydantic compiled and evaluated each of the ~430 strings
    that import otherwise left it, ~15 ms of every command's start-up."""
    from ace_core.ir.prebuilt import ir_models

    strings = [
        f"{model.__name__}.{name}"
        for model in ir_models()
        for name, value in vars(model).get("__annotations__", {}).items()
        if isinstance(value, str)
    ]
    assert strings == []
