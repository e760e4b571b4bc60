"""The IR's pydantic models are completed together, their core schemas cached on disk.

Generating the core schemas of the IR's ~60 models is most of what importing the IR costs (about
two thirds of it); building validators and serializers from a finished core schema is cheap. So
the models are declared with `defer_build=True`, and the first time any of them is needed
(`IRModel.model_rebuild`, which pydantic calls on first use) all of them are completed in
definition order: from `$ACE_CACHE_DIR/ir/schemas-<key>.pickle` when it exists, else by pydantic's
normal build, whose schemas are then saved there. The key hashes the pydantic and Python versions
and the IR's source files, so an edit of the IR or an upgrade never reads a stale schema.

Completion goes through pydantic's own `model_rebuild`, with only the schema generation swapped
for the cached schema; any problem with the cache (missing, foreign-owned, unreadable, a class it
does not cover, an error while installing) falls back to the normal build. `ACE_IR_CACHE=0`
turns the cache off. `status()` says how the models were completed in this process."""

from __future__ import annotations

import hashlib
import importlib
import os
import pickle
import sys
import threading
from pathlib import Path
from typing import Any

__all__ = ["MODEL_MODULES", "complete_models", "ir_models", "status"]

MODEL_MODULES = (
    "ace_core.color",
    "ace_core.ir.base",
    "ace_core.ir.layout_props",
    "ace_core.ir.loss",
    "ace_core.ir.style",
    "ace_core.ir.text",
    "ace_core.ir.semantic",
    "ace_core.ir.nodes",
    "ace_core.ir.deck",
)
"""every module that defines IR models, leaves first"""

_lock = threading.RLock()
_state: dict[str, Any] = {"started": False, "status": "pending"}


def status() -> str:
    """'pending' (nothing completed yet), 'cache' (schemas read from the cache), 'built' (built,
    and saved when the cache is on) or 'built, cache unusable: <why>'."""
    return _state["status"]


def ir_models() -> list[type]:
    """The IR's model classes in definition order (leaves before the models that hold them)."""
    from pydantic import BaseModel

    models: list[type] = []
    for name in MODEL_MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, BaseModel) and value.__module__ == name:
                models.append(value)
    return models


def complete_models() -> str:
    """Complete every IR model (once per process); returns `status()`. While the IR's modules are
    still being imported (a model instance as a class default), the one model is built alone."""
    with _lock:
        if _state["started"] or _importing():
            return _state["status"]
        _state["started"] = True
        from ace_core.ir.plugin_probe import no_plugin_scan

        with no_plugin_scan():  # no pydantic plugin installed: its entry-point scan is skipped
            return _complete()


def _complete() -> str:
    """The body of complete_models, under its lock."""
    models = ir_models()
    pending = [m for m in models if not m.__pydantic_complete__]
    path = _cache_path(models)
    schemas, why = _load(path)
    if schemas is not None:
        try:
            _install(pending, schemas)
            _state["status"] = "cache"
            return _state["status"]
        except Exception as exc:  # a pydantic whose internals moved: build normally
            why = f"{type(exc).__name__}: {exc}"
    for model in pending:
        if not model.__pydantic_complete__:
            model.model_rebuild(_types_namespace=vars(sys.modules[model.__module__]))
    if path is not None:
        _save(path, models)  # over a bad file too: the cache heals itself
    _state["status"] = "built" if why is None else f"built, cache unusable: {why}"
    return _state["status"]


def _importing() -> bool:
    for name in MODEL_MODULES:
        module = sys.modules.get(name)
        if module is not None and getattr(module.__spec__, "_initializing", False):
            return True
    return False


def _key(models: list[type]) -> str:
    import pydantic
    import pydantic_core

    digest = hashlib.sha256(f"{pydantic.VERSION}|{pydantic_core.__version__}|{sys.version}".encode())
    for name in (*MODEL_MODULES, __name__):
        digest.update(Path(sys.modules[name].__file__ or "").read_bytes())
    digest.update(",".join(_name(m) for m in models).encode())
    return digest.hexdigest()[:24]


def _cache_path(models: list[type]) -> Path | None:
    if os.environ.get("ACE_IR_CACHE", "1").strip().lower() in ("0", "false", "no", "off"):
        return None
    from ace_core.fsutil import cache_root

    try:
        return cache_root() / "ir" / f"schemas-{_key(models)}.pickle"
    except OSError:
        return None


def _load(path: Path | None) -> tuple[dict[str, Any] | None, str | None]:
    """The cached schemas, or None and why not. Only a file this user owns and nobody else can
    write is unpickled (pickle runs code, like the __pycache__ beside the sources)."""
    if path is None:
        return None, None
    try:
        st = path.stat()
    except OSError:
        return None, None  # not made yet: the normal case on a first run
    if st.st_uid != os.getuid() or st.st_mode & 0o022:
        return None, f"{path} is not private to this user"
    try:
        data = pickle.loads(path.read_bytes())
    except Exception as exc:
        return None, f"{path}: {type(exc).__name__}"
    return (data, None) if isinstance(data, dict) else (None, f"{path}: not a schema table")


def _save(path: Path, models: list[type]) -> bool:
    from ace_core.fsutil import atomic_write_bytes

    try:
        data = pickle.dumps({_name(m): m.__pydantic_core_schema__ for m in models}, protocol=pickle.HIGHEST_PROTOCOL)
        atomic_write_bytes(path, data)
        path.chmod(0o600)
    except Exception:  # unpicklable schema part, read-only cache dir: run without the cache
        return False
    return True


def _install(models: list[type], schemas: dict[str, Any]) -> None:
    """Complete `models` with pydantic's own model_rebuild, schema generation replaced by the
    cached (already cleaned) schema of each class."""
    from pydantic._internal import _model_construction

    missing = [_name(m) for m in models if _name(m) not in schemas]
    if missing:
        raise KeyError(f"no cached schema for {', '.join(missing[:3])}")
    real = _model_construction.GenerateSchema

    class FromCache:
        """What complete_model_class asks of its schema generator, answered from the cache (a
        pydantic that asks more raises AttributeError here, and the normal build takes over)."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            pass

        def generate_schema(self, obj: Any) -> Any:
            return schemas[_name(obj)]

        def clean_schema(self, schema: Any) -> Any:
            return schema

    _model_construction.GenerateSchema = FromCache  # type: ignore[misc, assignment]
    try:
        for model in models:
            if not model.__pydantic_complete__:
                model.model_rebuild(_types_namespace=vars(sys.modules[model.__module__]))
    except BaseException:
        for model in models:  # leave nothing half-installed for the normal build
            if model.__pydantic_complete__:
                model.__pydantic_complete__ = False
        raise
    finally:
        _model_construction.GenerateSchema = real


def _name(model: type) -> str:
    return f"{model.__module__}.{model.__qualname__}"
