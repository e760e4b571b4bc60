"""PowerPoint's built-in table styles, which decks name by id (a:tableStyleId) without defining them
in tableStyles.xml: PowerPoint carries them in the application, and writers other than PowerPoint
(python-pptx and the converters built on it) name them without copying their definitions.

Each is built here as the a:tblStyle XML PowerPoint writes when the style is used, from its family
(Themed, Light, Medium; the "No Style" pair) and its colour: one of the six accents, or the family's
base colour for the plain variant. The Dark families are not known here (their colours could not be
established): a deck naming one gets the reader's 'table style not defined' loss entry.
"""

from __future__ import annotations

__all__ = ["DEFAULT_STYLE_ID", "builtin_style_xml"]

DEFAULT_STYLE_ID = "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"
_A_NS = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
_SIDES = ("left", "right", "top", "bottom", "insideH", "insideV")
_OUTER = ("left", "right", "top", "bottom")
_ACCENTS = tuple(f"accent{i}" for i in range(1, 7))

# family -> ids: the plain variant (None where the family has none) then Accent 1..6
_IDS: dict[str, tuple[str | None, ...]] = {
    "themed1": (
        None,
        "{3C2FFA5D-87B4-456A-9821-1D502468CF0F}",
        "{284E427A-3D55-4303-BF80-6455036E1DE7}",
        "{69C7853C-536D-4A76-A0AE-DD22124D55A5}",
        "{775DCB02-9BB8-47FD-8907-85C794F793BA}",
        "{35758FB7-9AC5-4552-8A53-C91805E547FA}",
        "{08FB837D-C827-4EFA-A057-4D05807E0F7C}",
    ),
    "themed2": (
        None,
        "{D113A9D2-9D6B-4929-AA2D-F23B5EE8CBE7}",
        "{18603FDC-E32A-4AB5-989C-0864C3EAD2B8}",
        "{306799F8-075E-4A3A-A7F6-7FBC6576F1A4}",
        "{E269D01E-BC32-4049-B463-5C60D7B0CCD2}",
        "{327F97BB-C833-4FB7-BDE5-3F7075034690}",
        "{638B1855-1B75-4FBE-930C-398BA8C253C6}",
    ),
    "light1": (
        "{9D7B26C5-4107-4FEC-AEDC-1716B250A1EF}",
        "{3B4B98B0-60AC-42C2-AFA5-B58CD77FA1E5}",
        "{0E3FDE45-AF77-4B5C-9715-49D594BDF05E}",
        "{C083E6E3-FA7D-4D7B-A595-EF9225AFEA82}",
        "{D27102A9-8310-4765-A935-A1911B00CA55}",
        "{5FD0F851-EC5A-4D38-B0AD-8093EC10F338}",
        "{68D230F3-CF80-4859-8CE7-A43EE81993B5}",
    ),
    "light2": (
        "{7E9639D4-E3E2-4D34-9284-5A2195B3D0D7}",
        "{69012ECD-51FC-41F1-AA8D-1B2483CD663E}",
        "{72833802-FEF1-4C79-8D5D-14CF1EAF98D9}",
        "{F2DE63D5-997A-4646-A377-4702673A728D}",
        "{17292A2E-F333-43FB-9621-5CBBE7FDCDCB}",
        "{5A111915-BE36-4E01-A7E5-04B1672EAD32}",
        "{912C8C85-51F0-491E-9774-3900AFEF0FD7}",
    ),
    "light3": (
        "{616DA210-FB5B-4158-B5E0-FEB733F419BA}",
        "{BC89EF96-8CEA-46FF-86C4-4CE0E7609802}",
        "{5DA37D80-6434-44D0-A028-1B22A696006F}",
        "{8799B23B-EC83-4686-B30A-512413B5E67A}",
        "{ED083AE6-46FA-4A59-8FB0-9F97EB10719F}",
        "{BDBED569-4797-4DF1-A0F4-6AAB3CD982D8}",
        "{E8B1032C-EA38-4F05-BA0D-38AFFFC7BED3}",
    ),
    "medium1": (
        "{793D81CF-94F2-401A-BA57-92F5A7B2D0C5}",
        "{B301B821-A1FF-4177-AEE7-76D212191A09}",
        "{9DCAF9ED-07DC-4A11-8D7F-57B35C25682E}",
        "{1FECB4D8-DB02-4DC6-A0A2-4F2EBAE1DC90}",
        "{1E171933-4619-4E11-9A3F-F7608DF75F80}",
        "{FABFCF23-3B69-468F-B69F-88F6DE6A72F2}",
        "{10A1B5D5-9B99-4C35-A422-299274C87663}",
    ),
    "medium2": (
        "{073A0DAA-6AF3-43AB-8588-CEC1D06C72B9}",
        DEFAULT_STYLE_ID,
        "{21E4AEA4-8DFA-4A89-87EB-49C32662AFE0}",
        "{F5AB1C69-6EDB-4FF4-983F-18BD219EF322}",
        "{00A15C55-8517-42AA-B614-E9B94910E393}",
        "{7DF18680-E054-41AD-8BC1-D1AEF772440D}",
        "{93296810-A885-4BE3-A3E7-6D5BEEA58F35}",
    ),
    "medium3": (
        "{8EC20E35-A176-4012-BC5E-935CFFF8708E}",
        "{6E25E649-3F16-4E02-A733-19D2CDBF48F0}",
        "{85BE263C-DBD7-4A20-BB59-AAB30ACAA65A}",
        "{EB344D84-9AFB-497E-A393-DC336BA19D2E}",
        "{EB9631B5-78F2-41C9-869B-9F39066F8104}",
        "{74C1A8A3-306A-4EB7-A6B1-4F7E0EB9C5D6}",
        "{2A488322-F2BA-4B5B-9748-0D474271808F}",
    ),
    "medium4": (
        "{D7AC3CCA-C797-4891-BE02-D94E43425B78}",
        "{69CF1AB2-1976-4502-BF36-3FF5EA218861}",
        "{8A107856-5554-42FB-B03E-39F5DBC370BA}",
        "{0505E3EF-67EA-436B-97B2-0124C06EBD24}",
        "{C4B1156A-380E-4F78-BDF5-A606A8083BF9}",
        "{22838BEF-8BB2-4498-84A7-C5851F593DF1}",
        "{16D9F66E-5EB9-4882-86FB-DCBF35E3C3E4}",
    ),
}
_TITLES = {
    "themed1": "Themed Style 1",
    "themed2": "Themed Style 2",
    "light1": "Light Style 1",
    "light2": "Light Style 2",
    "light3": "Light Style 3",
    "medium1": "Medium Style 1",
    "medium2": "Medium Style 2",
    "medium3": "Medium Style 3",
    "medium4": "Medium Style 4",
}
# the colour of a plain (no-accent) variant, per family
_BASE = {"light1": "tx1", "light2": "tx1", "light3": "tx1"}
_NO_STYLE = {
    "{2D5ABB26-0587-4C30-8999-92F81FD0307C}": ("No Style, No Grid", None),
    "{5940675A-B579-460E-94D1-54222C63F5DA}": ("No Style, Table Grid", "tx1"),
}
_BY_ID: dict[str, tuple[str, str, str]] = {}  # id -> (family, colour, name)
for _family, _ids in _IDS.items():
    for _i, _sid in enumerate(_ids):
        if _sid is not None:
            _colour = _ACCENTS[_i - 1] if _i else _BASE.get(_family, "dk1")
            _suffix = f" - Accent {_i}" if _i else ""
            _BY_ID[_sid] = (_family, _colour, _TITLES[_family] + _suffix)


def _clr(val: str, **mods: int) -> str:
    inner = "".join(f'<a:{k} val="{v}"/>' for k, v in mods.items())
    return f'<a:schemeClr val="{val}">{inner}</a:schemeClr>' if inner else f'<a:schemeClr val="{val}"/>'


def _solid(colour: str) -> str:
    return f"<a:solidFill>{colour}</a:solidFill>"


def _ln(colour: str | None, w: int = 12700, cmpd: str = "sng") -> str:
    if colour is None:
        return "<a:ln><a:noFill/></a:ln>"
    return f'<a:ln w="{w}" cmpd="{cmpd}">{_solid(colour)}</a:ln>'


def _part(
    name: str,
    text: str | None = None,
    bold: bool = False,
    borders: dict[str, str] | None = None,
    fill: str | None = None,
) -> str:
    """One table-style part; `borders` maps a side to its a:ln XML, `fill` is a colour or 'none'."""
    tx = ""
    if text is not None or bold:
        b = ' b="on"' if bold else ""
        font = '<a:fontRef idx="minor"><a:scrgbClr r="0" g="0" b="0"/></a:fontRef>'
        tx = f"<a:tcTxStyle{b}>{font}{text}</a:tcTxStyle>" if text is not None else f"<a:tcTxStyle{b}/>"
    bdr = "".join(f"<a:{side}>{ln}</a:{side}>" for side, ln in (borders or {}).items())
    fill_xml = ""
    if fill == "none":
        fill_xml = "<a:fill><a:noFill/></a:fill>"
    elif fill is not None:
        fill_xml = f"<a:fill>{_solid(fill)}</a:fill>"
    return f"<a:{name}>{tx}<a:tcStyle><a:tcBdr>{bdr}</a:tcBdr>{fill_xml}</a:tcStyle></a:{name}>"


def _bold_cols() -> str:
    return _part("lastCol", bold=True) + _part("firstCol", bold=True)


def _all(ln: str, sides: tuple[str, ...] = _SIDES) -> dict[str, str]:
    return dict.fromkeys(sides, ln)


def _themed1(a: str) -> tuple[str, str]:
    edge = _ln(_clr(a))
    band = _clr(a, alpha=40000)
    parts = (
        _part("wholeTbl", _clr("dk1"), borders=_all(edge), fill="none")
        + _part("band1H", fill=band)
        + _part("band1V", fill=band)
        + _part("lastCol", bold=True, borders=_all(edge, (*_OUTER, "insideH")))
        + _part("firstCol", bold=True, borders=_all(edge, (*_OUTER, "insideH")))
        + _part("lastRow", bold=True, borders=_all(edge, _OUTER))
        + _part("firstRow", _clr("lt1"), True, {**_all(edge, _OUTER), "bottom": _ln(_clr("lt1"))}, _clr(a))
    )
    return parts, ""


def _themed2(a: str) -> tuple[str, str]:
    lt = _ln(_clr("lt1"))
    band = _clr("lt1", alpha=20000)
    parts = (
        _part("wholeTbl", _clr("lt1"), borders=_all(_ln(_clr(a, tint=50000)), _OUTER), fill="none")
        + _part("band1H", fill=band)
        + _part("band1V", fill=band)
        + _part("lastCol", bold=True, borders={"left": lt})
        + _part("firstCol", bold=True, borders={"right": lt})
        + _part("lastRow", bold=True, borders={"top": lt})
        + _part("firstRow", bold=True, borders={"bottom": lt})
    )
    return parts, f"<a:tblBg><a:fill>{_solid(_clr(a))}</a:fill></a:tblBg>"


def _light(kind: int, a: str) -> tuple[str, str]:
    edge = _ln(_clr(a))
    band = _clr(a, alpha=20000)
    if kind == 1:
        whole = _part("wholeTbl", _clr("tx1"), borders=_all(edge, ("top", "bottom")), fill="none")
        bands = _part("band1H", fill=band) + _part("band1V", fill=band)
        first = _part("firstRow", _clr(a), True, {"bottom": edge})
    elif kind == 2:
        whole = _part("wholeTbl", _clr("tx1"), borders=_all(edge, _OUTER), fill="none")
        bands = (
            _part("band1H", borders={"top": edge, "bottom": edge})
            + _part("band1V", borders={"left": edge, "right": edge})
            + _part("band2V", borders={"left": edge, "right": edge})
        )
        first = _part("firstRow", _clr("bg1"), True, fill=_clr(a))
    else:
        whole = _part("wholeTbl", _clr("tx1"), borders=_all(edge), fill="none")
        bands = _part("band1H", fill=band) + _part("band1V", fill=band)
        first = _part("firstRow", _clr(a), True, {"bottom": edge})
    last = _part("lastRow", bold=True, borders={"top": _ln(_clr(a), 38100, "dbl") if kind == 3 else edge})
    return whole + bands + _bold_cols() + last + first, ""


def _medium1(a: str) -> tuple[str, str]:
    edge = _ln(_clr(a))
    lt1 = _clr("lt1")
    band = _clr(a, tint=20000)
    parts = (
        _part("wholeTbl", _clr("dk1"), borders={**_all(edge, (*_OUTER, "insideH")), "insideV": _ln(None)}, fill=lt1)
        + _part("band1H", fill=band)
        + _part("band1V", fill=band)
        + _bold_cols()
        + _part("lastRow", bold=True, borders={"top": _ln(_clr(a), 50800, "dbl")}, fill=_clr("lt1"))
        + _part("firstRow", _clr("lt1"), True, fill=_clr(a))
    )
    return parts, ""


def _medium2(a: str) -> tuple[str, str]:
    lt = _ln(_clr("lt1"))
    thick = _ln(_clr("lt1"), 38100)
    parts = (
        _part("wholeTbl", _clr("dk1"), borders=_all(lt), fill=_clr(a, tint=20000))
        + _part("band1H", fill=_clr(a, tint=40000))
        + _part("band1V", fill=_clr(a, tint=40000))
        + _part("lastCol", _clr("lt1"), True, fill=_clr(a))
        + _part("firstCol", _clr("lt1"), True, fill=_clr(a))
        + _part("lastRow", _clr("lt1"), True, {"top": thick}, _clr(a))
        + _part("firstRow", _clr("lt1"), True, {"bottom": thick}, _clr(a))
    )
    return parts, ""


def _medium3(a: str) -> tuple[str, str]:
    dk = _ln(_clr("dk1"), 25400)
    none = _ln(None)
    band = _clr("dk1", tint=20000)
    whole_bdr = {"left": none, "right": none, "top": dk, "bottom": dk, "insideH": none, "insideV": none}
    parts = (
        _part("wholeTbl", _clr("dk1"), borders=whole_bdr, fill=_clr("lt1"))
        + _part("band1H", fill=band)
        + _part("band1V", fill=band)
        + _part("lastCol", _clr("lt1"), True, fill=_clr(a))
        + _part("firstCol", _clr("lt1"), True, fill=_clr(a))
        + _part("lastRow", bold=True, borders={"top": _ln(_clr("dk1"), 50800, "dbl")}, fill=_clr("lt1"))
        + _part("firstRow", _clr("lt1"), True, {"bottom": dk}, _clr(a))
    )
    return parts, ""


def _medium4(a: str) -> tuple[str, str]:
    edge = _ln(_clr(a))
    parts = (
        _part("wholeTbl", _clr("dk1"), borders=_all(edge), fill=_clr(a, tint=20000))
        + _part("band1H", fill=_clr(a, tint=40000))
        + _part("band1V", fill=_clr(a, tint=40000))
        + _bold_cols()
        + _part("lastRow", bold=True, borders={"top": _ln(_clr("dk1"), 25400)}, fill=_clr("dk1", tint=20000))
        + _part("firstRow", _clr(a), True, fill=_clr(a, tint=20000))
    )
    return parts, ""


_BUILD = {
    "themed1": _themed1,
    "themed2": _themed2,
    "light1": lambda a: _light(1, a),
    "light2": lambda a: _light(2, a),
    "light3": lambda a: _light(3, a),
    "medium1": _medium1,
    "medium2": _medium2,
    "medium3": _medium3,
    "medium4": _medium4,
}


def _no_style_xml(style_id: str, name: str, line: str | None) -> str:
    """A "No Style" table style: text in tx1, no cell fill, every border in `line` (or none)."""
    ln = _ln(_clr(line)) if line else "<a:ln><a:noFill/></a:ln>"
    whole = _part("wholeTbl", _clr("tx1"), borders=_all(ln), fill="none")
    return f'<a:tblStyle {_A_NS} styleId="{style_id}" styleName="{name}">{whole}</a:tblStyle>'


def builtin_style_xml(style_id: str) -> str | None:
    """The a:tblStyle XML of a built-in PowerPoint table style known here by its id, else None."""
    key = style_id.strip().upper()
    if key in _NO_STYLE:
        return _no_style_xml(key, *_NO_STYLE[key])
    known = _BY_ID.get(key)
    if known is None:
        return None
    family, colour, name = known
    parts, background = _BUILD[family](colour)
    return f'<a:tblStyle {_A_NS} styleId="{key}" styleName="{name}">{background}{parts}</a:tblStyle>'
