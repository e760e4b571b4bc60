"""Start-up cost of `ace`: what each command imports, measured with `python -X importtime` in a
fresh process (the speed itself is measured by tests/bench/bench_cli.py)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "fixtures" / "pptx" / "shapecrawler-059_crop-images.pptx"

HEAVY = ("litellm", "playwright", "skimage", "scipy", "numpy", "fitz", "pymupdf", "mcp", "ray", "openai", "tiktoken")
"""never imported by the CLI's start-up, its help, or a command that does not use them"""
IR = ("pydantic", "ace_core.ir.", "ace_core.color", "adapters.")
"""the IR's models (ace_core.ir itself is a table of lazy names) and the format adapters: not
imported by --version, --help or command registration"""


def _matches(module: str, prefixes: tuple[str, ...]) -> bool:
    """`p.` matches the submodules of p; `p` matches p and its submodules."""
    return any(module.startswith(p) if p.endswith(".") else module == p or module.startswith(p + ".") for p in prefixes)


def imported(*args: str, code: str | None = None, cwd: Path = ROOT) -> tuple[set[str], subprocess.CompletedProcess]:
    """The modules a fresh `python -X importtime` process imports running `code` or `-m cli ARGS`."""
    argv = [sys.executable, "-X", "importtime"] + (["-c", code] if code is not None else ["-m", "cli", *args])
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=300)
    names = set()
    for line in proc.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "[us]" not in line:
            names.add(line.rsplit("|", 1)[1].strip())
    return names, proc


def offenders(names: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(n for n in names if _matches(n, prefixes))


def test_the_parser_sees_imports() -> None:
    names, proc = imported(code="import json, numpy")
    assert proc.returncode == 0 and {"json", "numpy"} <= names
    assert "numpy" in offenders(names, HEAVY) and "json" not in offenders(names, HEAVY)
    assert offenders({"pydantic.main", "ace_core.ir", "ace_core.ir.deck", "adapters"}, IR) == [
        "ace_core.ir.deck",
        "pydantic.main",
    ]


def test_import_cli_main_is_light() -> None:
    names, proc = imported(code="import cli.main")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert offenders(names, HEAVY) == []


@pytest.mark.parametrize("args", [["--version"], ["--help"]])
def test_version_and_help_import_no_ir(args: list[str]) -> None:
    names, proc = imported(*args)
    assert proc.returncode == 0 and proc.stdout
    assert offenders(names, HEAVY + IR) == []
    if args == ["--version"]:
        assert proc.stdout.startswith("ace ") and offenders(names, ("typer", "click", "rich")) == []


def command_modules() -> list[str]:
    """Every module of the cli package with a top-level `register(app)`: the command modules
    (cli/commands/*, cli/ablate/command, cli/mcp/command and whatever is added later), found
    from their source so that none is imported here."""
    found = []
    for path in sorted((ROOT / "cli").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(n, ast.FunctionDef) and n.name == "register" for n in tree.body):
            found.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return found


def test_the_command_modules_are_found() -> None:
    modules = command_modules()
    assert {"cli.commands.convert", "cli.commands.edit", "cli.ablate.command", "cli.mcp.command"} <= set(modules)


def test_every_command_registers_and_helps_without_heavy_imports() -> None:
    """Generic over the command modules: import every one, build the click group and render the
    help of every (sub)command in one process; none of it may import the IR, an adapter or a
    heavy library (a command imports those inside its function), and `ace` registers them all."""
    code = """
import importlib, json, sys
import typer
from cli.app import app
registered = sorted(m for m in sys.modules if m.startswith("cli."))
for name in MODULES:
    importlib.import_module(name)
root = typer.main.get_command(app)
paths = []
def walk(cmd, path, parent=None):
    with cmd.context_class(cmd, info_name=path[-1], parent=parent) as ctx:
        cmd.get_help(ctx)
        paths.append(" ".join(path))
        for name, sub in sorted(getattr(cmd, "commands", {}).items()):
            walk(sub, path + [name], ctx)
walk(root, ["ace"])
print(json.dumps({"paths": paths, "modules": sorted(sys.modules), "registered": registered}))
""".replace("MODULES", repr(command_modules()))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    data = json.loads(proc.stdout)
    expected = {"ace convert", "ace inspect", "ace render", "ace metrics", "ace tools list", "ace edit"}
    assert expected | {"ace ablate", "ace ablate run", "ace ablate report", "ace mcp"} <= set(data["paths"])
    assert sorted(set(command_modules()) - set(data["registered"])) == []  # none left out of cli/app.py
    assert offenders(set(data["modules"]), HEAVY + IR) == []


@pytest.mark.parametrize(
    "args",
    [["convert", str(DECK), "{tmp}/out.pptx"], ["convert", str(DECK), "{tmp}/out.html"], ["inspect", str(DECK)]],
)
def test_a_conversion_imports_only_what_it_uses(tmp_path: Path, args: list[str]) -> None:
    """Converting or inspecting a .pptx needs neither the HTML parser (bs4), nor a backend, nor
    the judge, nor a progress bar."""
    names, proc = imported(*[a.format(tmp=tmp_path) for a in args])
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert offenders(names, HEAVY) == []
    assert offenders(names, ("bs4", "soupsieve", "rich.progress", "backends", "judge")) == []
    if args[0] != "convert" or args[2].endswith(".pptx"):  # sniffing the input needs no HTML codec
        assert offenders(names, ("html", "adapters.html.")) == []


@pytest.mark.parametrize(
    "args",
    [["convert", str(DECK), "{tmp}/out.html"], ["inspect", str(DECK)], ["validate", str(DECK)]],
)
def test_the_plain_invocations_skip_typer_and_match_it(tmp_path: Path, args: list[str]) -> None:
    """`ace convert IN OUT`, `ace inspect FILE`, `ace validate FILE` without options run without
    typer (cli/fast.py), and print and write exactly what the typer path (`--` forces it) does."""
    argv = [a.format(tmp=tmp_path) for a in args]
    names, fast = imported(*argv)
    assert fast.returncode == 0, fast.stderr[-2000:]
    assert offenders(names, ("typer", "click")) == []
    if argv[0] == "convert":
        first = Path(argv[2]).read_bytes()
    names, slow = imported(argv[0], "--", *argv[1:])
    assert slow.returncode == 0 and "typer" in names
    assert fast.stdout == slow.stdout
    if argv[0] == "convert":
        assert Path(argv[2]).read_bytes() == first


def test_the_fast_path_only_takes_bare_positionals() -> None:
    from cli.fast import fast_command

    assert fast_command(["convert", "a.pptx", "b.html"]) is not None
    assert fast_command(["inspect", "a.pptx"]) is not None
    for args in (
        ["convert", "a.pptx"],
        ["convert", "a.pptx", "-"],
        ["convert", "a.pptx", "b.html", "--json"],
        ["inspect", "a.pptx", "-v"],
        ["convert", "a.pptx", "b.pptx", "--timeout", "30"],
        ["convert", "a.pptx", "--timeout=30", "b.pptx"],
        ["inspect", "--help"],
        ["render", "a.pptx"],
        ["-v", "inspect", "a.pptx"],
        [],
    ):
        assert fast_command(args) is None, args


def test_an_ace_process_collects_cycles_less_often() -> None:
    """cli.main.run raises the collector's first threshold for the process (start-up's objects
    all live on); `main()` called in-process leaves the caller's threshold alone."""
    code = (
        "import atexit, gc, sys\n"
        "gc.set_threshold(700, 10, 10)\n"
        "from cli.main import PROCESS_GC_THRESHOLD, main, run\n"
        "main(['--version'])\n"
        "assert gc.get_threshold() == (700, 10, 10), gc.get_threshold()\n"
        "atexit.register(lambda: print('threshold', gc.get_threshold(), PROCESS_GC_THRESHOLD))\n"
        "sys.argv = ['ace', '--version']\n"
        "run()\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    last = proc.stdout.strip().splitlines()[-1]
    threshold, limit = last.removeprefix("threshold ").rsplit(" ", 1)
    assert tuple(int(x) for x in threshold.strip("()").split(",")) == (int(limit), 10, 10) and int(limit) > 700
