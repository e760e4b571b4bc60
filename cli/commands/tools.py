"""`ace tools list` and `ace tools schema NAME | --all`: the agent's tool catalogue and its schemas."""

from __future__ import annotations

import json

import typer

from ace_core.errors import BadInputError
from cli.common import JSON_OPTION, set_json
from cli.output import out

tools_app = typer.Typer(
    help="The tool suite: list the tools, print their function-calling schemas.", no_args_is_help=True
)


def register(app: typer.Typer) -> None:
    app.add_typer(tools_app, name="tools")


@tools_app.command("list")
def list_tools(
    module: str | None = typer.Option(None, "--module", "-m", help="Only this module (e.g. contentTools)."),
    json_: bool = JSON_OPTION,
) -> None:
    """The catalogue: every tool by module with a one-line summary (plus extensions)."""
    from ace_core.tools import registry

    set_json(json_)
    reg = registry()
    groups = reg.by_module(include_extensions=False)
    if module is not None:
        if module not in groups:
            raise BadInputError(f"unknown module {module!r}", where="--module", hint=f"modules: {', '.join(groups)}")
        groups = {module: groups[module]}
    extensions = reg.extensions() if module is None else []
    count = sum(len(v) for v in groups.values())
    data = {
        "count": count,
        "modules": {
            m: [{"name": s.name, "summary": s.summary, "mutates": s.mutates} for s in specs]
            for m, specs in groups.items()
        },
        "extensions": [{"name": s.name, "module": s.module, "summary": s.summary} for s in extensions],
    }

    def human(console) -> None:
        more = f" (+{len(extensions)} extension)" if extensions else ""
        console.print(f"{count} tools in {len(groups)} modules{more}", markup=False)
        for mod, specs in groups.items():
            console.print(f"\n{mod} ({len(specs)})", markup=False)
            for s in specs:
                console.print(f"  {s.name:<26} {s.summary}", markup=False, overflow="ignore", crop=False)
        if extensions:
            console.print("\nbeyond the catalogue", markup=False)
            for s in extensions:
                console.print(f"  {s.name:<26} ({s.module}) {s.summary}", markup=False, overflow="ignore", crop=False)

    out.result(data, human)


@tools_app.command("schema")
def schema(
    name: str | None = typer.Argument(None, help="Tool name."),
    all_: bool = typer.Option(False, "--all", help="Every tool's schema, as the list litellm takes (tools=...)."),
    params_only: bool = typer.Option(False, "--params", help="Only the parameters' JSON Schema."),
    json_: bool = JSON_OPTION,
) -> None:
    """Print a tool's OpenAI-style function-calling schema (or all of them with --all)."""
    from ace_core.tools import registry

    set_json(json_)
    reg = registry()
    if all_ == (name is not None):
        raise BadInputError(
            "give a tool name or --all", where="ace tools schema", hint="ace tools list shows the names"
        )
    specs = reg.specs() if all_ else [reg.get(name)]  # type: ignore[arg-type]
    items = [s.json_schema() if params_only else s.openai_schema() for s in specs]
    data = items if all_ else items[0]
    out.result(data, lambda c: c.print(json.dumps(data, indent=2, ensure_ascii=False), markup=False, soft_wrap=True))
