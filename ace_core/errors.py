"""The error hierarchy: every failure the user can act on is an `AceError` with what / where / hint."""

from __future__ import annotations

__all__ = [
    "AceError",
    "BadInputError",
    "EnvironmentProblem",
    "InternalError",
    "MissingSystemToolError",
    "RenderError",
    "ToolError",
    "UnsupportedError",
    "ValidationProblem",
]


class AceError(Exception):
    """Base of every error ACE raises on purpose.

    `what` says what went wrong, `where` names the file / slide / node / tool / field, `hint`
    says what to do about it. `exit_code` is the CLI's exit status for this kind of error.
    """

    exit_code: int = 1
    kind: str = "error"

    def __init__(self, what: str, *, where: str | None = None, hint: str | None = None) -> None:
        self.what = what
        self.where = where
        self.hint = hint
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """One line: `where: what (hint)`."""
        text = f"{self.where}: {self.what}" if self.where else self.what
        if self.hint:
            text = f"{text} ({self.hint})"
        return " ".join(text.split("\n"))

    def to_dict(self) -> dict[str, str | int | None]:
        return {
            "kind": self.kind,
            "message": self.message,
            "what": self.what,
            "where": self.where,
            "hint": self.hint,
            "exit_code": self.exit_code,
        }


class BadInputError(AceError):
    """The input file or argument is wrong: missing, unreadable, corrupt, invalid."""

    exit_code = 2
    kind = "bad-input"


class ValidationProblem(BadInputError):
    """An IR document does not satisfy the schema or the IR's invariants."""

    kind = "invalid-ir"


class ToolError(BadInputError):
    """A tool call failed: unknown tool, bad field, stale id. Tools return these as answers."""

    kind = "tool-error"

    def __init__(
        self,
        what: str,
        *,
        tool: str | None = None,
        field: str | None = None,
        where: str | None = None,
        hint: str | None = None,
    ) -> None:
        self.tool = tool
        self.field = field
        parts = [p for p in (f"tool {tool}" if tool else None, f"field {field}" if field else None, where) if p]
        super().__init__(what, where=", ".join(parts) or None, hint=hint)


class UnsupportedError(AceError):
    """A known operation or format that this component cannot carry out."""

    exit_code = 3
    kind = "unsupported"


class EnvironmentProblem(AceError):
    """Something outside ACE is missing or failed (a system tool, a renderer)."""

    exit_code = 4
    kind = "environment"


class MissingSystemToolError(EnvironmentProblem):
    """A system program (soffice, chromium) is not installed."""

    kind = "missing-tool"

    def __init__(self, program: str, package: str, *, where: str | None = None) -> None:
        super().__init__(
            f"{program} is not installed",
            where=where,
            hint=f"install the Debian package: apt-get install -y {package}",
        )
        self.program = program
        self.package = package


class RenderError(EnvironmentProblem):
    """A renderer (LibreOffice, Chromium) failed or timed out."""

    kind = "render-failed"


class InternalError(AceError):
    """A bug in ACE. Reported with exit code 1."""

    exit_code = 1
    kind = "internal"
