"""Base classes of the IR models: strict pydantic models, and tagged ones that always emit `type`."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, SerializationInfo, SerializerFunctionWrapHandler, model_serializer


class IRModel(BaseModel):
    """Strict IR model: unknown fields are errors, assignment is validated."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, validate_assignment=False, populate_by_name=True)


class Tagged(IRModel):
    """A member of a discriminated union: `type` is kept in dumps even when defaults are excluded."""

    @model_serializer(mode="wrap")
    def _keep_type(self, handler: SerializerFunctionWrapHandler, info: SerializationInfo) -> Any:
        data = handler(self)
        if isinstance(data, dict) and "type" not in data:
            kind = getattr(self, "type", None)
            if kind is not None and (info.include is None or "type" in info.include):
                data = {"type": kind, **data}
        return data
