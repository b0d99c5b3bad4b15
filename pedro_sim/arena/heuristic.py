"""The heuristic, answering from a seat's view alone (the arena's question, docs/protocol.md):
each decision made by the engine's own heuristic kernels (bids, trumps, keeps, cards,
extras, the call), their inputs read from the view instead of the engine's state. It is
how `pedro-sim bot --policy heuristic` plays, and how the heuristic sits in the arena
beside an outside program; where the view holds less than the engine's state (the cards
the bidder picked up before naming trumps; five-handed's partner before the called trump
is played), it decides on what the view holds.
"""

from __future__ import annotations

import numpy as np

from pedro_sim.cards import mask_of, parse_card
from pedro_sim.encoding import layout as L
from pedro_sim.engine.game.auction import forced_call, make_call, name_trump
from pedro_sim.engine.game.tricks import extra_cards
from pedro_sim.engine.players import scoring_cards
from pedro_sim.engine.players.heuristic import (
    WIN_NOBODY,
    WIN_OPPONENT,
    WIN_PARTNER,
    heuristic_bury,
    heuristic_card,
    heuristic_extras,
    strongest,
)
from pedro_sim.engine_inputs import EngineInputs, technique_flags

SUITS = "SHDC"
HEURISTIC = np.int64(L.PL_HEURISTIC)


def mask(cards) -> np.uint64:
    """The mask of cards given as text (a view's) or as ids (a question's options)."""
    return np.uint64(mask_of([parse_card(c) if isinstance(c, str) else int(c)
                              for c in cards]))


def lowest_in(m: int, legal: list) -> int:
    """The lowest card id of mask ``m`` among ``legal``, else the first legal option."""
    for c in sorted(legal):
        if m >> c & 1:
            return c
    return legal[0]


class HeuristicPlayer:
    """The heuristic of a preset (``inputs``), one decision at a time from a question."""

    def __init__(self, inputs: EngineInputs) -> None:
        self.inputs = inputs
        self.tab = inputs.tables
        self.v = inputs.variant
        self.flags = technique_flags()
        self.rng = np.zeros(1, np.uint64)  # the heuristic draws nothing
        self.code = HEURISTIC  # the player the bidding kernels are asked as
        self.think = None  # ... and their thinking scratch (none: the heuristic's rules)

    def stream(self, question: dict) -> np.ndarray:
        """The random stream a decision draws from (the heuristic's draws nothing)."""
        return self.rng

    def warm(self) -> None:
        """Compile (or load from the cache) every kernel it calls, once, so that no answer
        waits for the compiler (`pedro-sim bot` does it before it says ready)."""
        h, t, cfg = np.uint64(0b111111111), 0, np.int64(L.FL_SETTINGS)
        one, seat = np.int64(1), np.int64(0)
        forced_call(HEURISTIC, h, seat, one, self.rng, self.flags, cfg, self.tab, None)
        make_call(HEURISTIC, h, seat, one, one, seat, False, False, False, self.rng, self.flags,
                  cfg, self.flags[0], self.tab, None)
        name_trump(HEURISTIC, h, h, seat, one, one, self.rng, self.flags, cfg, self.tab, None)
        strongest(h, t, self.tab)
        scoring_cards(t, self.tab)
        heuristic_card(self.flags[0], h, h, WIN_NOBODY, 0, np.uint64(0), True, False, 0, t,
                       self.tab)
        extra_cards(9, 0, self.tab)
        heuristic_extras(h, one, t, self.tab)
        heuristic_bury(self.flags[0], h, one, t, self.tab)

    def decide(self, question: dict, legal: list) -> int:
        view = question["view"]
        decision = question["decision"]
        if decision == "bid":
            choice = self.bid(view, legal, self.stream(question))
        elif decision == "trump":
            seen = mask(view["dealt"] + view.get("picked_up", []))
            choice = int(name_trump(self.code, seen, mask(view["dealt"]),
                                    np.int64(view["seat"]), np.int64(view["dealer"]),
                                    np.int64(view["bid"]), self.stream(question), self.flags,
                                    np.int64(L.FL_SETTINGS), self.tab, self.think))
        elif decision == "keep_count":
            t = SUITS.index(view["trump"])
            trumps = int(mask(view["hand"]) & self.tab.masks[t, L.M_TRUMP]).bit_count()
            choice = min(max(legal), trumps)
        elif decision == "keep":  # the strongest; where the preset keeps scoring trumps
            # first (keep_scoring_first), those first
            t = SUITS.index(view["trump"])
            scoring = mask(legal) & scoring_cards(t, self.tab) \
                if self.tab.opts[L.O_DISCARD] in (L.DISCARD_KEEP_SCORING, L.DISCARD_PUT_AWAY) \
                else np.uint64(0)
            choice = int(strongest(scoring if scoring else mask(legal), t, self.tab))
        elif decision == "call":
            choice = int(strongest(mask(legal), SUITS.index(view["trump"]), self.tab))
        elif decision == "pass":
            choice = 1 if self.flags[0] & L.F_PASS_TRUMPS else 0
        elif decision == "top":
            choice = self.card(question, legal)
        else:  # "extra"
            choice = self.extra(question, legal)
        return choice if choice in legal else legal[0]

    def side(self, seat: int, view: dict | None = None) -> int:
        """The side of ``seat`` as play sees it; five-handed: each seat alone until the
        called trump is played, then the bidder's team against the others."""
        if self.v.partnerships:
            return seat % 2
        if view is None or not view.get("called"):
            return seat
        team = {view["bidder"]}
        for trick in view.get("tricks", []):
            team |= {s for s, cards in trick["plays"] if view["called"] in cards}
        if len(team) == 1:
            return seat
        return 0 if seat in team else 1

    def bid(self, view: dict, legal: list, rng: np.ndarray) -> int:
        """make_call / forced_call of the heuristic, with the standing bid from the view."""
        seat, dealer = view["seat"], view["dealer"]
        hand = mask(view["dealt"])
        bids = view["bids"]
        standing, holder = 0, -1
        took_over = False  # the seat's side took the bid from a partner (make_call)
        for s, b in bids:
            if b:
                if holder >= 0 and holder != s and self.side(holder) == self.side(s):
                    took_over = took_over or self.side(s) == self.side(seat)
                standing, holder = b, s
        first_round = len(bids) < self.v.players
        cfg = np.int64(L.FL_SETTINGS)
        if seat == dealer and first_round and holder < 0 and \
                self.tab.opts[L.O_DEALER_FORCED] != L.FORCED_NONE:
            return int(forced_call(self.code, hand, np.int64(seat), np.int64(dealer), rng,
                                   self.flags, cfg, self.tab, self.think))
        partner = holder >= 0 and holder != seat and self.side(holder) == self.side(seat)
        may_equal = seat == dealer and first_round and self.tab.opts[L.O_DEALER_MAY_EQUAL] != 0
        return int(make_call(self.code, hand, np.int64(seat), np.int64(dealer),
                             np.int64(standing), np.int64(holder), partner, took_over,
                             may_equal, rng, self.flags, cfg, self.flags[0], self.tab,
                             self.think))

    def trick_state(self, question: dict):
        """(winning seat, winning card, cards played in the deal, points on the table,
        plays so far) of the trick the seat plays to."""
        view = question["view"]
        t = SUITS.index(view["trump"])
        tricks = view["tricks"]
        played = 0
        for trick in tricks:
            for _, cards in trick["plays"]:
                played |= int(mask(cards))
        current = tricks[question["trick"]]["plays"] if question["place"] > 0 else []
        wseat, wcard, points = -1, -1, 0
        for s, cards in current:
            top = parse_card(cards[0])
            if wseat < 0 or int(self.tab.beats[t, wcard]) >> top & 1:
                wseat, wcard = s, top
            counted = cards if self.tab.opts[L.O_EXTRAS_SCORE] else cards[:1]
            two = int(self.tab.masks[t, L.M_TWO_PLAYED])  # a 2 that scores for its player
            points += sum(int(self.tab.cinfo[t, L.I_POINTS, parse_card(c)]) for c in counted
                          if not two >> parse_card(c) & 1)
        return t, wseat, wcard, played, points, current

    def card(self, question: dict, legal: list) -> int:
        """heuristic_card from the trick so far."""
        view = question["view"]
        seat = view["seat"]
        t, wseat, wcard, played, points, current = self.trick_state(question)
        if wseat < 0:
            winning = WIN_NOBODY
        else:
            winning = WIN_PARTNER if self.side(wseat, view) == self.side(seat, view) \
                else WIN_OPPONENT
        later = self.later_opponent(question, current)
        return int(heuristic_card(self.flags[0], mask(view["hand"]), mask(legal), winning,
                                  max(wcard, 0), np.uint64(played), later,
                                  later and len(current) == 2, points, t, self.tab))

    def later_opponent(self, question: dict, current: list) -> bool:
        """Whether an opponent still to play to this trick holds cards."""
        view = question["view"]
        seat, n = view["seat"], self.v.players
        done = {s for s, _ in current} | {seat}
        gone = {s for s, _ in view.get("folded", [])}
        left = [view["hand_sizes"][s] - sum(len(c) for t in view["tricks"]
                                             for q, c in t["plays"] if q == s)
                for s in range(n)]
        return any(s not in done and s not in gone and left[s] > 0
                   and self.side(s, view) != self.side(seat, view) for s in range(n))

    def extra(self, question: dict, legal: list) -> int:
        """The heuristic's cards under its top card, one at a time: the next of them."""
        view = question["view"]
        t = SUITS.index(view["trump"])
        chosen = int(mask(question.get("chosen", [])))
        hand = int(mask(view["hand"]))  # the hand before this play, its top card included
        after = hand & ~int(mask([question["top"]]))
        n = extra_cards(len(view["hand"]), question["trick"], self.tab)
        under = heuristic_extras(np.uint64(after), np.int64(n), t, self.tab) \
            if self.tab.opts[L.O_EXTRAS_SCORE] else \
            heuristic_bury(self.flags[0], np.uint64(after), np.int64(n), t, self.tab)
        return lowest_in(int(under) & ~chosen, legal)
