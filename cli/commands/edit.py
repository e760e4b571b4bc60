"""Commands of this group are registered here as their issues land."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """No commands yet."""
