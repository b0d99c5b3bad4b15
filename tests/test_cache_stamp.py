"""A cached kernel never outlives a change to the code it was built from."""

from __future__ import annotations

from pathlib import Path

from pedro_sim.compiler.cache_stamp import drop_stale

FOLDERS = ("engine", "layout.py")


def _package(root: Path) -> tuple[Path, Path]:
    """A package with a kernel module, a layout module, an unrelated module and a cache."""
    (root / "engine" / "__pycache__").mkdir(parents=True)
    (root / "engine" / "kernel.py").write_text("X = 1\n")
    (root / "layout.py").write_text("SLOT = 3\n")
    (root / "cli.py").write_text("HELP = 'a'\n")
    return root / "engine" / "__pycache__" / "kernel.f-1.py311.nbi", \
        root / "engine" / "__pycache__" / "kernel.py311.pyc"


def _cache(index: Path) -> None:
    index.write_bytes(b"index")
    index.with_suffix(".1.nbc").write_bytes(b"code")


def test_a_changed_source_drops_every_cached_kernel(tmp_path):
    index, pyc = _package(tmp_path)
    _cache(index)
    pyc.write_bytes(b"bytecode")
    assert drop_stale(tmp_path, FOLDERS)  # no stamp yet: the cache is of unknown sources
    assert not index.exists() and pyc.exists()
    _cache(index)
    assert not drop_stale(tmp_path, FOLDERS) and index.exists()  # nothing changed
    (tmp_path / "cli.py").write_text("HELP = 'b'\n")  # not a kernel source
    assert not drop_stale(tmp_path, FOLDERS) and index.exists()
    (tmp_path / "layout.py").write_text("SLOT = 4\n")  # a constant the kernels read
    assert drop_stale(tmp_path, FOLDERS)
    assert not index.exists() and not index.with_suffix(".1.nbc").exists()
    _cache(index)
    (tmp_path / "engine" / "new.py").write_text("Y = 2\n")  # a new kernel module
    assert drop_stale(tmp_path, FOLDERS) and not index.exists()


def test_the_unpatched_kernels_cache_is_dropped_too(tmp_path):
    """The kernels compiled without the patches of numba are cached in a folder of their own
    (compiler/dispatcher.py UNPATCHED_CACHE, mirroring the source tree): a stale entry there
    named a module that a rename had removed, and failed to load."""
    index, _ = _package(tmp_path)
    _cache(index)
    assert drop_stale(tmp_path, FOLDERS)
    unpatched = tmp_path / "__pycache__" / "unpatched" / "engine"
    unpatched.mkdir(parents=True)
    _cache(unpatched / "deal.run-12.py311.nbi")
    (tmp_path / "layout.py").write_text("SLOT = 5\n")
    assert drop_stale(tmp_path, FOLDERS)
    assert not (unpatched / "deal.run-12.py311.nbi").exists()


def test_the_engine_keeps_its_stamp_beside_the_cache():
    """Importing the engine leaves the stamp of its sources (so a later change is seen)."""
    import pedro_sim
    from pedro_sim.engine import jit

    root = Path(pedro_sim.__file__).parent
    stamp = root / "__pycache__" / "kernel-sources.sha256"
    from pedro_sim.compiler.cache_stamp import source_digest

    assert stamp.read_text().strip() == source_digest(root, jit.KERNEL_SOURCES)
