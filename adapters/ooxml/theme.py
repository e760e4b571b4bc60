"""Themes (colour scheme, fonts, format scheme) and DrawingML colour resolution with the clrMap."""

from __future__ import annotations

import colorsys
from dataclasses import dataclass, field

from lxml import etree

from ace_core.color import Color, ColorMod, ColorRef
from ace_core.ir.deck import Theme, ThemeFonts
from adapters.ooxml.ns import local, qn
from adapters.ooxml.values import pct, to_float

__all__ = [
    "DEFAULT_CLR_MAP",
    "ColorContext",
    "PhColor",
    "ThemeData",
    "parse_clr_map",
    "parse_theme",
]

SCHEME_SLOTS = ("dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6")
SCHEME_SLOTS += ("hlink", "folHlink")

DEFAULT_CLR_MAP = {
    "bg1": "lt1",
    "tx1": "dk1",
    "bg2": "lt2",
    "tx2": "dk2",
    **{f"accent{i}": f"accent{i}" for i in range(1, 7)},
    "hlink": "hlink",
    "folHlink": "folHlink",
}

# The Office 2007-2013 default palette, used when a package has no theme part.
_OFFICE_COLORS = {
    "dk1": "000000",
    "lt1": "FFFFFF",
    "dk2": "1F497D",
    "lt2": "EEECE1",
    "accent1": "4F81BD",
    "accent2": "C0504D",
    "accent3": "9BBB59",
    "accent4": "8064A2",
    "accent5": "4BACC6",
    "accent6": "F79646",
    "hlink": "0000FF",
    "folHlink": "800080",
}

COLOR_TAGS = {"srgbClr", "schemeClr", "sysClr", "scrgbClr", "hslClr", "prstClr"}

_MOD_OPS = {
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
}


@dataclass
class ThemeData:
    """A parsed theme part: colours, fonts and the raw format-scheme style lists."""

    name: str = ""
    part: str | None = None
    colors: dict[str, Color] = field(default_factory=dict)
    fonts: dict[str, str] = field(default_factory=dict)
    """'+mj-lt', '+mj-ea', '+mj-cs', '+mn-lt', ... -> typeface"""
    fill_styles: list[etree._Element] = field(default_factory=list)
    line_styles: list[etree._Element] = field(default_factory=list)
    effect_styles: list[etree._Element] = field(default_factory=list)
    bg_fill_styles: list[etree._Element] = field(default_factory=list)

    def to_ir(self) -> Theme:
        f = self.fonts
        return Theme(
            name=self.name,
            colors=dict(self.colors),
            fonts=ThemeFonts(
                major=f.get("+mj-lt") or None,
                minor=f.get("+mn-lt") or None,
                major_ea=f.get("+mj-ea") or None,
                minor_ea=f.get("+mn-ea") or None,
                major_cs=f.get("+mj-cs") or None,
                minor_cs=f.get("+mn-cs") or None,
            ),
        )

    def font(self, typeface: str | None) -> str | None:
        """Resolve a typeface: '+mj-lt' -> the theme's major latin font; others pass through."""
        if not typeface:
            return None
        if typeface.startswith("+"):
            resolved = self.fonts.get(typeface) or self.fonts.get(typeface[:4] + "lt")
            return resolved or None
        return typeface


def default_theme() -> ThemeData:
    t = ThemeData(name="Office (default)")
    t.colors = {k: Color.from_hex(v) for k, v in _OFFICE_COLORS.items()}
    t.fonts = {"+mj-lt": "Calibri", "+mn-lt": "Calibri"}
    return t


def parse_theme(root: etree._Element | None, part: str | None = None) -> ThemeData:
    if root is None:
        return default_theme()
    theme = ThemeData(name=root.get("name", ""), part=part)
    elements = root.find(qn("a:themeElements"))
    if elements is None:
        return default_theme()
    scheme = elements.find(qn("a:clrScheme"))
    plain = ColorContext(theme=ThemeData(colors={k: Color.from_hex(v) for k, v in _OFFICE_COLORS.items()}))
    if scheme is not None:
        for slot in scheme:
            name = local(slot.tag)
            if name in SCHEME_SLOTS:
                col = next((c for c in slot if local(c.tag) in COLOR_TAGS), None)
                if col is not None:
                    resolved = plain.color(col)
                    if resolved is not None:
                        theme.colors[name] = Color(r=resolved.r, g=resolved.g, b=resolved.b, a=resolved.a)
    for slot, hexval in _OFFICE_COLORS.items():
        theme.colors.setdefault(slot, Color.from_hex(hexval))
    fonts = elements.find(qn("a:fontScheme"))
    if fonts is not None:
        for kind, prefix in (("majorFont", "+mj"), ("minorFont", "+mn")):
            el = fonts.find(qn(f"a:{kind}"))
            if el is None:
                continue
            for script, suffix in (("latin", "lt"), ("ea", "ea"), ("cs", "cs")):
                sub = el.find(qn(f"a:{script}"))
                if sub is not None and sub.get("typeface"):
                    theme.fonts[f"{prefix}-{suffix}"] = sub.get("typeface", "")
    fmt = elements.find(qn("a:fmtScheme"))
    if fmt is not None:
        for attr, tag in (
            ("fill_styles", "fillStyleLst"),
            ("line_styles", "lnStyleLst"),
            ("effect_styles", "effectStyleLst"),
            ("bg_fill_styles", "bgFillStyleLst"),
        ):
            lst = fmt.find(qn(f"a:{tag}"))
            if lst is not None:
                setattr(theme, attr, [c for c in lst if isinstance(c.tag, str)])
    return theme


def parse_clr_map(el: etree._Element | None, base: dict[str, str] | None = None) -> dict[str, str]:
    """A p:clrMap (or p:clrMapOvr/a:overrideClrMapping) as logical slot -> scheme slot."""
    out = dict(base or DEFAULT_CLR_MAP)
    if el is None:
        return out
    if local(el.tag) == "clrMapOvr":
        el = el.find(qn("a:overrideClrMapping"))
        if el is None:
            return out
    for key, value in el.attrib.items():
        out[key] = value
    return out


_MISSING = object()


@dataclass(frozen=True, eq=False)
class PhColor:
    """The colour that 'phClr' stands for inside a theme style (from a fillRef / lnRef / bgRef).
    Compared by identity: ColorContext.ph_color hands out one per distinct reference."""

    color: Color
    ref: ColorRef | None = None


@dataclass
class ColorContext:
    """Resolves DrawingML colour elements against a theme and a colour map."""

    theme: ThemeData
    clr_map: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_CLR_MAP))
    _memo: dict[tuple[bytes, PhColor | None], Color | None] = field(default_factory=dict, repr=False, compare=False)
    _ph_memo: dict[bytes, PhColor] = field(default_factory=dict, repr=False, compare=False)

    def scheme(self, name: str) -> Color | None:
        slot = self.clr_map.get(name, name)
        return self.theme.colors.get(slot) or self.theme.colors.get(name)

    def color(self, el: etree._Element | None, ph: PhColor | None = None) -> Color | None:
        """A Color from a colour element (srgbClr, schemeClr, ...) or a parent holding one.
        Colours are immutable, so one is resolved once per distinct XML (decks repeat a few)."""
        if el is None:
            return None
        key = (etree.tostring(el, with_tail=False), ph)
        found = self._memo.get(key, _MISSING)
        if found is _MISSING:
            found = self._resolve(el, ph)
            if len(self._memo) < 4096:
                self._memo[key] = found
        return found  # type: ignore[return-value]

    def ph_color(self, ref: etree._Element) -> PhColor:
        """The placeholder colour a style reference (fillRef, lnRef, effectRef, bgRef) gives
        phClr; the same object for the same reference XML, so colours resolved with it are kept."""
        key = etree.tostring(ref, with_tail=False)
        found = self._ph_memo.get(key)
        if found is None:
            color = self.color(ref)
            found = PhColor(Color()) if color is None else PhColor(color, color.ref)
            if len(self._ph_memo) < 1024:
                self._ph_memo[key] = found
        return found

    def _resolve(self, el: etree._Element, ph: PhColor | None) -> Color | None:
        if local(el.tag) not in COLOR_TAGS:
            el = next((c for c in el if local(c.tag) in COLOR_TAGS), None)
            if el is None:
                return None
        kind = local(el.tag)
        mods = tuple(m for m in (_mod(c) for c in el) if m is not None)
        ref: ColorRef | None = None
        base: Color | None
        if kind == "srgbClr":
            base = _hex(el.get("val"))
        elif kind == "schemeClr":
            val = el.get("val", "")
            if val == "phClr":
                if ph is None:
                    base = Color()
                else:
                    base = ph.color.model_copy(update={"ref": None})
                    if ph.ref is not None:
                        ref = ColorRef(scheme=ph.ref.scheme, mods=ph.ref.mods + mods)
            else:
                base = self.scheme(val) or Color()
                ref = ColorRef(scheme=val, mods=mods)
        elif kind == "sysClr":
            base = _hex(el.get("lastClr")) or _SYS_COLORS.get(el.get("val", ""), Color())
        elif kind == "scrgbClr":
            base = _scrgb(el)
        elif kind == "hslClr":
            h = (float(el.get("hue", "0") or 0) / 60000.0) / 360.0
            s = (pct(el.get("sat"), 0.0) or 0.0) / 100000.0
            lum = (pct(el.get("lum"), 0.0) or 0.0) / 100000.0
            r, g, b = colorsys.hls_to_rgb(h % 1.0, _clamp(lum), _clamp(s))
            base = Color(r=r, g=g, b=b)
        else:  # prstClr
            base = _preset(el.get("val", ""))
        if base is None:
            base = Color()
        out = apply_mods(base, mods) if mods else base
        return out.model_copy(update={"ref": ref}) if ref is not None or out.ref is not None else out


def apply_mods(color: Color, mods: tuple[ColorMod, ...]) -> Color:
    """DrawingML colour transforms as PowerPoint applies them (Color.apply_mods: tint and shade in
    linear RGB, HSL and alpha transforms on sRGB)."""
    return color.apply_mods(mods)


def _mod(el: etree._Element) -> ColorMod | None:
    op = local(el.tag)
    if op not in _MOD_OPS:
        return None
    if op in ("comp", "inv", "gray", "gamma", "invGamma"):
        return ColorMod(op=op)  # type: ignore[arg-type]
    if op == "hueOff":  # an angle in 60000ths of a degree, kept in degrees
        return ColorMod(op=op, val=(to_float(el.get("val")) or 0.0) / 60000.0)
    raw = pct(el.get("val"), 0.0) or 0.0
    return ColorMod(op=op, val=raw / 100000.0)  # type: ignore[arg-type]


def _hex(value: str | None) -> Color | None:
    if not value or len(value) != 6:
        return None
    try:
        return Color.from_hex(value)
    except ValueError:
        return None


def _clamp(v: float) -> float:
    return 0.0 if v < 0 else 1.0 if v > 1 else v


def _scrgb(el: etree._Element) -> Color:
    def chan(name: str) -> float:
        lin = _clamp((pct(el.get(name), 0.0) or 0.0) / 100000.0)
        return _clamp(12.92 * lin if lin <= 0.0031308 else 1.055 * lin ** (1 / 2.4) - 0.055)

    return Color(r=chan("r"), g=chan("g"), b=chan("b"))


_SYS_COLORS = {
    "window": Color.from_hex("FFFFFF"),
    "windowText": Color.from_hex("000000"),
    "btnFace": Color.from_hex("F0F0F0"),
    "btnText": Color.from_hex("000000"),
    "highlight": Color.from_hex("3399FF"),
    "highlightText": Color.from_hex("FFFFFF"),
    "grayText": Color.from_hex("6D6D6D"),
    "menu": Color.from_hex("F0F0F0"),
    "menuText": Color.from_hex("000000"),
    "3dDkShadow": Color.from_hex("696969"),
    "3dLight": Color.from_hex("E3E3E3"),
}


def _preset(name: str) -> Color | None:
    """ST_PresetColorVal (CSS-like names with dk/lt/med prefixes) -> Color."""
    from PIL import ImageColor

    key = name
    for short, long in (("dk", "dark"), ("lt", "light"), ("med", "medium")):
        if key.startswith(short) and len(key) > len(short) and key[len(short)].isupper():
            key = long + key[len(short) :]
            break
    if not key.isalpha():  # a name, never a CSS "#hex" or "rgb(...)" form
        return None
    try:  # not ImageColor.colormap: getrgb() replaces its entries with tuples once they are used
        r, g, b = ImageColor.getrgb(key.lower())[:3]
    except ValueError:
        return None
    return Color.from_rgb255(r, g, b)
