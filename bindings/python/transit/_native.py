"""The C API (include/transit/transit.h) through cffi in ABI mode: the
header's declarations are read at import and libtransit_c is opened with
dlopen, so the package needs no compiler."""

import ctypes.util
import os
import re
from pathlib import Path

import cffi

from .errors import error_for

_HERE = Path(__file__).resolve().parent
_SOURCE_ROOT = _HERE.parent.parent.parent


def _first_existing(candidates):
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return str(candidate)
    return None


def _header_path():
    found = _first_existing([
        os.environ.get("TRANSIT_HEADER"),
        _HERE / "transit.h",
        _SOURCE_ROOT / "include" / "transit" / "transit.h",
        "/usr/local/include/transit/transit.h",
        "/usr/include/transit/transit.h",
    ])
    if not found:
        raise ImportError("transit: cannot find transit.h; set TRANSIT_HEADER to its path")
    return found


def _library_path():
    found = _first_existing([
        os.environ.get("TRANSIT_LIBRARY"),
        _HERE / "libtransit_c.so",
        _SOURCE_ROOT / "build" / "release" / "libtransit_c.so",
    ])
    return found or ctypes.util.find_library("transit_c")


def _declarations(header_text):
    """The header as cffi's cdef takes it: no comments, no preprocessor
    lines, no export macro, no extern "C" wrapper, no integer suffixes."""
    text = re.sub(r"/\*.*?\*/", "", header_text, flags=re.S)
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    text = text.replace("TR_API ", "")
    text = re.sub(r'extern "C" \{', "", text)
    text = re.sub(r"\}\s*$", "", text.rstrip())
    return re.sub(r"\b(\d+)u\b", r"\1", text)


ffi = cffi.FFI()
ffi.cdef(_declarations(Path(_header_path()).read_text()))
_library = _library_path()
if not _library:
    raise ImportError("transit: cannot find libtransit_c.so; set TRANSIT_LIBRARY to its path")
lib = ffi.dlopen(_library)


def last_error():
    return ffi.string(lib.tr_GetLastError()).decode()


def check(status):
    """Raises the exception of a failed call, with the native message."""
    if status != lib.tr_ok:
        raise error_for(status, last_error())
