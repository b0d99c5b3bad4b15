"""Whole games: deals in a row until a team wins (RULES.md section 2, step 9)."""

import numpy as np

from pedro_sim.engine import layout as L
from pedro_sim.engine.deals import auctioned_deal, deal_score
from pedro_sim.engine.jit import phase
from pedro_sim.engine.rng import GAME_STRIDE, KIND_GAME

END_TARGET = 0
END_BIDDER_OUT = 1
END_UNFINISHED = 2
GAME_COLS = 5  # winner, end, deals, score team 0, score team 1


@phase
def play_game(seed, game, policy, flags, opts, masks, beats, cinfo, deck, hands, rng, pts,
              score, rec, out):
    """Play game ``game`` of ``seed``; writes its GAME_COLS results into ``out``."""
    kind = np.int64(KIND_GAME)
    target = opts[L.O_TARGET]
    goes_out = opts[L.O_GOES_OUT_AT]
    t0 = 0
    t1 = 0
    dealer = game % 4
    winner = -1
    end = END_UNFINISHED
    deals = 0
    while deals < opts[L.O_MAX_DEALS]:
        bidder_goes_out = goes_out > 0 and t0 >= goes_out and t1 >= goes_out
        bidder, bid, _ = auctioned_deal(seed, game * GAME_STRIDE + deals, kind, dealer,
                                        policy, flags, opts, masks, beats, cinfo, deck, hands,
                                        rng, pts, rec)
        made = deal_score(pts, bidder, bid, score)
        t0 += score[0]
        t1 += score[1]
        deals += 1
        if bidder_goes_out and made:
            winner = bidder & 1
            end = END_BIDDER_OUT
            break
        if (t0 >= target) != (t1 >= target):
            winner = 0 if t0 >= target else 1
            end = END_TARGET
            break
        dealer = (dealer + 1) & 3
    out[0] = winner
    out[1] = end
    out[2] = deals
    out[3] = t0
    out[4] = t1
