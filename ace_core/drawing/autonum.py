"""Numbered-list markers: every OOXML autonumber scheme (ST_TextAutonumberScheme) as text."""

from __future__ import annotations

__all__ = ["SCHEMES", "autonum_text", "to_alpha", "to_roman"]

_ROMAN = [
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
]
_CJK_DIGITS = "〇一二三四五六七八九"
_ARABIC_ALPHA = "أبتثجحخدذرزسشصضطظعغفقكلمنهوي"
_ARABIC_ABJAD = "أبجدهوزحطيكلمنسعفصقرشتثخذضظغ"
_HEBREW = "אבגדהוזחטיכלמנסעפצקרשת"
_THAI_ALPHA = "กขคงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ"
_HINDI_VOWELS = "अआइईउऊऋएऐओऔ"
_HINDI_CONSONANTS = "कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह"


def to_roman(n: int) -> str:
    """Upper-case Roman numeral (n >= 1; 0 and below give '0')."""
    if n <= 0:
        return "0"
    out = []
    for value, letters in _ROMAN:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def _cycle(n: int, letters: str) -> str:
    """a, b, ... z, aa, bb, ... (PowerPoint repeats the letter after the alphabet runs out)."""
    if n <= 0:
        return "0"
    k = len(letters)
    return letters[(n - 1) % k] * ((n - 1) // k + 1)


def to_alpha(n: int, upper: bool = False) -> str:
    text = _cycle(n, "abcdefghijklmnopqrstuvwxyz")
    return text.upper() if upper else text


def _cjk(n: int) -> str:
    """Chinese / Japanese numerals: 一, 十, 十一, 二十一, 百 ... (up to 9999, digits beyond)."""
    if n <= 0:
        return _CJK_DIGITS[0]
    if n >= 10000:
        return "".join(_CJK_DIGITS[int(d)] for d in str(n))
    out = ""
    for value, sign in ((1000, "千"), (100, "百"), (10, "十")):
        q, n = divmod(n, value)
        if q:
            out += ("" if q == 1 and value == 10 and not out else _CJK_DIGITS[q]) + sign
    if n:
        out += _CJK_DIGITS[n]
    return out


def _digits(n: int, zero: int) -> str:
    return "".join(chr(zero + int(d)) for d in str(n))


def _circled(n: int, black: bool) -> str:
    if black:
        if 1 <= n <= 10:
            return chr(0x2776 + n - 1)
        if 11 <= n <= 20:
            return chr(0x24EB + n - 11)
    elif 1 <= n <= 20:
        return chr(0x2460 + n - 1)
    return f"({n})"


def _number(system: str, n: int) -> str:
    if system == "arabic":
        return str(n)
    if system == "alphaLc":
        return to_alpha(n)
    if system == "alphaUc":
        return to_alpha(n, upper=True)
    if system == "romanLc":
        return to_roman(n).lower()
    if system == "romanUc":
        return to_roman(n)
    if system == "arabicDb":
        return _digits(n, 0xFF10)
    if system in ("ea1Chs", "ea1Cht", "ea1JpnChsDb", "ea1JpnKor"):
        return _cjk(n)
    if system == "arabic1":
        return _cycle(n, _ARABIC_ALPHA)
    if system == "arabic2":
        return _cycle(n, _ARABIC_ABJAD)
    if system == "hebrew2":
        return _cycle(n, _HEBREW)
    if system == "thaiAlpha":
        return _cycle(n, _THAI_ALPHA)
    if system == "thaiNum":
        return _digits(n, 0x0E50)
    if system == "hindiAlpha":
        return _cycle(n, _HINDI_VOWELS)
    if system == "hindiAlpha1":
        return _cycle(n, _HINDI_CONSONANTS)
    if system == "hindiNum":
        return _digits(n, 0x0966)
    return str(n)


# scheme -> (number system, punctuation)
SCHEMES: dict[str, tuple[str, str]] = {}
for _sys in ("alphaLc", "alphaUc", "arabic", "romanLc", "romanUc", "thaiAlpha", "thaiNum"):
    SCHEMES[f"{_sys}ParenBoth"] = (_sys, "both")
    SCHEMES[f"{_sys}ParenR"] = (_sys, "parenR")
    SCHEMES[f"{_sys}Period"] = (_sys, "period")
SCHEMES.update(
    {
        "arabicPlain": ("arabic", "plain"),
        "circleNumDbPlain": ("circleWhite", "plain"),
        "circleNumWdBlackPlain": ("circleBlack", "plain"),
        "circleNumWdWhitePlain": ("circleWhite", "plain"),
        "arabicDbPeriod": ("arabicDb", "dbPeriod"),
        "arabicDbPlain": ("arabicDb", "plain"),
        "ea1ChsPeriod": ("ea1Chs", "dbPeriod"),
        "ea1ChsPlain": ("ea1Chs", "plain"),
        "ea1ChtPeriod": ("ea1Cht", "dbPeriod"),
        "ea1ChtPlain": ("ea1Cht", "plain"),
        "ea1JpnChsDbPeriod": ("ea1JpnChsDb", "dbPeriod"),
        "ea1JpnKorPlain": ("ea1JpnKor", "plain"),
        "ea1JpnKorPeriod": ("ea1JpnKor", "dbPeriod"),
        "arabic1Minus": ("arabic1", "minus"),
        "arabic2Minus": ("arabic2", "minus"),
        "hebrew2Minus": ("hebrew2", "minus"),
        "hindiAlphaPeriod": ("hindiAlpha", "period"),
        "hindiNumPeriod": ("hindiNum", "period"),
        "hindiNumParenR": ("hindiNum", "parenR"),
        "hindiAlpha1Period": ("hindiAlpha1", "period"),
    }
)


def autonum_text(scheme: str | None, n: int) -> str:
    """The marker of item `n` (1-based) in `scheme`, e.g. ('romanUcParenR', 4) -> 'IV)'.
    Unknown schemes fall back to arabicPeriod."""
    system, punct = SCHEMES.get(scheme or "arabicPeriod", ("arabic", "period"))
    if system in ("circleWhite", "circleBlack"):
        return _circled(n, system == "circleBlack")
    text = _number(system, n)
    if punct == "period":
        return f"{text}."
    if punct == "parenR":
        return f"{text})"
    if punct == "both":
        return f"({text})"
    if punct == "dbPeriod":
        return f"{text}．"
    if punct == "minus":
        return f"{text}-"
    return text
