"""pimc at a table with outside programs: each decision from the seat's view alone.

Its calls and its trumps are the engine's thinking bidder (the same kernels, asked with
the standing bid the view shows); its cards are pimc's worlds drawn from the view read as
a position (analysis/decisions/position.py, the reading `explain --position` uses), each
card valued as in the engine's play. What the view does not let it think about, it plays
as the heuristic does: keeps and discards (pimc's `think=all` exchange reads the engine's
deck), the cards under a stack's top, a seat with one legal card. Its random streams are
its own, keyed by (seed, deal, decision), so a run is reproducible but its worlds are not
those the engine's pimc draws in the same deal.
"""

from __future__ import annotations

import numpy as np

from pedro_sim.analysis.decisions.position import read_position
from pedro_sim.arena.heuristic import HeuristicPlayer, mask
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers.deals import position_card, thinking_scratch
from pedro_sim.engine.rng import KIND_ARENA_PIMC, start
from pedro_sim.engine.thinking.bidding import forget_estimates
from pedro_sim.engine_inputs import EngineInputs, Players, players
from pedro_sim.errors import PedroError

# the presets whose views read as positions (tests/test_arena_pimc.py plays each)
PIMC_PRESETS = ("cinch", "foster", "california", "family", "pidro", "nicaragua", "catch-five",
                "sancho", "dom-pedro", "king-pedro", "sixty-three", "eighty-three", "lipton")
DECISIONS = 256  # decisions of one seat in a deal, at most (its streams' spacing)


def arena_pimc(spec: str, inputs: EngineInputs) -> Players:
    """The pimc of ``spec`` if it can sit in the arena, else a one-line PedroError."""
    v = inputs.variant
    if v.name not in PIMC_PRESETS or v.players != 4 or not v.partnerships:
        raise PedroError(f"pimc sits at a table with an outside program in the presets "
                         f"{', '.join(PIMC_PRESETS)} (four players in partnerships), "
                         f"not {inputs.label}")
    who = players(spec, v)
    code = who.policy & 15
    block = who.flags[L.FL_SETTINGS:L.FL_SETTINGS + L.N_SETTINGS]
    if code != L.PL_PIMC:
        raise PedroError(f"player '{spec}': of the thinking players only pimc sits at a table "
                         "with an outside program (dd reads every hand)")
    if block[L.K_INFER] not in (L.INFER_NONE, L.INFER_CARDS) or block[L.K_STEER] != 0:
        raise PedroError(f"player '{spec}': at a table with an outside program pimc reads "
                         "the auction in its card play only (infer=cards or none), and no "
                         "technique steering")
    return who


class PimcPlayer(HeuristicPlayer):
    """pimc (a spec's settings) answering the arena's questions from the view. Its
    kernels compile by playing a deal (arena/play.py warm_seated), not by warm(): that is
    the heuristic's, whose kernels it calls too."""

    def __init__(self, inputs: EngineInputs, who: Players, seed: int) -> None:
        super().__init__(inputs)
        self.who = who
        self.seed = seed
        self.flags = who.flags
        self.code = np.int64(L.PL_PIMC)
        self.scratch = thinking_scratch(who.policy, self.tab)
        self.think = self.scratch[1]
        self.rng = self.scratch[0].rng
        self.deal = -1
        self.asked = [0] * inputs.variant.players  # decisions of each seat this deal

    def stream(self, question: dict) -> np.ndarray:
        """A stream of its own for each decision: (seed, deal and decision, seat)."""
        key = self.key(question)
        start(self.rng, np.uint64(self.seed), np.uint64(key[1]), np.int64(key[2]))
        return self.rng

    def key(self, question: dict) -> tuple[int, int, int]:
        """(seed, index, kind) of the decision's stream; a new deal forgets the estimates
        of the last (as the engine's auction does)."""
        deal, seat = question["deal"], question["seat"]
        if deal != self.deal:
            self.deal = deal
            self.asked = [0] * len(self.asked)
            forget_estimates(self.think)
        self.asked[seat] += 1
        return self.seed, deal * DECISIONS + self.asked[seat], KIND_ARENA_PIMC + seat

    def card(self, question: dict, legal: list) -> int:
        """pimc's card from the view read as a position; a stack's top card (the seat
        plays cards under it) the heuristic's. The arena asks only where there is a
        choice, so any other view the reader refuses is a fault, not left to the
        heuristic."""
        view = question["view"]
        if len(view["hand"]) > self.v.keep - question["trick"]:
            return super().card(question, legal)
        pos = read_position(view, self.v, self.who.label, self.seed)
        if pos.legal != int(mask(legal)):
            raise PedroError(f"pimc in the arena: the view's legal cards {legal} are not "
                             f"those the position reads (deal {question['deal']})")
        c = position_card(self.scratch, self.flags, self.tab, pos.hands, pos.state, pos.seat,
                          pos.legal, pos.points, pos.know, pos.bidder, pos.bid, pos.calls,
                          pos.trump, self.key(question))
        return c if c in legal else super().card(question, legal)
