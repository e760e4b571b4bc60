"""The tool specs: 98 tools in 11 modules, docstrings, valid JSON Schemas (Draft 2020-12) that go
through litellm's offline function-calling conversions, and readable validation errors."""

from __future__ import annotations

import os

import jsonschema
import pytest

from ace_core.errors import ToolError
from ace_core.tools import MODULES, registry

EXPECTED = {
    "contentTools": 56,
    "slideTools": 13,
    "chartTools": 7,
    "dataChartTools": 4,
    "smartArtTools": 4,
    "tableTools": 4,
    "connectionTools": 3,
    "importExportTools": 3,
    "unsplashTools": 2,
    "batchTools": 1,
    "mathTools": 1,
}
PAPER_NAMES = {"create_graphics", "create_data_chart", "create_smartart", "create_math", "batch_execute", "focus_slide"}


def test_catalogue_is_98_tools_in_11_modules() -> None:
    by_module = registry().by_module(include_extensions=False)
    assert {m: len(v) for m, v in by_module.items()} == EXPECTED
    assert len(registry().catalogue()) == 98 and list(by_module) == list(MODULES)
    assert set(registry().names()) >= PAPER_NAMES
    assert [s.name for s in registry().extensions()] == ["insert_slides_from"]


@pytest.mark.parametrize("spec", registry().specs(), ids=lambda s: s.name)
def test_spec_is_documented_and_its_schema_is_valid(spec) -> None:
    assert len(spec.doc) > 40 and spec.doc[0].isupper(), spec.name
    schema = spec.json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert "$ref" not in str(schema) and "$defs" not in schema
    validator = jsonschema.Draft202012Validator(schema)
    # every field of the params model appears, required ones are required
    model = spec.params
    props = schema["properties"]
    for name, field in model.model_fields.items():
        assert (field.alias or name) in props, (spec.name, name)
        if field.is_required():
            assert (field.alias or name) in schema.get("required", [])
    # a default-only call is accepted by the schema exactly when pydantic accepts it
    minimal = {n: _example(props[n]) for n in schema.get("required", [])}
    try:
        spec.validate(minimal)
        pydantic_ok = True
    except ToolError:
        pydantic_ok = False
    if pydantic_ok:
        validator.validate(minimal)
    assert list(validator.iter_errors({**minimal, "notAField": 1}))  # unknown fields are refused


def _example(prop: dict) -> object:
    kinds = {o.get("type") for o in prop.get("anyOf", [prop])}
    if "enum" in prop:
        return prop["enum"][0]
    if "string" in kinds:
        return "#336699" if "pattern" in str(prop) else "s1"
    if "integer" in kinds:
        return max(1, prop.get("minimum", 1))
    if "number" in kinds:
        return max(1.0, prop.get("minimum", 1.0))
    if "array" in kinds:
        return []
    if "boolean" in kinds:
        return True
    return {}


def test_schemas_go_through_litellm_function_calling_conversion() -> None:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from litellm.llms.anthropic.chat.transformation import AnthropicConfig
    from litellm.llms.vertex_ai.gemini.vertex_and_google_ai_studio_gemini import VertexGeminiConfig
    from litellm.utils import validate_and_fix_openai_tools

    tools = registry().openai_tools()
    assert len(tools) == 99
    fixed = validate_and_fix_openai_tools(tools)
    assert fixed == tools
    anthropic, _ = AnthropicConfig()._map_tools(tools)
    assert [t["name"] for t in anthropic] == registry().names()
    assert all(t["input_schema"]["type"] == "object" and t["description"] for t in anthropic)
    gemini = VertexGeminiConfig()._map_function(tools, {})
    decls = [d for block in gemini for d in block.get("function_declarations", [])]
    assert [d["name"] for d in decls] == registry().names()
    frame = next(d for d in decls if d["name"] == "create_frame")
    assert "layoutMode" in frame["parameters"]["properties"]


def test_validation_errors_name_the_field() -> None:
    spec = registry().get("set_text_content")
    with pytest.raises(ToolError) as info:
        spec.validate({"changes": [{"nodeId": "a", "text": 3}]})
    assert info.value.field == "changes[0].text" and info.value.tool == "set_text_content"
    with pytest.raises(ToolError) as info:
        registry().get("create_frame").validate({"fillColor": "#12"})
    assert info.value.field == "fillColor" and "not a colour" in info.value.what
    with pytest.raises(ToolError) as info:
        registry().get("create_frame").validate({"layoutMode": "DIAGONAL"})
    assert info.value.field == "layoutMode" and "HORIZONTAL" in info.value.what
    with pytest.raises(ToolError) as info:
        registry().get("nope")
    assert "unknown tool" in info.value.what


def test_color_inputs() -> None:
    spec = registry().get("set_fill_color")
    assert spec.validate({"nodeId": "a", "color": "#FF000080"}).color.a == pytest.approx(128 / 255)
    assert spec.validate({"nodeId": "a", "color": {"r": 1, "g": 0, "b": 0}}).color.hex == "#FF0000"
