"""The text a date / time field shows when a deck is displayed: today's date in the field's format.

PowerPoint and LibreOffice show it so: an OOXML `a:fld type="datetimeN"` keeps the value last
shown (often years old), and a viewer replaces it with the current date and time. Formats are the
en-US forms of ECMA-376 ST_TextFieldType datetime1-13; datetime1 and a bare "datetime" use the
zero-padded MM/DD/YYYY that LibreOffice renders.
"""

from __future__ import annotations

import datetime as _dt

__all__ = ["field_text", "is_date_field"]


def _h12(t: _dt.datetime) -> str:
    return str(t.hour % 12 or 12)


def _ampm(t: _dt.datetime) -> str:
    return "AM" if t.hour < 12 else "PM"


_FORMATS = {
    "datetime": lambda t: t.strftime("%m/%d/%Y"),
    "datetime1": lambda t: t.strftime("%m/%d/%Y"),
    "datetime2": lambda t: f"{t:%A}, {t:%B} {t.day}, {t.year}",
    "datetime3": lambda t: f"{t.day} {t:%B} {t.year}",
    "datetime4": lambda t: f"{t:%B} {t.day}, {t.year}",
    "datetime5": lambda t: f"{t.day}-{t:%b}-{t:%y}",
    "datetime6": lambda t: f"{t:%B} {t:%y}",
    "datetime7": lambda t: f"{t:%b}-{t:%y}",
    "datetime8": lambda t: f"{t:%m/%d/%Y} {_h12(t)}:{t:%M} {_ampm(t)}",
    "datetime9": lambda t: f"{t:%m/%d/%Y} {_h12(t)}:{t:%M:%S} {_ampm(t)}",
    "datetime10": lambda t: f"{t:%H:%M}",
    "datetime11": lambda t: f"{t:%H:%M:%S}",
    "datetime12": lambda t: f"{_h12(t)}:{t:%M} {_ampm(t)}",
    "datetime13": lambda t: f"{_h12(t)}:{t:%M:%S} {_ampm(t)}",
}


def is_date_field(field: str | None) -> bool:
    """Whether a run's field type is a date / time a viewer refreshes."""
    return field is not None and field.lower() in _FORMATS


def field_text(field: str | None, cached: str, now: _dt.datetime | None = None) -> str:
    """What the field shows at `now` (default: the local time); `cached` for any other field."""
    fmt = _FORMATS.get((field or "").lower())
    if fmt is None:
        return cached
    return fmt(now or _dt.datetime.now())
