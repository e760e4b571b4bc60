"""Validate Figma JSON against Figma's REST API specification (fixtures/figma-spec, @figma/rest-api-spec).

The spec is OpenAPI 3.1, whose schemas are JSON Schema 2020-12. Its node unions (`Node`,
`SubcanvasNode`, `Effect`, ...) are `oneOf` lists with a `discriminator` on `type`; a plain JSON
Schema validator tries every branch of every `oneOf` for every node, children included, which is
exponential in the tree's depth. So, as OpenAPI's discriminator means, each such union is turned
into "type is one of the mapped names, and the mapped schema holds" (if / then per name) before
validating: the same verdict, in linear time. Use `validator(kind)` once (it is cached)."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["SPEC_FILE", "SPEC_VERSION", "errors", "property_defaults", "response_kind", "validator"]

SPEC_FILE = Path(__file__).resolve().parents[1] / "fixtures" / "figma-spec" / "openapi.json"
_BASE = "urn:figma-rest-api-spec"
KINDS = {
    "file": "GetFileResponse",
    "nodes": "GetFileNodesResponse",
    "images": "GetImageFillsResponse",
}


def _discriminated(schema: Any) -> Any:
    if isinstance(schema, list):
        return [_discriminated(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _discriminated(v) for k, v in schema.items()}
    disc = out.get("discriminator")
    if isinstance(disc, dict) and isinstance(disc.get("mapping"), dict) and "oneOf" in out:
        prop, mapping = disc["propertyName"], disc["mapping"]
        out.pop("oneOf")
        out.pop("discriminator")
        out["type"] = "object"
        out["required"] = sorted({*out.get("required", []), prop})
        out.setdefault("properties", {})[prop] = {"enum": sorted(mapping)}
        out["allOf"] = [
            *out.get("allOf", []),
            *(
                {"if": {"properties": {prop: {"const": name}}}, "then": {"$ref": ref}}
                for name, ref in sorted(mapping.items())
            ),
        ]
    return out


@cache
def _document() -> dict[str, Any]:
    doc = json.loads(SPEC_FILE.read_text())
    doc = _discriminated(copy.deepcopy(doc))
    doc["$id"] = _BASE
    return doc


SPEC_VERSION: str = json.loads(SPEC_FILE.read_text())["info"]["version"] if SPEC_FILE.is_file() else "?"


@cache
def validator(kind: str = "file") -> Any:
    """A jsonschema validator for the response `kind`: file | nodes | images."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    doc = _document()
    registry = Registry().with_resource(_BASE, Resource.from_contents(doc, default_specification=DRAFT202012))
    pointer = f"{_BASE}#/components/responses/{KINDS[kind]}/content/application~1json/schema"
    return Draft202012Validator({"$ref": pointer}, registry=registry)


def response_kind(data: Any) -> str:
    """'nodes' for a GET /nodes response (a `nodes` map), else 'file'."""
    return "nodes" if isinstance(data, dict) and isinstance(data.get("nodes"), dict) else "file"


def _where(error: Any) -> str:
    path = "/".join(str(p) for p in error.absolute_path)
    return path or "(root)"


def errors(data: Any, kind: str | None = None, limit: int = 50) -> list[str]:
    """The spec's complaints about `data` ('path: message'), the most specific first; [] = valid."""
    from jsonschema.exceptions import best_match

    found = []
    for error in validator(kind or response_kind(data)).iter_errors(data):
        deepest = best_match([error]) if error.context else error
        found.append(f"{_where(deepest)}: {deepest.message[:200]}")
        if len(found) >= limit:
            break
    return found


@cache
def property_defaults() -> dict[str, Any]:
    """{property: default} of every node, paint and effect property the spec gives a default
    (the value the API means when it leaves the property out)."""
    doc = json.loads(SPEC_FILE.read_text())
    out: dict[str, Any] = {}
    for schema in doc["components"]["schemas"].values():
        stack = [schema]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                for name, prop in (item.get("properties") or {}).items():
                    if isinstance(prop, dict) and "default" in prop:
                        out.setdefault(name, prop["default"])
                stack.extend(v for k, v in item.items() if k in ("allOf", "oneOf", "anyOf"))
            elif isinstance(item, list):
                stack.extend(item)
    return out
