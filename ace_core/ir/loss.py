"""The loss report: every feature a read or write could not carry, with where and why."""

from collections import Counter
from typing import Literal

from pydantic import Field

from ace_core.ir.base import IRModel

__all__ = ["LossEntry", "LossReport"]


class LossEntry(IRModel):
    """One thing that was dropped, approximated or kept opaque.

    `feature` is a stable kebab-case name (e.g. `smartart`, `ole-object`, `gradient-angular`,
    `missing-image`); `severity` info = carried differently (kept as an asset / a group),
    warning = approximated, error = dropped."""

    feature: str
    reason: str
    slide_id: str | None = None
    node_id: str | None = None
    severity: Literal["info", "warning", "error"] = "warning"
    stage: Literal["read", "write", "edit", "render"] = "read"
    format: str | None = None

    def describe(self) -> str:
        where = "/".join(p for p in (self.slide_id, self.node_id) if p) or "deck"
        return f"[{self.severity}] {where}: {self.feature}: {self.reason}"


class LossReport(IRModel):
    entries: list[LossEntry] = Field(default_factory=list)

    def add(
        self,
        feature: str,
        reason: str,
        *,
        slide_id: str | None = None,
        node_id: str | None = None,
        severity: Literal["info", "warning", "error"] = "warning",
        stage: Literal["read", "write", "edit", "render"] = "read",
        format: str | None = None,
    ) -> LossEntry:
        entry = LossEntry(
            feature=feature,
            reason=reason,
            slide_id=slide_id,
            node_id=node_id,
            severity=severity,
            stage=stage,
            format=format,
        )
        self.entries.append(entry)
        return entry

    def extend(self, other: "LossReport") -> None:
        self.entries.extend(other.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def by_feature(self) -> dict[str, int]:
        return dict(Counter(e.feature for e in self.entries))

    def for_slide(self, slide_id: str) -> list[LossEntry]:
        return [e for e in self.entries if e.slide_id == slide_id]
