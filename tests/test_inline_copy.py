"""The IR-copy patch (compiler/inline_copy.py): installed while pedro-sim compiles, and
copies as numba would."""

import copy

from numba import njit
from numba.core import inline_closurecall as icc
from numba.core.compiler import run_frontend

from pedro_sim.compiler import patches


def _branchy(a, b):
    s = 0
    for i in range(a):
        if i % 3 == b:
            s += i
        else:
            s -= 1
    return s


def test_installed_only_while_compiling():
    numba_own = icc.InlineWorker.inline_ir
    with patches.compiling():
        assert "inline_copy" in patches.installed()
        assert icc.InlineWorker.inline_ir is not numba_own and icc.copy is not copy
    assert icc.InlineWorker.inline_ir is numba_own and icc.copy is copy


def test_blocks_copied_share_one_new_scope_and_keep_their_statements():
    func_ir = run_frontend(_branchy)
    assert len(func_ir.blocks) > 3
    with patches.compiling():
        shim = icc.copy
    shim.memos = {}
    copies = {k: shim.deepcopy(b) for k, b in func_ir.blocks.items()}
    shim.memos = {}
    scopes = {id(b.scope) for b in copies.values()}
    assert len(scopes) == 1
    original_scope = next(iter(func_ir.blocks.values())).scope
    assert next(iter(copies.values())).scope is not original_scope
    for k, b in func_ir.blocks.items():
        assert [str(s) for s in copies[k].body] == [str(s) for s in b.body]
        assert all(x is not y for x, y in zip(copies[k].body, b.body, strict=True))


@njit(inline="always")
def _inner(x):
    return _branchy_jit(x, 1) + 1


_branchy_jit = njit(inline="always")(_branchy)


def test_inlined_functions_compute_as_python():
    """Goes through the patched inline_ir (nested inlining, several call sites)."""
    @njit
    def outer(n):
        return _inner(n) + _inner(n + 1) + _branchy_jit(n, 2)

    for n in (0, 5, 17):
        expect = (_branchy(n, 1) + 1) + (_branchy(n + 1, 1) + 1) + _branchy(n, 2)
        with patches.compiling():
            assert outer(n) == expect


def test_callee_ir_built_once_per_callee(monkeypatch):
    """Several call sites of one inlined function: its IR is built once, and the copies
    inlined at each site compute as Python."""
    built = []
    original = icc.InlineWorker.run_untyped_passes

    def counting(self, func, enable_ssa=False):
        built.append(func.__name__)
        return original(self, func, enable_ssa)

    monkeypatch.setattr(icc.InlineWorker, "run_untyped_passes", counting)

    @njit(inline="always")
    def step(x):
        return 3 * x + 1 if x % 2 else x // 2

    @njit
    def chain(n):
        return step(step(n)) + step(n + 1) + step(n + 2)

    for n in (0, 7, 10):
        expect = (lambda f: f(f(n)) + f(n + 1) + f(n + 2))(
            lambda x: 3 * x + 1 if x % 2 else x // 2)
        with patches.compiling():
            assert chain(n) == expect
    assert built == ["step"]
