"""`ace ablate` pieces without a run: the task file and its validation, every check kind on real
decks (passing and failing, with what was found), conditions and TOML files, resume keys, the
append-only results file, the paired statistics of the summary, and the shipped task set."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from ace_core.errors import BadInputError
from cli.ablate.checks import evaluate_checks, slide_text
from cli.ablate.conditions import Condition, conditions_from_options, load_conditions, run_key
from cli.ablate.results import ResultsFile, latest_rows, read_rows
from cli.ablate.summary import compare, summarize
from cli.ablate.tasks import Task, load_tasks, task_hash

ROOT = Path(__file__).resolve().parents[1]
TASKS = ROOT / "fixtures" / "tasks" / "tasks.jsonl"
TIKA = ROOT / "fixtures" / "decks" / "tika-testPPT_various2.pptx"


@pytest.fixture(scope="module")
def tika():
    from adapters import read

    return read(TIKA)


def _checks(*specs: dict) -> list:
    return Task.model_validate(
        {"id": "t", "deck": "x", "instruction": "i", "category": "c", "checks": list(specs)}
    ).checks


def _verdicts(deck, *specs: dict, **kw) -> list[tuple[bool, str]]:
    return [(v.ok, v.detail) for v in evaluate_checks(_checks(*specs), deck, **kw)]


# -- task files ---------------------------------------------------------------------------------------
def _write(tmp_path: Path, *lines: str) -> Path:
    p = tmp_path / "tasks.jsonl"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_task_file_errors_name_the_line_task_and_field(tmp_path: Path) -> None:
    ok = '{"id": "a", "deck": "d.pptx", "instruction": "x", "category": "text"}'
    with pytest.raises(BadInputError, match=r"tasks.jsonl:2: not a JSON object"):
        load_tasks(_write(tmp_path, ok, "{oops"))
    with pytest.raises(BadInputError, match=r":2: task 'b': checks\.0.*kind"):
        load_tasks(
            _write(
                tmp_path,
                ok,
                '{"id": "b", "deck": "d", "instruction": "x", "category": "c", "checks": [{"kind": "nope"}]}',
            )
        )
    with pytest.raises(BadInputError, match=r"task 'c': checks\.0\.op"):
        load_tasks(
            _write(
                tmp_path,
                '{"id": "c", "deck": "d", "instruction": "x", "category": "c", '
                '"checks": [{"kind": "slide_count", "op": "=~", "value": 1}]}',
            )
        )
    with pytest.raises(BadInputError, match=r"task 'd': program: .*operation 1 has no tool name"):
        load_tasks(
            _write(
                tmp_path,
                '{"id": "d", "deck": "d", "instruction": "x", "category": "c", '
                '"program": [{"tool": "a"}, {"args": {}}]}',
            )
        )
    with pytest.raises(BadInputError, match=r":3: task id 'a' is used twice \(first on line 1\)"):
        load_tasks(_write(tmp_path, ok, "", ok))
    with pytest.raises(BadInputError, match=r"id: .*names the run folder"):
        load_tasks(_write(tmp_path, '{"id": "../x", "deck": "d", "instruction": "x", "category": "c"}'))
    with pytest.raises(BadInputError, match="holds no task"):
        load_tasks(_write(tmp_path, "# only a comment"))


def test_task_deck_is_relative_to_the_file_and_the_hash_follows_content(tmp_path: Path) -> None:
    (tmp_path / "d.pptx").write_bytes(TIKA.read_bytes())
    path = _write(tmp_path, '{"id": "a", "deck": "d.pptx", "instruction": "x", "category": "text", "extra": 1}')
    (task,) = load_tasks(path)
    assert task.deck_path == tmp_path / "d.pptx" and task.spec()["extra"] == 1
    h = task_hash(task)
    (tmp_path / "d.pptx").write_bytes(TIKA.read_bytes() + b"\0")
    assert task_hash(task) != h  # the deck changed: earlier results are stale


# -- checks -------------------------------------------------------------------------------------------
def test_text_and_count_checks(tika) -> None:
    assert "Slide2Header" in slide_text(tika.slides[1]) and "Category 1" in slide_text(tika.slides[2])
    v = _verdicts(
        tika,
        {"kind": "text_contains", "text": "Slide2Header", "slide": 2},
        {"kind": "text_contains", "text": "slide2header", "slide": 2, "ignore_case": True},
        {"kind": "text_contains", "text": "Nowhere", "slide": 2},
        {"kind": "text_absent", "text": "Slide3Header"},
        {"kind": "slide_count", "op": "==", "value": 10},
        {"kind": "slide_count", "op": "<", "value": 10},
        {"kind": "node_count", "slide": 2, "type": "TABLE", "op": ">=", "value": 1},
        {"kind": "node_count", "type": "CHART", "op": "==", "value": 2},
        {"kind": "text_contains", "text": "x", "slide": 12},
    )
    assert [ok for ok, _ in v] == [True, True, False, False, True, False, True, False, False]
    assert "found: 'MASTERTEXTBOX" in v[2][1]  # what was there instead
    assert "contains 'Slide3Header' (…" in v[3][1]
    assert v[5][1] == "10 slides (want < 10)"
    assert v[7][1] == "the deck has 1 CHART (want == 2)"
    assert v[8][1] == "slide 12 does not exist (the deck has 10)"


def test_style_chart_table_box_background_checks(tika) -> None:
    from backends.native import make_backend

    be = make_backend("scenegraph", tika)
    ops = [
        {"tool": "set_fill_color", "args": {"nodeId": "s258.2", "color": "#C00000"}},
        {"tool": "set_text_range_style", "args": {"nodeId": "s258.2", "start": 0, "end": 12, "fontWeight": 700}},
        {"tool": "set_chart_type", "args": {"nodeId": "s258.9", "chartType": "line"}},
        {"tool": "set_slide_background", "args": {"slideId": "s259", "color": "#102030"}},
        {"tool": "move_node", "args": {"nodeId": "s257.7", "x": 940, "y": 40}},
    ]
    assert be.batch(ops)["ok"]
    out = be.export()
    v = _verdicts(
        out,
        {"kind": "fill", "node": "s258.2", "color": "#C00000"},
        {"kind": "fill", "node": "s258.2", "color": "#0000FF"},
        {"kind": "fill", "text": "Slide2TextBox", "color": "#000000", "tolerance": 0.1},
        {"kind": "text_style", "node": "s258.2", "bold": True, "color": "#C00000"},
        {"kind": "text_style", "name": "Title 1", "slide": 2, "bold": True},
        {"kind": "chart", "node": "s258.9", "chart_type": "line", "series_count": 3},
        {"kind": "chart", "slide": 3, "title": "Nope"},
        {"kind": "table", "slide": 2, "rows": 3, "cols": 5},
        {"kind": "table", "node": "s257.8", "cells": [{"row": 0, "col": 0, "text": "x"}]},
        {"kind": "box", "node": "s257.7", "x": 940, "y": 40, "right": 1240},
        {"kind": "box", "node": "s257.7", "x": 900},
        {"kind": "background", "slide": 4, "color": "#102030"},
        {"kind": "fill", "node": "nope", "color": "#000000"},
    )
    assert [ok for ok, _ in v] == [True, False, True, True, False, True, False, True, False, True, False, True, False]
    assert "text colour #C00000 (want #0000FF" in v[1][1]
    assert v[4][1].startswith("wrong: s257.2 bold [False]")
    assert "title 'SLIDE3ChartTitle'" in v[6][1]
    assert "cell (0, 0) is" in v[8][1] and "want 'x'" in v[8][1]
    assert "x 940 (want 900)" in v[10][1]
    assert v[12][1] == "no node with id 'nope' on the deck"


def test_layout_checks_read_the_metrics_and_can_ignore_what_the_origin_had(tika) -> None:
    from judge.metrics.compute import compute_slide_metrics
    from judge.metrics.ir_units import slide_units

    slide = tika.slides[2]
    m = compute_slide_metrics(slide_units(tika, slide), None, index=3, slide_id=slide.id)
    spec = {"kind": "no_collision", "slide": 3}
    ((ok, detail),) = _verdicts(tika, spec, metrics={3: m})
    # the real slide 3: the master's text box sits under the chart
    assert not ok and detail == (
        "slide 3: text_occluded s258.l7 ('text TextBox 6') x s258.9 ('chart Content Placeholder 8') (100%)"
    )
    ((ok, detail),) = _verdicts(tika, {**spec, "allow_existing": True}, metrics={3: m}, origin_metrics={slide.id: m})
    assert ok and detail == "no collision on slide 3"
    ((ok, detail),) = _verdicts(tika, {"kind": "within_slide"}, edited=[2], metrics={})
    assert not ok and detail == "slide 2 was not measured"


# -- conditions ---------------------------------------------------------------------------------------
def test_conditions_from_options_and_leave_one_out() -> None:
    conds = conditions_from_options(["scenegraph", "ooxml"], ["replay"], {}, leave_one_out=True)
    names = [c.name for c in conds]
    assert names == [
        "scenegraph",
        "scenegraph+router=off",
        "scenegraph+tools=primitive",
        "scenegraph+T=1",
        "ooxml",
        "ooxml+router=off",
        "ooxml+tools=primitive",
        "ooxml+T=1",
    ]
    two = conditions_from_options(["html"], ["m1", "m2"], {"tau": 3})
    assert [c.name for c in two] == ["html+tau=3@m1", "html+tau=3@m2"]
    with pytest.raises(BadInputError, match="router"):
        conditions_from_options(["html"], ["m"], {"router": "maybe"})


def test_conditions_file(tmp_path: Path) -> None:
    p = tmp_path / "c.toml"
    p.write_text(
        'baseline = "sg"\nrouter = "on"\n\n[[condition]]\nname = "sg"\n\n[[condition]]\nname = "xml-full"\n'
        'backend = "ooxml"\nrouter = false\nT = 1\n\n'
        '[[condition]]\nbackend = "html"\ntools = "primitive"\nmodel = "m2"\n'
    )
    conds, baseline = load_conditions(p, models=["m1"], switches={})
    assert baseline == "sg"
    assert [(c.name, c.backend, c.model, c.router, c.iterations, c.tools) for c in conds] == [
        ("sg", "scenegraph", "m1", "on", 3, "all"),
        ("xml-full", "ooxml", "m1", "off", 1, "all"),
        ("html+tools=primitive@m2", "html", "m2", "on", 3, "primitive"),
    ]
    p.write_text('[[condition]]\nbackend = "pdf"\n')
    with pytest.raises(BadInputError, match="condition 1: backend"):
        load_conditions(p, models=["m"], switches={})
    p.write_text("model = 'x'\n")
    with pytest.raises(BadInputError, match=r"no \[\[condition\]\] tables"):
        load_conditions(p, models=[], switches={})


def test_run_keys_follow_task_condition_model_and_judge() -> None:
    a = Condition(name="a", backend="ooxml", model="m")
    assert run_key("h", a, None) == run_key("h", a.model_copy(update={"name": "renamed"}), None)
    assert (
        len(
            {
                run_key("h", a, None),
                run_key("h2", a, None),
                run_key("h", a, "j"),
                run_key("h", a.model_copy(update={"model": "m2"}), None),
                run_key("h", a.model_copy(update={"router": "off"}), None),
            }
        )
        == 5
    )


# -- results ------------------------------------------------------------------------------------------
def test_results_file_is_append_only_and_survives_a_torn_line(tmp_path: Path) -> None:
    rf = ResultsFile(tmp_path)
    assert rf.open(resume=False) == set()
    rf.append({"key": "k1", "v": 1})
    rf.append({"key": "k2", "v": 2})
    with pytest.raises(BadInputError, match="already holds results"):
        ResultsFile(tmp_path).open(resume=False)
    with open(rf.path, "ab") as fh:  # a run killed in the middle of writing its row
        fh.write(b'{"key": "k3", "v"')
    assert [r["key"] for r in read_rows(rf.path)] == ["k1", "k2"]
    assert ResultsFile(tmp_path).open(resume=True) == {"k1", "k2"}
    rf.append({"key": "k1", "v": 3})
    lines = rf.path.read_text().splitlines()
    assert [json.loads(x)["key"] for x in lines] == ["k1", "k2", "k1"]  # the torn tail was cut
    assert [r["v"] for r in latest_rows(read_rows(rf.path))] == [2, 3]


# -- statistics ---------------------------------------------------------------------------------------
def _row(task: str, cond: str, if_score: int | None, ok: bool = True, **kw) -> dict:
    return {
        "key": f"{task}-{cond}",
        "task": task,
        "category": "text",
        "condition": {"name": cond, "backend": "scenegraph" if cond == "A" else "ooxml", "model": "m"},
        "ok": ok,
        "error": None,
        "checks_total": 1,
        "checks_passed": int(ok),
        "if_score": if_score,
        "vq_score": None,
        "tokens": {"input": 10, "output": 2, "cached": 0, "total": 12},
        "llm_calls": 2,
        **kw,
    }


def test_paired_comparison_has_the_known_answer_and_lists_missing_tasks() -> None:
    from scipy import stats as sps

    a = {f"t{i}": _row(f"t{i}", "A", 3) for i in range(6)}
    b = {f"t{i}": _row(f"t{i}", "B", s) for i, s in enumerate([4, 4, 4, 4, 2])}
    b["t9"] = _row("t9", "B", 5)
    d = compare(b, a, "if")
    assert d["n"] == 5 and d["wins"] == 4 and d["losses"] == 1 and d["ties"] == 0
    assert d["mean_diff"] == pytest.approx(0.6) and d["arm_mean"] == pytest.approx(3.6)
    assert d["sign_p"] == pytest.approx(0.375)
    assert d["wilcoxon_p"] == pytest.approx(sps.wilcoxon([1, 1, 1, 1, -1]).pvalue)
    assert d["ci_low"] <= 0.6 <= d["ci_high"]
    assert d["missing"] == {"baseline_only": ["t5"], "arm_only": ["t9"], "no_value": []}
    s = summarize([*a.values(), *b.values()])
    assert s["baseline"] == "A" and s["comparisons"][0]["arm"] == "B"
    stats = {c["name"]: c for c in s["conditions"]}
    assert stats["A"]["if"]["mean"] == 3.0 and stats["B"]["if"]["n"] == 6
    assert stats["A"]["tokens_per_call"] == 6.0


# -- the shipped task set -----------------------------------------------------------------------------
def test_the_shipped_task_set() -> None:
    tasks = load_tasks(TASKS, allow_outside=True)  # its decks are the fixtures in place, beside fixtures/tasks
    assert len(tasks) >= 40
    cats = Counter(t.category for t in tasks)
    for cat in ("text", "style", "layout", "table", "chart", "image", "slide", "deck-wide", "smartart", "math"):
        assert cats[cat] >= 2, cat
    assert all(t.program and t.checks for t in tasks)
    assert all(t.deck_path.is_file() for t in tasks)
    multi = [
        t
        for t in tasks
        if len({c.slide for c in t.checks if getattr(c, "slide", None)}) > 1 or t.category == "deck-wide"
    ]
    assert len(multi) >= 5
    formats = {t.deck_path.suffix for t in tasks}
    assert {".pptx", ".html", ".json"} <= formats
    for t in tasks:  # every deck is a real file with its provenance line
        manifest = t.deck_path.parent / "MANIFEST.tsv"
        assert t.deck_path.name in manifest.read_text(encoding="utf-8"), t.deck_path


def test_image_check_compares_pictures_not_bytes(tika) -> None:
    from backends.native import make_backend

    be = make_backend("scenegraph", tika)
    assert be.execute("set_image_fill", {"nodeId": "s260.7", "source": "lib-beach"})["ok"]
    out = be.export()
    v = _verdicts(
        out,
        {"kind": "image", "node": "s260.7", "source": "lib-beach"},
        {"kind": "image", "node": "s260.7", "source": "lib-forest-path"},
        {"kind": "image", "node": "s260.7", "source": "lib-nope"},
    )
    assert [ok for ok, _ in v] == [True, False, False]
    assert "shows another picture" in v[1][1] and "no image 'lib-nope'" in v[2][1]
    ((ok, _),) = _verdicts(tika, {"kind": "image", "node": "s260.7", "source": "lib-beach"})
    assert not ok  # the unedited slide shows its own photo


@pytest.mark.render
def test_ooxml_renders_warm_and_cold_agree_and_show_only_the_slides_asked(tmp_path: Path) -> None:
    """The warm LibreOffice (backends.render.warm_office) and a cold soffice start-up render the same
    slides; slide 9 of this deck is hidden and still renders when asked."""
    from conftest import has_soffice

    from backends.render.warm_office import WarmOffice
    from cli.ablate.render import _cold_pages, _Job, _warm_pages
    from judge.similarity import similarity_files

    if not has_soffice() or not WarmOffice.available():
        pytest.skip("needs LibreOffice and python3-uno")
    job = _Job("output", TIKA.read_bytes(), [1, 8], (480, 360), ["002.png", "009.png"])
    warm = _warm_pages([job], tmp_path / "warm")["output"]
    cold = _cold_pages([job], tmp_path / "cold")["output"]
    assert [p.name for p in warm] == [p.name for p in cold] == ["002.png", "009.png"]
    from PIL import Image

    assert all(Image.open(p).size == (480, 360) for p in warm)
    scores = [similarity_files(a, b) for a, b in zip(warm, cold, strict=True)]
    assert min(scores) > 0.9, scores
    assert similarity_files(warm[0], warm[1]) < min(scores)  # two different slides, not one twice


def test_a_deck_outside_the_task_files_folder_is_refused_unless_allowed(tmp_path: Path, capsys) -> None:
    """A task file from someone else must not make `ace ablate` read (and send to a model) any deck
    on the machine: '..', an absolute path and a symlink leading out are refused, naming the line."""
    from cli.main import main

    secret = tmp_path / "private.pptx"
    secret.write_bytes((ROOT / "fixtures" / "pptx" / "pypptx-ph-inherit-props.pptx").read_bytes())
    folder = tmp_path / "tasks"
    folder.mkdir()
    (folder / "link.pptx").symlink_to(secret)
    (folder / "own.pptx").write_bytes(secret.read_bytes())
    ok = '{"id": "a", "deck": "own.pptx", "instruction": "x", "category": "text"}'
    for deck in ("../private.pptx", str(secret), "link.pptx"):
        bad = json.dumps({"id": "b", "deck": deck, "instruction": "x", "category": "text"})
        path = _write(folder, ok, bad)
        with pytest.raises(BadInputError, match=r"tasks.jsonl:2: task 'b': deck .* is outside the task file's folder"):
            load_tasks(path)
        assert [t.deck_path for t in load_tasks(path, allow_outside=True)][1] == secret.resolve()
        assert main(["ablate", str(path), "--model", "replay", "--out", str(tmp_path / "o"), "--no-render"]) == 2
        err = capsys.readouterr().err
        assert "tasks.jsonl:2" in err and "--allow-outside" in err and "Traceback" not in err
        assert not (tmp_path / "o" / "results.jsonl").exists()
    (task,) = load_tasks(_write(folder, ok))
    assert task.deck_path == (folder / "own.pptx").resolve()
