"""pedro-sim's numba dispatcher: numba's CPU dispatcher whose compilations run with the
patches in force (compiler/patches.py) and on a big block of frame stack
(compiler/frame_stack.py).

With the shared-link patch off (another numba version, or ``PEDRO_SIM_NUMBA_PATCHES=off``)
its cache lives in a folder of its own: a cache entry written with that patch can only be
read with it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from numba.core import config
from numba.core.registry import CPUDispatcher

from pedro_sim.compiler import frame_stack, patches

UNPATCHED_CACHE = os.path.join(os.path.dirname(os.path.dirname(__file__)), "__pycache__",
                               "unpatched")


class Dispatcher(CPUDispatcher):
    """A kernel of pedro-sim's."""

    def compile(self, sig: Any) -> Any:
        with patches.compiling():
            return frame_stack.outermost_on_big_chunk(super().compile, sig)

    def enable_caching(self) -> None:
        if patches.applies("shared_link"):
            return super().enable_caching()
        saved = config.CACHE_DIR
        config.CACHE_DIR = os.path.join(saved, "pedro-sim-unpatched") if saved \
            else UNPATCHED_CACHE
        try:
            return super().enable_caching()
        finally:
            config.CACHE_DIR = saved


def jit(cache: bool = True, **options: Any) -> Callable[[Callable], Dispatcher]:
    """numba's ``njit(cache=..., **options)``, making pedro-sim's Dispatcher."""
    targetoptions = {**options, "nopython": True, "boundscheck": None}

    def wrap(func: Callable) -> Dispatcher:
        dispatcher = Dispatcher(py_func=func, locals={}, targetoptions=targetoptions)
        if cache:
            dispatcher.enable_caching()
        return dispatcher

    return wrap
