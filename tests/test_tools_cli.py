"""`ace tools list` / `ace tools schema`: the catalogue on the command line."""

from __future__ import annotations

import json

from ace_core.tools import MODULES
from cli.main import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_tools_list_shows_98_tools_in_11_modules(capsys) -> None:
    code, out, _ = run(capsys, "tools", "list")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "98 tools in 11 modules (+1 extension)"
    headers = [ln for ln in lines if ln and not ln.startswith(" ") and "(" in ln and ln != lines[0]]
    assert [h.split(" ")[0] for h in headers] == list(MODULES)
    tool_lines = [ln for ln in lines if ln.startswith("  ")]
    assert len(tool_lines) == 99 and any(ln.split()[0] == "insert_slides_from" for ln in tool_lines)


def test_tools_list_json_and_module_filter(capsys) -> None:
    code, out, _ = run(capsys, "tools", "list", "--json")
    data = json.loads(out)["data"]
    assert code == 0 and data["count"] == 98 and len(data["modules"]) == 11
    code, out, _ = run(capsys, "tools", "list", "--module", "tableTools")
    assert code == 0 and out.splitlines()[0] == "4 tools in 1 modules"
    code, _, err = run(capsys, "tools", "list", "--module", "nope")
    assert code == 2 and "unknown module" in err


def test_tools_schema(capsys) -> None:
    code, out, _ = run(capsys, "tools", "schema", "create_frame")
    data = json.loads(out)
    assert code == 0 and data["type"] == "function" and data["function"]["name"] == "create_frame"
    assert "layoutMode" in data["function"]["parameters"]["properties"]
    code, out, _ = run(capsys, "tools", "schema", "--all")
    assert code == 0 and len(json.loads(out)) == 99
    code, out, _ = run(capsys, "tools", "schema", "set_opacity", "--params")
    assert json.loads(out)["required"] == ["nodeId", "opacity"]
    code, _, err = run(capsys, "tools", "schema", "set_opactiy")
    assert code == 2 and "set_opacity" in err and err.count("\n") == 1
    code, _, err = run(capsys, "tools", "schema")
    assert code == 2 and "--all" in err
