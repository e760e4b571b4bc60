"""Base classes of the IR models: strict pydantic models, and tagged ones that always emit `type`."""

from typing import Any

from pydantic import BaseModel, ConfigDict, SerializationInfo, SerializerFunctionWrapHandler, model_serializer


class CompletesIR:
    """Mixin of every IR model (deferred build): pydantic's first rebuild of any of them completes
    all of them at once, from the on-disk schema cache when it can (ace_core.ir.prebuilt)."""

    @classmethod
    def model_rebuild(cls, **kwargs: Any) -> bool | None:
        from ace_core.ir.prebuilt import complete_models

        complete_models()
        if "_types_namespace" not in kwargs:  # one more frame between pydantic's caller and its own
            kwargs["_parent_namespace_depth"] = kwargs.get("_parent_namespace_depth", 2) + 1
        return super().model_rebuild(**kwargs)  # type: ignore[misc]


class IRModel(CompletesIR, BaseModel):
    """Strict IR model: unknown fields are errors, assignment is validated."""

    model_config = ConfigDict(
        extra="forbid", allow_inf_nan=False, validate_assignment=False, populate_by_name=True, defer_build=True
    )


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
