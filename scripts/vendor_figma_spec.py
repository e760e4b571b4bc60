"""Vendor Figma's REST API specification (npm @figma/rest-api-spec, MIT) into fixtures/figma-spec/.

    .venv/bin/python scripts/vendor_figma_spec.py [--version 0.43.0] [--tarball FILE.tgz]

Without --tarball the package is fetched with `npm pack` (the npm registry). Its OpenAPI document
(openapi/openapi.yaml) is stored as JSON (the same document, parsed with PyYAML and dumped
compactly, so the tests need no YAML parser), with the package's LICENSE and a MANIFEST.tsv line
giving the version and the sha256 of the tarball and of the YAML it came from."""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "figma-spec"
PACKAGE = "@figma/rest-api-spec"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch(version: str, into: Path) -> Path:
    done = subprocess.run(
        ["npm", "pack", f"{PACKAGE}@{version}", "--silent"], cwd=into, check=True, capture_output=True, text=True
    )
    return into / done.stdout.strip().splitlines()[-1]


def main(argv: list[str] | None = None) -> int:
    import yaml  # a dev tool: PyYAML is only needed here

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--version", default="0.43.0")
    ap.add_argument("--tarball", type=Path)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tarball = args.tarball or fetch(args.version, Path(tmp))
        raw = tarball.read_bytes()
        with tarfile.open(tarball) as tar:
            spec_yaml = tar.extractfile("package/openapi/openapi.yaml").read()  # type: ignore[union-attr]
            licence = tar.extractfile("package/LICENSE").read()  # type: ignore[union-attr]
            meta = json.loads(tar.extractfile("package/package.json").read())  # type: ignore[union-attr]
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    doc = yaml.load(spec_yaml, Loader=loader)
    if doc.get("info", {}).get("version") != meta["version"]:
        print(f"warning: the document says version {doc.get('info', {}).get('version')}", file=sys.stderr)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "openapi.json").write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n")
    (OUT / "LICENSE").write_bytes(licence)
    (OUT / "MANIFEST.tsv").write_text(
        "file\tpackage\tversion\tsource\tsha256_source\tsha256_tarball\tlicense\n"
        f"openapi.json\t{PACKAGE}\t{meta['version']}\topenapi/openapi.yaml (as JSON)\t{_sha(spec_yaml)}\t"
        f"{_sha(raw)}\tMIT\n"
    )
    print(f"{PACKAGE} {meta['version']} -> {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
