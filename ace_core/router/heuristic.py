"""The heuristic router: six case-insensitive regex banks, a slide-reference extractor and the
priority order of DESIGN.md / the ACE paper (Appendix B.1). Deterministic; always run; the
per-field fallback of the LLM classifier and the only source of `needs_image`."""

from __future__ import annotations

import re

from ace_core.router.decision import PresentationSummary, RoutingDecision

__all__ = ["BANKS", "extract_slide_refs", "heuristic_route"]


def _bank(*patterns: str) -> list[re.Pattern[str]]:
    return [re.compile(p, re.I) for p in patterns]


_NOUN = r"(presentation|deck|slide ?show|slides|pages|document|file)"
BANKS: dict[str, list[re.Pattern[str]]] = {
    "global": _bank(
        rf"\b(entire|whole|all|every|each)\b(\s+\w+){{0,3}}\s+{_NOUN}\b",
        r"\b(all|every|each)\s+(the\s+)?slides?\b",
        rf"\b(the|this|my|our)\s+{_NOUN}\b",
        r"\bthroughout\b",
        r"\beverywhere\b",
        r"\bglobal(ly)?\b",
        r"\bacross\s+(the\s+|all\s+)?(deck|slides|presentation)\b",
        r"\bdeck[- ]wide\b",
    ),
    # explicit deck-wide scope (not "the presentation" alone, not "all ... on slides 2 and 3"):
    # with a batch cue it wins over named slides
    "deck_wide": _bank(
        rf"\b(entire|whole|all|every|each)\b(\s+\w+){{0,3}}\s+{_NOUN}\b(?!\s*#?\d)",
        r"\b(all|every|each)\s+(the\s+)?slides?\b(?!\s*#?\d)",
        r"\bthroughout\b",
        r"\beverywhere\b",
        r"\bglobal(ly)?\b",
        r"\bacross\s+(the\s+|all\s+)?(deck|slides|presentation)\b(?!\s*#?\d)",
        r"\bdeck[- ]wide\b",
    ),
    "systemic": _bank(
        r"\bcolou?r\s*(scheme|palette|theme|system)\b",
        r"\btheme\b",
        r"\bpalettes?\b",
        r"\b(dark|light|night)\s*(mode|theme|background)\b",
        r"\bbrand(ing)?\s+colou?rs?\b",
        r"\baccent\s+colou?rs?\b",
        r"\bdesign\s+(system|tokens?)\b",
        r"\bstyle\s+guide\b",
        r"\b(primary|secondary)\s+colou?rs?\b",
        r"\bcolou?rs?\b.*\b(across|throughout|everywhere)\b",
    ),
    "macro": _bank(
        r"\btranslat(e|ion)\b",
        r"\bproof-?read",
        r"\bspell(ing)?(\s+check)?\b",
        r"\btypos?\b",
        r"\bgrammar\b",
        r"\bfind\s+(and|&)\s+replace\b",
        r"\breplace\s+(all|every)\b",
        r"\b(bold|italici[sz]e|underline)\s+(all|every)\b",
        r"\b(all|every)\s+(the\s+)?(titles?|headings?|headers?|footers?|captions?|bullets?|text)\b",
        r"\bfont\b.*\b(everywhere|throughout|all slides|every slide)\b",
        r"\bconsisten(t|cy)\b",
        r"\bstandardi[sz]e\b",
        r"\buniform(ly)?\b",
        r"\bcapitali[sz]",
        r"\b(delete|remove)\s+(all|every)\b",
        r"\bshorten\b.*\b(all|every)\b",
        r"\bsummari[sz]e\b",
        r"\baccessib(le|ility)\b",
        r"\baudit",
        r"\bwcag\b",
        r"\balt(ernative)?[- ]text\b",
    ),
    "structural": _bank(
        r"\bwrong\s+order\b",
        r"\bout\s+of\s+order\b",
        r"\bre-?order",
        r"\bre-?arrange",
        r"\bre-?sequence",
        r"\bsort\s+(the\s+)?slides\b",
        r"\bswap\s+(the\s+)?slides?\b",
        r"\b(merge|combine|consolidate)\s+(the\s+)?(two\s+)?slides?\b",
        r"\b(merge|combine|consolidate)\b.*\bslides?\b",
        r"\bsplit\s+(the\s+|this\s+)?slide\b",
        r"\bmove\s+slide\s*#?\d+\s+(before|after|to)\b",
        r"\bagenda\b",
        r"\b(add|insert|create|append)\s+(a\s+|an\s+|one\s+|two\s+|\d+\s+)?(new\s+)?(\w+\s+){0,2}slides?\b",
        r"\b(delete|remove|drop)\s+(the\s+)?(\w+\s+)?slides?\b",
        r"\bduplicate\s+(the\s+)?slides?\b",
        r"\bslide\s+order\b",
    ),
    "micro": _bank(
        r"\b(add|insert|place|put|create)\s+(a|an|the|one|two)?\s*(\w+\s+){0,2}(chart|graph|table|image|picture|photo|shape|text\s*box|title|subtitle|logo|icon|diagram|arrow|line|button|caption|footnote|equation|smartart|timeline)\b",
        r"\bmove\b",
        r"\bresize\b",
        r"\balign",
        r"\bcent(er|re)\b",
        r"\bdistribute\b",
        r"\bz-?order\b",
        r"\bbring\s+(it\s+|\w+\s+)?(to\s+)?(the\s+)?(front|forward)\b",
        r"\bsend\s+(it\s+|\w+\s+)?(to\s+)?(the\s+)?(back|backward)\b",
        r"\brotat",
        r"\bcrop",
        r"\benlarge\b",
        r"\bshrink\b",
        r"\b(bigger|smaller|wider|narrower|taller|shorter)\b",
        r"\bposition\b",
        r"\boverlap",
        r"\bspacing\b",
        r"\bmargins?\b",
        r"\bpadding\b",
        r"\bflip\b",
    ),
    "image_needed": _bank(
        r"\bimages?\b",
        r"\bpictures?\b",
        r"\bphotos?\b",
        r"\blogos?\b",
        r"\bicons?\b",
        r"\bcharts?\b",
        r"\bgraphs?\b",
        r"\bdiagrams?\b",
        r"\bvisual",
        r"\blooks?\b",
        r"\bdesign\b",
        r"\blayout\b",
        r"\balign",
        r"\boverlap",
        r"\bposition",
        r"\bspacing\b",
        r"\bbackground\b",
        r"\baesthetic",
        r"\bbeautif",
        r"\bclutter",
        r"\bcrowded\b",
        r"\bcolou?rs?\b",
        r"\bstyle\b",
        r"\bmove\b",
        r"\bresize\b",
        r"\bbigger|smaller\b",
    ),
    "image_not_needed": _bank(
        r"\btranslat",
        r"\bproof-?read",
        r"\bspell",
        r"\btypos?\b",
        r"\bgrammar\b",
        r"\brename\b",
        r"\bwording\b",
        r"\bre-?word",
        r"\brewrite\b",
        r"\bsummari[sz]",
        r"\bspeaker\s+notes?\b",
        r"\bnotes\b",
        r"\bre-?order",
        r"\bsort\b",
        r"\breplace\b",
        r"\btext\b",
        r"\bfont\b",
        r"\bbold\b",
        r"\bitalic",
        r"\bcapitali[sz]",
    ),
}

_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "eleventh": 11,
    "twelfth": 12,
    "thirteenth": 13,
    "fourteenth": 14,
    "fifteenth": 15,
    "sixteenth": 16,
    "seventeenth": 17,
    "eighteenth": 18,
    "nineteenth": 19,
    "twentieth": 20,
}
_NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_ORD = "|".join(_ORDINALS)
_NUM = r"#?\d+"
_SEP = r"\s*(?:,\s*(?:and\s+|&\s+)?|\band\b|&|\bor\b|/)\s*"
_RANGE = r"\s*(?:-|–|—|\bto\b|\bthrough\b|\bthru\b|\buntil\b|\.\.)\s*"
_LIST = rf"{_NUM}(?:(?:{_RANGE}|{_SEP}){_NUM})*"
_RE_SLIDES = re.compile(rf"\b(?:slides?|pages?|slide\s+(?:number|no\.?|#))\s*({_LIST})", re.I)
_RE_NTH = re.compile(r"\b(\d+)(?:st|nd|rd|th)\s+(?:and\s+\d+(?:st|nd|rd|th)\s+)?slides?\b", re.I)
_RE_NTH_PAIR = re.compile(r"\b(\d+)(?:st|nd|rd|th)\s+and\s+(\d+)(?:st|nd|rd|th)\s+slides\b", re.I)
_RE_WORD_ORD = re.compile(rf"\b({_ORD})\s+(?:and\s+(?:the\s+)?({_ORD})\s+)?slides?\b", re.I)
_RE_FIRST_N = re.compile(rf"\b(first|last)\s+(\d+|{'|'.join(_NUMBER_WORDS)})\s+slides\b", re.I)
_RE_LAST = re.compile(r"\b(?:last|final|closing|ending|concluding)\s+slide\b", re.I)
_RE_PENULT = re.compile(r"\b(?:second[\s-]+to[\s-]+last|penultimate|next[\s-]+to[\s-]+last)\s+slide\b", re.I)
_RE_TITLE = re.compile(r"\b(?:title|cover|opening|intro(?:duction|ductory)?)\s+slide\b", re.I)
_RE_ONWARD = re.compile(r"\bslides?\s+#?(\d+)\s+(?:onwards?|and\s+(?:after|beyond|later|following))\b", re.I)


def _ints(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def _expand(spec: str, n: int) -> list[int]:
    """'2, 4-6 and 9' -> 1-based [2, 4, 5, 6, 9]; ranges are clamped to the deck."""
    out: list[int] = []
    parts = re.split(_SEP, spec)
    for part in parts:
        bounds = [int(x) for x in re.findall(r"\d+", part)]
        if len(bounds) >= 2 and re.search(_RANGE, part):
            lo, hi = sorted(bounds[:2])
            out.extend(range(max(lo, 1), min(hi, max(n, 1)) + 1))
        else:
            out.extend(bounds)
    return out


def extract_slide_refs(instruction: str, slide_count: int) -> list[int]:
    """Explicit slide references as sorted unique 0-based indices within the deck. Numbers,
    ordinals ('3rd slide', 'third slide'), lists and ranges ('slides 2 through 5'), 'first/last N
    slides', 'slide 4 onwards', 'last slide', 'second to last slide', 'title slide'. A single
    reference outside the deck is dropped; a range is clamped to the deck."""
    n = slide_count
    refs: list[int] = []
    text = instruction
    for m in _RE_SLIDES.finditer(text):
        refs.extend(_expand(m.group(1), n))
    for m in _RE_NTH_PAIR.finditer(text):
        refs.extend(int(g) for g in m.groups())
    for m in _RE_NTH.finditer(text):
        refs.append(int(m.group(1)))
    for m in _RE_WORD_ORD.finditer(text):
        refs.extend(_ORDINALS[g.lower()] for g in m.groups() if g)
    for m in _RE_FIRST_N.finditer(text):
        word = m.group(2).lower()
        k = int(word) if word.isdigit() else _NUMBER_WORDS[word]
        refs.extend(range(1, k + 1) if m.group(1).lower() == "first" else range(n - k + 1, n + 1))
    for m in _RE_ONWARD.finditer(text):
        refs.extend(range(int(m.group(1)), n + 1))
    if _RE_PENULT.search(text):
        refs.append(n - 1)
    elif _RE_LAST.search(text) and not _RE_FIRST_N.search(text):
        refs.append(n)
    if _RE_TITLE.search(text):
        refs.append(1)
    return sorted({r - 1 for r in refs if 1 <= r <= n})


def _matches(bank: str, text: str) -> list[str]:
    found = []
    for pattern in BANKS[bank]:
        m = pattern.search(text)
        if m:
            found.append(m.group(0))
    return found


def heuristic_route(instruction: str, summary: PresentationSummary) -> RoutingDecision:
    """Route by the banks in the fixed priority order; always returns a complete decision."""
    text = instruction.lower()
    cues = {bank: _matches(bank, text) for bank in BANKS}
    targets = extract_slide_refs(instruction, summary.slide_count)
    need, no_need = len(cues["image_needed"]), len(cues["image_not_needed"])
    needs_image = need >= no_need  # ties (and no cue at all) -> True: missing visuals hurt more than tokens
    found = {k: v for k, v in cues.items() if v}

    def decide(mode: str, conf: float, reason: str, tgt: list[int] | None = None) -> RoutingDecision:
        return RoutingDecision(
            mode=mode,
            target_slides=targets if tgt is None else tgt,
            needs_image=needs_image,
            confidence=conf,
            reason=reason,
            source="heuristic",
            cues=found,
        )

    is_global = bool(cues["global"])
    if cues["systemic"] and (is_global or not targets):
        return decide("SYSTEMIC_TOKEN", 0.9, f"design-system cue {cues['systemic'][0]!r} with deck-wide scope", [])
    if cues["structural"]:
        return decide("MACRO_PROGRAMMATIC", 0.85, f"structural cue {cues['structural'][0]!r}: whole-deck edit")
    if cues["macro"] and (len(targets) > 3 or not targets):
        return decide("MACRO_PROGRAMMATIC", 0.8, f"batch cue {cues['macro'][0]!r} over many slides")
    if cues["macro"] and cues["deck_wide"]:
        return decide(
            "MACRO_PROGRAMMATIC",
            0.8,
            f"deck-wide cue {cues['deck_wide'][0]!r} with batch cue {cues['macro'][0]!r} wins over the named "
            f"slide(s) {[t + 1 for t in targets]}",
        )
    if 1 <= len(targets) <= 6:
        return decide("MICRO_SPATIAL", 0.85, f"names {len(targets)} slide(s): {[t + 1 for t in targets]}")
    if len(targets) > 6:
        return decide("MACRO_PROGRAMMATIC", 0.7, f"names {len(targets)} slides")
    if is_global:
        return decide("MACRO_PROGRAMMATIC", 0.6, f"deck-wide cue {cues['global'][0]!r} without a specific operation")
    if cues["micro"] and summary.slide_count == 1:
        return decide("MICRO_SPATIAL", 0.8, "spatial edit on a one-slide deck", [0])
    return decide("FULL", 0.4, "no routing cue matched: full context")
