"""numba compiler machinery, kept apart from the engine: pedro-sim's own dispatcher
(dispatcher.py) and the patches of numba's internals it puts in force while it compiles
(patches.py), each patch in a module of its own. The kernels give the same results with or
without any of it; only the compile time changes (docs/architecture.md)."""
