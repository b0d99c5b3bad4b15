"""Shared phases (compiler/shared_link.py): called by symbol, not copied into their callers,
and cached so that a fresh process loads a caller and its shared phases together."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

TOY = '''
import numpy as np
from pedro_sim.engine.jit import hot, phase, shared_linked, shared_phase

@shared_phase
def big(a, x):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * x
    return s

@phase
def middle(a, x):  # links big by symbol; middle itself is linked into top as usual
    return big(a, x) + 1

@phase
def later(a):  # first compiled in a process that loaded big from the cache
    return big(a, np.int64(3))

@phase
def top(a):
    t = 0
    for k in range(3):
        t += middle(a, np.int64(k))
    return t

@shared_linked
def piece(a, x):
    s = 0
    for i in range(a.shape[0]):
        s += a[i] ^ x
    return s

def _hot_caller(a):  # piece's code taken in and inlined by LLVM
    return piece(a, np.int64(5)) * 2

hot_caller = hot(phase(_hot_caller))

@phase
def cold_caller(a):  # piece called by symbol
    return piece(a, np.int64(6)) * 3
'''

PROBE = '''
import json, sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import toy
if sys.argv[2] == "hot":  # piece inlined into the hot caller, declared in the cold one
    a = np.arange(5, dtype=np.int64)
    out = {"value": int(toy.hot_caller(a)) + int(toy.cold_caller(a))}
    for name in ("hot_caller", "cold_caller"):
        lib = next(iter(getattr(toy, name).overloads.values())).library
        piece = [f for f in lib._final_module.functions if "piece" in f.name]
        out[name] = sorted("declared" if f.is_declaration else "defined" for f in piece)
        out[name + "_calls"] = any("piece" in line and " call " in line
                                   for line in lib.get_llvm_str().splitlines())
    print(json.dumps(out))
    sys.exit()
if sys.argv[2] == "later":  # big from the cache first, then a new caller of it
    a = np.arange(5, dtype=np.int64)
    big = int(toy.big(a, np.int64(2)))
    print(json.dumps({"value": big + int(toy.later(a)),
                      "hits": sum(toy.later.stats.cache_hits.values())}))
    sys.exit()
value = int(toy.top(np.arange(5, dtype=np.int64)))
top_lib = next(iter(toy.top.overloads.values())).library
out = {"value": value, "hits": sum(toy.top.stats.cache_hits.values())}
if out["hits"] == 0:  # compiled here: in top's module, big is declared, middle is not
    def lines(dispatcher, word):
        lib = next(iter(dispatcher.overloads.values())).library
        name = next(f.name for f in lib._final_module.functions
                    if not f.is_declaration and word in f.name)
        return [line for line in top_lib.get_llvm_str().splitlines() if name in line]
    big = lines(toy.big, "big")
    out["big_declared"] = any(line.startswith("declare") for line in big) and \
        not any(line.startswith("define") for line in big)
    out["middle_declared"] = any(line.startswith("declare") for line in lines(toy.middle,
                                                                             "middle"))
else:  # loaded from the cache: big came along, and its own dispatcher reuses that library
    dep = top_lib._pedro_by_symbol[0]
    int(toy.big(np.arange(5, dtype=np.int64), np.int64(2)))
    out["big_reused"] = next(iter(toy.big.overloads.values())).library is dep
print(json.dumps(out))
'''


def _run(folder: Path, mode: str = "top") -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(folder / "cache"))
    done = subprocess.run([sys.executable, str(folder / "probe.py"), str(folder), mode], env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_shared_phase_is_called_by_symbol_and_cached_with_its_callers(tmp_path: Path) -> None:
    (tmp_path / "toy.py").write_text(TOY)
    (tmp_path / "probe.py").write_text(textwrap.dedent(PROBE))
    expected = sum(sum(range(5)) * k + 1 for k in range(3))
    first = _run(tmp_path)
    assert first["hits"] == 0 and first["value"] == expected
    assert first["big_declared"] and not first["middle_declared"]
    second = _run(tmp_path)  # a fresh process: top from the cache, big with it
    assert second["hits"] == 1 and second["value"] == expected
    assert second["big_reused"]
    for hits in (0, 1):  # compiled against big loaded from the cache, saved, then loaded
        later = _run(tmp_path, "later")
        assert later == {"value": 10 * 2 + 10 * 3, "hits": hits}


def test_shared_linked_phase_is_inlined_into_hot_callers_only(tmp_path: Path) -> None:
    """A ``shared_linked`` piece: its code taken in and inlined by LLVM in a caller marked
    ``hot`` (no call left), a declaration called by symbol in any other caller."""
    (tmp_path / "toy.py").write_text(TOY)
    (tmp_path / "probe.py").write_text(textwrap.dedent(PROBE))
    out = _run(tmp_path, "hot")
    a = range(5)
    assert out["value"] == 2 * sum(i ^ 5 for i in a) + 3 * sum(i ^ 6 for i in a)
    assert not out["hot_caller_calls"]
    assert out["cold_caller"] == ["declared"] and out["cold_caller_calls"]
