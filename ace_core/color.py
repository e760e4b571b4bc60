"""Colours: RGBA in 0-1 floats, with an optional theme reference kept beside the resolved value."""

import colorsys
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ace_core.ir.base import CompletesIR

__all__ = ["Color", "ColorMod", "ColorRef", "css_color", "parse_color"]

_HEX = re.compile(r"^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_CSS_RGB = re.compile(r"^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$")

ColorModOp = Literal[
    "lumMod",
    "lumOff",
    "tint",
    "shade",
    "alpha",
    "alphaMod",
    "alphaOff",
    "satMod",
    "satOff",
    "hueMod",
    "hueOff",
    "comp",
    "inv",
    "gray",
    "gamma",
    "invGamma",
    "redMod",
    "greenMod",
    "blueMod",
]


class ColorMod(CompletesIR, BaseModel):
    """One DrawingML colour transform, `val` as a fraction (lumMod 75000 -> 0.75; hueOff in degrees)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    op: ColorModOp
    val: float = 0.0


class ColorRef(CompletesIR, BaseModel):
    """A theme colour reference: scheme slot (accent1, dk1, tx1, bg1, phClr...) plus transforms."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    scheme: str
    mods: tuple[ColorMod, ...] = ()


class Color(CompletesIR, BaseModel):
    """RGBA colour, channels 0-1. `ref` keeps the theme reference the value was resolved from.

    Accepts on input: a model dict, `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"`, or `{r,g,b,a?}` with 0-1
    channels (the MCP convention).
    """

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    r: float = Field(0.0, ge=0.0, le=1.0)
    g: float = Field(0.0, ge=0.0, le=1.0)
    b: float = Field(0.0, ge=0.0, le=1.0)
    a: float = Field(1.0, ge=0.0, le=1.0)
    ref: ColorRef | None = None

    @model_validator(mode="before")
    @classmethod
    def _coerce(cls, value: Any) -> Any:
        if isinstance(value, str):
            return _parse_hex(value)
        return value

    @classmethod
    def from_hex(cls, text: str, ref: ColorRef | None = None) -> "Color":
        data = _parse_hex(text)
        return cls(**data, ref=ref)

    @classmethod
    def from_rgb255(cls, r: int, g: int, b: int, a: float = 1.0, ref: ColorRef | None = None) -> "Color":
        return cls(r=r / 255, g=g / 255, b=b / 255, a=a, ref=ref)

    def to_rgb255(self) -> tuple[int, int, int]:
        return (_to8(self.r), _to8(self.g), _to8(self.b))

    @property
    def hex(self) -> str:
        """`#RRGGBB` (alpha dropped)."""
        r, g, b = self.to_rgb255()
        return f"#{r:02X}{g:02X}{b:02X}"

    @property
    def hex_rgba(self) -> str:
        """`#RRGGBBAA`."""
        return f"{self.hex}{_to8(self.a):02X}"

    def css(self) -> str:
        """CSS colour: `#RRGGBB` when opaque, `rgba(...)` otherwise."""
        if self.a >= 0.999:
            return self.hex.lower()
        r, g, b = self.to_rgb255()
        return f"rgba({r},{g},{b},{round(self.a, 4)})"

    def with_alpha(self, a: float) -> "Color":
        return self.model_copy(update={"a": max(0.0, min(1.0, a))})

    def distance(self, other: "Color") -> float:
        """Largest channel difference (0-1), alpha included."""
        return max(abs(self.r - other.r), abs(self.g - other.g), abs(self.b - other.b), abs(self.a - other.a))

    def luminance(self) -> float:
        """Relative luminance (WCAG)."""

        def lin(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        return 0.2126 * lin(self.r) + 0.7152 * lin(self.g) + 0.0722 * lin(self.b)

    def apply_mods(self, mods: tuple[ColorMod, ...] | list[ColorMod]) -> "Color":
        """Apply DrawingML colour transforms in order (ECMA-376 20.1.2.3) and return the result."""
        r, g, b, a = self.r, self.g, self.b, self.a
        for mod in mods:
            op, v = mod.op, mod.val
            if op in ("lumMod", "lumOff", "satMod", "satOff", "hueMod", "hueOff"):
                h, lum, s = colorsys.rgb_to_hls(r, g, b)
                if op == "lumMod":
                    lum *= v
                elif op == "lumOff":
                    lum += v
                elif op == "satMod":
                    s *= v
                elif op == "satOff":
                    s += v
                elif op == "hueMod":
                    h = (h * v) % 1.0
                else:
                    h = (h + v / 360.0) % 1.0
                r, g, b = colorsys.hls_to_rgb(h, _clamp(lum), _clamp(s))
            elif op == "tint":  # towards white, in linear RGB (scRGB) as PowerPoint and LibreOffice do
                r, g, b = (_srgb(_linear(c) * v + (1 - v)) for c in (r, g, b))
            elif op == "shade":  # towards black, in linear RGB
                r, g, b = (_srgb(_linear(c) * v) for c in (r, g, b))
            elif op == "alpha":
                a = v
            elif op == "alphaMod":
                a *= v
            elif op == "alphaOff":
                a += v
            elif op == "comp":
                h, lum, s = colorsys.rgb_to_hls(r, g, b)
                r, g, b = colorsys.hls_to_rgb((h + 0.5) % 1.0, lum, s)
            elif op == "inv":
                r, g, b = 1 - r, 1 - g, 1 - b
            elif op == "gray":
                y = 0.299 * r + 0.587 * g + 0.114 * b
                r = g = b = y
            elif op == "gamma":
                r, g, b = (c ** (1 / 2.2) for c in (r, g, b))
            elif op == "invGamma":
                r, g, b = (c**2.2 for c in (r, g, b))
            elif op == "redMod":
                r *= v
            elif op == "greenMod":
                g *= v
            elif op == "blueMod":
                b *= v
        return Color(r=_clamp(r), g=_clamp(g), b=_clamp(b), a=_clamp(a), ref=self.ref)


def _linear(c: float) -> float:
    """sRGB channel -> linear light."""
    c = _clamp(c)
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _srgb(c: float) -> float:
    """Linear light -> sRGB channel."""
    c = _clamp(c)
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _clamp(v: float) -> float:
    return 0.0 if v < 0 else 1.0 if v > 1 else v


def _to8(v: float) -> int:
    return max(0, min(255, round(v * 255)))


def _parse_hex(text: str) -> dict[str, float]:
    m = _HEX.match(text.strip())
    if not m:
        raise ValueError(f"not a colour: {text!r} (use #RRGGBB, #RRGGBBAA or {{r,g,b,a}} with 0-1 channels)")
    h = m.group(1)
    if len(h) in (3, 4):
        h = "".join(c * 2 for c in h)
    vals = [int(h[i : i + 2], 16) / 255 for i in range(0, len(h), 2)]
    out = {"r": vals[0], "g": vals[1], "b": vals[2], "a": 1.0}
    if len(vals) == 4:
        out["a"] = vals[3]
    return out


def parse_color(value: Any) -> Color:
    """Parse any accepted colour form into a `Color` (raises ValueError with the accepted forms)."""
    if isinstance(value, Color):
        return value
    return Color.model_validate(value)


def _css_channel(text: str, scale: float) -> float:
    value = float(text[:-1]) / 100 if text.endswith("%") else float(text) / scale
    return max(0.0, min(1.0, value))


def css_color(text: str | None) -> Color | None:
    """A CSS / SVG colour value as a `Color`: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()` /
    `rgba()` (comma or space separated, alpha after a comma or `/`, channels as numbers or
    percentages), `transparent` or a CSS colour name; None for anything else (`none`, `url(...)`,
    `currentColor`, a typo). The one parser for colours written as CSS (HTML, SVG, VML)."""
    t = (text or "").strip().lower()
    if not t:
        return None
    if t == "transparent":
        return Color(a=0.0)
    if t.startswith("#"):
        try:
            return Color.from_hex(t)
        except ValueError:
            return None
    m = _CSS_RGB.match(t)
    if m:
        try:
            r, g, b = (_css_channel(m.group(i), 255.0) for i in (1, 2, 3))
            a = _css_channel(m.group(4), 1.0) if m.group(4) else 1.0
        except ValueError:  # "1.2.3"
            return None
        return Color(r=r, g=g, b=b, a=a)
    if not t.isalpha():
        return None
    from PIL import ImageColor  # the CSS colour names (getrgb, never its colormap: see theme.py)

    try:
        rgb = ImageColor.getrgb(t)
    except ValueError:
        return None
    return Color.from_rgb255(*rgb[:3])
