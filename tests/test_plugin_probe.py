"""The pydantic plugin probe (ace_core.ir.plugin_probe): the IR's validators skip pydantic's
entry-point scan only when no plugin is installed, and a real plugin still sees them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PLUGIN = """
SEEN = []

class Plugin:
    def new_schema_validator(self, schema, schema_type, schema_type_path, schema_kind, config, plugin_settings):
        SEEN.append(schema_type_path.name)
        return None, None, None

plugin = Plugin()
"""

PROBE = """
import json, sys
from ace_core.ir.deck import Deck
from ace_core.ir.prebuilt import complete_models
complete_models()
Deck()
seen = sys.modules.get("seen_plugin")
print(json.dumps({
    "metadata_imported": "importlib.metadata" in sys.modules,
    "loader": getattr(sys.modules.get("pydantic.plugin._loader"), "__file__", None) is not None,
    "seen": sorted(set(seen.SEEN)) if seen else None,
}))
"""


def site_with_plugin(tmp_path: Path, group: str) -> Path:
    site = tmp_path / "site"
    (site / "seen_plugin-1.0.dist-info").mkdir(parents=True)
    (site / "seen_plugin.py").write_text(PLUGIN)
    info = site / "seen_plugin-1.0.dist-info"
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: seen-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{group}]\nseen = seen_plugin:plugin\n")
    return site


def probe(tmp_path: Path, site: Path | None, **env: str) -> dict:
    environ = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    environ["ACE_CACHE_DIR"] = str(tmp_path / "cache")
    if site is not None:
        environ["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)])
    environ.update(env)
    proc = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, cwd=ROOT, env=environ, check=True, timeout=120
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_no_plugin_installed_skips_the_scan(tmp_path: Path) -> None:
    site = site_with_plugin(tmp_path, "console_scripts")
    for _ in range(2):  # the first run builds and caches the schemas, the second reads them
        row = probe(tmp_path, site)
        assert row == {"metadata_imported": False, "loader": False, "seen": None}


def test_an_installed_plugin_still_sees_the_ir_validators(tmp_path: Path) -> None:
    site = site_with_plugin(tmp_path, "pydantic")
    for _ in range(2):
        row = probe(tmp_path, site)
        assert row["loader"] and row["seen"] is not None
        assert {"Deck", "Slide", "TextNode"} <= set(row["seen"])


def test_the_users_setting_is_left_to_pydantic(tmp_path: Path) -> None:
    row = probe(tmp_path, site_with_plugin(tmp_path, "pydantic"), PYDANTIC_DISABLE_PLUGINS="__all__")
    assert row["seen"] is None and row["loader"]  # pydantic's own loader read the setting


def test_the_probe_reads_entry_point_groups(tmp_path: Path, monkeypatch) -> None:
    from ace_core.ir import plugin_probe

    site = site_with_plugin(tmp_path, "console_scripts")
    monkeypatch.setattr(sys, "path", [str(site), str(tmp_path / "missing")])
    assert plugin_probe.pydantic_plugins_absent()
    (site / "seen_plugin-1.0.dist-info" / "entry_points.txt").write_text("[ pydantic ]\nseen = seen_plugin:plugin\n")
    assert not plugin_probe.pydantic_plugins_absent()
    archive = tmp_path / "deps.zip"
    archive.write_bytes(b"PK\x05\x06" + b"\0" * 18)
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert not plugin_probe.pydantic_plugins_absent()  # a zip on the path: pydantic looks itself


def test_the_importlib_metadata_backport_is_a_path_finder_too(tmp_path: Path, monkeypatch) -> None:
    import pytest

    pytest.importorskip("importlib_metadata")  # litellm imports it; it adds its finder to sys.meta_path
    from ace_core.ir import plugin_probe

    assert any(type(f).__name__ == "MetadataPathFinder" for f in sys.meta_path)
    site = site_with_plugin(tmp_path, "console_scripts")
    monkeypatch.setattr(sys, "path", [str(site)])
    assert plugin_probe.pydantic_plugins_absent()

    class OtherFinder:
        def find_distributions(self, context=None):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, OtherFinder()])
    assert not plugin_probe.pydantic_plugins_absent()  # a finder we cannot read: pydantic looks itself
