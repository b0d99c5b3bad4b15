"""Generate a big phase's machine code once per process and let its callers call it by
symbol, instead of numba's default of copying it into every caller.

numba links the LLVM module of every compiled function a caller calls into the caller's
module, then optimizes and generates machine code for the whole again. For the deal
phase (tens of thousands of LLVM instructions) that made each driver's compilation cost
2 s, and 4.4 s in the thinking players' version, nearly all of it the deal phase again,
eleven drivers over. A phase marked ``shared`` is instead left as a declaration in its
callers; the JIT resolves the call to the phase's own code, already in the process.

The cache stays self-contained: a caller's cached object carries its shared phases'
cached objects (recursively), which are loaded first, once per process (keyed by the
object code's hash, so a phase loaded as a dependency and again by its own dispatcher is
one library). A shared phase is called once per deal, so the call costs nothing
measurable; small phases keep numba's linking, which lets LLVM inline them.

One exception: a caller marked ``hot`` (the heuristic's deal phase, where a call passing
the tables costs speed) takes in the code of the shared phases compiled with
``forceinline`` (engine/jit.py ``shared_linked``: dealing and the exchange), and LLVM
inlines them there; every other caller still calls them by symbol.

If numba's internals are not as expected, or its version is not one in TESTED_NUMBA,
nothing is patched and compilation is merely slower (every phase is linked as before).
The patch is in force only while pedro-sim compiles or loads its own kernels
(compiler/patches.py); a cache written with it is read only with it (compiler/dispatcher.py
keeps the caches apart).
"""

from __future__ import annotations

import hashlib
from typing import Any

from pedro_sim.compiler.swaps import Swaps

TESTED_NUMBA = ("0.68.1",)  # the numba versions this patch was tested on
_SHARED: set[str] = set()  # qualnames of the shared phases (their libraries' names)
_INLINED: set[str] = set()  # shared phases that LLVM always inlines (jit's forceinline)
_HOT: set[str] = set()  # callers that take those phases in as code, for LLVM to inline
_LOADED: dict[bytes, Any] = {}  # object-code hash -> library, alive for the process


def shared(dispatcher: Any) -> Any:
    """Mark a phase (a numba dispatcher) as linked by symbol; returns it."""
    name = dispatcher.py_func.__qualname__
    _SHARED.add(name)
    if dispatcher.targetoptions.get("forceinline"):
        _INLINED.add(name)
    return dispatcher


def hot(dispatcher: Any) -> Any:
    """Mark a caller (a numba dispatcher) whose shared callees compiled with
    ``forceinline`` are linked into it as code, so that LLVM inlines them, instead of by
    symbol as everywhere else; returns it."""
    _HOT.add(dispatcher.py_func.__qualname__)
    return dispatcher


def _by_symbol(caller: Any, library: Any) -> bool:
    """Whether ``caller`` calls ``library`` by symbol rather than taking in its code."""
    return library.name in _SHARED and not (library.name in _INLINED and caller.name in _HOT)


def _defined_names(library: Any) -> set[str]:
    module = library._get_module_for_linking()
    return {f.name for f in module.functions if not f.is_declaration}


def install(swaps: Swaps) -> bool:
    """Patch numba's CPU code library (undone by ``swaps``); False if its internals are
    not as expected."""
    try:
        from numba.core.codegen import CPUCodeLibrary
        original_link = CPUCodeLibrary.add_linking_library
        original_verify = CPUCodeLibrary._verify_declare_only_symbols
        original_serialize = CPUCodeLibrary.serialize_using_object_code
        original_unserialize = CPUCodeLibrary._unserialize.__func__
    except (ImportError, AttributeError):
        return False
    if getattr(original_link, "_pedro_shared", False):
        return False

    def add_linking_library(self, library):
        if _by_symbol(self, library):
            library._ensure_finalized()
            _remember(self, library)
            return
        original_link(self, library)
        for dep in getattr(library, "_pedro_by_symbol", ()):
            _remember(self, dep)

    def verify(self):
        deps = getattr(self, "_pedro_by_symbol", ())
        if not deps:
            return original_verify(self)
        provided = set().union(*(_defined_names(d) for d in deps))
        for fn in self._final_module.functions:
            if fn.is_declaration and fn.name.startswith("_ZN5numba") \
                    and fn.name not in provided:
                raise AssertionError(f"Symbol {fn.name} not linked properly")

    def serialize(self):
        if hasattr(self, "_pedro_state"):  # made once; once loaded, numba lets go of the object
            return self._pedro_state
        name, kind, data = original_serialize(self)
        deps = getattr(self, "_pedro_by_symbol", ())
        if deps:
            data = (*data, tuple(d.serialize_using_object_code() for d in deps))
        if self.name in _SHARED:  # serialized again into each caller's cache entry
            self._pedro_state = (name, kind, data)
        return name, kind, data

    def load(cls, codegen, state, as_dep):
        name, kind, data = state
        deps = []
        if kind == "object" and len(data) == 3:
            deps = [load(cls, codegen, dep, True) for dep in data[2]]
            data = data[:2]
        key = hashlib.sha1(data[0]).digest() if kind == "object" else None
        library = _LOADED.get(key) or original_unserialize(cls, codegen, (name, kind, data))
        if (as_dep or name in _SHARED) and not hasattr(library, "_pedro_state"):
            library._pedro_state = state  # may be a dependency of a caller compiled later
        if deps:
            library._pedro_by_symbol = deps
        if key is not None:
            _LOADED[key] = library
        return library

    def unserialize(cls, codegen, state):
        return load(cls, codegen, state, False)

    add_linking_library._pedro_shared = True
    swaps.set(CPUCodeLibrary, "add_linking_library", add_linking_library)
    swaps.set(CPUCodeLibrary, "_verify_declare_only_symbols", verify)
    swaps.set(CPUCodeLibrary, "serialize_using_object_code", serialize)
    swaps.set(CPUCodeLibrary, "_unserialize", classmethod(unserialize))
    return True


def _remember(caller: Any, library: Any) -> None:
    deps = caller.__dict__.setdefault("_pedro_by_symbol", [])
    if library not in deps:
        deps.append(library)
