"""The family fontconfig draws for a font name on this machine (what LibreOffice falls back to), via ctypes."""

from __future__ import annotations

import ctypes
from functools import cache

__all__ = ["fc_match"]

_MATCH = 0  # FcMatchPattern
_OK = 0  # FcResultMatch
_SONAME = "libfontconfig.so.1"


@cache
def _lib() -> ctypes.CDLL | None:
    """libfontconfig with the few signatures used here, or None where it is not installed."""
    try:
        lib = _open()
        if lib is None:
            return None
        ptr = ctypes.c_void_p
        lib.FcPatternCreate.restype = ptr
        lib.FcPatternAddString.argtypes = [ptr, ctypes.c_char_p, ctypes.c_char_p]
        lib.FcConfigSubstitute.argtypes = [ptr, ptr, ctypes.c_int]
        lib.FcDefaultSubstitute.argtypes = [ptr]
        lib.FcFontMatch.restype = ptr
        lib.FcFontMatch.argtypes = [ptr, ptr, ctypes.POINTER(ctypes.c_int)]
        lib.FcPatternGetString.argtypes = [ptr, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        lib.FcPatternDestroy.argtypes = [ptr]
    except (OSError, AttributeError):
        return None
    return lib


def _open() -> ctypes.CDLL | None:
    """The library by its Linux soname (dlopen's own search), else where ctypes finds it: its
    search runs `ldconfig -p` in a child process, a few ms of every HTML write."""
    try:
        return ctypes.CDLL(_SONAME)
    except OSError:
        pass
    from ctypes import util  # imports subprocess: only when the soname is not there

    name = util.find_library("fontconfig")
    return ctypes.CDLL(name) if name else None


@cache
def fc_match(family: str) -> str | None:
    """The installed family fontconfig picks for `family` (itself when installed, else its
    configured substitute: DejaVu Serif for Garamond, DejaVu Sans Mono for Consolas, the default
    sans for a name it does not know), as LibreOffice does on Linux; None without fontconfig."""
    lib = _lib()
    if lib is None or not family.strip():
        return None
    pat = lib.FcPatternCreate()
    if not pat:
        return None
    found = None
    try:
        lib.FcPatternAddString(pat, b"family", family.strip().encode("utf-8", "replace"))
        lib.FcConfigSubstitute(None, pat, _MATCH)
        lib.FcDefaultSubstitute(pat)
        result = ctypes.c_int()
        match = lib.FcFontMatch(None, pat, ctypes.byref(result))
        if match:
            out = ctypes.c_char_p()
            if lib.FcPatternGetString(match, b"family", 0, ctypes.byref(out)) == _OK and out.value:
                found = out.value.decode("utf-8", "replace")
            lib.FcPatternDestroy(match)
    finally:
        lib.FcPatternDestroy(pat)
    return found
