"""Class 2 of the hostile-input suite: LibreOffice never fetches what a deck links.

A picture linked (r:link) to an http URL on a loopback logger started here, to a file:// URL and
to a relative path outside the package: `ace render` and `ace metrics` make zero requests and
draw none of the linked pictures, and each of the three layers (sanitized copy, network
namespace, profile settings) holds on its own."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ace_core import soffice
from ace_core.soffice_sandbox import network_sandbox, sanitize_package, write_profile
from tests.conftest import needs_soffice
from tests.hostile_inputs import RT_HYPERLINK, RT_IMAGE, _add_rel, ace, base_pptx, linked_picture_pptx, png, rezip
from tests.hostile_server import CountingServer

pytestmark = [needs_soffice, pytest.mark.render]


def _red_share(png_path: Path) -> float:
    import numpy as np
    from PIL import Image

    with Image.open(png_path) as im:
        a = np.asarray(im.convert("RGB")).astype(int)
    return float(((a[..., 0] > 150) & (a[..., 1] < 80) & (a[..., 2] < 80)).mean())


def test_linked_pictures_are_never_fetched_nor_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    red = tmp_path / "red.png"
    red.write_bytes(png(64, 64, (230, 0, 0)))
    embedded = tmp_path / "embedded.pptx"
    embedded.write_bytes(base_pptx([red.read_bytes()]))
    ace(capsys, "render", embedded, "-o", tmp_path / "control")
    assert _red_share(tmp_path / "control" / "slide-001.png") > 0.05  # the same picture, embedded, is drawn
    with CountingServer() as server:
        decks = {
            "http": linked_picture_pptx(tmp_path / "http.pptx", f"{server.url}/pixel.png"),
            "file": linked_picture_pptx(tmp_path / "file.pptx", red.as_uri()),
            "relative": linked_picture_pptx(tmp_path / "rel.pptx", "../red.png"),
        }
        for name, deck in decks.items():
            r = ace(capsys, "render", deck, "-o", tmp_path / name, "--json")
            blocked = json.loads(r.out)["data"]["blocked"]
            assert any("rId99" in b for b in blocked), blocked
            assert _red_share(tmp_path / name / "slide-001.png") < 0.01, name
        ace(capsys, "metrics", decks["http"])
        assert server.requests == [] and server.connections == 0


def test_the_sanitized_copy_alone_keeps_soffice_offline(tmp_path: Path) -> None:
    with CountingServer() as server:
        deck = linked_picture_pptx(tmp_path / "http.pptx", f"{server.url}/a.png")
        removed: list[str] = []
        (out,), proc = soffice.convert_many([deck], tmp_path / "pdf", "pdf", isolate_network=False)
        removed = proc.removed
        assert out is not None and server.requests == [] and server.connections == 0
    assert removed == [f"ppt/slides/_rels/slide1.xml.rels: rId99 -> {server.url}/a.png"]


def test_the_profile_alone_blocks_linked_pictures(tmp_path: Path) -> None:
    """soffice on the unsanitized deck, without a network namespace: the profile's
    BlockUntrustedRefererLinks is what stops the fetch."""
    with CountingServer() as server:
        deck = linked_picture_pptx(tmp_path / "http.pptx", f"{server.url}/b.png")
        profile = tmp_path / "profile"
        write_profile(profile)
        cmd = soffice.soffice_command(soffice.find_soffice(), profile, "pdf", tmp_path / "pdf", [deck])
        env = dict(os.environ, HOME=str(profile), SAL_USE_VCLPLUGIN="svp")
        subprocess.run(cmd, env=env, capture_output=True, timeout=180, check=False)
        assert (tmp_path / "pdf" / "http.pdf").is_file()
        assert server.requests == [] and server.connections == 0


def test_the_network_namespace_alone_has_no_route_out(tmp_path: Path) -> None:
    prefix = network_sandbox()
    if not prefix:
        pytest.skip("this system allows no network namespace (the other two layers hold)")
    with CountingServer() as server:
        host, port = server.url.removeprefix("http://").split(":")
        probe = f"import socket; socket.create_connection(({host!r}, {port}), timeout=3)"
        done = subprocess.run([*prefix, sys.executable, "-c", probe], capture_output=True, timeout=30, check=False)
        assert done.returncode != 0
        assert server.connections == 0


def test_sanitize_removes_external_and_url_targets_clamps_climbing_ones_and_keeps_the_rest(tmp_path: Path) -> None:
    """A '..' above the package root resolves at the root (RFC 3986, as the readers do): the copy
    names that part, absolute, so soffice never sees a path that climbs; URLs are removed."""

    def rels(xml: bytes) -> bytes:
        for rid, rtype, target, ext in [
            ("rIdA", RT_IMAGE, "http://example.invalid/a.png", True),
            ("rIdB", RT_IMAGE, "file:///etc/passwd", True),
            ("rIdC", RT_IMAGE, "../../../../etc/passwd", False),
            ("rIdD", RT_IMAGE, "file:///etc/hosts", False),
            ("rIdE", RT_HYPERLINK, "https://example.invalid/", True),
            ("rIdF", RT_IMAGE, "../media/image1.png", False),
            ("rIdG", RT_IMAGE.replace("image", "oleObject"), "\\\\server\\share\\x.bin", True),
        ]:
            xml = _add_rel(xml, rid, rtype, target, ext)
        return xml

    src = rezip(base_pptx([png(4, 4)]), tmp_path / "in.pptx", {"ppt/slides/_rels/slide1.xml.rels": rels})
    removed = sanitize_package(src, tmp_path / "out.pptx")
    assert sorted(r.split(": ")[1].split(" ")[0] for r in removed) == ["rIdA", "rIdB", "rIdD", "rIdG"]
    with zipfile.ZipFile(tmp_path / "out.pptx") as z, zipfile.ZipFile(src) as orig:
        text = z.read("ppt/slides/_rels/slide1.xml.rels").decode()
        assert "rIdE" in text and "rIdF" in text and "rId2" in text
        assert 'Target="/etc/passwd"' in text and "../../../../" not in text  # rIdC: a part the zip lacks
        assert 'Target="../media/image1.png"' in text
        assert z.read("ppt/media/image1.png") == orig.read("ppt/media/image1.png")


def test_every_soffice_call_is_sandboxed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Picture conversion (EMF / WMF) and renders share convert_many: the command starts with
    the network sandbox and opens a sanitized copy of any package."""
    seen: list[list[str]] = []
    real = soffice._run

    def spy(cmd: list[str], env: dict[str, str], timeout: float, where: str):  # type: ignore[no-untyped-def]
        seen.append(cmd)
        return real(cmd, env, timeout, where)

    monkeypatch.setattr(soffice, "_run", spy)
    emf = tmp_path / "p.emf"
    emf.write_bytes(b"\x01\x00\x00\x00" + b"\x00" * 100)
    deck = linked_picture_pptx(tmp_path / "d.pptx", "http://example.invalid/x.png")
    soffice.convert_many([emf, deck], tmp_path / "o", "svg")
    cmd = seen[-1]
    assert cmd[: len(network_sandbox())] == list(network_sandbox())
    assert str(deck) not in cmd and str(emf) in cmd
    assert any(c.endswith("/d.pptx") and "ace-" in c for c in cmd)


def _warm_or_skip():  # type: ignore[no-untyped-def]
    from backends.render.warm_office import WarmOffice

    if not WarmOffice.available():
        pytest.skip("no Python with LibreOffice's uno module (python3-uno)")
    return WarmOffice()


def test_the_warm_office_of_ace_mcp_never_fetches_linked_pictures(tmp_path: Path) -> None:
    """The warm LibreOffice (ace mcp previews) loads sanitized copies, with the safe profile, in
    the network namespace; its profile is an ace-<pid>- folder removed when it stops."""
    from tempfile import gettempdir

    red = tmp_path / "red.png"
    red.write_bytes(png(64, 64, (230, 0, 0)))
    office = _warm_or_skip()
    try:
        with CountingServer() as server:
            for name, target in {"http": f"{server.url}/warm.png", "file": red.as_uri(), "rel": "../red.png"}.items():
                deck = linked_picture_pptx(tmp_path / f"{name}.pptx", target)
                out = tmp_path / f"{name}.png"
                out.write_bytes(office.render_page(deck.read_bytes(), 0, width=320, height=240))
                assert [r.split(": ")[1].split(" ")[0] for r in office.removed] == ["rId99"], office.removed
                assert _red_share(out) < 0.01, name
            assert office._office is not None and office._worker is not None
            netns = {os.readlink(f"/proc/{p.pid}/ns/net") for p in (office._office, office._worker)}
            profile = office._profile
            assert profile is not None and profile.name.startswith(f"ace-{os.getpid()}-warm-lo-")
            assert (profile / "user" / "registrymodifications.xcu").is_file()
            assert server.requests == [] and server.connections == 0
    finally:
        office.close()
    assert not profile.exists() and str(profile).startswith(gettempdir())
    if network_sandbox():  # soffice and its worker run outside this process's network namespace
        assert os.readlink(f"/proc/{os.getpid()}/ns/net") not in netns


def test_the_warm_office_starts_when_the_sandbox_maps_the_user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a user namespace that gives soffice another uid (unshare --map-root-user for a
    normal user, or older util-linux) the worker runs under the same mapping, so that both name
    LibreOffice's pipe socket alike (it carries the uid): the preview starts instead of timing out."""
    import backends.render.warm_office as wo

    mapped = ("unshare", f"--map-user={os.getuid() + 4321}", "--net")
    probe = subprocess.run([*mapped, "id", "-u"], capture_output=True, text=True, timeout=20, check=False)
    if probe.returncode != 0 or probe.stdout.strip() == str(os.getuid()):
        pytest.skip("this system allows no user namespace")
    office = _warm_or_skip()
    monkeypatch.setattr(wo, "network_sandbox", lambda: mapped)
    monkeypatch.setattr(wo, "START_TIMEOUT", 45.0)
    deck = tmp_path / "d.pptx"
    deck.write_bytes(base_pptx([png(32, 32, (230, 0, 0))]))
    try:
        data = office.render_page(deck.read_bytes(), 0, width=320, height=240)
    finally:
        office.close()
    assert data.startswith(b"\x89PNG")
