"""What keeps LibreOffice from reaching out: a sanitized copy of each package, no network, safe settings.

Three layers, each enough on its own for a linked picture: (1) the package LibreOffice opens is a
copy without external relationships (other than hyperlinks, which a render never follows) and
without internal targets that are URLs, each removal reported (a target whose '..' climbs above
the root is rewritten to the part it names, '..' clamped at the root); (2) soffice runs in a new
network namespace (`unshare -rn`, where the system allows it: only a private loopback exists);
(3) its private profile blocks linked content from untrusted documents, never updates links and
never runs macros."""

from __future__ import annotations

import functools
import os
import posixpath
import re
import shutil
import subprocess
import zipfile
import zlib
from pathlib import Path
from urllib.parse import quote, unquote

from ace_core.errors import BadInputError
from ace_core.limits import MAX_UNPACKED, MiB
from ace_core.part_names import is_url, part_name
from ace_core.xml_safe import safe_xml_parser

__all__ = ["PROFILE_SETTINGS", "network_sandbox", "sanitize_package", "write_profile"]

_HYPERLINK = re.compile(r"/relationships/hyperlink$", re.I)
_VML_URL_ATTR = re.compile(rb"""\s(?:src|o:href|href)\s*=\s*(["'])(?:[A-Za-z][A-Za-z0-9+.-]*:|/|\\)[^"']*\1""")

PROFILE_SETTINGS = {
    ("/org.openoffice.Office.Common/Security/Scripting", "BlockUntrustedRefererLinks"): ("boolean", "true"),
    ("/org.openoffice.Office.Common/Security/Scripting", "DisableMacrosExecution"): ("boolean", "true"),
    ("/org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel"): ("int", "3"),
    ("/org.openoffice.Office.Calc/Content/Update", "Link"): ("int", "0"),
    ("/org.openoffice.Office.Writer/Content/Update", "Link"): ("int", "0"),
    ("/org.openoffice.Office.Common/Misc", "UseLocking"): ("boolean", "false"),
}
"""(item path, property) -> (type, value) written into every private profile"""


def write_profile(profile: str | os.PathLike[str]) -> None:
    """Write the safe settings into a fresh LibreOffice user profile folder."""
    items = "".join(
        f'<item oor:path="{path}"><prop oor:name="{name}" oor:op="fuse"><value>{value}</value></prop></item>\n'
        for (path, name), (_kind, value) in PROFILE_SETTINGS.items()
    )
    user = Path(profile) / "user"
    user.mkdir(parents=True, exist_ok=True)
    (user / "registrymodifications.xcu").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<oor:items xmlns:oor="http://openoffice.org/2001/registry" '
        'xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
        f"{items}</oor:items>\n",
        encoding="utf-8",
    )


@functools.cache
def network_sandbox() -> tuple[str, ...]:
    """The command prefix that runs a program without network (a new network namespace with only
    its own loopback), or () when the system does not allow one (then the other layers hold).
    `ACE_SOFFICE_NETNS=0` turns it off."""
    if os.environ.get("ACE_SOFFICE_NETNS", "1").strip() in ("0", "off", "no", "false"):
        return ()
    unshare = shutil.which("unshare")
    if unshare is None:
        return ()
    # without privileges: a user namespace that keeps the caller's uid where util-linux can
    # (>= 2.38; what LibreOffice keys by uid, e.g. its OSL_PIPE_<uid>_<name> sockets, stays the
    # same inside and out), else one that maps it to root
    candidates = [(unshare, "--net")] if os.geteuid() == 0 else []
    candidates += [(unshare, "--map-current-user", "--net"), (unshare, "--map-root-user", "--net")]
    for prefix in candidates:
        try:
            probe = subprocess.run([*prefix, "true"], capture_output=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            continue
        if probe.returncode == 0:
            return prefix
    return ()


def _climbs(target: str, source_dir: str) -> bool:
    """Whether an internal target's '..' segments reach above the package root. The readers clamp
    them there (ace_core.part_names); the copy soffice opens names the clamped part instead, so no
    reader ever sees a path that climbs."""
    depth = 0 if target.startswith("/") else len([s for s in source_dir.split("/") if s])
    for seg in target.split("/"):
        if seg == "..":
            if depth == 0:
                return True
            depth -= 1
        elif seg not in ("", "."):
            depth += 1
    return False


def _clean_rels(name: str, data: bytes, removed: list[str]) -> bytes:
    from lxml import etree

    parser = safe_xml_parser()
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError:
        return data  # not parsable: LibreOffice will not follow it either
    # `ppt/slides/_rels/slide1.xml.rels` describes `ppt/slides/slide1.xml`
    source_dir = posixpath.dirname(posixpath.dirname(name))
    changed = False
    for rel in list(root):
        if not isinstance(rel.tag, str):
            continue
        target = rel.get("Target") or ""
        external = (rel.get("TargetMode") or "").lower() == "external"
        if external and _HYPERLINK.search(rel.get("Type") or ""):
            continue
        plain = unquote(target.split("#", 1)[0]).replace("\\", "/")
        if external or is_url(plain):
            removed.append(f"{name}: {rel.get('Id', '?')} -> {target[:200]}")
            root.remove(rel)
            changed = True
        elif _climbs(plain, source_dir) or "\\" in target:
            rel.set("Target", "/" + quote(part_name(source_dir, plain) or ""))
            changed = True
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True) if changed else data


def sanitize_package(src: Path, dst: Path) -> list[str]:
    """Copy the zip package `src` to `dst` without external or URL relationship targets
    (hyperlinks kept) and without URL attributes in VML parts; returns what was removed (part:
    rId -> target). Members are streamed; the copy is bounded by the unpacked-bytes budget."""
    removed: list[str] = []
    budget = MAX_UNPACKED.value
    total = 0
    try:
        with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
            for info in zin.infolist():
                total += info.file_size
                if total > budget:
                    raise MAX_UNPACKED.refuse(
                        f"the package unpacks to more than {budget // MiB:,} MiB", where=str(src), needed=total
                    )
                lower = info.filename.lower()
                if lower.endswith(".rels") or lower.endswith(".vml"):
                    with zin.open(info) as fh:
                        data = fh.read(min(info.file_size, 64 * MiB) + 1)
                    if lower.endswith(".rels"):
                        data = _clean_rels(info.filename, data, removed)
                    else:
                        data, n = _VML_URL_ATTR.subn(b"", data)
                        if n:
                            removed.append(f"{info.filename}: {n} URL attribute(s)")
                    zout.writestr(info, data)
                else:
                    with zin.open(info) as fh, zout.open(info, "w") as out:
                        shutil.copyfileobj(fh, out, 1024 * 1024)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, NotImplementedError, RuntimeError) as exc:
        raise BadInputError(
            f"the package cannot be copied for LibreOffice ({exc})",
            where=str(src),
            hint="the file is corrupt; re-export it from the authoring tool",
        ) from exc
    return removed
