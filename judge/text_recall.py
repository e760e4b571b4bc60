"""Text recall of a conversion: the share of the original's letters and digits the output still shows, per slide.

From ../shared/scripts/text_recall.py. Text is compared as a multiset of letters and digits after
Unicode NFKC and case folding (whitespace and punctuation dropped; order, position and line
breaks are not judged); a slide whose original has none scores 1. Renders can look alike while
text is gone, so use this beside judge.similarity and judge.colour. Pages come from a PDF (one
per slide) or from an HTML deck (one per [data-slide-id] element, else per .slide; elements with
the `hidden` attribute, such as speaker notes, are not shown and do not count)."""

from __future__ import annotations

import collections
import unicodedata
from pathlib import Path

__all__ = ["chars", "html_slides", "pages", "pdf_pages", "recall", "recall_pages"]


def chars(text: str) -> collections.Counter[str]:
    t = unicodedata.normalize("NFKC", text).casefold()
    return collections.Counter(ch for ch in t if ch.isalnum())


def pdf_pages(path: str | Path) -> list[str]:
    from ace_core.pdflib import load_pymupdf

    pymupdf = load_pymupdf()

    with pymupdf.open(path) as doc:
        return [page.get_text() for page in doc]


def html_slides(path: str | Path) -> list[str]:
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(Path(path).read_text(encoding="utf-8", errors="replace"), "html.parser")
    for tag in soup(["script", "style", "template"]):
        tag.decompose()
    for tag in soup.select("[hidden]"):  # speaker notes and the like are not shown
        tag.decompose()
    slides = soup.select("[data-slide-id]") or soup.select(".slide")
    return [s.get_text(" ") for s in slides]


def pages(path: str | Path) -> list[str]:
    """The text of each slide of a PDF or an HTML deck."""
    return html_slides(path) if str(path).lower().endswith((".html", ".htm")) else pdf_pages(path)


def recall(original: str, output: str) -> float:
    a, b = chars(original), chars(output)
    total = sum(a.values())
    if total == 0:
        return 1.0
    return sum(min(n, b[w]) for w, n in a.items()) / total


def recall_pages(original: list[str], output: list[str]) -> list[float]:
    """Recall of every original page against the output page of the same index ('' when missing)."""
    return [recall(text, output[i] if i < len(output) else "") for i, text in enumerate(original)]
