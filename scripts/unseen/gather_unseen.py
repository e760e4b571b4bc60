"""Scan downloaded registry packages for real decks, filter, and build the unseen-decks folder."""

from __future__ import annotations

import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from ace_core.fsutil import cache_root  # noqa: E402

WORK = Path(os.environ.get("ACE_UNSEEN_WORK") or cache_root() / "unseen-work")  # fetch.sh downloads here
DL = WORK / "dl"
X = WORK / "x"
OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else cache_root() / "unseen-decks"
SUFFIXES = (".pptx", ".pptm", ".ppsx", ".potx")
MAX_BYTES = 30 * 1024 * 1024
PER_PROJECT = 15
CORPUS = Path(os.environ.get("ACE_CORPUS_DIR") or ROOT.parent / "shared" / "corpus")
# projects the corpus already draws on (its MANIFEST repos) and forks of them, by registry name
EXCLUDED = re.compile(
    r"python-pptx|pptx-automizer|tika|jsreport|textract|docling|unstructured|markitdown|officer|"
    r"node-pptx|ts-pptx|pptx-glimpse|open-?xml|shapecrawler|aspose|officeimo|docx4j|pptagent|"
    r"gopptx|morphr|pptx2pptistjson|onlyoffice|slides-grab|figma-context|poi|"
    r"pptx-viewer|pypptx|sparkfish|power-pptx|petpptx|pptx2$",
    re.I,
)


def _rank(archive: Path) -> tuple[int, str]:
    """Source distributions and other archives first, wheels last."""
    return (archive.suffix == ".whl", archive.name)


def sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def corpus_hashes() -> set[str]:
    return {sha(p) for p in CORPUS.rglob("*") if p.is_file()}


def extract(archive: Path, dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    n = archive.name
    try:
        if n.endswith((".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".tar")):
            with tarfile.open(archive) as t:
                t.extractall(dest, filter="data")
        elif n.endswith((".whl", ".zip")):
            with zipfile.ZipFile(archive) as z:
                z.extractall(dest)
        elif n.endswith(".deb"):
            subprocess.run(["dpkg", "-x", str(archive), str(dest)], check=True)
    except Exception as e:
        print("extract failed", archive, e, file=sys.stderr)


def valid_deck(p: Path) -> bool:
    try:
        with zipfile.ZipFile(p) as z:
            return "ppt/presentation.xml" in z.namelist()
    except Exception:
        return False


def licence_of(root: Path, reg: str) -> str:
    if reg == "npm":
        for pj in sorted(root.rglob("package.json"), key=lambda q: len(q.parts)):
            try:
                d = json.loads(pj.read_text("utf-8", "replace"))
            except Exception:
                continue
            lic = d.get("license") or d.get("licenses")
            if isinstance(lic, dict):
                lic = lic.get("type")
            if isinstance(lic, list):
                lic = " OR ".join(x.get("type", str(x)) if isinstance(x, dict) else str(x) for x in lic)
            return str(lic or "UNKNOWN")
    if reg == "deb":
        for c in root.rglob("copyright"):
            t = c.read_text("utf-8", "replace")
            m = re.findall(r"^License:\s*(\S.*)$", t, re.M)
            if m:
                return " AND ".join(dict.fromkeys(x.strip() for x in m))[:120]
        return "see debian/copyright"
    metas = sorted([q for q in root.rglob("*") if q.name in ("PKG-INFO", "METADATA")], key=lambda q: len(q.parts))
    for m in metas:
        msg = email.parser.Parser().parsestr(m.read_text("utf-8", "replace"), headersonly=True)
        expr = msg.get("License-Expression")
        if expr:
            return expr.strip()
        lic = (msg.get("License") or "").strip()
        classifiers = [c.split("::")[-1].strip() for c in msg.get_all("Classifier") or [] if c.startswith("License ::")]
        if lic and lic.upper() != "UNKNOWN" and len(lic) < 60 and "\n" not in lic:
            return lic
        if classifiers:
            return " / ".join(classifiers)
        if lic:
            return lic.splitlines()[0][:60]
    for lf in root.rglob("LICEN[CS]E*"):
        head = lf.read_text("utf-8", "replace")[:400]
        for key, name in (
            ("MIT License", "MIT"),
            ("Apache License", "Apache-2.0"),
            ("BSD", "BSD"),
            ("GNU GENERAL PUBLIC", "GPL"),
            ("Permission is hereby granted", "MIT"),
        ):
            if key.lower() in head.lower():
                return name + " (from LICENSE file)"
    return "UNKNOWN"


def version_of(archive: Path, name: str) -> str:
    stem = archive.name
    for ext in (".tar.gz", ".tgz", ".zip", ".whl", ".deb", ".tar.bz2"):
        if stem.endswith(ext):
            stem = stem[: -len(ext)]
    if archive.name.endswith(".deb"):
        return stem.split("_")[1] if "_" in stem else stem
    if archive.name.endswith(".whl"):
        return stem.split("-")[1]
    m = re.search(r"-(\d[^-]*)$", stem)
    return m.group(1) if m else stem


def project_label(name: str) -> str:
    label = name.split("/")[-1].lower()
    label = re.sub(r"[^a-z0-9]+", "", label)
    return label[:20]


def main() -> None:
    seen = corpus_hashes()
    print(len(seen), "corpus hashes")
    rows: list[tuple[str, str, str, str]] = []
    build = OUT.with_name(OUT.name + ".building")  # built aside, then swapped in: no stale or doubled decks
    shutil.rmtree(build, ignore_errors=True)
    build.mkdir(parents=True)
    skipped: dict[str, int] = {}
    per_project: dict[str, int] = {}
    for d in sorted(DL.iterdir()):
        if not d.is_dir():
            continue
        reg, _, raw = d.name.partition("-")
        archives = sorted((a for a in d.iterdir() if a.name != "log" and not a.name.endswith(".part")), key=_rank)
        if not archives:
            continue
        archive = archives[0]  # a source distribution before a wheel: sample decks live in sdists
        name = raw
        if reg == "npm":
            name = raw.replace("_", "@", 1).replace("_", "/", 1) if raw.startswith("_") else raw
        if reg == "deb":
            name = archive.name.split("_")[0]
        if EXCLUDED.search(name):
            skipped["excluded project"] = skipped.get("excluded project", 0) + 1
            continue
        dest = X / d.name / archive.name
        if not dest.exists():
            extract(archive, dest)
        licence = licence_of(dest, reg)
        version = version_of(archive, name)
        label = project_label(name)
        decks = sorted(
            (p for p in dest.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES),
            key=lambda p: (p.stat().st_size, str(p)),
        )
        for p in decks:
            why = ""
            if p.stat().st_size > MAX_BYTES:
                why = "over 30 MB"
            elif not valid_deck(p):
                why = "not a deck package"
            else:
                h = sha(p)
                if h in seen:
                    why = "in corpus or duplicate"
                elif per_project.get(label, 0) >= PER_PROJECT:
                    why = "project cap"
            if why:
                skipped[why] = skipped.get(why, 0) + 1
                continue
            seen.add(h)
            per_project[label] = per_project.get(label, 0) + 1
            stem = re.sub(r"[^A-Za-z0-9._-]+", "_", p.stem)
            fname = f"{label}-{stem}{p.suffix.lower()}"
            i = 2
            while any(r[0] == fname for r in rows):
                fname = f"{label}-{stem}-{i}{p.suffix.lower()}"
                i += 1
            shutil.copyfile(p, build / fname)
            inside = str(p.relative_to(dest))
            if reg == "deb":
                inside = "/" + inside
            rows.append((fname, f"{reg}:{name}=={version}", inside, licence))
    with open(build / "MANIFEST.tsv", "w") as f:
        f.write("file\tpackage\tpath\tlicense\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    old = OUT.with_name(OUT.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if OUT.exists():
        OUT.rename(old)
    build.rename(OUT)
    shutil.rmtree(old, ignore_errors=True)
    print(len(rows), "decks from", len(per_project), "projects;", "skipped:", skipped)
    for k, v in sorted(per_project.items(), key=lambda kv: -kv[1]):
        print(f"  {k}: {v}")


if __name__ == "__main__":
    main()
