"""Entry point of the `ace` command: runs the app and maps errors to exit codes and one line.

Start-up is kept to what a command uses: `ace --version` imports neither typer nor the IR, and
the command modules import their heavy parts (IR, adapters, renderers, LLM clients) when run."""

from __future__ import annotations

import gc
import re
import sys
from typing import Any

from ace_core.errors import AceError

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_BAD_INPUT = 2
EXIT_UNSUPPORTED = 3
EXIT_ENVIRONMENT = 4
EXIT_PARTIAL = 5

GLOBAL_FLAGS = ("-q", "--quiet", "-v", "--verbose", "--debug")
_COUNTED_V = re.compile(r"^-v+$")


def main(argv: list[str] | None = None) -> int:
    """Run `ace`; returns the exit code (0 ok, 1 internal, 2 bad input, 3 unsupported, 4 system
    tool / render, 5 partial success of a batch)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:  # the fast path: no typer, no IR
        from ace_core import __version__

        sys.stdout.write(f"ace {__version__}\n")
        return EXIT_OK
    from cli.fast import fast_command
    from cli.output import out

    out.reset()
    from ace_core.tempfiles import install_signal_cleanup, sweep_temp_root

    install_signal_cleanup()  # SIGTERM / SIGHUP exit cleanly: temporary folders go, child processes end
    sweep_temp_root()  # and what a killed run left is removed now
    out.debug = out.debug or "--debug" in args
    try:
        fast = fast_command(args)  # `ace convert IN OUT` and the like: no typer needed
        if fast is not None:
            result = fast()
        else:
            import typer

            from cli.app import app

            command = typer.main.get_command(app)
            result = command.main(args=hoist_global_flags(command, args), prog_name="ace", standalone_mode=False)
        return int(result) if isinstance(result, int) else EXIT_OK
    except _typer().Exit as exc:
        return int(exc.exit_code)
    except _typer().Abort:
        out.line("aborted", err=True)
        return 130
    except _click_exception() as exc:
        if getattr(exc, "exit_code", 1) == 0:  # --help of a group without arguments
            exc.show(file=sys.stderr)
            return EXIT_OK
        exc.show(file=sys.stderr)
        return EXIT_BAD_INPUT
    except AceError as exc:
        return _report(exc.message, exc.to_dict(), exc.exit_code, exc)
    except KeyboardInterrupt:
        out.line("interrupted", err=True)
        return 130
    except MemoryError as exc:
        return _report("out of memory", {"kind": "internal", "message": "out of memory"}, EXIT_INTERNAL, exc)
    except Exception as exc:  # a bug: one line, the traceback with --debug
        message = f"internal error: {type(exc).__name__}: {exc} (rerun with --debug and report it)"
        return _report(message, {"kind": "internal", "message": message}, EXIT_INTERNAL, exc)


def _typer() -> Any:
    import typer

    return typer


def _click_exception() -> type[Exception]:
    try:  # newer typer vendors click as typer._click
        from typer._click.exceptions import ClickException
    except ImportError:  # pragma: no cover - older typer uses click itself
        from click.exceptions import ClickException  # type: ignore[no-redef]
    return ClickException


def hoist_global_flags(command: Any, args: list[str]) -> list[str]:
    """Move the global flags (-q, -v, --debug) that follow a subcommand in front of it, so that
    `ace inspect deck.pptx -v` means `ace -v inspect deck.pptx`. A flag the subcommand defines
    itself, an option's value and anything after `--` stay where they are."""
    hoisted: list[str] = []
    kept: list[str] = []
    current = command
    depth = 0
    i = 0
    while i < len(args):
        token = args[i]
        i += 1
        if token == "--":
            kept.append(token)
            kept.extend(args[i:])
            break
        subcommands = getattr(current, "commands", None)
        if subcommands is not None and not token.startswith("-") and token in subcommands:
            current = subcommands[token]
            depth += 1
            kept.append(token)
            continue
        option = _option(current, token)
        if option is not None:
            kept.append(token)
            if not option.is_flag and not option.count and option.nargs > 0 and "=" not in token:
                kept.extend(args[i : i + option.nargs])
                i += option.nargs
            continue
        if depth and (token in GLOBAL_FLAGS or _COUNTED_V.match(token)):
            hoisted.append(token)
            continue
        kept.append(token)
    return hoisted + kept


def _option(command: Any, token: str) -> Any:
    """The option of `command` that `token` names (`--name`, `-n`, `--name=value`), or None."""
    if not token.startswith("-") or token == "-":
        return None
    name = token.split("=", 1)[0] if token.startswith("--") else token
    for param in getattr(command, "params", ()):
        if getattr(param, "param_type_name", "") == "option" and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def _report(message: str, data: dict, code: int, exc: BaseException) -> int:
    from cli.output import out

    if out.debug:
        import traceback

        traceback.print_exception(exc, file=sys.stderr)
    if out.json_mode:
        out.error_envelope(data)
    sys.stderr.write(f"ace: error: {' '.join(message.splitlines())}\n")
    sys.stderr.flush()
    return code


PROCESS_GC_THRESHOLD = 20_000
"""the cyclic collector's first-generation threshold of an `ace` process (Python's default is
700): start-up imports and builds objects that all live on, so the default's collections over
them are pure cost (about 6 % of a one-slide conversion); 20 000 is the reader's own
(adapters.ooxml.read_deck), so garbage cycles are still collected, in bigger passes"""


def run() -> None:
    first, *rest = gc.get_threshold()
    gc.set_threshold(max(first, PROCESS_GC_THRESHOLD), *rest)
    code = main()
    # the process ends here: spare the collector its shutdown passes over every object the IR and
    # pydantic made (about a fifth of a one-slide conversion); atexit handlers still run
    gc.freeze()
    sys.exit(code)


if __name__ == "__main__":
    run()
