"""The `ace` typer application: global options and the command modules."""

from __future__ import annotations

import typer

from ace_core import __version__
from cli.ablate import command as ablate
from cli.commands import agent, convert, edit, info, judge, render, tools
from cli.mcp import command as mcp
from cli.output import out

app = typer.Typer(
    name="ace",
    help="ACE: convert, render, inspect, edit and judge slide decks (pptx, html, Figma JSON, IR JSON).",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ace {__version__}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version."),
    quiet: bool = typer.Option(False, "-q", "--quiet", help="Only results and errors."),
    verbose: int = typer.Option(0, "-v", "--verbose", count=True, help="More detail on stderr."),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks of errors."),
) -> None:
    out.quiet = quiet
    out.verbose = verbose
    out.debug = out.debug or debug


for module in (info, convert, render, tools, edit, judge, agent, ablate, mcp):
    module.register(app)
