"""Entry point of the `ace` command: runs the app and maps errors to exit codes and one line.

Start-up is kept to what a command uses: `ace --version` imports neither typer nor the IR, and
the command modules import their heavy parts (IR, adapters, renderers, LLM clients) when run."""

from __future__ import annotations

import sys
import traceback

from ace_core.errors import AceError

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_BAD_INPUT = 2
EXIT_UNSUPPORTED = 3
EXIT_ENVIRONMENT = 4
EXIT_PARTIAL = 5


def main(argv: list[str] | None = None) -> int:
    """Run `ace`; returns the exit code (0 ok, 1 internal, 2 bad input, 3 unsupported, 4 system
    tool / render, 5 partial success of a batch)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:  # the fast path: no typer, no IR
        from ace_core import __version__

        sys.stdout.write(f"ace {__version__}\n")
        return EXIT_OK
    from cli.output import out

    out.reset()
    out.debug = out.debug or "--debug" in args
    import typer

    try:  # newer typer vendors click as typer._click
        from typer._click.exceptions import ClickException
    except ImportError:  # pragma: no cover - older typer uses click itself
        from click.exceptions import ClickException  # type: ignore[no-redef]
    try:
        from cli.app import app

        command = typer.main.get_command(app)
        result = command.main(args=args, prog_name="ace", standalone_mode=False)
        return int(result) if isinstance(result, int) else EXIT_OK
    except typer.Exit as exc:
        return int(exc.exit_code)
    except typer.Abort:
        out.line("aborted", err=True)
        return 130
    except ClickException as exc:
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


def _report(message: str, data: dict, code: int, exc: BaseException) -> int:
    from cli.output import out

    if out.debug:
        traceback.print_exception(exc, file=sys.stderr)
    if out.json_mode:
        out.error_envelope(data)
    sys.stderr.write(f"ace: error: {' '.join(message.splitlines())}\n")
    sys.stderr.flush()
    return code


def run() -> None:
    sys.exit(main())


if __name__ == "__main__":
    run()
