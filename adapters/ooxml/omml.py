"""Office Math (OMML) <-> LaTeX: LaTeX is parsed to MathML by latex2mathml (MIT) and the MathML
mapped to OMML here; OMML maps back to LaTeX structure by structure (fractions, scripts, radicals,
n-ary operators, delimiters, accents, bars, limits, functions, matrices, equation arrays), with
Unicode symbols written as their LaTeX commands. A plain-text reading (the characters in order)
serves text that mixes words and equations."""

from __future__ import annotations

import re
import unicodedata

from lxml import etree

from ace_core.errors import BadInputError
from ace_core.xml_safe import safe_xml_parser

__all__ = ["MATH_NS", "latex_to_omml", "omml_text", "omml_to_latex"]

MATH_NS = "http://schemas.openxmlformats.org/officeDocument/2006/math"
_MML = "{http://www.w3.org/1998/Math/MathML}"
_M = f"{{{MATH_NS}}}"
_SAFE = safe_xml_parser(remove_blank_text=True)

_NARY = {"∑", "∏", "∐", "∫", "∬", "∭", "∮", "∯", "∰", "⋃", "⋂", "⋁", "⋀", "⨁", "⨂", "⨀"}
_FUNCS = {
    "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "coth",
    "log", "ln", "lg", "exp", "det", "dim", "ker", "deg", "gcd", "hom", "arg", "max", "min", "sup", "inf",
    "lim", "liminf", "limsup", "Pr",
}  # fmt: skip
_ACCENTS = {
    "^": "\u0302", "\u0302": "\u0302", "ˆ": "\u0302", "~": "\u0303", "\u0303": "\u0303", "˜": "\u0303",
    "¯": "\u0305", "\u0304": "\u0305", "\u0305": "\u0305", "‾": "\u0305", "―": "\u0305",
    "→": "\u20d7", "\u20d7": "\u20d7", "˙": "\u0307", "\u0307": "\u0307", "¨": "\u0308", "\u0308": "\u0308",
    "ˇ": "\u030c", "\u030c": "\u030c", "˘": "\u0306", "\u0306": "\u0306", "´": "\u0301", "`": "\u0300",
}  # fmt: skip
_ACCENT_CMD = {
    "\u0302": "hat", "\u0303": "tilde", "\u0305": "bar", "\u0304": "bar", "\u20d7": "vec", "\u0307": "dot",
    "\u0308": "ddot", "\u030c": "check", "\u0306": "breve", "\u0301": "acute", "\u0300": "grave",
}  # fmt: skip
_NARY_CMD = {
    "∑": "sum", "∏": "prod", "∐": "coprod", "∫": "int", "∬": "iint", "∭": "iiint", "∮": "oint", "⋃": "bigcup",
    "⋂": "bigcap", "⋁": "bigvee", "⋀": "bigwedge", "⨁": "bigoplus", "⨂": "bigotimes", "⨀": "bigodot",
}  # fmt: skip
_COMMON = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "varepsilon", "ϵ": "epsilon", "ζ": "zeta", "η": "eta",
    "θ": "theta", "ϑ": "vartheta", "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi",
    "π": "pi", "ϖ": "varpi", "ρ": "rho", "ϱ": "varrho", "σ": "sigma", "ς": "varsigma", "τ": "tau",
    "υ": "upsilon", "φ": "varphi", "ϕ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega", "Γ": "Gamma", "Δ": "Delta",
    "Θ": "Theta", "Λ": "Lambda", "Ξ": "Xi", "Π": "Pi", "Σ": "Sigma", "Υ": "Upsilon", "Φ": "Phi", "Ψ": "Psi",
    "Ω": "Omega", "≤": "leq", "≥": "geq", "≠": "neq", "≈": "approx", "≡": "equiv", "∼": "sim", "≃": "simeq",
    "∝": "propto", "±": "pm", "∓": "mp", "×": "times", "÷": "div", "·": "cdot", "⋅": "cdot", "∘": "circ",
    "∞": "infty", "∂": "partial", "∇": "nabla", "→": "to", "←": "leftarrow", "↔": "leftrightarrow",
    "⇒": "Rightarrow", "⇐": "Leftarrow", "⇔": "Leftrightarrow", "↦": "mapsto", "∈": "in", "∉": "notin",
    "⊂": "subset", "⊃": "supset", "⊆": "subseteq", "⊇": "supseteq", "∪": "cup", "∩": "cap", "∅": "emptyset",
    "∀": "forall", "∃": "exists", "¬": "neg", "∧": "land", "∨": "lor", "…": "ldots", "⋯": "cdots",
    "⋮": "vdots", "⋱": "ddots", "′": "prime", "ℝ": "mathbb{R}", "ℕ": "mathbb{N}", "ℤ": "mathbb{Z}",
    "ℚ": "mathbb{Q}", "ℂ": "mathbb{C}", "ℓ": "ell", "ℏ": "hbar", "⊥": "perp", "∥": "parallel", "°": "circ",
    "⟨": "langle", "⟩": "rangle", "⌊": "lfloor", "⌋": "rfloor", "⌈": "lceil", "⌉": "rceil", "√": "surd",
    "⊕": "oplus", "⊗": "otimes", "≪": "ll", "≫": "gg", "∗": "ast", "⋆": "star", "†": "dagger",
}  # fmt: skip
_BRACKETS = {"(": ")", "[": "]", "{": "}", "|": "|", "‖": "‖", "⟨": "⟩"}
_RELATIONS = set("=<>≤≥≠≈≡∼≃∝→←↔⇒⇐⇔∈∉⊂⊃⊆⊇+−-±∓,;")


_ALPHABETS = {
    "BOLD": "mathbf", "ITALIC": "mathit", "BOLD ITALIC": "boldsymbol", "DOUBLE-STRUCK": "mathbb",
    "SCRIPT": "mathcal", "BOLD SCRIPT": "mathcal", "FRAKTUR": "mathfrak", "SANS-SERIF": "mathsf",
    "MONOSPACE": "mathtt",
}  # fmt: skip
_ALPHA = re.compile(r"^MATHEMATICAL (.+?) (CAPITAL|SMALL|DIGIT) (\w+)$")
_DIGITS = {"ZERO": "0", "ONE": "1", "TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5", "SIX": "6", "SEVEN": "7"}
_DIGITS |= {"EIGHT": "8", "NINE": "9"}


def _symbol(ch: str) -> str:
    """LaTeX for one character that is not plain ASCII: a command, a math alphabet, or itself."""
    cmd = _COMMON.get(ch)
    if cmd is not None:
        return "\\" + cmd + (" " if cmd.isalpha() else "")
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return ch
    m = _ALPHA.match(name)
    if m and m.group(1) in _ALPHABETS:
        letter = m.group(3)
        base = {"CAPITAL": letter.upper(), "SMALL": letter.lower()}.get(m.group(2), _DIGITS.get(letter, letter))
        if len(base) == 1 and m.group(1) == "ITALIC" and base.isalpha():
            return base  # a math-italic letter is how LaTeX sets a plain one
        if len(base) == 1:
            return f"\\{_ALPHABETS[m.group(1)]}{{{base}}}"
    return ch


def _m(tag: str, parent: etree._Element | None = None, **attrs: str) -> etree._Element:
    el = etree.Element(_M + tag, nsmap={"m": MATH_NS}) if parent is None else etree.SubElement(parent, _M + tag)
    for k, v in attrs.items():
        el.set(_M + k, v)
    return el


# -- LaTeX -> OMML -----------------------------------------------------------------------------------


def latex_to_omml(latex: str, *, display: bool = True) -> etree._Element:
    """m:oMathPara (display) or m:oMath (inline) for a LaTeX equation (without the $ delimiters).
    Raises BadInputError when the LaTeX cannot be parsed."""
    text = latex.strip()
    for fence in ("$$", "$"):
        if text.startswith(fence) and text.endswith(fence) and len(text) >= 2 * len(fence):
            text = text[len(fence) : -len(fence)]
            break
    try:
        from latex2mathml.converter import convert
    except ImportError as exc:  # pragma: no cover - a declared dependency
        raise BadInputError("latex2mathml is not installed", where="math") from exc
    try:
        mathml = etree.fromstring(convert(text).encode("utf-8"), _SAFE)
    except Exception as exc:  # latex2mathml raises assorted errors on bad input
        raise BadInputError(f"cannot read the LaTeX ({exc or type(exc).__name__})", where="math") from exc
    o_math = _m("oMath")
    _row(list(mathml), o_math)
    if not display:
        return o_math
    para = _m("oMathPara")
    pr = _m("oMathParaPr", para)
    _m("jc", pr, val="centerGroup")
    para.append(o_math)
    return para


def _local(el: etree._Element) -> str:
    return el.tag[len(_MML) :] if isinstance(el.tag, str) and el.tag.startswith(_MML) else ""


def _text(el: etree._Element) -> str:
    return "".join(el.itertext())


def _run(parent: etree._Element, text: str, style: str | None = None, normal: bool = False) -> None:
    r = _m("r", parent)
    if style or normal:
        pr = _m("rPr", r)
        if normal:
            _m("nor", pr)
        if style:
            _m("sty", pr, val=style)
    t = _m("t", r)
    t.text = text
    if text != text.strip():
        t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")


def _arg(el: etree._Element | None, parent: etree._Element, tag: str) -> etree._Element:
    holder = _m(tag, parent)
    if el is not None:
        _node(el, holder)
    return holder


def _row(items: list[etree._Element], parent: etree._Element) -> None:
    i = 0
    while i < len(items):
        el = items[i]
        name = _local(el)
        base = el[0] if name in ("msub", "msup", "msubsup", "munder", "mover", "munderover") and len(el) else None
        op = (
            _text(base).strip()
            if base is not None and _local(base) == "mo"
            else _text(el).strip()
            if name == "mo"
            else ""
        )
        if op in _NARY:  # an n-ary operator takes what follows it, up to the next relation, as its body
            j = i + 1
            while j < len(items) and not (_local(items[j]) == "mo" and _text(items[j]).strip() in _RELATIONS):
                j += 1
            _nary(el, op, items[i + 1 : j], parent)
            i = j
            continue
        if name == "mi" and _text(el).strip() in _FUNCS and i + 1 < len(items) and _local(items[i + 1]) != "mo":
            func = _m("func", parent)
            _run(_m("fName", func), _text(el).strip(), "p")
            _arg(items[i + 1], func, "e")
            i += 2
            continue
        pair = _BRACKETS.get(_text(el).strip()) if name == "mo" else None
        if (
            pair
            and i + 2 < len(items)
            and _local(items[i + 1]) in ("mtable", "mfrac")
            and _text(items[i + 2]).strip() == pair
        ):
            _delim(_text(el).strip(), pair, [items[i + 1]], parent)  # a matrix or binomial in brackets
            i += 3
            continue
        if name == "mo" and el.get("fence") == "true" and el.get("form") == "prefix":
            depth, j = 0, i
            while j < len(items):  # the matching closing fence
                if _local(items[j]) == "mo" and items[j].get("fence") == "true":
                    depth += 1 if items[j].get("form") == "prefix" else -1 if items[j].get("form") == "postfix" else 0
                    if depth == 0:
                        break
                j += 1
            close = _text(items[j]).strip() if j < len(items) else ""
            _delim(_text(el).strip(), close, items[i + 1 : j], parent)
            i = j + 1
            continue
        _node(el, parent)
        i += 1


def _delim(open_: str, close: str, inner: list[etree._Element], parent: etree._Element) -> None:
    d = _m("d", parent)
    pr = _m("dPr", d)
    _m("begChr", pr, val=open_)
    _m("endChr", pr, val=close)
    e = _m("e", d)
    _row(inner, e)


def _nary(el: etree._Element, op: str, body: list[etree._Element], parent: etree._Element) -> None:
    nary = _m("nary", parent)
    pr = _m("naryPr", nary)
    _m("chr", pr, val=op)
    name = _local(el)
    under = name in ("munder", "munderover") or op not in ("∫", "∬", "∭", "∮", "∯", "∰")
    _m("limLoc", pr, val="undOvr" if under else "subSup")
    low = el[1] if name in ("msub", "msubsup", "munder", "munderover") and len(el) > 1 else None
    high = (
        el[2]
        if name in ("msubsup", "munderover") and len(el) > 2
        else el[1]
        if name in ("msup", "mover") and len(el) > 1
        else None
    )
    if low is None:
        _m("subHide", pr, val="1")
    if high is None:
        _m("supHide", pr, val="1")
    _arg(low, nary, "sub")
    _arg(high, nary, "sup")
    _row(body, _m("e", nary))


def _node(el: etree._Element, parent: etree._Element) -> None:
    name = _local(el)
    kids = [c for c in el if isinstance(c.tag, str)]
    if name in ("math", "mrow", "mstyle", "mpadded", "merror", "semantics", "mphantom"):
        _row(kids, parent)
    elif name == "mi":
        text = _text(el).strip()
        italic = len(text) == 1 and el.get("mathvariant") in (None, "italic") and text.isalpha()
        _run(parent, text, None if italic else "p")
    elif name in ("mn", "mo"):
        text = _text(el).strip()
        if text in ("\u2061", "\u2062", "\u2063", ""):
            return
        _run(parent, text, "p")
    elif name == "mtext":
        _run(parent, _text(el).replace("\u00a0", " "), "p", normal=True)
    elif name == "mspace":
        if el.get("linebreak") == "newline":
            _run(parent, " ", "p")
    elif name == "mfrac":
        f = _m("f", parent)
        if el.get("linethickness") in ("0", "0pt", "0em"):
            _m("type", _m("fPr", f), val="noBar")
        _arg(kids[0] if kids else None, f, "num")
        _arg(kids[1] if len(kids) > 1 else None, f, "den")
    elif name == "msqrt":
        rad = _m("rad", parent)
        _m("degHide", _m("radPr", rad), val="1")
        _m("deg", rad)
        _row(kids, _m("e", rad))
    elif name == "mroot":
        rad = _m("rad", parent)
        _m("radPr", rad)
        _arg(kids[1] if len(kids) > 1 else None, rad, "deg")
        _arg(kids[0] if kids else None, rad, "e")
    elif name in ("msup", "msub", "msubsup"):
        tag = {"msup": "sSup", "msub": "sSub", "msubsup": "sSubSup"}[name]
        s = _m(tag, parent)
        _arg(kids[0] if kids else None, s, "e")
        if name == "msup":
            _arg(kids[1] if len(kids) > 1 else None, s, "sup")
        else:
            _arg(kids[1] if len(kids) > 1 else None, s, "sub")
            if name == "msubsup":
                _arg(kids[2] if len(kids) > 2 else None, s, "sup")
    elif name in ("mover", "munder", "munderover"):
        _over_under(name, el, kids, parent)
    elif name == "mtable":
        mat = _m("m", parent)
        for tr in kids:
            mr = _m("mr", mat)
            for td in (c for c in tr if isinstance(c.tag, str)):
                _row([c for c in td if isinstance(c.tag, str)], _m("e", mr))
    elif name == "menclose":
        box = _m("borderBox", parent)
        _row(kids, _m("e", box))
    else:
        _row(kids, parent)


def _over_under(name: str, el: etree._Element, kids: list[etree._Element], parent: etree._Element) -> None:
    base = kids[0] if kids else None
    mark = kids[1] if len(kids) > 1 else None
    mark_text = _text(mark).strip() if mark is not None and _local(mark) == "mo" else ""
    if name == "mover" and mark_text in ("―", "‾", "¯") and mark is not None and mark.get("accent") == "true":
        bar = _m("bar", parent)
        _m("pos", _m("barPr", bar), val="top")
        _arg(base, bar, "e")
        return
    if name == "munder" and mark_text in ("―", "_", "‾", "¯"):
        bar = _m("bar", parent)
        _m("pos", _m("barPr", bar), val="bot")
        _arg(base, bar, "e")
        return
    if name == "mover" and mark_text in _ACCENTS:
        acc = _m("acc", parent)
        _m("chr", _m("accPr", acc), val=_ACCENTS[mark_text])
        _arg(base, acc, "e")
        return
    if mark_text in ("⏟", "⏞", "︸", "︷"):
        grp = _m("groupChr", parent)
        pr = _m("groupChrPr", grp)
        _m("chr", pr, val=mark_text)
        _m("pos", pr, val="bot" if name == "munder" else "top")
        _arg(base, grp, "e")
        return
    if name == "munderover":
        low = _m("limLow", parent)
        upp = _m("limUpp", _m("e", low))
        _arg(base, upp, "e")
        _arg(kids[2] if len(kids) > 2 else None, upp, "lim")
        _arg(mark, low, "lim")
        return
    lim = _m("limLow" if name == "munder" else "limUpp", parent)
    _arg(base, lim, "e")
    _arg(mark, lim, "lim")


# -- OMML -> LaTeX -----------------------------------------------------------------------------------


def _om(el: etree._Element) -> str:
    return el.tag[len(_M) :] if isinstance(el.tag, str) and el.tag.startswith(_M) else ""


def _child(el: etree._Element, name: str) -> etree._Element | None:
    return el.find(_M + name)


def _val(el: etree._Element | None, name: str, default: str = "") -> str:
    found = el.find(_M + name) if el is not None else None
    if found is None:
        return default
    return found.get(_M + "val", default)


def omml_to_latex(el: etree._Element) -> str:
    """LaTeX for an m:oMathPara / m:oMath (or any OMML element)."""
    if _om(el) == "oMathPara":
        parts = [_latex(m) for m in el.findall(_M + "oMath")]
        return " \\\\ ".join(p for p in parts if p)
    return _latex(el).strip()


def _sub_latex(el: etree._Element, name: str) -> str:
    child = _child(el, name)
    return _latex(child) if child is not None else ""


def _group(el: etree._Element | None) -> str:
    body = _latex(el) if el is not None else ""
    return "{" + body + "}"


def _latex(el: etree._Element) -> str:
    out: list[str] = []
    for child in el:
        piece = _piece(child)
        if piece:
            if out and out[-1][-1:].isalpha() and piece[:1].isalpha() and out[-1].rsplit("\\", 1)[-1].isalpha():
                out.append(" ")
            out.append(piece)
    return "".join(out)


def _piece(el: etree._Element) -> str:
    name = _om(el)
    if name == "r":
        return _run_latex(el)
    if name == "f":
        kind = _val(_child(el, "fPr"), "type", "bar")
        num, den = _group(_child(el, "num")), _group(_child(el, "den"))
        if kind == "noBar":
            return f"{{{num} \\atop {den}}}"
        if kind == "lin":
            return f"{num}/{den}"
        return f"\\frac{num}{den}"
    if name in ("sSup", "sSub", "sSubSup"):
        base = _group(_child(el, "e"))
        sub = f"_{_group(_child(el, 'sub'))}" if name != "sSup" else ""
        sup = f"^{_group(_child(el, 'sup'))}" if name != "sSub" else ""
        return base + sub + sup
    if name == "sPre":
        return f"{{}}_{_group(_child(el, 'sub'))}^{_group(_child(el, 'sup'))}{_group(_child(el, 'e'))}"
    if name == "rad":
        pr = _child(el, "radPr")
        deg = _child(el, "deg")
        if _val(pr, "degHide") in ("1", "on", "true") or deg is None or not _latex(deg):
            return f"\\sqrt{_group(_child(el, 'e'))}"
        return f"\\sqrt[{_latex(deg)}]{_group(_child(el, 'e'))}"
    if name == "nary":
        pr = _child(el, "naryPr")
        chr_ = _val(pr, "chr", "∫")
        cmd = "\\" + _NARY_CMD.get(chr_, "int")
        if _val(pr, "subHide") not in ("1", "on", "true") and _sub_latex(el, "sub"):
            cmd += f"_{_group(_child(el, 'sub'))}"
        if _val(pr, "supHide") not in ("1", "on", "true") and _sub_latex(el, "sup"):
            cmd += f"^{_group(_child(el, 'sup'))}"
        return f"{cmd} {_sub_latex(el, 'e')}".rstrip()
    if name == "d":
        pr = _child(el, "dPr")
        beg, end, sep = _val(pr, "begChr", "("), _val(pr, "endChr", ")"), _val(pr, "sepChr", "|")
        parts = [_latex(e) for e in el.findall(_M + "e")]
        inner = f" {_fence(sep, True)} ".join(parts) if sep else "".join(parts)
        matrix = len(parts) == 1 and len(el.findall(_M + "e")[0]) == 1 and _om(el.findall(_M + "e")[0][0]) == "m"
        if matrix and (beg, end) in (("(", ")"), ("[", "]"), ("|", "|"), ("{", "}")):
            env = {"(": "pmatrix", "[": "bmatrix", "|": "vmatrix", "{": "Bmatrix"}[beg]
            return inner.replace("\\begin{matrix}", f"\\begin{{{env}}}").replace("\\end{matrix}", f"\\end{{{env}}}")
        return f"\\left{_fence(beg)} {inner} \\right{_fence(end)}"
    if name == "acc":
        chr_ = _val(_child(el, "accPr"), "chr", "\u0302")
        return f"\\{_ACCENT_CMD.get(chr_, 'hat')}{_group(_child(el, 'e'))}"
    if name == "bar":
        pos = _val(_child(el, "barPr"), "pos", "bot")
        return f"\\{'overline' if pos == 'top' else 'underline'}{_group(_child(el, 'e'))}"
    if name in ("limLow", "limUpp"):
        base = _sub_latex(el, "e")
        lim = _group(_child(el, "lim"))
        if name == "limLow" and base.strip() in ("\\lim", "lim", "\\max", "\\min", "\\sup", "\\inf"):
            return f"{_as_func(base.strip())}_{lim}"
        return f"\\underset{lim}{{{base}}}" if name == "limLow" else f"\\overset{lim}{{{base}}}"
    if name == "func":
        fname = _sub_latex(el, "fName").strip()
        return f"{_as_func(fname)} {_sub_latex(el, 'e')}"
    if name == "groupChr":
        pr = _child(el, "groupChrPr")
        top = _val(pr, "pos", "bot") == "top"
        return f"\\{'overbrace' if top else 'underbrace'}{_group(_child(el, 'e'))}"
    if name == "m":
        rows = [" & ".join(_latex(e) for e in mr.findall(_M + "e")) for mr in el.findall(_M + "mr")]
        return "\\begin{matrix} " + " \\\\ ".join(rows) + " \\end{matrix}"
    if name == "eqArr":
        rows = [_latex(e) for e in el.findall(_M + "e")]
        return "\\begin{aligned} " + " \\\\ ".join(rows) + " \\end{aligned}"
    if name.endswith("Pr"):
        return ""
    if name in ("box", "borderBox", "phant"):
        inner = _child(el, "e")
        return _latex(inner) if inner is not None else ""
    return _latex(el)


def _as_func(name: str) -> str:
    bare = name.lstrip("\\")
    if bare.startswith("mathrm{") and bare.endswith("}"):
        bare = bare[7:-1]
    if bare in _FUNCS:
        return "\\" + bare
    return f"\\operatorname{{{bare}}}" if bare.isalpha() else name


def _fence(ch: str, inner: bool = False) -> str:
    if not ch:
        return "."
    table = {"{": "\\{", "}": "\\}", "⟨": "\\langle", "⟩": "\\rangle", "‖": "\\|", "⌊": "\\lfloor", "⌋": "\\rfloor"}
    table |= {"⌈": "\\lceil", "⌉": "\\rceil"}
    if inner and ch == "|":
        return "\\mid"
    return table.get(ch, ch)


_SPECIAL = {"{": "\\{", "}": "\\}", "%": "\\%", "#": "\\#", "&": "\\&", "_": "\\_", "$": "\\$", "\\": "\\backslash "}


def _run_latex(r: etree._Element) -> str:
    text = "".join(t.text or "" for t in r.iter(_M + "t"))
    if not text:
        return ""
    pr = _child(r, "rPr")
    normal = pr is not None and _child(pr, "nor") is not None
    sty = _val(pr, "sty", "")
    if normal:
        return "\\text{" + text.replace("{", "\\{").replace("}", "\\}") + "}"
    if text.isalpha() and text.isascii() and len(text) > 1:
        return _as_func(text) if text in _FUNCS else f"\\mathrm{{{text}}}" if sty == "p" else text
    out = []
    for ch in text:
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
        elif ch == "−":
            out.append("-")
        elif ch.isascii():
            out.append(ch)
        else:
            out.append(_symbol(ch))
    return "".join(out).rstrip() if out and out[-1].endswith(" ") else "".join(out)


def omml_text(el: etree._Element) -> str:
    """The equation's characters in reading order (for text that mixes words and math)."""
    return "".join(t.text or "" for t in el.iter(_M + "t"))


_WS = re.compile(r"\s+")


def same_math(a: etree._Element, b: etree._Element) -> bool:
    """True when two OMML trees have the same structure and characters (properties ignored)."""

    def sig(el: etree._Element) -> str:
        parts = []
        for node in el.iter():
            name = _om(node)
            if not name or name.endswith("Pr") or name in ("sty", "nor", "jc"):
                continue
            if name == "t":
                parts.append(_WS.sub("", node.text or ""))
            elif name not in ("box", "e"):
                parts.append(f"<{name}>")
        return "".join(parts)

    return sig(a) == sig(b)
