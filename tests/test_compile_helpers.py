"""The compile-time helpers of compiler/: cache saves locked against concurrent
processes (cache_lock), the compiler run on one big block of frame stack (frame_stack),
and `pedro-sim warmup --jobs`."""

import fcntl
import os
import resource
import subprocess
import sys
import threading
import time

from numba.core.caching import IndexDataCacheFile

from pedro_sim.compiler import cache_lock, frame_stack, patches
from pedro_sim.compiler.dispatcher import Dispatcher


def test_a_cache_save_waits_for_the_lock(tmp_path):
    cache = IndexDataCacheFile(str(tmp_path), "toy", ("stamp", 1))
    done = threading.Event()
    with patches.compiling(), open(tmp_path / cache_lock.LOCK_NAME, "a") as held:
        assert "cache_lock" in patches.installed()
        fcntl.flock(held, fcntl.LOCK_EX)  # another process saving
        saver = threading.Thread(target=lambda: (cache.save("key", b"data"), done.set()))
        saver.start()
        time.sleep(0.3)
        assert not done.is_set()
        fcntl.flock(held, fcntl.LOCK_UN)
        saver.join(5)
    assert done.is_set() and cache.load("key") == b"data"


def _descend(n):
    return 0 if n == 0 else _descend(n - 1) + 1


def _page_faults(run, times=3000):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(times):
        run()
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def test_deep_calls_on_the_big_chunk_do_not_map_and_unmap_frame_stack():
    """Going 300 calls deep and back crosses at least one 16 KiB frame-stack chunk
    boundary: CPython maps a chunk on the way down and unmaps it on the way up (a page
    fault each time). On the big chunk nothing is mapped."""
    plain = _page_faults(lambda: _descend(300))
    big = frame_stack.call_on_big_chunk(_page_faults, lambda: _descend(300))
    assert plain >= 3000 and big < 300, (plain, big)


def test_dispatchers_compile_on_the_big_chunk(monkeypatch):
    from pedro_sim.engine.jit import loop

    seen = []
    real = frame_stack.call_on_big_chunk
    monkeypatch.setattr(frame_stack, "call_on_big_chunk",
                        lambda f, sig: (seen.append(sig), real(f, sig))[1])
    toy = loop(lambda x: x + 1)
    assert isinstance(toy, Dispatcher) and toy(41) == 42 and len(seen) == 1
    assert frame_stack.call_on_big_chunk.__code__ is not real.__code__
    assert real.__code__.co_stacksize == frame_stack.SLOTS


def test_warmup_rejects_jobs_out_of_range():
    for jobs in ("0", "3"):
        done = subprocess.run([sys.executable, "-m", "pedro_sim.cli", "warmup", "--jobs", jobs],
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ})
        assert done.returncode == 2 and "--jobs" in done.stderr
        assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr


def test_warmup_does_the_helpers_share_when_the_helper_fails(monkeypatch, capsys):
    """A helper that fails at once leaves its share to warm_all, which says so on stderr
    (the kernels are cached already, so this only loads them)."""
    from pedro_sim import warmup

    def fail(*args):
        raise RuntimeError("no helper today")

    monkeypatch.setattr(warmup, "warm_helper", fail)
    warmup.warm_all(jobs=2)
    err = capsys.readouterr().err
    assert "warmup helper failed" in err and "no helper today" in err


def test_fast_exit_flushes_and_keeps_the_exit_code():
    def leave(code: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-c", "import sys; from pedro_sim.process_exit import fast_exit; "
             f"print('out', end=''); sys.stderr.write('err'); fast_exit({code})"],
            capture_output=True, text=True, timeout=60)

    for code, rc in (("3", 3), ("None", 0), ("0", 0)):
        done = leave(code)
        assert (done.returncode, done.stdout, done.stderr) == (rc, "out", "err")
    done = leave("'bad thing'")
    assert (done.returncode, done.stderr) == (1, "errbad thing\n")


def _entries(kernel, tables=None) -> list:
    """The cache index keys of ``kernel`` compiled on this machine (for ``tables``'s numba
    type where given: another game's engine, individual play, has entries of its own)."""
    import numba

    wanted = None if tables is None else numba.typeof(tables)
    return [key for key in kernel._cache._cache_file._load_index()
            if key[1] == kernel.targetctx.codegen().magic_tuple()
            and (wanted is None or wanted in key[0])]


def test_warmup_compiles_the_types_the_drivers_use():
    """Each piece the two warmup processes compile explicitly (warmup._pieces: dealing,
    the exchange, the rollout, the card search, think_out, think_exchange, deal_around),
    the solver's search and each deal phase is compiled for the types its callers pass:
    otherwise the thinking deal phase and the drivers would compile second entries (and
    the two processes would gain nothing)."""
    from pedro_sim import warmup as W
    from pedro_sim.engine.game.whole_deal import _deal_and_play_called, _deal_and_play_inline
    from pedro_sim.engine.thinking.solver import exact, move_value
    from pedro_sim.engine_inputs import EngineInputs

    inputs = EngineInputs.for_variant("cinch")
    pieces = W._pieces(W._types(inputs))
    assert len(pieces) == 7
    W.warm_pieces(inputs, *pieces)
    for thinking in (False, True):
        W.warm_deal_phase(inputs, thinking)
    W.warm_search()
    W.warm_policy(inputs, W.PIMC)  # every driver: compiled (or loaded) after the phases
    W.warm_solver()
    kernels = [kernel for kernel, _ in pieces.values()]
    for kernel in (*kernels, exact, move_value, _deal_and_play_inline, _deal_and_play_called):
        assert len(_entries(kernel, inputs.tables)) == 1, kernel


def test_warmup_queue_hands_out_every_driver_once(tmp_path):
    from pedro_sim.warmup import PIMC, QUEUE, _take, driver_steps

    taken = []
    while (group := _take(tmp_path)) is not None:
        taken.append(group)
    assert taken == list(QUEUE) and _take(tmp_path) is None
    assert sorted(k for group in taken for k in group) == list(range(len(driver_steps(PIMC))))


def test_after_the_warmup_no_kind_of_player_compiles_anything():
    """The two-process warmup runs the drivers with thinking players only: each driver is
    one kernel for every kind of player, so the random and heuristic ones find everything
    compiled (conftest warmed up)."""
    from numba.core import event

    from pedro_sim.encoding import layout as L
    from pedro_sim.engine_inputs import EngineInputs
    from pedro_sim.warmup import warm_policy

    inputs = EngineInputs.for_variant("cinch")
    with event.install_recorder("numba:compile") as rec:
        for policy in (L.P_RANDOM, L.P_HEURISTIC):
            warm_policy(inputs, policy)
    compiled = [ev.data["dispatcher"].py_func.__qualname__ for _, ev in rec.buffer
                if ev.is_start]
    assert not compiled, compiled


def _kernels():
    """Every kernel (compiler.dispatcher.Dispatcher) defined in pedro_sim's modules."""
    import importlib
    import pkgutil

    import pedro_sim

    for info in pkgutil.walk_packages(pedro_sim.__path__, "pedro_sim."):
        module = importlib.import_module(info.name)
        yield from (o for o in vars(module).values()
                    if isinstance(o, Dispatcher) and o.py_func.__module__ == info.name)


def test_no_kernel_is_compiled_for_a_literal_argument():
    """A constant passed to a kernel (True, -1) compiles it once more for that value
    (candidate_value was compiled twice, for record True and False): after the deal
    phases of both versions, no cached signature holds a literal type."""
    from pedro_sim.encoding import layout as L
    from pedro_sim.engine_inputs import EngineInputs
    from pedro_sim.warmup import PIMC, warm_policy

    inputs = EngineInputs.for_variant("cinch")
    warm_policy(inputs, PIMC, [0])
    warm_policy(inputs, L.P_HEURISTIC, [0])
    literal = []
    for kernel in _kernels():
        magic = kernel.targetctx.codegen().magic_tuple()
        literal += [(kernel.py_func.__qualname__, key[0])
                    for key in kernel._cache._cache_file._load_index()
                    if key[1] == magic and "Literal" in str(key[0])]
    assert not literal, literal
