"""The Variant record: one preset's rule options, validated, and its kernel form."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from pedro_sim.engine import layout as L
from pedro_sim.errors import PedroError

# trump ranks that can score, in RULES.md's order
POINT_RANKS = ("A", "K", "Q", "J", "T", "9", "pedro", "off5", "3", "2")


def _cinch_points() -> dict[str, int]:
    return {"A": 1, "J": 1, "T": 1, "pedro": 5, "off5": 5, "2": 1}


@dataclass(frozen=True)
class Variant:
    """Rule options of one game (RULES.md section 3); defaults are `cinch`.

    Only the options the engine plays so far are here; each is checked in
    ``validate`` so an impossible combination never reaches a kernel.
    """

    name: str = "cinch"
    players: int = 4
    hand: int = 9
    packet: int = 3
    keep: int = 6
    min_bid: int = 7
    max_bid: int = 14
    forced_bid: int = 7
    points: dict[str, int] = field(default_factory=_cinch_points)
    two_scores_for: str = "holder"
    target: int = 62
    goes_out_at: int = 55
    max_deals: int = 10000

    def __post_init__(self) -> None:
        self.validate()

    @property
    def total_points(self) -> int:
        return sum(self.points.values())

    @property
    def seats(self) -> int:
        return self.players

    def validate(self) -> None:
        """Refuse option values the engine cannot play, naming the option."""
        if self.players != 4:
            raise PedroError(f"players={self.players}: only 4 players in partnerships")
        if self.hand * self.players + 16 != 52 or self.hand % self.packet:
            raise PedroError(f"hand={self.hand}, packet={self.packet}: must leave 16 stock")
        unknown = set(self.points) - set(POINT_RANKS)
        if unknown:
            raise PedroError(f"points: unknown rank(s) {sorted(unknown)}")
        if not 1 <= self.min_bid <= self.max_bid <= self.total_points:
            raise PedroError(
                f"bids {self.min_bid}..{self.max_bid} must lie within 1..{self.total_points}"
            )
        if not self.min_bid <= self.forced_bid <= self.max_bid:
            raise PedroError(
                f"forced_bid={self.forced_bid} is outside {self.min_bid}..{self.max_bid}"
            )
        if self.two_scores_for != "holder":
            raise PedroError(f"two_scores_for={self.two_scores_for!r}: only 'holder' is supported")
        if not 0 < self.goes_out_at <= self.target:
            raise PedroError(f"goes_out_at={self.goes_out_at} must lie in 1..target={self.target}")
        if self.max_deals < 1:
            raise PedroError("max_deals must be at least 1")

    def check_bid(self, bid: int) -> int:
        """Return ``bid`` if the preset allows it, else raise naming the range."""
        if not self.min_bid <= bid <= self.max_bid:
            raise PedroError(
                f"bid {bid} is outside {self.name}'s range {self.min_bid}..{self.max_bid}"
            )
        return bid

    def kernel_options(self) -> np.ndarray:
        """The int64 option array every kernel reads (indices in engine.layout)."""
        opts = np.zeros(L.N_OPTS, dtype=np.int64)
        opts[L.O_PLAYERS] = self.players
        opts[L.O_HAND] = self.hand
        opts[L.O_PACKET] = self.packet
        opts[L.O_KEEP] = self.keep
        opts[L.O_MIN_BID] = self.min_bid
        opts[L.O_MAX_BID] = self.max_bid
        opts[L.O_FORCED_BID] = self.forced_bid
        opts[L.O_TWO_POINTS] = self.points.get("2", 0)
        opts[L.O_TOTAL_POINTS] = self.total_points
        opts[L.O_TARGET] = self.target
        opts[L.O_GOES_OUT_AT] = self.goes_out_at
        opts[L.O_MAX_DEALS] = self.max_deals
        return opts
