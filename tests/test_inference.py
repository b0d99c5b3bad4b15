"""pimc reading the auction (engine/thinking/inference.py): off, it plays exactly as before;
on, the worlds it keeps follow the exact posterior (enumerated on small positions), its
simulated deals for bidding follow what the calls said, and explain shows the weights."""

from __future__ import annotations

import hashlib
import math
import random

import numpy as np
import pytest
from test_sampler import CINCH, consistent_worlds, prepared, small_case

from pedro_sim import reference
from pedro_sim.analysis.decisions.explain import explain_trace
from pedro_sim.compiler.dispatcher import jit
from pedro_sim.encoding import layout as L
from pedro_sim.engine.players.bid_values import LENGTH_BONUS
from pedro_sim.engine.rng import start
from pedro_sim.engine.thinking import bidding as B
from pedro_sim.engine.thinking import inference as IN
from pedro_sim.engine.thinking import sampler as S
from pedro_sim.engine.thinking.think_buffers import calls_of, new_think, simulation_of
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.errors import PedroError
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.specs import parse_spec, short_name
from pedro_sim.traces import record_deals, trace_dict

# sha256 (first 32 hex digits) of the records of deals 0..23 of seed 77 played by
# pimc:worlds=8,bid_worlds=16,keep_worlds=8, measured with the code before inference was
# added (commit 6900e24): with infer=none the players must still play exactly these deals
BEFORE_INFERENCE = {
    "cinch": "6e9bf6266021086fe7d325526bd16b26",
    "california": "28820891185f9194c40d3e8a032c18b1",
    "cinch@3": "9aa45fb2aea5fad841577a701cb740ac",
    "five-handed": "698cee996a173cf800a44e0094a8997a",
}
SMALL = "pimc:worlds=8,bid_worlds=16,keep_worlds=8"
# the digests' players: no inference (the default reads cards), rollouts to the end and
# overcalls priced in five-handed only (the default before 2026-12-06)
PLAIN = SMALL + ",infer=none,solve_tricks=0,prune=0,finish=0,overcalls=called"


def records(table: str, spec: str, deals: int = 24, seed: int = 77) -> np.ndarray:
    v = resolve_variant(table, [])
    who = players(spec, v)
    return record_deals(EngineInputs.for_variant(v), seed, np.arange(deals), who.policy,
                        who.flags)


@pytest.mark.parametrize("table", sorted(BEFORE_INFERENCE))
def test_without_inference_the_deals_are_those_of_before(table):
    digest = hashlib.sha256(records(table, PLAIN).tobytes()).hexdigest()[:32]
    assert digest == BEFORE_INFERENCE[table]


def test_inference_changes_play_and_stays_legal():
    """The setting reaches the kernels (other deals than without it), and its deals check."""
    inputs = EngineInputs.for_variant("cinch")
    plain = records("cinch", PLAIN)
    read = records("cinch", SMALL + ",infer=auction,trust=99")
    assert not np.array_equal(plain, read)
    for i, rec in enumerate(read):
        assert reference.check_trace(trace_dict(rec, inputs, 77, i, "pimc")) == []


def test_specs():
    assert str(parse_spec("pimc")) == ("pimc:worlds=20,eval=rollout,bid_worlds=64,"
                                       "objective=score,think=all,keep_worlds=32,"
                                       "infer=cards,trust=95,solve_tricks=4,prune=10,"
                                       "finish=4,solve_worlds=0")
    assert ",infer=auction,trust=95," in str(parse_spec("pimc:infer=auction"))
    assert ",keep_worlds=32,infer=none,solve_tricks=" in str(parse_spec("pimc:infer=none"))
    assert short_name("pimc:infer=auction,trust=50") == "pimc:infer=auction,trust=50"
    assert parse_spec("pimc:infer=auction,trust=0").block()[L.K_TRUST] == 0
    for bad, says in (("pimc:trust=100", "trust must be from 0 to 99"),
                      ("pimc:infer=play", "unknown infer"),
                      ("dd:infer=auction", "dd has no setting 'infer'")):
        with pytest.raises(PedroError, match=says):
            parse_spec(bad)


# --- kept worlds against the exact posterior -------------------------------------------

@jit(cache=False, nogil=True)  # its callees change; a cached copy would not notice
def kept_draws(p, hands, know, out_p, must, calls, bidder, trust, t, tab, n, seed, dp, fact,
               sp, sm):
    """``n`` worlds as pimc keeps them in card play (inference.draw_kept), each with the
    weight draw_kept returns for it."""
    _, rng, room_hands, room_must = prepared(p, hands, know, out_p, must, t, tab, seed, dp,
                                             fact, sp, sm)
    world = np.zeros(L.SEATS, np.uint64)
    no_plays = np.zeros(1, np.int64)  # the play log: empty (infer=auction reads none)
    out = np.zeros((n, 4), np.uint64)
    weights = np.zeros(n)
    for i in range(n):
        weights[i] = IN.draw_kept(True, p, room_hands, world, rng, dp, fact, sp, sm, know,
                                  out_p, room_must, calls, no_plays, bidder, L.INFER_AUCTION,
                                  trust, t, tab)
        out[i] = world[:4]
    return out, weights


def kept_posterior(exact: np.ndarray) -> np.ndarray:
    """The law of a kept world, from the exact weights of the consistent worlds (each
    drawn uniformly): kept at the k-th draw with probability w, or the MAX_DRAWS-th kept
    whatever its weight: P(x) = u (w(x) (1 - r^(M-1)) / a + r^(M-1)), u = 1 / worlds,
    a = the mean weight, r = 1 - a. With r^(M-1) negligible, the posterior w / sum w."""
    a = exact.mean()
    r = (1 - a) ** (IN.MAX_DRAWS - 1)
    law = exact * (1 - r) / a + r
    return law / law.sum()


def value_in_points(cards: int, t: int) -> float:
    """The heuristic's value of ``cards`` (trumps) with ``t`` as trumps, written out from the
    card table (bid_values.suit_value packs the same sum)."""
    ids = [c for c in range(52) if cards >> c & 1]
    total = sum(int(CINCH.tables.cinfo[t, L.I_EVAL, c]) for c in ids)
    return (total + LENGTH_BONUS * max(0, len(ids) - 3)) / 10.0


def exact_weight(world, p, know, calls, bidder, trust, t) -> float:
    """The posterior weight of a world, computed apart from the kernels."""
    tm = int(CINCH.tables.masks[t, L.M_TRUMP])
    like = 1.0
    for q in range(4):
        if q == p:
            continue
        est = value_in_points((world[q] | int(know[S.K_PLAYED + q])) & tm, t)
        bid, need = (calls[2 * q] if q == bidder else 0), calls[2 * q + 1]
        if bid > 0:
            like /= 1 + math.exp(-(IN.SLOPE * (est - bid) + IN.OFFSET))
        if need > 0:
            like *= 1 - 1 / (1 + math.exp(-(IN.SLOPE * (est - need) + IN.OFFSET)))
    return (1 - trust / 100) + trust / 100 * like


def chi_square_pvalue(counts: np.ndarray, expected: np.ndarray) -> float:
    stat = float(((counts - expected) ** 2 / expected).sum())
    df = len(counts) - 1
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_kept_draws_follow_the_exact_posterior():
    """The worlds pimc keeps (drawn uniformly, each kept with the probability of its
    weight) are distributed as the posterior enumerated exactly (every consistent world,
    its weight from the calls), and each comes with its exact weight."""
    rng = random.Random(5)
    tested = 0
    while tested < 5:
        p, hands, know, out_p, must, t = small_case(rng)
        worlds = consistent_worlds(p, hands, know, out_p, must, t, 52)
        if not 3 <= len(worlds) <= 80:
            continue
        bidder = rng.choice([q for q in range(4) if q != p])
        calls = np.zeros(2 * L.SEATS, np.int64)
        calls[1::2] = -1
        calls[2 * bidder] = rng.randint(7, 11)
        for q in range(4):
            if q not in (p, bidder):
                calls[2 * q + 1] = rng.choice([-1, 7, 8])
        trust = rng.choice([50, 90, 99])
        exact = np.array([exact_weight(w, p, know, calls, bidder, trust, t) for w in worlds])
        if exact.max() < 1.05 * exact.min():
            continue  # no hidden trump moves the weights: nothing to compare
        n = 30 * len(worlds)
        got, w = kept_draws(p, np.array(hands, np.uint64), know, np.uint64(out_p),
                            np.array(must, np.uint64), calls, bidder, trust, t, CINCH.tables,
                            n, tested, *S.new_sampler())
        index = {world: i for i, world in enumerate(worlds)}
        drawn = np.array([index[tuple(int(x) for x in row)] for row in got])
        assert np.allclose(w, exact[drawn])  # each kept world with its exact weight
        counts = np.bincount(drawn, minlength=len(worlds)).astype(float)
        expected = kept_posterior(exact) * n
        assert chi_square_pvalue(counts, expected) > 1e-4, (tested, counts, expected)
        tested += 1


# --- simulated deals for bidding -------------------------------------------------------

@jit(cache=False, nogil=True)
def heard_deals(think, flags, cfg, seat, n, tab, seed, rng):
    """The dealt hands of ``n`` simulated deals around seat 0's hand (dealer 3)."""
    out = np.zeros((n, 4), np.uint64)
    start(rng, seed, 0, 3)
    hand = np.uint64(0)
    for c in (0, 13, 26, 39, 1, 14, 27, 40, 2):  # nine low cards, spread over the suits
        hand |= np.uint64(1) << np.uint64(c)
    for i in range(n):
        B.deal_heard(np.int64(seat), np.int64(3), hand, np.int64(seat), flags, cfg, tab, rng,
                     think)
        for q in range(4):
            out[i, q] = simulation_of(think)[0].hands[L.H_DEALT + q]
    return out


def best_values(hands: np.ndarray) -> np.ndarray:
    return np.array([max(value_in_points(int(h) & int(CINCH.tables.masks[t, L.M_TRUMP]), t)
                         for t in range(4)) for h in hands])


def test_simulated_deals_follow_the_calls_heard():
    """Seat 0 bids after seat 1 passed (where it had to bid 7) and seat 2 bid 9: with
    infer=auction its simulated deals give seat 1 weaker hands and seat 2 stronger ones
    than uniform deals do; without, the deals are the uniform deals themselves."""
    tab = CINCH.tables
    rng = np.zeros(1, np.uint64)
    runs = {}
    for spec in ("pimc", "pimc:infer=auction,trust=90"):
        who = players(spec, CINCH.variant)
        think = new_think(who.policy, tab, rng)
        calls = calls_of(think)
        IN.forget_calls(think)
        calls[2 * 1 + 1] = 7
        calls[2 * 2] = 9
        runs[spec] = heard_deals(think, who.flags, np.int64(L.FL_SETTINGS), 0, 3000, tab, 1,
                                 rng)
    plain, heard = runs["pimc"], runs["pimc:infer=auction,trust=90"]
    assert np.all(plain[:, 0] == heard[:, 0])  # the seat's own hand
    for seat, sign in ((1, -1), (2, 1)):
        a, b = best_values(plain[:, seat]), best_values(heard[:, seat])
        se = math.sqrt(a.var() / len(a) + b.var() / len(b))
        assert sign * (b.mean() - a.mean()) > 5 * se, (seat, a.mean(), b.mean(), se)


@jit(cache=False, nogil=True)
def uniform_deals(think, seat, n, tab, seed, rng):
    out = np.zeros((n, 4), np.uint64)
    start(rng, seed, 0, 3)
    hand = np.uint64(0)
    for c in (0, 13, 26, 39, 1, 14, 27, 40, 2):
        hand |= np.uint64(1) << np.uint64(c)
    for i in range(n):
        B.deal_around(np.int64(seat), np.int64(3), hand, np.int64(seat), tab, rng, think)
        for q in range(4):
            out[i, q] = simulation_of(think)[0].hands[L.H_DEALT + q]
    return out


def test_without_inference_simulated_deals_are_uniform_deals():
    rng = np.zeros(1, np.uint64)
    who = players("pimc", CINCH.variant)
    think = new_think(who.policy, CINCH.tables, rng)
    a = heard_deals(think, who.flags, np.int64(L.FL_SETTINGS), 0, 200, CINCH.tables, 4, rng)
    b = uniform_deals(think, 0, 200, CINCH.tables, 4, rng)
    assert np.array_equal(a, b)


# --- explain ---------------------------------------------------------------------------

def test_explain_shows_the_weights():
    """A deal played by pimc with inference, explained from its trace: the replay gives
    the card the trace shows (its worlds kept as in play), and value_uniform, the worlds
    weighed back by 1 / weight, rests on fewer effective worlds than were kept where the
    weights differ. Without pruning, so that explain values the cards as play did."""
    spec = "pimc:infer=auction,trust=99,prune=0"
    who = players(spec, CINCH.variant)
    recs = record_deals(CINCH, 3, np.arange(6), who.policy, who.flags)
    weighted = 0
    for i, rec in enumerate(recs):
        trace = trace_dict(rec, CINCH, 3, i, who.label)
        for seat in range(4):
            try:
                answer = explain_trace(trace, 1, seat, 0)
            except PedroError:
                continue  # no choice there
            assert answer.chosen == answer.played
            frame = answer.frame
            assert (frame["ess"] <= answer.worlds + 1e-9).all()
            weighted += bool(frame["ess"].iloc[0] < answer.worlds - 1e-6)
    assert weighted > 0


# --- reading the play (infer=all) --------------------------------------------------------

def test_the_play_log_reads_heuristic_seats_exactly():
    """Seats 0 and 2 pimc, seats 1 and 3 the heuristic: after each deal the log of plays,
    each rebuilt from the cards the seat held then, is what the heuristic would have played
    at every one of the heuristic seats' plays (the likelihood of the true hands is 1)."""
    from pedro_sim.engine.drivers import deals as D
    from pedro_sim.engine.thinking.think_buffers import G_SEAT, I_PLAYS, N_LOG, T_I

    inputs = CINCH
    who = players("pimc:worlds=2,bid_worlds=4,keep_worlds=2", inputs.variant,
                  bidders=None, defenders=None)
    word = (L.PL_PIMC | (L.PL_HEURISTIC << 4))  # role 0 pimc, role 1 the heuristic
    checked = missed = 0
    for i in range(40):
        work, think = D._scratch(word, inputs.tables, True)
        recs = np.zeros((1, L.R_LEN), np.int64)
        D._auctioned(D.Span(9, 0, 0, 1), np.array([i], np.int64), D.M_TRACE, word, who.flags,
                     inputs.tables, recs, work, think)
        trace = trace_dict(recs[0], inputs, 9, i, "x")
        if trace["bidder"] is None:
            continue
        log = think[T_I][I_PLAYS:].copy()
        n = int(log[0])
        entries = [log[1 + j * N_LOG:1 + (j + 1) * N_LOG] for j in range(n)]
        t = "SHDC".index(trace["trump"])
        assert n == sum(len(tr["plays"]) for tr in trace["tricks"])
        for parity in (1, 0):  # the heuristic's seats; then pimc's, which it does not model
            kept = [e for e in entries if e[G_SEAT] % 2 == parity]
            only = np.zeros(1 + len(kept) * N_LOG, np.int64)
            only[0] = len(kept)
            for j, e in enumerate(kept):
                only[1 + j * N_LOG:1 + (j + 1) * N_LOG] = e
            like = IN.plays_likelihood(np.zeros(L.SEATS, np.uint64), 1 - parity, only, t,
                                       inputs.tables)
            if parity:
                assert like == 1.0, i
                checked += len(kept)
            else:
                missed += like < 1.0
    assert checked > 200 and missed > 0  # (pimc leaves the heuristic's card at times)


def test_inference_gives_the_same_deals_whatever_the_threads():
    import numba

    runs = []
    for threads in (1, 2):
        numba.set_num_threads(threads)
        runs.append(records("cinch", SMALL + ",infer=all,trust=95", deals=16, seed=8))
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    assert np.array_equal(runs[0], runs[1])
