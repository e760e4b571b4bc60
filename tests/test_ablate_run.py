"""`ace ablate` end to end on a few of the shipped tasks: the gold programs replayed on all three
backends (output decks in each backend's format, renders, checks, the report), scripted models whose
judge scores differ by condition (the paired statistics have a known answer), the real litellm path
against a local OpenAI-compatible server, failure rows, resume after a kill, and Ray."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import needs_chromium, needs_soffice
from openai_server import OpenAIServer, message_text

from cli.main import main

ROOT = Path(__file__).resolve().parents[1]
TASKS = ROOT / "fixtures" / "tasks" / "tasks.jsonl"


def _tasks(ids: list[str]) -> list[dict]:
    by_id = {}
    for line in TASKS.read_text(encoding="utf-8").splitlines():
        t = json.loads(line)
        t["deck"] = str((TASKS.parent / t["deck"]).resolve())
        by_id[t["id"]] = t
    return [by_id[i] for i in ids]


def _write(path: Path, tasks: list[dict]) -> Path:
    """The task file at `path`, with each shipped deck copied beside it (a task file may only read
    decks inside its own folder unless --allow-outside)."""
    for t in tasks:
        deck = Path(t["deck"])
        if deck.is_absolute() and deck.is_file() and not deck.is_relative_to(path.parent):
            (path.parent / "decks").mkdir(exist_ok=True)
            shutil.copyfile(deck, path.parent / "decks" / deck.name)
            t["deck"] = f"decks/{deck.name}"
    path.write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in tasks), encoding="utf-8")
    return path


def _rows(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "results.jsonl").read_text(encoding="utf-8").splitlines()]


def _run(args: list[str], capsys) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory, monkeypatch):
    """Origin renders are cached per deck: keep this module's cache to itself."""
    monkeypatch.setenv("ACE_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "ace-cache"))


# -- replay on the three backends ---------------------------------------------------------------------
@needs_soffice
@needs_chromium
def test_replay_on_three_backends_writes_outputs_renders_checks_and_report(tmp_path: Path, capsys) -> None:
    tasks = _tasks(["text-typo", "chart-pie-labels", "smartart-timeline"])
    tasks.append({**tasks[0], "id": "no-deck", "deck": str(tmp_path / "missing.pptx")})
    tasks.append(
        {
            **tasks[0],
            "id": "bad-program",
            "program": [{"tool": "set_fill_color", "args": {"nodeId": "nope", "color": "#FF0000"}}],
        }
    )
    path = _write(tmp_path / "tasks.jsonl", tasks)
    out = tmp_path / "out"
    code, stdout, err = _run(
        ["ablate", str(path), "--model", "replay", "--backends", "scenegraph,ooxml,html", "--out", str(out), "--json"],
        capsys,
    )
    assert code == 0, err
    data = json.loads(stdout)["data"]
    rows = {(r["task"], r["condition"]["name"]): r for r in _rows(out)}
    assert len(rows) == 15 and data["baseline"] == "scenegraph"
    for backend, suffix in (("scenegraph", "deck.json"), ("ooxml", "deck.pptx"), ("html", "deck.html")):
        for tid in ("text-typo", "chart-pie-labels"):
            r = rows[(tid, backend)]
            assert r["ok"] and r["error"] is None, (tid, backend, r["error"], r["checks"])
            assert r["output"].endswith(suffix) and (out / r["output"]).is_file()
            assert r["renders"]["origin"] and r["renders"]["output"]
            assert all((out / p).is_file() for p in r["renders"]["output"].values())
            assert r["checks_passed"] == r["checks_total"] >= 1 and r["operations"] == len(_tasks([tid])[0]["program"])
            assert r["edited_slides"] and r["diff_edits"] >= 1 and (out / r["diff"]).read_text()
            assert r["metrics"] and r["context_tokens"][0] > 0 and r["turns"] == 0
            assert (out / r["trajectory"]).is_file()
    # what each representation can carry out: SmartArt is a flat-format refusal on ooxml, named
    assert rows[("smartart-timeline", "scenegraph")]["ok"] and rows[("smartart-timeline", "html")]["ok"]
    refusal = rows[("smartart-timeline", "ooxml")]
    assert not refusal["ok"] and "create_smartart" in refusal["error"] and "unsupported on ooxml" in refusal["error"]
    # failures are rows, not crashes
    for backend in ("scenegraph", "ooxml", "html"):
        assert "deck not found" in rows[("no-deck", backend)]["error"]
        bad = rows[("bad-program", backend)]["error"]
        assert bad.startswith("program failed: operation 0 (set_fill_color, field nodeId)") and "nope" in bad
    assert "FAIL" in err and "no-deck scenegraph" in err
    # the ooxml output is a real package: it renders and reads back with the edit
    from adapters import read

    pie = read(out / rows[("chart-pie-labels", "ooxml")]["output"])
    assert pie.find("s257.6")[1].chart.chart_type == "pie"
    html = (out / "report.html").read_text(encoding="utf-8")
    assert html.count("data:image/jpeg;base64,") >= 12 and "http://" not in html and "<script" not in html
    assert "create_smartart" in html and "Paired comparisons" in html
    summary = json.loads((out / "summary.json").read_text())
    by = {c["name"]: c for c in summary["conditions"]}
    assert by["scenegraph"]["pass_rate"] == pytest.approx(3 / 5) and by["ooxml"]["pass_rate"] == pytest.approx(2 / 5)
    assert (out / "summary.csv").read_text().splitlines()[0].startswith("condition,baseline,backend")


# -- scripted models: the paired statistics have a known answer ---------------------------------------
PAIRED = ["text-typo", "text-subtitle", "table-fill", "slide-duplicate", "chart-series"]


def _script(tasks: list[dict], if_scores: list[int], vq: int) -> dict:
    match = {}
    for t, score in zip(tasks, if_scores, strict=True):
        match[t["instruction"]] = {
            "agent": [{"tool_calls": [{"name": "batch_execute", "arguments": {"operations": t["program"]}}]}],
            "judge_if": [
                {"instruction_following_score": score, "instruction_following_reason": f"{t['id']} scored {score}"}
            ],
            "judge_vq": [{"visual_quality_score": vq, "visual_quality_reason": "clean"}],
        }
    return {"match": match}


@needs_chromium
def test_scripted_conditions_give_the_known_paired_statistics(tmp_path: Path, capsys) -> None:
    from scipy import stats as sps

    tasks = _tasks(PAIRED)
    path = _write(tmp_path / "tasks.jsonl", tasks)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(_script(tasks, [3, 3, 3, 3, 3], vq=3)))
    b.write_text(json.dumps(_script(tasks, [4, 4, 4, 4, 2], vq=4)))  # better on 4 of 5 by +1, worse on 1
    conditions = tmp_path / "conditions.toml"
    conditions.write_text(
        f'baseline = "A"\nT = 1\n\n[[condition]]\nname = "A"\nmodel = "scripted:{a}"\n\n'
        f'[[condition]]\nname = "B"\nmodel = "scripted:{b}"\n'
    )
    out = tmp_path / "out"
    code, stdout, err = _run(
        ["ablate", str(path), "--conditions", str(conditions), "--out", str(out), "--json"], capsys
    )
    assert code == 0, err
    rows = _rows(out)
    assert len(rows) == 10 and all(r["ok"] for r in rows), [r["error"] or r["checks"] for r in rows if not r["ok"]]
    assert all(r["turns"] == 1 and r["llm_calls"] >= 3 and r["tokens"]["total"] > 0 for r in rows)
    assert {r["task"]: r["if_critique"] for r in rows if r["condition"]["name"] == "B"}[
        "table-fill"
    ] == "table-fill scored 4"
    data = json.loads(stdout)["data"]
    by = {c["name"]: c for c in data["conditions"]}
    assert by["A"]["if"]["mean"] == 3.0 and by["B"]["if"]["mean"] == pytest.approx(3.6)
    assert by["A"]["vq"]["mean"] == 3.0 and by["B"]["vq"]["mean"] == 4.0
    (comp,) = data["comparisons"]
    assert comp["arm"] == "B" and comp["baseline"] == "A"
    d_if, d_vq = comp["metrics"]["if"], comp["metrics"]["vq"]
    assert (d_if["n"], d_if["wins"], d_if["ties"], d_if["losses"]) == (5, 4, 0, 1)
    assert d_if["mean_diff"] == pytest.approx(0.6)
    assert d_if["sign_p"] == pytest.approx(0.375)
    assert d_if["wilcoxon_p"] == pytest.approx(sps.wilcoxon([1, 1, 1, 1, -1]).pvalue)
    assert d_if["ci_low"] < 0.6 < d_if["ci_high"]
    assert (d_vq["wins"], d_vq["mean_diff"], d_vq["sign_p"]) == (5, 1.0, pytest.approx(0.0625))
    assert d_vq["ci_low"] == d_vq["ci_high"] == 1.0
    assert comp["metrics"]["pass"]["mean_diff"] == 0.0
    # the report can be rebuilt with another baseline; an unknown one is a clear error
    code, _, err = _run(["ablate", "report", str(out), "--baseline", "B"], capsys)
    assert code == 0, err
    assert json.loads((out / "summary.json").read_text())["comparisons"][0]["metrics"]["if"][
        "mean_diff"
    ] == pytest.approx(-0.6)
    code, _, err = _run(["ablate", "report", str(out), "--baseline", "C"], capsys)
    assert code == 2 and "no condition is named 'C'" in err and "A, B" in err


# -- the real litellm path against a local OpenAI-compatible server -----------------------------------
def _answer(tasks: list[dict]):
    def answer(body: dict) -> dict:
        system = next((m["content"] for m in body["messages"] if m["role"] == "system"), "")
        text = message_text(body)
        task = next(t for t in tasks if t["instruction"] in text)
        if body.get("tools"):
            return {"tool_calls": [{"name": "batch_execute", "arguments": {"operations": task["program"]}}]}
        if "routing engine" in system:
            return {"content": json.dumps({"mode": "MICRO_SPATIAL", "target_slides": [2], "reason": "names slide 2"})}
        if "INSTRUCTION FOLLOWING" in system:
            return {"content": json.dumps({"instruction_following_score": 5, "instruction_following_reason": "done"})}
        if "VISUAL QUALITY" in system:
            return {"content": json.dumps({"visual_quality_score": 4, "visual_quality_reason": "tidy"})}
        return {"content": "?"}

    return answer


@needs_chromium
def test_the_litellm_path_against_a_local_openai_compatible_server(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key")
    tasks = _tasks(["text-typo"])
    path = _write(tmp_path / "tasks.jsonl", tasks)
    out = tmp_path / "out"
    with OpenAIServer(_answer(tasks), cached=5) as server:
        code, _, err = _run(
            [
                "ablate",
                str(path),
                "--model",
                "openai/test-model",
                "--api-base",
                server.url,
                "--out",
                str(out),
                "--json",
            ],
            capsys,
        )
        requests = list(server.requests)
    assert code == 0, err
    (row,) = _rows(out)
    assert row["ok"], (row["error"], row["checks"])
    assert row["if_score"] == 5 and row["if_critique"] == "done" and row["vq_score"] == 4
    assert (
        row["route"]["source"] == "llm" and row["route"]["mode"] == "MICRO_SPATIAL" and row["route"]["targets"] == [2]
    )
    assert row["turns"] == 1 and row["operations"] == 1 and row["scores"] == [5]
    by = row["tokens_by_purpose"]
    assert set(by) == {"route", "agent", "judge_if", "judge_vq"} and all(v["calls"] == 1 for v in by.values())
    assert row["llm_calls"] == len(requests) == 4
    assert row["tokens"]["output"] == 4 * 7 and row["tokens"]["cached"] == 4 * 5
    assert row["tokens"]["input"] == sum(v["input"] for v in by.values()) > 0
    agent = next(r for r in requests if r.get("tools"))
    names = {t["function"]["name"] for t in agent["tools"]}
    assert {"batch_execute", "set_text_content", "create_table"} <= names and agent["model"] == "test-model"
    vq = next(r for r in requests if "VISUAL QUALITY" in r["messages"][0]["content"])
    assert vq["messages"][1]["content"][1]["image_url"]["url"].startswith("data:image/png;base64,")


def test_a_missing_key_or_model_is_one_clear_error(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("ACE_MODEL", raising=False)
    path = _write(tmp_path / "tasks.jsonl", _tasks(["text-typo"]))
    code, _, err = _run(["ablate", str(path), "--model", "gpt-4o-mini", "--out", str(tmp_path / "o")], capsys)
    assert code == 2 and "OPENAI_API_KEY" in err
    code, _, err = _run(["ablate", str(path), "--out", str(tmp_path / "o")], capsys)
    assert code == 2 and "--model replay" in err
    assert not (tmp_path / "o" / "results.jsonl").exists()


# -- resume after a kill ------------------------------------------------------------------------------
def test_resume_after_a_kill_redoes_nothing_finished_and_keeps_the_file_valid(tmp_path: Path, capsys) -> None:
    tasks = _tasks(["text-typo", "text-subtitle", "table-fill", "slide-duplicate", "chart-series", "chart-data"])
    path = _write(tmp_path / "tasks.jsonl", tasks)
    out = tmp_path / "out"
    args = ["ablate", str(path), "--model", "replay", "--out", str(out), "--no-render"]
    env = {**os.environ, "ACE_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", *args], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    results = out / "results.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if results.exists() and results.read_bytes().count(b"\n") >= 2:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    before = results.read_bytes()
    done = before.count(b"\n")
    assert 2 <= done < 6, "the kill should land mid-run"
    with open(results, "ab") as fh:  # and suppose it died in the middle of writing a row
        fh.write(b'{"key": "torn", "task": "x"')
    code, _, err = _run([*args, "--resume"], capsys)
    assert code == 0, err
    assert f"resuming: {done} runs already done, {6 - done} to run" in err
    after = results.read_bytes()
    assert after.startswith(before)  # nothing finished was rewritten or redone
    rows = _rows(out)
    assert len(rows) == 6 and len({r["key"] for r in rows}) == 6 and all(r["ok"] for r in rows)
    leftovers = [p for p in (out / "runs").rglob(".*") if p.is_dir()]
    assert not leftovers, leftovers  # a killed run's half-written folder is cleared
    code, _, err = _run([*args, "--resume"], capsys)
    assert code == 0 and "6 runs already done, 0 to run" in err and _rows(out) == rows
    code, _, err = _run(args, capsys)
    assert code == 2 and "already holds results" in err


# -- Ray ----------------------------------------------------------------------------------------------
def test_ray_executor_without_ray_names_the_extra(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    path = _write(tmp_path / "tasks.jsonl", _tasks(["text-typo"]))
    code, _, err = _run(
        ["ablate", str(path), "--model", "replay", "--executor", "ray", "--out", str(tmp_path / "o")], capsys
    )
    assert code == 3 and "ace-slides[ray]" in err


def test_a_small_ablation_on_local_ray(tmp_path: Path, capsys, monkeypatch) -> None:
    pytest.importorskip("ray")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    path = _write(tmp_path / "tasks.jsonl", _tasks(["text-typo", "text-subtitle"]))
    out = tmp_path / "out"
    code, _, err = _run(
        [
            "ablate",
            str(path),
            "--model",
            "replay",
            "--executor",
            "ray",
            "--jobs",
            "1",
            "--no-render",
            "--out",
            str(out),
        ],
        capsys,
    )
    assert code == 0, err
    rows = _rows(out)
    assert sorted(r["task"] for r in rows) == ["text-subtitle", "text-typo"] and all(r["ok"] for r in rows)
    assert all((out / r["output"]).is_file() for r in rows)
