"""The UNO side of the warm LibreOffice renderer: run by a Python that has LibreOffice's `uno`
module (Debian: python3-uno), never imported by ACE. It connects to a running soffice and answers
JSON lines on stdin with JSON lines on stdout:

    {"id": 1, "src": "/tmp/x/deck.pptx", "key": "ab12", "page": 3, "width": 1280, "height": 720,
     "out": "/tmp/x/p3.png"}  ->  {"id": 1, "ok": true, "pages": 12}  |  {"id": 1, "ok": false, "error": "..."}

The document stays loaded while requests carry the same `key`, so a render of another slide of
an unchanged deck only exports. Links are never updated and macros never run. When stdin
closes (ACE exited, however it died) the worker ends soffice's process group (argv[3]) too."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import time

import uno  # type: ignore[import-not-found]
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]


def _prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def _connect(pipe, deadline):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    while True:
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def main():
    pipe, wait, office = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    try:
        serve(pipe, wait)
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            with contextlib.suppress(OSError):
                os.killpg(office, sig)
            time.sleep(0.5)


def serve(pipe, wait):
    ctx = _connect(pipe, time.monotonic() + wait)
    smgr = ctx.ServiceManager
    desktop = smgr.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    sys.stdout.write(json.dumps({"ready": True}) + "\n")
    sys.stdout.flush()
    doc, key = None, None
    for line in sys.stdin:
        req = json.loads(line)
        try:
            if doc is None or req["key"] != key:
                if doc is not None:
                    doc.close(True)
                    doc = None
                load = (
                    _prop("Hidden", True),
                    _prop("ReadOnly", True),
                    _prop("UpdateDocMode", 0),  # NO_UPDATE: linked content is not fetched
                    _prop("MacroExecutionMode", 0),  # NEVER_EXECUTE
                    _prop("Silent", True),
                )
                doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(req["src"]), "_blank", 0, load)
                if doc is None:
                    raise RuntimeError("LibreOffice could not open the document")
                key = req["key"]
            pages = doc.DrawPages
            count = pages.Count
            page = int(req["page"])
            if not 0 <= page < count:
                raise RuntimeError(f"page {page + 1} is past the document's {count} pages")
            export = smgr.createInstanceWithContext("com.sun.star.drawing.GraphicExportFilter", ctx)
            export.setSourceDocument(pages.getByIndex(page))
            data = uno.Any(
                "[]com.sun.star.beans.PropertyValue",
                (
                    _prop("PixelWidth", int(req["width"])),
                    _prop("PixelHeight", int(req["height"])),
                    _prop("Compression", int(req.get("compression", 1))),  # zlib level: 1 is several times faster
                    _prop("Translucent", False),
                ),
            )
            export.filter(
                (
                    _prop("URL", uno.systemPathToFileUrl(req["out"])),
                    _prop("MediaType", "image/png"),
                    _prop("FilterData", data),
                )
            )
            answer = {"id": req.get("id"), "ok": True, "pages": count}
        except Exception as exc:
            doc, key = _drop(doc), None
            answer = {"id": req.get("id"), "ok": False, "error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
    _drop(doc)


def _drop(doc):
    if doc is not None:
        with contextlib.suppress(Exception):
            doc.close(True)
    return None


if __name__ == "__main__":
    main()
