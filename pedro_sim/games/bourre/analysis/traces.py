"""Bourré deal records to `bourre-trace/1` objects (docs/trace-format.md), and a session
written as traces."""

from __future__ import annotations

import numpy as np

from pedro_sim.cards import card_text
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.rules import BourreRules


def _cards(ids) -> list[str]:
    return [card_text(int(c)) for c in ids]


def _mask_cards(mask: int) -> list[str]:
    return [card_text(c) for c in range(52) if int(mask) >> c & 1]


def _draws(st: np.ndarray, seat: int) -> list[list[str]]:
    k = int(st[B.S_DECL + seat])
    if k <= 0:
        return [[], []]
    at = B.S_DISC + seat * B.HAND
    got = B.S_RECV + seat * B.HAND
    return [_cards(st[at:at + k]), _cards(st[got:got + k])]


def _reshuffles(st: np.ndarray) -> list:
    out = []
    for r in range(int(st[B.S_NRESH])):
        a = B.S_RESH_CARDS + int(st[B.S_RESH_START + r])
        out.append([int(st[B.S_RESH_SEAT + r]), _cards(st[a:a + int(st[B.S_RESH_LEN + r])])])
    return out


def _tricks(st: np.ndarray) -> list[dict]:
    if int(st[B.S_LONE]) >= 0:
        return []
    playing = int(st[B.S_PLAYING])
    out = []
    for t in range(B.TRICKS):
        base = t * B.SEATS
        plays = [[int(st[B.S_PSEAT + base + j]), [card_text(int(st[B.S_PLAYS + base + j]))]]
                 for j in range(playing)]
        out.append({"leader": int(st[B.S_TLEAD + t]), "plays": plays,
                    "winner": int(st[B.S_TWIN + t])})
    return out


def deal_trace(st: np.ndarray, mk: np.ndarray, rules: BourreRules, seed: int, index: int,
               policy: str) -> dict:
    """One deal's `bourre-trace/1` object from its records."""
    n = rules.players
    dealer = int(st[B.S_DEALER])
    dealt = B.HAND * n + int(st[B.S_NOBODY])  # the cards not in the stock
    winner = int(st[B.S_WINNER])
    return {
        "format": "bourre-trace/1", "variant": "bourre", "seed": seed, "deal": index,
        "policy": policy, "dealer": dealer, "players": n, "rules": rules.rules_object(),
        "hands": [_cards(st[B.S_DEALT + s * B.HAND:B.S_DEALT + (s + 1) * B.HAND])
                  for s in range(n)],
        "trump_card": card_text(int(st[B.S_TURNED])),
        "stock": _stock(st, dealt),
        "reshuffles": _reshuffles(st),
        "pot_before": int(st[B.S_POT_BEFORE]),
        "antes": [int(a) for a in st[B.S_ANTES:B.S_ANTES + n]],
        "declarations": [[(dealer + i) % n, int(st[B.S_DECL + (dealer + i) % n])]
                         for i in range(1, n + 1)],
        "draws": [_draws(st, s) for s in range(n)],
        "start_hands": [_mask_cards(mk[B.M_START + s]) if st[B.S_DECL + s] >= 0 else []
                        for s in range(n)],
        "tricks": _tricks(st),
        "tricks_won": [int(w) for w in st[B.S_WON:B.S_WON + n]],
        "winner": winner if winner >= 0 else None,
        "taken": int(st[B.S_TAKEN]),
        "bourre": [s for s in range(n) if st[B.S_BOURRE + s]],
        "paid": [int(p) for p in st[B.S_PAID:B.S_PAID + n]],
    }


def _stock(st: np.ndarray, dealt: int) -> list[str]:
    """The undealt cards, top first, as the deal left them."""
    return _cards(st[B.S_FIRST_STOCK:B.S_FIRST_STOCK + 52 - dealt])


POLICY_WORDS = {0: "random", 1: "heuristic", 2: "pimc"}


def session_traces(rules: BourreRules, seed: int, session: int, deals: int,
                   pol: np.ndarray, worlds: np.ndarray, policy: str) -> list[dict]:
    """The traces of one session's deals, in order."""
    from pedro_sim.engine.rng import GAME_STRIDE
    from pedro_sim.games.bourre.kernels.drivers import record_session
    from pedro_sim.games.bourre.kernels.session import R_OVERFLOW

    rec_st, rec_mk, row = record_session(rules, seed, session, deals, pol, worlds)
    if row[R_OVERFLOW]:
        raise PedroError(f"the pot passed 2^52 chips in session {session}: play with a "
                         "limit (--rule limit=N) or shorter sessions (--deals N)")
    return [deal_trace(rec_st[k], rec_mk[k], rules, seed, session * GAME_STRIDE + k, policy)
            for k in range(deals)]
