"""Public entry points of the reference engine (random players), for every preset:
independent deals, whole games, fixed-hand deals. Written from docs/rules.md,
docs/trace-format.md and docs/engine-spec.md only; the tests cross-check the numba engine
against it deal by deal."""

from __future__ import annotations

from .cards import parse_suit
from .general import (
    RandomPolicy,
    count_order_among,
    count_order_winner,
    deal_general,
    seeded_deal,
    simulate,
)
from .rng import Stream, shuffle
from .variants import get_variant, parse_any_card, with_rules

FORMAT = "pedro-trace/1"
GAME_INDEX_STRIDE = 2 ** 20


def _header(name, seed, deal, extra=None) -> dict:
    h = {"format": FORMAT, "variant": name, "seed": seed, "deal": deal, "policy": "random"}
    if extra:
        h.update(extra)
    return h


def _deal(v, seed, index, kind, dealer, header):
    stream, hands, stock = seeded_deal(v, seed, index, kind, dealer)
    body, info = simulate(v, dealer, hands, stock, RandomPolicy(stream))
    trace = dict(header)
    trace.update(body)
    return trace, info


def random_deal(seed: int, index: int, variant: str = "cinch",
                rules: dict | None = None) -> dict:
    """Deal ``index`` of the kind-0 stream, dealer ``index % players``, under the preset
    ``variant`` with house ``rules`` (a trace's "rules" object; ``{"players": 3,
    "partnerships": False}`` for individual play)."""
    v = with_rules(variant, rules) if rules else get_variant(variant)
    header = _header(v.name, seed, index, {"rules": rules} if rules else None)
    trace, _ = _deal(v, seed, index, 0, index % v.players, header)
    return trace


def moon_game_end(v, trace):
    """``moon-game``: after a deal bid at the preset's top numeric bid, the bidders' team
    wins the game if it took every point and loses it otherwise; (winner, "moon_game"), or
    None when the rule does not decide."""
    if not v.moon_game or trace["bidder"] is None or trace["bid"] != v.max_bid:
        return None
    bt = v.side(trace["bidder"])  # two sides: with_rules refuses it in individual play
    return (bt if trace["points"][bt] >= v.total else 1 - bt), "moon_game"


def game_step(v, totals, trace, info, target):
    """Apply one deal to the running ``totals`` (in place, one a side); returns
    (winner, end) or (-1, None) when the game goes on. The winner is a side: a team, or a
    seat in individual play."""
    if trace["bidder"] is None:  # thrown in: the deal passes
        return -1, None
    if v.called:
        return called_step(v, totals, trace, target)
    if v.individual:
        return individual_step(v, totals, trace, info, target)
    before = list(totals)
    totals[0] += trace["score"][0]
    totals[1] += trace["score"][1]
    bt = v.side(trace["bidder"])
    reached = [s >= target for s in totals]
    if v.end == "target":
        if reached[0] and reached[1]:
            return bt, "target"
        if reached[0] != reached[1]:
            return (0 if reached[0] else 1), "target"
    elif v.end == "own_made":
        if trace["made"] and reached[bt]:
            return bt, "target"
    elif v.end == "won_bid":
        if reached[bt]:
            return bt, "target"
    elif v.end == "made_target":
        if trace["made"] and reached[bt]:
            return bt, "target"
    elif v.end == "count_order":
        if reached[0] and reached[1]:
            return count_order_winner(v, before, trace, info, target), "target"
        if reached[0] != reached[1]:
            return (0 if reached[0] else 1), "target"
    if v.lose_at is not None:
        for tm in (0, 1):
            if totals[tm] <= v.lose_at:
                return 1 - tm, "lose_at"
    return -1, None


def individual_step(v, totals, trace, info, target):
    """game_step for individual play: the first player to reach the target wins; of
    several on one deal the bidder if it is among them, else (sancho, dom-pedro) the first
    of them to reach it counting the deal's scoring cards in the counting order from the
    scores before the deal, else (cinch) the highest score; a tie for the highest (or a
    count that reaches nobody) plays on."""
    before = list(totals)
    for s in range(v.players):
        totals[s] += trace["score"][s]
    reached = [s for s in range(v.players) if totals[s] >= target]
    if not reached:
        return -1, None
    if trace["bidder"] in reached:
        return trace["bidder"], "target"
    if v.end == "count_order":
        w = count_order_among(v, before, reached, info, target)
        return (w, "target") if w >= 0 else (-1, None)
    best = max(totals[s] for s in reached)
    top = [s for s in reached if totals[s] == best]
    return (top[0], "target") if len(top) == 1 else (-1, None)


def called_step(v, totals, trace, target):
    """game_step for five-handed (one total a seat): of the seats at or above the target
    after the deal, the bidder wins if it is among them, else the partner it called, else
    the highest score; none, or a tie for the highest, and the game goes on."""
    for s in range(v.players):
        totals[s] += trace["score"][s]
    reached = [s for s in range(v.players) if totals[s] >= target]
    for first in (trace["bidder"], trace["called"][1]):
        if first in reached:
            return first, "target"
    if not reached:
        return -1, None
    best = max(totals[s] for s in reached)
    top = [s for s in reached if totals[s] == best]
    return (top[0], "target") if len(top) == 1 else (-1, None)


def random_game(seed: int, game: int, variant: str = "cinch", target=None,
                goes_out_at=None, max_deals: int = 10000, rules: dict | None = None) -> dict:
    """A whole game (kind-1 stream). ``target`` and ``goes_out_at`` default (None) to
    the preset's; ``goes_out_at`` is `cinch`'s "bidder goes out": when both teams have at
    least that much before a deal, bidders who make their bid win at once (never in
    individual play); ``rules``: house rules (a trace's "rules" object, ``players`` and
    ``partnerships`` among them), the moon game among them, which decides first. The
    winner and ``score`` are by side: team 0/1, or a seat in individual play and
    five-handed."""
    v = with_rules(variant, rules) if rules else get_variant(variant)
    if target is None:
        target = v.target
    if goes_out_at is None or v.individual:
        goes_out_at = v.goes_out_at
    totals = [0] * v.sides
    traces = []
    winner, end = -1, "unfinished"
    dealer = game % v.players
    for k in range(max_deals):
        header = _header(v.name, seed, k, {"kind": 1, "game": game,
                                           **({"rules": rules} if rules else {})})
        trace, info = _deal(v, seed, game * GAME_INDEX_STRIDE + k, 1, dealer, header)
        traces.append(trace)
        dealer = (dealer + 1) % v.players
        moon = moon_game_end(v, trace)
        if moon is not None:
            totals[0] += trace["score"][0]
            totals[1] += trace["score"][1]
            winner, end = moon
            break
        out = goes_out_at is not None and min(totals) >= goes_out_at
        if out and trace["bidder"] is not None and trace["made"]:
            totals[0] += trace["score"][0]
            totals[1] += trace["score"][1]
            winner, end = v.side(trace["bidder"]), "bidder_out"
            break
        w, e = game_step(v, totals, trace, info, target)
        if e is not None:
            winner, end = w, e
            break
    return {"winner": winner, "end": end, "deals": len(traces), "score": totals,
            "traces": traces}


class _FixedTrump(RandomPolicy):
    def __init__(self, stream, suit):
        super().__init__(stream)
        self.suit = suit

    def choose(self, tag, seat, options, info=None):
        if tag == "trump":
            return self.suit
        return super().choose(tag, seat, options, info)


def fixed_deal(v, seed: int, index: int, fixed: list[int], seat: int):
    """(stream, hands, stock) of fixed-hand deal ``index`` (kind 2, dealer 0): ``seat``
    holds the cards ``fixed``, the rest of the pack shuffled and dealt around it."""
    rest = [c for c in v.pack() if c not in set(fixed)]
    stream = Stream.start(seed, index, 2)
    shuffle(stream, rest)
    hands, stock = deal_general(rest, 0, v.dealt, skip=seat, packet=v.packet,
                                players=v.players)
    hands[seat] = list(fixed)
    return stream, hands, stock


def fixed_hand_deal(seed: int, index: int, hand, seat: int, trump: str,
                    variant: str = "cinch", rules: dict | None = None) -> dict:
    """The `bid` analysis deal (kind 2): dealer 0, ``seat`` holds ``hand`` and wins the
    bid at the preset's minimum in ``trump`` without an auction; ``rules``: house rules
    (a trace's "rules" object)."""
    v = with_rules(variant, rules) if rules else get_variant(variant)
    if not isinstance(seat, int) or not 0 <= seat < v.players:
        raise ValueError(f"seat must be 0..{v.players - 1}, not {seat!r}")
    fixed = [parse_any_card(c, v.deck) for c in hand]
    if any(c not in v.pack() for c in fixed):
        raise ValueError(f"hand holds a card that is not in the {v.deck}-card pack: {hand!r}")
    if len(fixed) != v.dealt or len(set(fixed)) != v.dealt:
        raise ValueError(f"hand must be {v.dealt} distinct cards: {hand!r}")
    suit = parse_suit(trump)
    stream, hands, stock = fixed_deal(v, seed, index, fixed, seat)
    body, _ = simulate(v, 0, hands, stock, _FixedTrump(stream, suit), fixed_bidder=seat)
    trace = _header(v.name, seed, index, {"kind": 2, **({"rules": rules} if rules else {})})
    trace.update(body)
    return trace
