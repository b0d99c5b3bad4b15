"""One place that decides the jit options of every kernel."""

from numba import njit

kernel = njit(cache=True, nogil=True, inline="always")
parallel_kernel = njit(cache=True, nogil=True, parallel=True)
