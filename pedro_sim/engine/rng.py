"""Counter-based random stream: deal ``i`` of seed ``s`` is keyed by (s, i, kind).

The stream state lives in a one-element uint64 array so that kernels can pass
it around; see docs/engine-spec.md for the exact definition.
"""

import numpy as np

from pedro_sim.engine.jit import kernel

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_KIND = np.uint64(0xD1B54A32D192ED03)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)

KIND_DEAL = 0
KIND_GAME = 1
KIND_FIXED = 2
KIND_HOLDING = 3  # holdings: a hand holding a given card, and the same deal without it
KIND_CLASSES = 4  # holdings: a random hand at a fixed seat
# kinds 5..15 are handed out to the other games (pedro_sim/games: stream_kinds)
THINK_KIND = 16  # their deal of kind k keys its thinking player's worlds by k + 16
KIND_ARENA = 48  # the arena's random player at seat s draws from kind 48 + s (arena/players)
KIND_ARENA_PIMC = 64  # pimc in the arena at seat s: kind 64 + s (arena/pimc.py)
GAME_STRIDE = 1 << 20


@kernel
def mix(z):
    """splitmix64's finalizer."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@kernel
def start(rng, seed, index, kind):
    """Key the stream in ``rng[0]`` by (seed, index, kind)."""
    a = mix(np.uint64(seed) + GOLDEN)
    b = mix(np.uint64(index) + _KIND * np.uint64(kind + 1))
    rng[0] = a ^ b


@kernel
def next64(rng):
    rng[0] = rng[0] + GOLDEN
    return mix(rng[0])


@kernel
def below_at(state, n):
    """The draw in 0..n-1 that the stream gives once stepped to ``state``."""
    return np.int64(((mix(state) >> _S32) * np.uint64(n)) >> _S32)


@kernel
def below(rng, n):
    """A draw in 0..n-1."""
    rng[0] = rng[0] + GOLDEN
    return below_at(rng[0], n)


@kernel
def uniform(rng):
    """A draw in [0, 1) with 53 random bits."""
    return np.float64(next64(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@kernel
def shuffle(rng, deck, n, at=0):
    """Fisher-Yates on deck[at:at + n], j from n-1 down to 1 (docs/engine-spec.md). The
    draws are below's, with the stream's state kept in a register for the loop (as an
    array element it went through memory at every draw)."""
    state = rng[0]
    for j in range(n - 1, 0, -1):
        state += GOLDEN
        k = below_at(state, j + 1)
        tmp = deck[at + j]
        deck[at + j] = deck[at + k]
        deck[at + k] = tmp
    rng[0] = state
