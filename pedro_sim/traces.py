"""Deal traces (docs/trace-format.md) from the kernels' record arrays."""

from __future__ import annotations

from typing import Any

import numpy as np

from pedro_sim.cards import SUITS, card_text, cards_of
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers import deals as drivers
from pedro_sim.engine.rng import KIND_DEAL, KIND_FIXED
from pedro_sim.engine_inputs import EngineInputs

TRACE_FORMAT = "pedro-trace/1"


def record_deals(inputs: EngineInputs, seed: int, indices: np.ndarray, policy: int,
                 flags: np.ndarray) -> np.ndarray:
    """Play and record auctioned deals; one R_LEN row per index."""
    recs = np.zeros((len(indices), L.R_LEN), dtype=np.int64)
    drivers.trace_auctioned(seed, np.asarray(indices, dtype=np.int64), policy, flags,
                            inputs.tables, recs)
    return recs


def record_fixed(inputs: EngineInputs, seed: int, indices: np.ndarray, hand: list[int],
                 offset: int, trump: int, policy: int, flags: np.ndarray) -> np.ndarray:
    """Play and record `bid` analysis deals (the fixed hand at ``offset`` after eldest)."""
    recs = np.zeros((len(indices), L.R_LEN), dtype=np.int64)
    drivers.trace_fixed(seed, np.asarray(indices, dtype=np.int64), np.array(hand, np.int64),
                        offset, trump, policy, flags, inputs.tables, recs)
    return recs


def _texts(cards: list[int]) -> list[str]:
    return [card_text(c) for c in cards]


def _in_mask(cards: list[int], mask: int) -> list[int]:
    return [c for c in cards if mask >> c & 1]


def _discards(dealt: list[int], received: list[int], start: int, trump: int,
              inputs: EngineInputs, split: bool) -> list[int]:
    """What a seat put away, in the order it happened: its dealt cards not kept (the
    non-trumps first unless ``split`` is off), then the cards it took and put away."""
    trumps = int(inputs.tables.masks[trump, L.M_TRUMP])
    gone = [c for c in dealt if not start >> c & 1]
    if split:
        gone = [c for c in gone if not trumps >> c & 1] + [c for c in gone if trumps >> c & 1]
    return gone + [c for c in received if not start >> c & 1]


def trace_dict(rec: np.ndarray, inputs: EngineInputs, seed: int, index: int, policy: str,
               kind: int = KIND_DEAL) -> dict[str, Any]:
    """One record as a docs/trace-format.md object."""
    r = np.asarray(rec).tolist()  # Python ints
    size = inputs.variant.hand
    n = inputs.variant.players
    sides = inputs.sides  # two teams, or a side a seat in individual play
    dealer = r[L.R_DEALER]
    hands = [r[L.R_DEALT + p * size: L.R_DEALT + (p + 1) * size] for p in range(n)]
    stock = r[L.R_DEALT + n * size: L.R_DEALT + inputs.variant.deck]
    received_masks = r[L.R_RECEIVED: L.R_RECEIVED + n]
    start = r[L.R_START: L.R_START + n]
    bidder, bid = r[L.R_BIDDER], r[L.R_BID]
    if kind == KIND_FIXED:
        bids = [[bidder, bid]]
    else:
        bids = [r[L.R_CALLS + 2 * k: L.R_CALLS + 2 * k + 2] for k in range(r[L.R_NCALLS])]
    put_away = r[L.R_PUT_AWAY: L.R_PUT_AWAY + n]  # foster: stock trumps the dealer left
    passed = r[L.R_PASSED: L.R_PASSED + n]  # eighty-three: cards from the partner
    mate = [int(x) for x in inputs.opts[L.SE_PARTNER: L.SE_PARTNER + n]]  # -1: none
    split = inputs.variant.excess_trumps == "discard-nonscoring"  # non-trumps went first
    in_stock = 0
    for c in stock:
        in_stock |= 1 << c
    # what a seat took in from the stock, in stock order (a book, the kitty, a fill, what a
    # robbing dealer looked through: the cards it kept and, foster, the trumps it left),
    # then the cards its partner passed it (passing goes one way within a partnership)
    taken = [_in_mask(stock, (received_masks[p] | put_away[p]) & ~passed[p])
             + cards_of(passed[p]) for p in range(n)]
    # what a seat put away, then the cards it passed its partner (so that for every seat
    # start_hands = hands - discards + received, docs/trace-format.md)
    discards = [[c for c in _discards(hands[p], taken[p], start[p], r[L.R_TRUMP], inputs,
                                      split and p != dealer)
                 if not (mate[p] >= 0 and passed[mate[p]] >> c & 1)]
                + (cards_of(passed[mate[p]]) if mate[p] >= 0 else [])
                for p in range(n)]
    order = [(dealer + 1 + q) % n for q in range(n - 1)]
    others = [c for q in order for c in discards[q]]  # cards a dealer may take (nicaragua)
    # the dealer's cards taken from the others' discards: those it received that came
    # neither from the stock nor from its partner (a stock card another seat discarded, such
    # as a kitty card passed on in eighty-three, is listed above if the dealer took it in)
    received = [taken[p] + (_in_mask(others, received_masks[p] & ~passed[p] & ~in_stock)
                            if p == dealer else []) for p in range(n)]
    tricks = []
    for k in range(r[L.R_NTRICKS]):
        base = L.R_TRICKS + L.TRICK_LEN * k
        plays = []
        for j in range(r[base + L.T_NPLAYS]):
            at = base + L.T_PLAYS + L.PLAY_LEN * j
            seat, card, buried = r[at: at + L.PLAY_LEN]
            plays.append([seat, _texts([card, *cards_of(buried)])])
        tricks.append({"leader": r[base + L.T_LEADER], "plays": plays,
                       "winner": r[base + L.T_WINNER]})
    claim_seat = r[L.R_CLAIM_SEAT]
    out: dict[str, Any] = {
        "format": TRACE_FORMAT,
        "variant": inputs.variant.name,
        "seed": seed,
        "deal": index,
        "policy": policy,
        "dealer": dealer,
        "hands": [_texts(h) for h in hands],
        "stock": _texts(stock),
        "bids": bids,
        "bidder": bidder,
        "bid": bid,
        "trump": SUITS[r[L.R_TRUMP]] if bidder >= 0 else None,
        "discards": [_texts(x) for x in discards],
        "received": [_texts(x) for x in received],
        "start_hands": [_texts(_in_mask(hands[p] + received[p], start[p])) for p in range(n)],
        "tricks": tricks,
        "folded": [r[L.R_FOLDED + 2 * k: L.R_FOLDED + 2 * k + 2] for k in range(r[L.R_NFOLDED])],
        "claimed": None if claim_seat < 0 else [claim_seat, _texts(cards_of(r[L.R_CLAIM_MASK]))],
        "points": r[L.R_POINTS: L.R_POINTS + sides],
        "made": bool(r[L.R_MADE]),
        "score": r[L.R_SCORE: L.R_SCORE + sides],
    }
    if inputs.variant.called_partner:  # five-handed: the called trump and its holder
        out["called"] = None if bidder < 0 else [_texts([r[L.R_CALLED]])[0], r[L.R_CALLED + 1]]
    if inputs.trace_rules:  # the options in which the deal departs from the named preset
        out["rules"] = dict(inputs.trace_rules)
    if bidder < 0:  # thrown in (docs/rules.md section 5)
        out.update({"bidder": None, "bid": 0, "trump": None, "discards": [[]] * n,
                    "received": [[]] * n, "start_hands": out["hands"], "made": False})
    if kind != KIND_DEAL:
        out["kind"] = kind
    return out
