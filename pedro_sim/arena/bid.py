"""The `bid` analysis in the arena: a fixed hand's deals played with an outside program
at the table. Each deal is the engine's own fixed-hand deal of the seed (kind 2, dealer
0: the seat holds the hand, the other cards dealt around it); the seat holds the bid
without an auction and names the trump, and the bidders' and defenders' players play
it out. What the analysis reads of each deal is the engine's: the points each side took
(analysis/bid.py prices every bid from them)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pedro_sim.arena.play import Arena, SeatFault
from pedro_sim.cards import card_text
from pedro_sim.encoding import layout as L
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.reference.variants import parse_any_card


def bidder_points(trace: dict, v) -> tuple[int, int]:
    """(the bidders' points, the defenders') of a finished deal: the bidder's side, or
    (five-handed) the bidder with its called partner."""
    points = [int(p) for p in trace["points"]]
    bidder = trace["bidder"]
    mine = points[v.side(bidder)]
    partner = trace["called"][1] if trace.get("called") else None
    if partner is not None and partner != bidder:
        mine += points[v.side(partner)]
    return mine, sum(points) - mine


class FixedHandTable:
    """The arena of a `bid` run: a table per seat of the hand (the bidders' side seated
    with ``bidders``, the others with ``defenders``), kept open between calls."""

    def __init__(self, inputs: EngineInputs, seed: int, bidders: str, defenders: str,
                 timeout: float) -> None:
        self.inputs, self.seed, self.timeout = inputs, seed, timeout
        self.bidders, self.defenders = bidders, defenders
        self.arenas: dict[int, Arena] = {}
        self.fault: SeatFault | None = None

    def arena(self, seat: int) -> Arena:
        if seat not in self.arenas:
            side = self.inputs.tables.opts[L.SE_SIDE:L.SE_SIDE + self.inputs.variant.players]
            specs = [self.bidders if side[s] == side[seat] else self.defenders
                     for s in range(len(side))]
            self.arenas[seat] = Arena(self.inputs, self.seed, specs, self.timeout)
        return self.arenas[seat]

    def histogram(self, hand: list[int], bid: int, deals: int,
                  done: Callable[[int], None] | None = None
                  ) -> Callable[[int, int, str], np.ndarray]:
        """analysis/bid.py's ``histogram``: counts[bidders' points, defenders' points] over
        deals 0..deals-1 of the hand at a place. After a fault, the deals before it (and
        the fault is kept in ``fault``; later calls play nothing)."""
        total = self.inputs.variant.total_points

        def run(place: int, suit: int, label: str) -> np.ndarray:
            out = np.zeros((total + 1, total + 1), dtype=np.int64)
            if self.fault is not None:
                return out
            seat = (place + 1) % self.inputs.variant.players  # dealer 0
            arena = self.arena(seat)
            v = arena.variant()
            cards = [parse_any_card(card_text(c), v.deck) for c in hand]
            try:
                for i in range(deals):
                    trace = arena.play_fixed(i, cards, seat, bid, suit, label)
                    mine, theirs = bidder_points(trace, v)
                    out[mine, theirs] += 1
                    if done:
                        done(i + 1)
            except SeatFault as exc:
                self.fault = exc
            return out
        return run

    def close(self) -> None:
        for arena in self.arenas.values():
            arena.close()
