"""A Variant's options as the int64 array every kernel reads (indices in layout.py)."""

from __future__ import annotations

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.rules.variant import Variant


def kernel_options(variant: Variant) -> np.ndarray:
    """The int64 option array every kernel reads (indices in encoding/layout.py)."""
    v = variant
    opts = np.zeros(L.N_OPTS, dtype=np.int64)
    opts[L.O_PLAYERS] = v.players
    opts[L.O_HAND] = v.hand
    opts[L.O_PACKET] = v.packet
    opts[L.O_KEEP] = v.keep
    opts[L.O_MIN_BID] = v.min_bid
    opts[L.O_MAX_BID] = v.max_bid
    opts[L.O_FORCED_BID] = v.forced_bid
    opts[L.O_TWO_POINTS] = v.points.get("2", 0) if v.two_scores_for == "holder" else 0
    opts[L.O_TOTAL_POINTS] = v.total_points
    opts[L.O_TARGET] = v.target
    opts[L.O_GOES_OUT_AT] = v.goes_out_at
    opts[L.O_MAX_DEALS] = v.max_deals
    opts[L.O_DECK] = v.deck
    opts[L.O_DEALER_EQUAL] = v.dealer_may_equal
    opts[L.O_DISCARD] = {"non-trumps": L.DISCARD_NON_TRUMPS, "none": L.DISCARD_NONE,
                         "keep-trumps": L.DISCARD_KEEP_TRUMPS,
                         "free": L.DISCARD_FREE,
                         "keep-scoring": L.DISCARD_KEEP_SCORING}.get(v.discard, -1)
    opts[L.O_FILL] = {"rob-trumps": L.FILL_ROB_TRUMPS, "top": L.FILL_TOP,
                      "none": L.FILL_NONE, "take-all": L.FILL_TAKE_ALL,
                      "rob-free": L.FILL_ROB_FREE, "rob-all": L.FILL_ROB_ALL}.get(
        v.dealer_fill, -1)
    opts[L.O_PLAIN_LED] = {"follow-or-trump": L.PLAIN_FOLLOW_OR_TRUMP, "any": L.PLAIN_ANY,
                           "follow": L.PLAIN_FOLLOW,
                           "trumps-only": L.PLAIN_TRUMPS_ONLY}.get(v.plain_led, -1)
    opts[L.O_FIRST_LEAD_TRUMP] = v.first_lead == "trump"
    opts[L.O_TIE] = {"continue": L.TIE_CONTINUE, "bidders": L.TIE_BIDDERS,
                     "counting-order": L.TIE_COUNTING_ORDER}[v.tie]
    opts[L.O_WIN_OWN_BID] = ("any", "bid", "made").index(v.win_only_on)
    opts[L.O_BOOKS] = v.books
    opts[L.O_CREDIT] = v.opponents_discards_to_bidders
    opts[L.O_ROUNDS] = v.auction == "until-passes"
    opts[L.O_SECOND_DEAL] = v.second_deal
    opts[L.O_EXTRAS_SCORE] = v.excess_trumps in ("extra-cards", "extra-one-scoring",
                                                    "pairs")
    opts[L.O_EXTRAS_ONE_SCORING] = v.excess_trumps == "extra-one-scoring"
    opts[L.O_FORCED_KIND] = ("exact", "none", "any").index(v.dealer_forced)
    opts[L.O_KITTY] = v.kitty
    opts[L.O_LOSE_AT] = v.lose_at
    opts[L.O_SCORING] = {"add": L.SCORE_ADD, "sancho": L.SCORE_ADD,
                         "difference": L.SCORE_DIFFERENCE}[v.scoring]
    opts[L.O_EXCESS] = {"bury": L.EXCESS_BURY, "discard-nonscoring": L.EXCESS_DISCARD}.get(
        v.excess_trumps, -1)
    opts[L.O_FOLD] = {"never": L.FOLD_NEVER, "no-trump-at-trick": L.FOLD_AT_TRICK,
                      "no-trump-on-trump-lead": L.FOLD_ON_TRUMP_LEAD}.get(v.fold, -1)
    opts[L.O_PAIRS] = v.excess_trumps == "pairs"
    opts[L.O_DOUBLE_MAX] = v.special_bid == "double-max"
    opts[L.O_MOON] = v.special_bid == "moon"
    opts[L.O_TOP_BID] = v.top_bid
    opts[L.O_PASS_EXCESS] = v.excess_trumps == "pass-to-partner"
    return opts
