"""docs/rules.md section 6 checked inside the kernels (engine/checks/invariants.py,
engine/drivers/soak.py): clean on every preset the engine plays, and caught when a
recorded deal is corrupted."""

from __future__ import annotations

import numba
import numpy as np
import pytest

from pedro_sim.encoding import layout as L
from pedro_sim.engine.checks.invariants import (
    KIND_NAMES,
    V_AUCTION,
    V_CARDS,
    V_LEGAL,
    V_POINTS,
    V_SCORE,
    V_WINNER,
    deal_violations,
    new_scratch,
)
from pedro_sim.engine.drivers.soak import soak_counts
from pedro_sim.engine.game.tricks import legal_cards
from pedro_sim.engine_inputs import PLAYED_PRESETS, EngineInputs, technique_flags
from pedro_sim.traces import record_deals

DEALS = 10_000


def totals_of(preset: str, policy: int, first: int) -> dict[str, int]:
    inputs = EngineInputs.for_variant(preset)
    totals = soak_counts(inputs.tables, 1, first, DEALS, policy, technique_flags(), chunk=512)
    assert totals["deals"] == DEALS
    return {k: totals[k] for k in KIND_NAMES}


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
def test_heuristic_deals_keep_the_invariants(preset):
    assert totals_of(preset, L.P_HEURISTIC, 0) == dict.fromkeys(KIND_NAMES, 0)


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
def test_random_deals_keep_the_invariants(preset):
    """Deals 30,000.. of seed 1: they hold king-pedro's deal 34112, where a player with all
    seven scoring trumps once stacked two of them without the 2 (fixed in
    play.stack_can_complete; the soak found it)."""
    assert totals_of(preset, L.P_RANDOM, 30_000) == dict.fromkeys(KIND_NAMES, 0)


def test_counts_do_not_depend_on_threads():
    """Per-kind counts merged from several chunks do not depend on the threads."""
    tab = EngineInputs.for_variant("king-pedro").tables
    runs = []
    try:
        for threads in (1, numba.config.NUMBA_NUM_THREADS):
            numba.set_num_threads(threads)
            runs.append(soak_counts(tab, 1, 30_000, 20_000, L.P_RANDOM, technique_flags(), 700))
    finally:
        numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    assert runs[0] == runs[1]
    assert runs[0]["deals"] == 20_000


@pytest.fixture(scope="module")
def recs(cinch, all_on) -> np.ndarray:
    """Heuristic cinch deals that were bid and played (no throw-ins in cinch)."""
    return record_deals(cinch, 2024, np.arange(200), L.P_HEURISTIC, all_on)


def flags_of(rec: np.ndarray, inputs: EngineInputs) -> int:
    return int(deal_violations(rec, inputs.tables, *new_scratch()))


def bit(kind: int) -> int:
    return 1 << kind


def plays(rec: np.ndarray):
    """(record offset of the play, trick, seat, card, extra mask) of every play."""
    for k in range(rec[L.R_NTRICKS]):
        base = L.R_TRICKS + L.TRICK_LEN * k
        for j in range(rec[base + 2]):
            at = base + 3 + 3 * j
            yield at, k, int(rec[at]), int(rec[at + 1]), int(rec[at + 2])


def test_recorded_deals_are_clean(recs, cinch):
    assert [flags_of(r, cinch) for r in recs] == [0] * len(recs)


def test_a_duplicated_dealt_card_is_caught(recs, cinch):
    for rec in recs[:50]:
        bad = rec.copy()
        bad[L.R_DEALT + 1] = bad[L.R_DEALT]
        assert flags_of(bad, cinch) & bit(V_CARDS)


def test_a_card_played_twice_is_caught(recs, cinch):
    for rec in recs[:50]:
        bad = rec.copy()
        first, *rest = list(plays(bad))
        later = next(p for p in rest if p[1] > 0)
        bad[later[0] + 1] = first[3]  # replay trick 0's lead card later
        assert flags_of(bad, cinch) & bit(V_CARDS)


def test_a_changed_trick_winner_is_caught(recs, cinch):
    for rec in recs[:50]:
        for k in range(rec[L.R_NTRICKS]):
            bad = rec.copy()
            base = L.R_TRICKS + L.TRICK_LEN * k
            bad[base + 1] = (bad[base + 1] + 1) % 4
            assert flags_of(bad, cinch) == bit(V_WINNER)


@pytest.mark.parametrize("slot, kind", [(L.R_SCORE, V_SCORE), (L.R_SCORE + 1, V_SCORE),
                                        (L.R_MADE, V_SCORE), (L.R_POINTS, V_POINTS),
                                        (L.R_BID, V_AUCTION), (L.R_BIDDER, V_AUCTION)])
def test_a_changed_result_is_caught(recs, cinch, slot, kind):
    for rec in recs[:50]:
        bad = rec.copy()
        bad[slot] = 1 - bad[slot] if slot in (L.R_MADE, L.R_BIDDER) else bad[slot] + 1
        assert flags_of(bad, cinch) & bit(kind)


def swap_in_illegal(rec: np.ndarray, inputs: EngineInputs) -> np.ndarray | None:
    """The record with one follower's card swapped for an illegal one of its hand, played
    in its place later (so every card is still played once), or None if no follower had
    an illegal card."""
    tab = inputs.tables
    t = int(rec[L.R_TRUMP])
    hands = [int(x) for x in rec[L.R_START:L.R_START + 4]]
    seq = list(plays(rec))
    for n, (at, k, seat, card, extra) in enumerate(seq):
        lead = next(p for p in seq if p[1] == k)
        if at != lead[0]:
            led = int(tab.cinfo[t, L.I_SUIT, lead[3]])
            legal = int(legal_cards(np.uint64(hands[seat]), led, t, tab, tab.opts[L.O_PLAIN_LED]))
            illegal = hands[seat] & ~legal & ~extra
            later = [p for p in seq[n + 1:] if p[2] == seat and illegal >> p[3] & 1]
            if later:
                bad = rec.copy()
                bad[at + 1], bad[later[0][0] + 1] = later[0][3], card
                return bad
        hands[seat] &= ~(1 << card | extra)
    return None


def test_an_illegal_card_is_caught(recs, cinch):
    swapped = [b for b in (swap_in_illegal(r, cinch) for r in recs) if b is not None]
    assert len(swapped) >= 20
    assert all(flags_of(b, cinch) & bit(V_LEGAL) for b in swapped)


def bury_scoring(rec: np.ndarray, inputs: EngineInputs) -> np.ndarray | None:
    """The record with a buried card swapped for a scoring trump the same seat plays on a
    later trick (every card still played once), or None if there is none."""
    scoring = int(inputs.tables.masks[int(rec[L.R_TRUMP]), L.M_SCORE_TRICK])
    seq = list(plays(rec))
    for at, k, seat, _, extra in seq:
        later = [p for p in seq if p[1] > k and p[2] == seat and scoring >> p[3] & 1]
        if extra and later:
            low = extra & -extra
            bad = rec.copy()
            bad[at + 2] = extra & ~low | 1 << later[0][3]
            bad[later[0][0] + 1] = low.bit_length() - 1
            return bad
    return None


def test_a_buried_scoring_trump_is_caught(cinch, all_on):
    recs = record_deals(cinch, 3, np.arange(2000), L.P_HEURISTIC, all_on)
    swapped = [b for b in (bury_scoring(r, cinch) for r in recs) if b is not None]
    assert len(swapped) >= 5
    assert all(flags_of(b, cinch) & bit(V_LEGAL) for b in swapped)


def corrupted(preset: str, change, n: int = 300) -> list[int]:
    """Flags of the recorded heuristic deals of ``preset`` that ``change(rec)`` altered
    (it returns False to leave a deal out)."""
    inputs = EngineInputs.for_variant(preset)
    out = []
    for rec in record_deals(inputs, 9, np.arange(n), L.P_HEURISTIC, technique_flags()):
        bad = rec.copy()
        if change(bad):
            out.append(flags_of(bad, inputs))
    return out


def drop_fold(rec: np.ndarray) -> bool:
    if rec[L.R_NFOLDED] == 0:
        return False
    rec[L.R_NFOLDED] -= 1
    return True


def short_claim(rec: np.ndarray) -> bool:
    claim = int(rec[L.R_CLAIM_MASK])
    if rec[L.R_CLAIM_SEAT] < 0 or not claim:
        return False
    rec[L.R_CLAIM_MASK] = claim & (claim - 1)  # one claimed card goes missing
    return True


def card_in_two_hands(rec: np.ndarray) -> bool:
    if rec[L.R_BIDDER] < 0:
        return False
    first = int(rec[L.R_START])
    rec[L.R_START + 1] |= first & -first
    return True


@pytest.mark.parametrize("preset, change, kind", [
    ("family", drop_fold, V_LEGAL), ("california", drop_fold, V_LEGAL),
    ("pidro", short_claim, V_CARDS), ("cinch", card_in_two_hands, V_CARDS),
    ("eighty-three", card_in_two_hands, V_CARDS)])
def test_other_corruptions_are_caught(preset, change, kind):
    found = corrupted(preset, change)
    assert len(found) >= 5
    assert all(f & bit(kind) for f in found)
