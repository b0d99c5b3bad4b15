"""The random stream of docs/engine-spec.md, on plain Python integers.

All arithmetic is unsigned 64-bit (every intermediate result is reduced
mod 2**64 with ``& MASK64``).
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
KIND_STEP = 0xD1B54A32D192ED03
MIX_MUL_1 = 0xBF58476D1CE4E5B9
MIX_MUL_2 = 0x94D049BB133111EB


def mix(z: int) -> int:
    """The splitmix64 finaliser."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * MIX_MUL_1) & MASK64
    z = ((z ^ (z >> 27)) * MIX_MUL_2) & MASK64
    return z ^ (z >> 31)


def start_state(seed: int, index: int, kind: int) -> int:
    """``start(seed, index, kind)``: the initial state of a stream."""
    a = mix((seed + GOLDEN) & MASK64)
    b = mix((index + KIND_STEP * (kind + 1)) & MASK64)
    return a ^ b


class Stream:
    """One deal's random stream."""

    __slots__ = ("state", "draws")

    def __init__(self, state: int) -> None:
        self.state = state & MASK64
        self.draws = 0

    @classmethod
    def start(cls, seed: int, index: int, kind: int) -> Stream:
        return cls(start_state(seed, index, kind))

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        self.draws += 1
        return mix(self.state)

    def below(self, n: int) -> int:
        """A number in 0..n-1: ``((next() >> 32) * n) >> 32``."""
        return ((self.next() >> 32) * n) >> 32

    def pick(self, options: list):
        """One option; draws only when there is more than one."""
        if len(options) == 1:
            return options[0]
        return options[self.below(len(options))]


def shuffle(stream: Stream, items: list) -> list:
    """Shuffle ``items`` in place as the spec says and return it:
    for j from len-1 down to 1: k = below(j + 1); swap items[j], items[k]."""
    for j in range(len(items) - 1, 0, -1):
        k = stream.below(j + 1)
        items[j], items[k] = items[k], items[j]
    return items
