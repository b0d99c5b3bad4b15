"""Solve positions with every card visible: the Python face of engine/thinking/solver.py.

A position is the moment play starts (docs/trace-format.md), or, as an extension, a
trick in progress: ``"trick"`` lists the cards already played to it, in order from
``"leader"``, and ``"trick_index"`` says how many tricks were played before (extra
cards are played only on trick 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from pedro_sim.cards import card_text, cards_of, parse_card, parse_suit
from pedro_sim.encoding import layout as L
from pedro_sim.encoding.option_array import check_in_pack
from pedro_sim.engine.thinking import solver as S
from pedro_sim.engine_inputs import EngineInputs, check_engine_plays
from pedro_sim.errors import PedroError
from pedro_sim.rules import Variant, get_preset

MAX_ROOT_MOVES = 8192
MAX_HAND = 16  # a ply's move list in the search (solver.py Search.moves)
NO_ANSWER = "the search met a seat with no legal play: the solver has no value for this position"


@dataclass(frozen=True)
class Position:
    """All four hands (masks), who leads, who bid, and the trick in progress."""

    variant: Variant
    trump: int
    leader: int
    bidder: int
    hands: tuple[int, int, int, int]
    trick: tuple[int, ...] = ()
    trick_index: int = 0


@dataclass(frozen=True)
class Solution:
    value: int  # the bidder's team's points
    best: list[list[int]]  # each optimal play of the player to move: top card, then extras
    nodes: int


def _seat(obj: dict[str, Any], key: str) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise PedroError(f"position field '{key}' must be a seat 0..3, got {value!r}")
    return value


def _cards(value: Any, where: str, variant: Variant) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PedroError(f"position field '{where}' must be a list of card strings")
    cards = check_in_pack([parse_card(c) for c in value], variant, f"position field '{where}'")
    return cards


def parse_position(obj: Any, rules: Variant | None = None) -> Position:
    """Validate one position object (docs/trace-format.md); ``rules`` replaces the named preset."""
    if not isinstance(obj, dict):
        raise PedroError("a position must be a JSON object")
    variant = rules or get_preset(str(obj.get("variant", "cinch")))
    check_engine_plays(variant)
    if not variant.partnerships:
        what = f"{variant.name} is" if variant.called_partner else "individual play is"
        raise PedroError("solve reads positions of four players in two partnerships; "
                         f"{what} not solved yet")
    if not isinstance(obj.get("trump"), str):
        raise PedroError("position field 'trump' must be a suit letter (S H D C)")
    trump = parse_suit(obj["trump"])
    hands = obj.get("hands")
    if not isinstance(hands, list) or len(hands) != 4:
        raise PedroError("position field 'hands' must be a list of 4 hands")
    lists = [_cards(h, f"hands[{p}]", variant) for p, h in enumerate(hands)]
    trick = _cards(obj.get("trick", []), "trick", variant)
    seen = [c for h in lists for c in h] + trick
    dup = {c for c in seen if seen.count(c) > 1}
    if dup:
        raise PedroError(f"card {card_text(min(dup))} appears twice in the position")
    index = obj.get("trick_index", 0)
    if not isinstance(index, int) or not 0 <= index < L.MAX_TRICKS:
        raise PedroError(f"position field 'trick_index' must be 0..{L.MAX_TRICKS - 1}")
    masks = tuple(sum(1 << c for c in h) for h in lists)
    for p, h in enumerate(lists):  # the search lists a seat's moves in MAX_HAND slots
        if len(h) > MAX_HAND:
            raise PedroError(f"position field 'hands[{p}]' holds {len(h)} cards: the solver "
                             f"takes at most {MAX_HAND} a hand")
    if len(trick) > 3:
        raise PedroError("position field 'trick' holds at most 3 cards")
    return Position(variant, trump, _seat(obj, "leader"), _seat(obj, "bidder"), masks,
                    tuple(trick), index)


class Solver:
    """The kernels' inputs and a transposition table for one variant, reused across
    positions (each solve takes a new generation of the table)."""

    def __init__(self, variant: Variant | str) -> None:
        self.inputs = EngineInputs.for_variant(variant)
        # where cards fold unscored the search values the bidders' points directly
        # (solver.py C_SIDE); elsewhere side 0's, and the bidders' follow from the total
        self.folds = int(self.inputs.opts[L.O_FOLD]) != L.FOLD_NEVER
        self.sr = S.new_search(self.inputs.tables)
        self.ctx = self.sr.ctx
        self.root_moves = np.zeros((MAX_ROOT_MOVES, 2), dtype=np.int64)

    def _state(self, pos: Position) -> tuple:
        """(hands, leader, k, wseat, wcard, led, tpts): the trick in play replayed."""
        beats, cinfo = self.inputs.tables.beats, self.inputs.tables.cinfo
        t = pos.trump
        hands = np.zeros(L.SEATS, dtype=np.uint64)  # the kernels read every seat of the room
        hands[:len(pos.hands)] = pos.hands
        wseat, wcard, led, tpts = -1, -1, -1, 0
        k = 0
        for c in pos.trick:  # played by the leader and the seats after it, in turn
            p = (pos.leader + k) & 3
            if wseat < 0:
                wseat, wcard, led = p, c, int(cinfo[t, L.I_SUIT, c])
            elif int(beats[t, wcard]) >> c & 1:
                wseat, wcard = p, c
            tpts += int(cinfo[t, L.I_POINTS, c])
            k += 1
        leader = pos.leader
        if k == 0 and any(pos.hands):  # a leader without cards passes the lead on
            while not pos.hands[leader]:
                leader = (leader + 1) & 3
        while 0 < k < 3 and not pos.hands[(leader + k) & 3]:
            k += 1
        return hands, leader, k, wseat, wcard, led, tpts

    def check(self, pos: Position) -> None:
        """Refuse, in one line, a position in which some seat would have no legal play:
        the search would return its sentinel (INF) there, a value no play gives. Only a
        hand over its count can: on the first trick (with pairs, until back to its count)
        it plays the surplus under its card, and the preset allows only some stacks
        (cinch: non-scoring trumps), so each seat is tried at its next turn on every lead
        it may meet there, once the rules have made their folds."""
        hands, leader, k, wseat, wcard, led, tpts = self._state(pos)
        st = np.array([pos.trick_index, leader, k, wseat, wcard, led, tpts], dtype=np.int64)
        tab = self.inputs.tables
        if sum(1 for h in hands if h) < 2 and wseat < 0:
            return  # a lone player claims its cards: nobody plays
        _, claim = S.settled(hands, st, np.int64(pos.trump), tab,
                             np.int64(self._valued_side(pos)))
        if claim >= 0:
            return
        trick, leader, k, fresh = int(st[S.S_TRICK]), int(st[S.S_LEADER]), int(st[S.S_K]), \
            st[S.S_WSEAT] < 0
        trumps = int(tab.masks[pos.trump, L.M_TRUMP])
        fold = int(self.inputs.opts[L.O_FOLD])
        played = set() if fresh else {(leader + j) & 3 for j in range(k)}
        first: set[int] = {L.TRUMP_SUIT, *range(4)}  # the suits the leader may lead
        for p in sorted(range(4), key=lambda q: q != leader):  # the leader first
            h = int(hands[p])
            if not h or (fold == L.FOLD_AT_TRICK and not h & trumps and p in played):
                continue
            if fresh:
                leads = {-1} if p == leader else first
            elif p not in played:  # to play to the trick in progress
                leads = {int(st[S.S_LED])}
            else:  # its next turn is the next trick, led by this one's winner: anyone
                leads = {-1} | {self._suit(pos, c) for q in range(4) if q != p
                                for c in cards_of(int(hands[q]))}
            turn = trick + (p in played)
            for suit in sorted(leads):
                if suit == L.TRUMP_SUIT and not h & trumps and fold == L.FOLD_ON_TRUMP_LEAD:
                    continue
                n = self._moves(hands, p, turn, suit, pos)
                if fresh and p == leader and n > 0:
                    first = {self._suit(pos, int(c)) for c in self.root_moves[:n, 0]}
                if n == 0:
                    where = "leading" if suit < 0 else "when trumps are led" if \
                        suit == L.TRUMP_SUIT else f"when {'SHDC'[suit]} is led"
                    count = int(self.inputs.opts[L.O_KEEP]) - turn
                    raise PedroError(
                        f"seat {p} has no legal play of its {bin(h).count('1')} cards in trick "
                        f"{turn} {where}: the surplus over the {count} a {pos.variant.name} "
                        "hand holds there goes under its card, and no stack the preset allows "
                        "fits (in play only a robbing dealer's trumps are over the count)")

    def _suit(self, pos: Position, c: int) -> int:
        return int(self.inputs.tables.cinfo[pos.trump, L.I_SUIT, c])

    def _moves(self, hands: np.ndarray, p: int, trick: int, led: int, pos: Position) -> int:
        """How many plays seat ``p`` has in trick ``trick``: leading (``led`` -1) or after
        a lead in ``led`` (-1 too: more than MAX_ROOT_MOVES)."""
        before = (p - 1) & 3
        st = np.array([trick, p, 0, -1, -1, -1, 0] if led < 0 else
                      [trick, before, 1, before, 0, led, 0], dtype=np.int64)
        n, _ = S.root_moves(hands.copy(), st, np.int64(pos.bidder), np.int64(pos.trump),
                            self.inputs.tables, self.root_moves)
        return int(n)

    def static_points(self, pos: Position) -> tuple[int, int]:
        """(team 0, team 1) points fixed before any play: the 2 with its holder."""
        opts, masks = self.inputs.opts, self.inputs.tables.masks
        two = int(masks[pos.trump, L.M_TWO])
        out = [0, 0]
        for p, h in enumerate(pos.hands):
            if h & two:
                out[p & 1] += int(opts[L.O_TWO_POINTS])
        return out[0], out[1]

    def total_points(self, pos: Position) -> int:
        """Team 0 plus team 1 points still to be taken in play."""
        cinfo = self.inputs.tables.cinfo
        cards = [c for h in pos.hands for c in cards_of(h)] + list(pos.trick)
        return sum(int(cinfo[pos.trump, L.I_POINTS, c]) for c in cards)

    def _search(self, pos: Position, alpha: int, beta: int, merge: bool) -> int:
        """Team 0's points from the position on, in a new generation of the table: exact
        (by MTD(f)) when ``alpha`` < 0, else within the window (fail-soft)."""
        self.check(pos)
        hands, leader, k, wseat, wcard, led, tpts = self._state(pos)
        st = np.array([pos.trick_index, leader, k, wseat, wcard, led, tpts], dtype=np.int64)
        self.ctx[S.C_GEN] += 1
        self.ctx[S.C_NODES] = 0
        self.ctx[S.C_MERGE] = int(merge)
        self.ctx[S.C_FIRST] = pos.bidder
        self.ctx[S.C_SIDE] = self._valued_side(pos)
        common = (np.int64(pos.trump), self.inputs.tables, self.sr)
        if alpha < 0:
            guess = self.total_points(pos) // 2
            return int(S.exact(hands, st, np.int64(guess), *common))
        return int(S.search(hands, st, np.int64(alpha), np.int64(beta), *common))

    def _valued_side(self, pos: Position) -> int:
        return pos.bidder & 1 if self.folds else 0

    def _to_bidders(self, pos: Position, value0: int) -> int:
        """The bidders' points of team 0's ``value0``; a value no play gives (a sentinel
        check() did not foresee) is refused rather than answered."""
        s0, s1 = self.static_points(pos)
        if self.folds:
            value = (s0, s1)[pos.bidder & 1] + value0
        elif (pos.bidder & 1) == 0:
            value = s0 + value0
        else:
            value = s1 + self.total_points(pos) - value0
        if not 0 <= value <= s0 + s1 + self.total_points(pos):
            raise PedroError(NO_ANSWER)
        return value

    def value(self, pos: Position, merge: bool = True) -> tuple[int, int]:
        """(the bidders' points with perfect play, nodes searched)."""
        v0 = self._search(pos, -1, S.INF, merge)
        return self._to_bidders(pos, v0), int(self.ctx[S.C_NODES])

    def makes(self, pos: Position, target: int, merge: bool = True) -> tuple[bool, int]:
        """Make-or-fail: (whether the bidders take at least ``target`` points, nodes),
        by one null-window search."""
        s0, s1 = self.static_points(pos)
        if self.folds or (pos.bidder & 1) == 0:  # the search values the bidders' side
            need0 = target - (s0, s1)[pos.bidder & 1]  # team 0 needs value0 >= need0
            v0 = self._search(pos, need0 - 1, need0, merge)
            return v0 >= need0, int(self.ctx[S.C_NODES])
        cap0 = self.total_points(pos) + s1 - target  # team 1 makes when value0 <= cap0
        v0 = self._search(pos, cap0, cap0 + 1, merge)
        return v0 <= cap0, int(self.ctx[S.C_NODES])

    def solve(self, pos: Position, merge: bool = True) -> Solution:
        """The value, every optimal play of the player to move, and the nodes searched."""
        tab = self.inputs.tables
        v0 = self._search(pos, -1, S.INF, merge)
        hands, leader, k, wseat, wcard, led, tpts = self._state(pos)
        st = np.array([pos.trick_index, leader, k, wseat, wcard, led, tpts], dtype=np.int64)
        gain = 0
        if self.folds:  # the folds before the first play (the search makes them too)
            gain, claim = S.settled(hands, st, np.int64(pos.trump), tab,
                                    np.int64(self._valued_side(pos)))
            if claim >= 0:
                return Solution(self._to_bidders(pos, v0), [], int(self.ctx[S.C_NODES]))
        best: list[list[int]] = []
        if sum(1 for h in pos.hands if h) < 2:  # a lone player claims, or no cards: nobody
            return Solution(self._to_bidders(pos, v0), best, int(self.ctx[S.C_NODES]))
        n, p = S.root_moves(hands, st, np.int64(pos.bidder), np.int64(pos.trump), tab,
                            self.root_moves)
        if n < 0:
            raise PedroError(f"the position has more than {MAX_ROOT_MOVES} first plays")
        if n == 0:
            raise PedroError(NO_ANSWER)
        maximize = (p & 1) == self._valued_side(pos)
        for i in range(n):
            c, extras = int(self.root_moves[i, 0]), int(self.root_moves[i, 1])
            lo, hi = (v0 - gain - 1, v0 - gain) if maximize else (v0 - gain, v0 - gain + 1)
            v = int(S.move_value(hands, st, np.int64(p), np.int64(c), np.uint64(extras),
                                 np.int64(lo), np.int64(hi), np.int64(pos.trump), tab,
                                 self.sr))
            if (v + gain >= v0) if maximize else (v + gain <= v0):
                best.append([c, *cards_of(extras)])
        if not best:
            raise PedroError(NO_ANSWER)
        return Solution(self._to_bidders(pos, v0), best, int(self.ctx[S.C_NODES]))


def solution_dict(obj: dict[str, Any], sol: Solution) -> dict[str, Any]:
    """The answer object of docs/trace-format.md: the position with value, best and nodes."""
    out = dict(obj)
    out["value"] = sol.value
    out["best"] = [[card_text(c) for c in play] for play in sol.best]
    out["nodes"] = sol.nodes
    return out
