"""Bit operations on 64-bit card masks (uint64), as LLVM intrinsics where possible."""

import numpy as np
from llvmlite import ir
from numba.core import types
from numba.extending import intrinsic

from pedro_sim.engine.jit import kernel

ONE = np.uint64(1)
ZERO = np.uint64(0)


@intrinsic
def _ctpop(typingctx, src):
    def codegen(context, builder, signature, args):
        return builder.zext(builder.ctpop(args[0]), ir.IntType(64))

    return types.int64(types.uint64), codegen


@intrinsic
def _cttz(typingctx, src):
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(types.uint64), codegen


@intrinsic
def _ctlz(typingctx, src):
    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))

    return types.int64(types.uint64), codegen


@kernel
def bit(c):
    """The mask of card ``c``."""
    return ONE << np.uint64(c)


@kernel
def known_card(c):
    """Card id ``c`` (0 .. 63) masked with 63, a no-op on a card: the compiler then knows
    it is not negative and indexes tables by it without numba's negative-index fix-up
    (measured: 2% more heuristic deals a second, for the played and winning cards)."""
    return c & 63


@kernel
def popcount(m):
    """Number of cards in mask ``m``."""
    return _ctpop(np.uint64(m))


@kernel
def lowest(m):
    """Lowest card id in a non-empty mask."""
    return _cttz(np.uint64(m))


@kernel
def highest(m):
    """Highest card id in a non-empty mask."""
    return 63 - _ctlz(np.uint64(m))


@kernel
def kth(m, k):
    """The k-th lowest card id (k = 0 is the lowest) of mask ``m``."""
    m = np.uint64(m)
    for _ in range(k):
        m &= m - ONE
    return _cttz(m)
