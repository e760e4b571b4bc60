"""What a written Figma file does not hold: the writer reads its own output back from the standard
fields and reports, per slide, each IR field that did not come back (kept only with --embed-ir)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ace_core.drawing.fonts import map_symbol_char
from ace_core.ir.loss import LossReport
from ace_core.ir.nodes import NodeBase
from adapters.figma.context import FORMAT_NAME

__all__ = ["NotCarried"]

# what a kind Figma lacks loses when it is read back from the Figma nodes that draw it
_KIND_LOSS = {
    "TABLE": "its cells (rows, columns, spans) are read back as rectangles and texts",
    "CHART": "its data (categories, series) is gone; the chart is read back as its drawing",
    "MATH": "its LaTeX / OMML source is gone; the equation is read back as vector glyphs",
    "SHAPE": "its preset name and adjust values are gone; the shape is read back as a vector path",
    "CONNECTOR": "its bindings to the shapes at its ends are gone; it is read back as a line",
}
# fields a still render shows (a difference there is a warning; the rest are info)
_VISUAL = {"x", "y", "width", "height", "rotation", "flip_h", "flip_v", "visible", "opacity", "fills", "strokes"}
_VISUAL |= {"effects", "text", "paths", "image", "corner_radius", "corner_radii", "background", "children"}


def _close(a: Any, b: Any) -> bool:
    """Equal up to float noise (1e-6 px / unit), recursively."""
    if isinstance(a, float | int) and isinstance(b, float | int) and not isinstance(a, bool):
        return abs(a - b) <= 1e-6 * max(1.0, abs(a))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def _highlighted(text: dict[str, Any]) -> int:
    """How many runs (and paragraph defaults) of a dumped TextBody state a highlight."""
    count = 0
    for para in text.get("paragraphs") or []:
        count += bool((para.get("style") or {}).get("highlight"))
        count += sum(1 for run in para.get("runs") or [] if (run.get("style") or {}).get("highlight"))
    return count


def _drawn(value: Any) -> Any:
    """A dumped value as it is drawn: colours without their theme reference (Figma holds the RGB),
    gradients without the OOXML angle their handles say."""
    if isinstance(value, dict):
        return {k: _drawn(v) for k, v in value.items() if k not in ("ref", "angle")}
    if isinstance(value, list):
        return [_drawn(v) for v in value]
    return value


def _outlines_lost(mine: dict[str, Any], theirs: dict[str, Any]) -> int:
    """How many runs with text of a dumped TextBody read back without the outline they had
    (compared character by character: the reader joins runs that read back alike)."""

    def per_char(para: dict[str, Any]) -> list[Any]:
        return [
            _drawn((run.get("style") or {}).get("outline"))
            for run in para.get("runs") or []
            for _ in run.get("text") or ""
        ]

    lost = 0
    for para, back in zip(mine.get("paragraphs") or [], theirs.get("paragraphs") or [], strict=False):
        again, at = per_char(back), 0
        for run in para.get("runs") or []:
            text, outline = run.get("text") or "", _drawn((run.get("style") or {}).get("outline"))
            drawn = again[at : at + len(text)]
            if text and outline and not all(_close(outline, o) for o in drawn):
                lost += 1
            at += len(text)
    return lost


def _glyph(bullet: dict[str, Any]) -> str:
    """The mark a dumped bullet draws: a Wingdings / Symbol code point as its Unicode glyph."""
    return map_symbol_char(str(bullet.get("char") or "•"), bullet.get("font_family"))


def _markers_lost(mine: dict[str, Any], theirs: dict[str, Any]) -> int:
    """How many list items of a dumped TextBody read back with another marker than they had (a
    character, colour, size, numbering scheme or start Figma's lineTypes do not hold; a dot in
    another font is still a dot)."""
    lost = 0
    for para, back in zip(mine.get("paragraphs") or [], theirs.get("paragraphs") or [], strict=False):
        bullet = para.get("bullet") or {}
        if bullet.get("type") not in ("UNORDERED", "ORDERED"):
            continue
        again = back.get("bullet") or {}
        keys = ("type", "scheme", "start", "color", "size", "picture_asset")
        lost += any(not _close(bullet.get(k), again.get(k)) for k in keys if bullet.get(k) is not None) or (
            bullet.get("char") is not None and _glyph(bullet) != _glyph(again)
        )
    return lost


class NotCarried:
    """Collects the differences of one read-back and reports them grouped by slide and field."""

    def __init__(self, report: LossReport) -> None:
        self.report = report
        self.fields: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.redrawn: dict[str, set[str]] = defaultdict(set)

    def slide(self, slide_id: str, diff: dict[str, Any]) -> None:
        for key in diff:
            self.fields[(slide_id, f"slide {key}")].append(slide_id)

    def node(self, slide_id: str, node: NodeBase, back: NodeBase, diff: dict[str, Any]) -> None:
        if node.type != back.type:
            why = _KIND_LOSS.get(node.type, f"it is read back as {back.type}")
            self.report.add(
                f"figma-{node.type.lower()}",
                f"{node.type} written as Figma {back.type}: {why} (kept with --embed-ir)",
                slide_id=slide_id,
                node_id=node.id,
                severity="warning",
                stage="write",
                format=FORMAT_NAME,
            )
            self.redrawn[slide_id].add(node.id)
            return
        mine = node.model_dump(mode="json")
        theirs = back.model_dump(mode="json")
        for key in diff:
            if _close(mine.get(key), theirs.get(key)):
                continue
            if key == "text" and isinstance(mine.get(key), dict) and isinstance(theirs.get(key), dict):
                self._text_lost(slide_id, node.id, mine[key], theirs[key])
                subs = [k for k, v in mine[key].items() if not _close(v, theirs[key].get(k))]
                for sub in subs or ["text"]:
                    self.fields[(slide_id, f"text.{sub}" if subs else "text")].append(node.id)
                continue
            self.fields[(slide_id, key)].append(node.id)

    def _text_lost(self, slide_id: str, node_id: str, mine: dict[str, Any], theirs: dict[str, Any]) -> None:
        """What a text loses that Figma has no field for, said by name, as it shows: a highlight
        (the colour behind runs), a list marker of its own (a character other than the dot, its
        colour, size or font, a numbering other than 1. 2. 3.), an outline around the glyphs that
        differs between the runs of one TEXT (a TEXT's strokes outline all its glyphs alike)."""
        said = {
            "figma-text-highlight": (
                _highlighted(mine) - _highlighted(theirs),
                "text highlight on {} run(s) not held by Figma JSON (Figma has no highlight field):"
                " read back, the text has no colour behind it",
            ),
            "figma-list-marker": (
                _markers_lost(mine, theirs),
                "{} list item(s) with a marker Figma JSON does not hold (character, colour, size,"
                " numbering scheme or start): Figma draws its own dot or 1. 2. 3. one gutter left"
                " of the text, and the item reads back with that",
            ),
            "figma-text-outline": (
                _outlines_lost(mine, theirs),
                "outline around the glyphs of {} run(s) not held by Figma JSON (a TEXT's strokes"
                " outline all its glyphs alike; these runs differ): read back, they are drawn without it",
            ),
        }
        for feature, (lost, reason) in said.items():
            if lost > 0:
                self.report.add(
                    feature,
                    reason.format(lost) + " (kept with --embed-ir)",
                    slide_id=slide_id,
                    node_id=node_id,
                    severity="warning",
                    stage="write",
                    format=FORMAT_NAME,
                )

    def inside_drawn(self, slide_id: str, node_id: str) -> bool:
        """True for a node that lived inside a node now read back as its drawing."""
        return bool(self.redrawn.get(slide_id))

    def flush(self) -> None:
        for (slide_id, field), ids in sorted(self.fields.items()):
            top = field.split(".")[0].removeprefix("slide ")
            severity = "warning" if top in _VISUAL else "info"
            ids = list(dict.fromkeys(ids))
            where = ids[0] if len(ids) == 1 else None
            self.report.add(
                "figma-field",
                f"{field} of {len(ids)} node(s) not held by Figma JSON (kept with --embed-ir)"
                if not field.startswith("slide ")
                else f"{field} not held by Figma JSON (kept with --embed-ir)",
                slide_id=slide_id,
                node_id=where,
                severity=severity,  # type: ignore[arg-type]
                stage="write",
                format=FORMAT_NAME,
            )
        self.fields.clear()
