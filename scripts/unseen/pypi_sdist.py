"""Download the newest release's source distribution of a PyPI project into the current folder.

    python3 pypi_sdist.py NAME   (exit 1 when the project has no sdist)

Used by fetch.sh: sample decks ship in sdists, and pip cannot download an sdist without
preparing its metadata, which needs the project's build backend installed.
"""

from __future__ import annotations

import json
import shutil
import sys
import urllib.request
from pathlib import Path


def main(name: str) -> int:
    with urllib.request.urlopen(f"https://pypi.org/pypi/{name}/json", timeout=60) as r:
        meta = json.load(r)
    sdists = [u for u in meta.get("urls", []) if u.get("packagetype") == "sdist"]
    if not sdists:
        print(f"{name}: no sdist in the newest release", file=sys.stderr)
        return 1
    url = sdists[0]["url"]
    target = Path(url.rsplit("/", 1)[-1])
    part = target.with_suffix(target.suffix + ".part")
    with urllib.request.urlopen(url, timeout=120) as r, part.open("wb") as f:
        shutil.copyfileobj(r, f)
    part.rename(target)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
