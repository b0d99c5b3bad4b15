"""Bourré's numba engine against the plain-Python reference (docs/bourre.md section 3):
random sessions deal for deal at every table size and option set, the reference checker
on the heuristic's and pimc's sessions, rules 4 and 5 as masks against the reference's
card lists, fixed hands (kind 6) and hand classes (kind 7) dealt and played the same way,
the same numbers whatever the threads and chunks, and the pot's overflow refused."""

from __future__ import annotations

import random

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pedro_sim.engine.rng import start
from pedro_sim.errors import PedroError
from pedro_sim.games.bourre.analysis.chart import class_label
from pedro_sim.games.bourre.analysis.seating import seated
from pedro_sim.games.bourre.analysis.sessions import session_rows
from pedro_sim.games.bourre.analysis.traces import deal_trace, session_traces
from pedro_sim.games.bourre.kernels import drivers as D
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.kernels import session as S
from pedro_sim.games.bourre.kernels.decision_deals import (
    F_BOURRE,
    F_DEALS,
    F_LEN,
    F_SUM,
    F_TOOK,
    N_CLASSES,
    OPTIONS,
    fixed_order,
    option_deal,
)
from pedro_sim.games.bourre.kernels.layout import KIND_BOURRE_FIXED
from pedro_sim.games.bourre.kernels.play_rules import beats, cinch_at_start, legal, sure_tricks
from pedro_sim.games.bourre.rules import BourreRules, TrumpCard
from pedro_sim.reference import bourre as R

OPTION_SETS = {
    "default": {},
    "limit": {"limit": 3},
    "double_ante": {"double_ante": True},
    "nobody": {"trump_card": "nobody"},
    "all": {"limit": 3, "double_ante": True, "trump_card": "nobody"},
}
SIZES = range(2, 9)
RANDOM, HEURISTIC, PIMC = (np.full(B.SEATS, p, np.int64) for p in (B.RANDOM, B.HEURISTIC,
                                                                    B.PIMC))
NO_WORLDS = np.zeros((B.SEATS, 2), np.int64)
FEW_WORLDS = np.full((B.SEATS, 2), 4, np.int64)


def rules_of(players: int, opt: dict) -> BourreRules:
    """The engine's rules for a reference option set."""
    return BourreRules(players=players, limit=opt.get("limit", 0),
                       double_ante=opt.get("double_ante", False),
                       trump_card=TrumpCard.parse(opt.get("trump_card", "dealer")))


def options_of(rules: BourreRules) -> R.Options:
    """The reference's options for the engine's rules."""
    return R.Options(rules.players, rules.limit or None, rules.double_ante,
                     rules.trump_card.text)


def reference_session(seed: int, g: int, deals: int, players: int, opt: dict) -> list[dict]:
    return R.play_session(seed, g, deals, players, opt.get("limit"),
                          opt.get("double_ante", False), opt.get("trump_card", "dealer"))


def first_difference(kernel: list[dict], ref: list[dict]) -> str:
    """Where two sessions part: the deal and its keys, for a readable failure."""
    for k, (a, b) in enumerate(zip(kernel, ref, strict=True)):
        if a != b:
            return f"deal {k}: {[key for key in b if a.get(key) != b[key]]}"
    return "same"


# --------------------------------------------------------------------------- sessions


@pytest.mark.parametrize("name", OPTION_SETS)
@pytest.mark.parametrize("players", SIZES)
def test_random_sessions_are_the_reference_deal_for_deal(players, name):
    """Every key of every deal of the random player's sessions, kernel against reference:
    the shuffle, the deal, the declarations and draws, the reshuffles, the play, the
    payment, the antes and the pot carried over."""
    opt = OPTION_SETS[name]
    rules = rules_of(players, opt)
    for seed, g in ((1, 0), (7, 3), (2**40 + 5, 11)):
        kernel = session_traces(rules, seed, g, 12, RANDOM, NO_WORLDS, "random")
        ref = reference_session(seed, g, 12, players, opt)
        assert kernel == ref, (seed, g, first_difference(kernel, ref))


def test_eight_players_reshuffle_the_discards():
    """Eight hands leave 12 cards (11 with trump_card=nobody) in the stock: the gathered
    piles are dealt, the same way by both engines (the parametrized test above compares
    them; this one makes sure it meets reshuffles, several of them in one deal too)."""
    seen = 0
    many = 0
    for name, opt in OPTION_SETS.items():
        kernel = session_traces(rules_of(8, opt), 3, 1, 12, RANDOM, NO_WORLDS, "random")
        assert kernel == reference_session(3, 1, 12, 8, opt), name
        seen += sum(bool(t["reshuffles"]) for t in kernel)
        many += sum(len(t["reshuffles"]) > 1 for t in kernel)
    assert seen > 0 and many > 0


@pytest.mark.parametrize("players", SIZES)
def test_heuristic_sessions_check_clean(players):
    """The heuristic's sessions keep rules 1-7 by the reference checker: legal cards
    (the cinch included), winners, draws and reshuffles, payment, antes, the pot carried
    over, chips conserved. About 4,000 deals a size, 28,000 in all."""
    deals = 0
    for name, opt in OPTION_SETS.items():
        rules = rules_of(players, opt)
        for g in range(4):
            traces = session_traces(rules, 11, g, 200, HEURISTIC, NO_WORLDS, "heuristic")
            assert R.check_session(traces) == [], (name, g)
            deals += len(traces)
    assert deals == 4000


@pytest.mark.parametrize("players", SIZES)
def test_pimc_sessions_check_clean(players):
    """pimc's sessions (4 worlds a decision) keep the rules by the reference checker."""
    played = 0
    for name, opt in OPTION_SETS.items():
        traces = session_traces(rules_of(players, opt), 5, players, 10, PIMC, FEW_WORLDS,
                                "pimc:worlds=4")
        assert R.check_session(traces) == [], name
        played += sum(bool(t["tricks"]) for t in traces)
    assert played >= 10, "deals are played out, not only taken without play"


@pytest.mark.parametrize("spec", ["random/heuristic/pimc:worlds=4/heuristic/random",
                                  "pimc:declare_worlds=3,card_worlds=0/heuristic/random/"
                                  "pimc:worlds=2/random"])
def test_mixed_tables_check_clean(spec):
    """One player a seat: each seat plays by its own player, and the deals keep the rules
    (the checker replays only all-random sessions, so none is replayed here)."""
    for name, opt in OPTION_SETS.items():
        table = seated(spec, 5)
        traces = session_traces(rules_of(5, opt), 9, 2, 30, table.pol, table.worlds,
                                table.label)
        assert traces[0]["policy"] == table.label
        assert R.check_session(traces) == [], name


# --------------------------------------------------------------------------- rules 4 and 5


def _position(rnd: random.Random) -> tuple:
    """A position of one seat at its turn: (trump, hand, trick so far, played, won, last).
    Trumps are dealt often and played high ones too, so that cinches and broken runs
    come up."""
    trump = rnd.randrange(4)
    deck = list(range(52))
    rnd.shuffle(deck)
    trumps = [c for c in deck if c // 13 == trump]
    others = [c for c in deck if c // 13 != trump]
    n_trumps = rnd.choice((0, 1, 2, 3, 3, 4, 5))
    size = rnd.randint(max(1, n_trumps), 5)
    hand = trumps[:n_trumps] + others[:size - n_trumps]
    rest = trumps[n_trumps:] + others[size - n_trumps:]
    rnd.shuffle(rest)
    trick = rest[:rnd.randint(0, 7)]
    played = rest[len(trick):len(trick) + rnd.randint(0, 30)]
    won = rnd.randint(0, 4)
    last = bool(trick) and rnd.random() < 0.4
    return trump, hand, trick, played, won, last


def _mask(cards) -> np.uint64:
    m = 0
    for c in cards:
        m |= 1 << c
    return np.uint64(m)


def _cards(mask) -> list[int]:
    return [c for c in range(52) if int(mask) >> c & 1]


def test_legal_cards_as_masks_are_the_references():
    """play_rules.legal (rule 4, then the cinch's duty with cinch_at_start judging the
    cinch) against reference.legal_cards on 20,000 positions; sure_tricks against
    sure_trump_tricks, and the card winning the trick so far (beats) against
    trick_winner."""
    rnd = random.Random(2026)
    st_, mk = D.new_state(BourreRules(players=8))
    bound = 0
    for _ in range(20_000):
        trump, hand, trick, played, won, last = _position(rnd)
        assert sure_tricks(_mask(hand), _mask(played), trump) == \
            R.sure_trump_tricks(hand, trump, played), (hand, played, trump)
        st_[B.S_TRUMP] = trump
        st_[B.S_WON + 3] = won
        mk[B.M_HAND + 3] = _mask(hand)
        mk[B.M_PLAYED] = _mask(played)
        cinch = bool(cinch_at_start(st_, mk, 3))
        assert cinch == R.has_cinch(hand, trump, played, won)
        led, top = (-1, -1) if not trick else (trick[0] // 13, trick[0])
        for c in trick[1:]:
            if beats(c, top, led, trump):
                top = c
        if trick:
            seats = list(range(len(trick)))
            assert trick[R.trick_winner(list(zip(seats, trick, strict=True)), trump)] == top
        got = _cards(legal(_mask(hand), led, top, trump, cinch, last,
                           _mask(played) | _mask(trick)))
        want = R.legal_cards(hand, trick, trump, played, won, last)
        assert got == want, (R._txt(hand), R._txt(trick), trump, R._txt(played), won, last)
        bound += cinch and got != R.rule4_cards(hand, trick, trump)
    assert bound > 500, "the cinch narrows rule 4 in many positions"


# --------------------------------------------------------------------------- properties


OPTION_STRATEGY = st.fixed_dictionaries({}, optional={
    "limit": st.integers(1, 40), "double_ante": st.just(True),
    "trump_card": st.just("nobody")})


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), g=st.integers(0, 2**40), players=st.integers(2, 8),
       deals=st.integers(1, 15), opt=OPTION_STRATEGY)
def test_any_random_session_is_the_reference(seed, g, players, deals, opt):
    """Any seed, session, table and options: the random player's session is the
    reference's, and the checker (which replays it) passes it."""
    kernel = session_traces(rules_of(players, opt), seed, g, deals, RANDOM, NO_WORLDS,
                            "random")
    ref = reference_session(seed, g, deals, players, opt)
    assert kernel == ref, first_difference(kernel, ref)
    assert R.check_session(kernel) == []


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), g=st.integers(0, 2**40), players=st.integers(2, 8),
       deals=st.integers(1, 40), opt=OPTION_STRATEGY)
def test_any_heuristic_session_checks_and_its_chips_add_up(seed, g, players, deals, opt):
    """Any heuristic session checks clean; the seats' chips (reference.chips) sum to
    minus the pot left after the last deal (docs/bourre.md section 2), and the kernel's
    session row holds the same chips and the same final pot."""
    rules = rules_of(players, opt)
    traces = session_traces(rules, seed, g, deals, HEURISTIC, NO_WORLDS, "heuristic")
    assert R.check_session(traces) == []
    chips = R.chips(traces)
    assert sum(chips) == -R.pot_after(traces[-1])
    row = D.sessions(rules, seed, g, 1, deals, HEURISTIC, NO_WORLDS)[0]
    assert row[S.R_CHIPS:S.R_CHIPS + players].tolist() == chips
    assert row[S.R_FINAL] == R.pot_after(traces[-1])
    assert row[S.R_DEALS] == deals and row[S.R_OVERFLOW] == 0


# --------------------------------------------------------------------------- fixed hands


def _fixed_case(rnd: random.Random) -> tuple:
    """A random fixed-hand question: (rules, hand, seat, dealer, trump, turned or None).
    The dealer's own turned-up card is one of its trumps, put fifth (as `bourre play`
    does)."""
    players = rnd.randint(2, 8)
    opt = rnd.choice(list(OPTION_SETS.values()))
    rules = rules_of(players, opt)
    seat, dealer, trump = rnd.randrange(players), rnd.randrange(players), rnd.randrange(4)
    if rnd.random() < 0.3:
        dealer = seat
    hand = rnd.sample(range(52), 5)
    turned = None
    if seat == dealer and rules.trump_card is TrumpCard.DEALER:
        mine = [c for c in hand if c // 13 == trump]
        if not mine:
            mine = [next(c for c in range(13 * trump, 13 * trump + 13) if c not in hand)]
            hand[0] = mine[0]
        turned = rnd.choice(mine)
        hand = [c for c in hand if c != turned] + [turned]
    return rules, hand, seat, dealer, trump, turned


def _kernel_order(rules, seed, i, hand, seat, dealer, trump, turned):
    """fixed.fixed_order's dealing order and the scratch arrays, the stream where it left
    it (saved in rng[1], as the driver does)."""
    st_, mk, deck, buf, rng, th = D.scratch(rules)
    order = np.zeros(52, np.int64)
    rest = np.zeros(52, np.int64)
    start(rng, seed, i, KIND_BOURRE_FIXED)
    fixed_order(st_, np.array(hand, np.int64), seat, dealer, trump,
                -1 if turned is None else turned, rng, order, rest)
    rng[1] = rng[0]
    return order, (st_, mk, deck, buf, rng, th)


def test_fixed_hand_order_is_the_references():
    """The dealing order of a fixed hand (kind 6): the turned-up card drawn among the
    unseen trumps unless it is the dealer's own, the rest shuffled and dealt round the
    fixed seat, the dealer's fifth card the turned-up one when it is the dealer's (the
    fixed seat dealing or not), with trump_card=nobody the card after the hands."""
    rnd = random.Random(6)
    kinds = set()
    for _ in range(1500):
        rules, hand, seat, dealer, trump, turned = _fixed_case(rnd)
        seed, i = rnd.randrange(2**62), rnd.randrange(2**40)
        order, _ = _kernel_order(rules, seed, i, hand, seat, dealer, trump, turned)
        want = R.fixed_deal_order(seed, i, rules.players, hand, seat, dealer, trump, turned,
                                  rules.trump_card.text)
        assert order.tolist() == want, (rules, hand, seat, dealer, trump, turned)
        assert sorted(want) == list(range(52))
        kinds.add((seat == dealer, rules.trump_card.text))
    assert len(kinds) == 4


def test_fixed_hand_deals_are_the_references():
    """A fixed-hand deal played out (fixed.option_deal, the seat drawing k, every other
    seat random) is the reference's fixed_deal key for key, and checks clean; the
    seat's chips are the reference's deal_chips."""
    rnd = random.Random(16)
    for _ in range(400):
        rules, hand, seat, dealer, trump, turned = _fixed_case(rnd)
        seed, i = rnd.randrange(2**62), rnd.randrange(2**40)
        pot, k = rnd.randint(rules.players, 60), rnd.randrange(6)
        order, (st_, mk, deck, buf, rng, th) = _kernel_order(rules, seed, i, hand, seat,
                                                               dealer, trump, turned)
        chips = option_deal(seed, KIND_BOURRE_FIXED, i, st_, mk, pot, dealer, order, seat, k,
                            RANDOM, NO_WORLDS, deck, buf, rng, th)
        got = deal_trace(st_, mk, rules, seed, i, "random")
        want = R.fixed_deal(seed, i, options_of(rules), hand, seat, dealer, trump, turned, k,
                            pot)
        assert got == want, first_difference([got], [want])
        assert chips == R.deal_chips(want, seat)
        # a fixed deal has no antes of its own: with double_ante, read the pot as antes
        shown = dict(want, antes=[1] * rules.players) if rules.double_ante else want
        assert R.check_deal(shown, seed_check=False) == []


def test_fixed_hand_sums_are_the_references_option_by_option():
    """The driver (drivers.fixed_hand) on single deals: each option's chips, pots taken
    and bourrés are the reference's, every option dealt from the same stream state;
    pass is worth 0 and is left out when the dealer's turned-up ace binds it."""
    rnd = random.Random(61)
    for _ in range(60):
        rules, hand, seat, dealer, trump, turned = _fixed_case(rnd)
        dealer = 0  # `bourre play` deals from seat 0 (seat 0 is the dealer's place)
        if seat == 0:
            continue
        seed, i, pot = rnd.randrange(2**62), rnd.randrange(2**40), rules.players
        out = np.zeros((1, F_LEN), np.int64)
        D.fixed_hand(rules, seed, i, 1, 1, np.array(hand, np.int64), seat, dealer, trump, -1,
                     pot, 0, RANDOM, NO_WORLDS, out)
        row = out[0]
        assert row[F_DEALS] == 1 and row[F_SUM] == 0
        for o in range(1, OPTIONS):
            want = R.fixed_deal(seed, i, options_of(rules), hand, seat, dealer, trump, None,
                                o - 1, pot)
            assert row[F_SUM + o] == R.deal_chips(want, seat), o
            assert row[F_TOOK + o] == (want["winner"] == seat)
            assert row[F_BOURRE + o] == (seat in want["bourre"])


def _label(hand: list[int], trump: int) -> str:
    """The hand's class as `bourre chart` names it, computed here: its trumps, the highest
    of them (A, K, Q, or J-), a side ace or not."""
    trumps = sorted(c % 13 for c in hand if c // 13 == trump)
    ace = " +A" if any(c % 13 == 12 and c // 13 != trump for c in hand) else ""
    if not trumps:
        return "0T" + ace
    top = {12: "A", 11: "K", 10: "Q"}.get(trumps[-1], "J-")
    return f"{len(trumps)}T {top}{ace}"


def test_hand_classes_are_the_references():
    """The hands by class (kind 7, drivers.hand_classes) on single deals: the seat's hand
    falls in its class, and each option's chips are the reference's class_deal (seat 0
    dealing; a turned-up ace binds the dealer, so its pass is left out)."""
    rnd = random.Random(7)
    for _ in range(150):
        players = rnd.randint(2, 8)
        rules = rules_of(players, rnd.choice(list(OPTION_SETS.values())))
        seat = 0 if rnd.random() < 0.3 else rnd.randrange(players)
        seed, i = rnd.randrange(2**62), rnd.randrange(2**40)
        out = np.zeros((1, N_CLASSES, F_LEN), np.int64)
        D.hand_classes(rules, seed, i, 1, 1, seat, players, RANDOM, NO_WORLDS, out)
        assert out[0, :, F_DEALS].sum() == 1
        c = int(np.flatnonzero(out[0, :, F_DEALS])[0])
        row = out[0, c]
        base = R.class_deal(seed, i, options_of(rules), seat, 0, players)
        hand = [R.CARD_TEXT.index(x) for x in base["hands"][seat]]
        turned = R.CARD_TEXT.index(base["trump_card"])
        assert class_label(c) == _label(hand, turned // 13)
        first = 1 if seat == 0 and R.turned_ace_binds(turned, options_of(rules)) else 0
        for o in range(OPTIONS):
            if o < max(first, 1):
                assert row[F_SUM + o] == row[F_TOOK + o] == row[F_BOURRE + o] == 0
                continue
            want = R.class_deal(seed, i, options_of(rules), seat, o - 1, players)
            assert row[F_SUM + o] == R.deal_chips(want, seat), o
            assert row[F_TOOK + o] == (want["winner"] == seat)
            assert row[F_BOURRE + o] == (seat in want["bourre"])


def test_the_reference_refuses_a_fixed_hand_it_cannot_deal():
    """fixed_deal_order's contract: the dealer's own turned-up card is given, a trump,
    the hand's fifth card; anyone else's is drawn, so it is not given."""
    hand = [R.CARD_TEXT.index(x) for x in "AH KH 9S 4C 2H".split()]
    two_h = hand[-1]
    assert len(R.fixed_deal_order(1, 0, 4, hand, 0, 0, 1, two_h)) == 52
    for args in ((0, 0, 1, None), (0, 0, 1, hand[0]), (0, 0, 0, two_h), (1, 0, 1, two_h)):
        with pytest.raises(ValueError):
            R.fixed_deal_order(1, 0, 4, hand, *args)


# --------------------------------------------------------------------------- threads


@pytest.fixture
def threads():
    """Set numba's thread count inside a test and put it back."""
    saved = numba.get_num_threads()
    yield numba.set_num_threads
    numba.set_num_threads(saved)


def test_sessions_are_the_same_whatever_the_threads(threads):
    """drivers.sessions shares sessions among threads: the rows are the same on one
    thread and on two (each session a pure function of the seed and its number), for
    every kind of player."""
    rules = rules_of(5, {"limit": 30})
    table = seated("pimc:worlds=3/heuristic/random/heuristic/pimc:worlds=2", 5)
    rows = []
    for n in (1, min(2, numba.config.NUMBA_NUM_THREADS)):
        threads(n)
        rows.append(D.sessions(rules, 4, 10, 12, 8, table.pol, table.worlds))
    assert rows[0].tobytes() == rows[1].tobytes()
    assert rows[0][:, S.R_DEALS].tolist() == [8] * 12


def test_fixed_hand_sums_whatever_the_chunks_and_threads(threads):
    """drivers.fixed_hand: the summed rows over all chunks are the same for any chunk
    size and thread count (each deal keyed by its own number)."""
    rules = rules_of(6, {})
    hand = np.array([R.CARD_TEXT.index(x) for x in "AH KH 9S 4C 2D".split()], np.int64)
    for pol, worlds, count in ((HEURISTIC, NO_WORLDS, 3000), (PIMC, FEW_WORLDS, 24)):
        sums = []
        for per_chunk, n in ((count, 1), (7, 1), (7, 2), (64, 2)):
            threads(min(n, numba.config.NUMBA_NUM_THREADS))
            out = np.zeros(((count + per_chunk - 1) // per_chunk, F_LEN), np.int64)
            D.fixed_hand(rules, 8, 100, count, per_chunk, hand, 2, 0, 1, -1, 6, 0, pol,
                         worlds, out)
            sums.append(out.sum(axis=0).tobytes())
        assert len(set(sums)) == 1
        assert np.frombuffer(sums[0], np.int64)[F_DEALS] == count


# --------------------------------------------------------------------------- the pot


def test_a_pot_past_the_limit_is_refused_not_summed():
    """Random players at 7 seats go bourré often and the pot doubles and more: over 200
    deals it passes 2^52 chips, and session_rows refuses the run naming the limit rather
    than returning sums that may have overflowed."""
    rules = BourreRules(players=7)
    with pytest.raises(PedroError, match=r"2\^52.*limit"):
        session_rows(rules, seated("random", 7), 1, 4, 200, show_progress=False)
    row = D.sessions(rules, 1, 0, 1, 200, RANDOM, NO_WORLDS)[0]
    assert row[S.R_OVERFLOW] == 1 and row[S.R_DEALS] < 200
    assert row[S.R_FINAL] > S.POT_CAP
    # with a limit the pot grows slowly: the same sessions run to the end
    rows = session_rows(BourreRules(players=7, limit=5), seated("random", 7), 1, 4, 200,
                        show_progress=False)
    assert (rows[:, S.R_OVERFLOW] == 0).all() and (rows[:, S.R_DEALS] == 200).all()


def test_traces_past_the_pot_limit_are_refused():
    """The traces of a session whose pot passed 2^52 chips: refused like session_rows
    does, never written from records the session did not fill."""
    rules = BourreRules(players=7)
    with pytest.raises(PedroError, match="2\\^52"):
        session_traces(rules, 1, 0, 200, RANDOM, NO_WORLDS, "random")


@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
def test_paired_intervals_of_big_pots_do_not_overflow():
    """Sums that each fit in int64 (a pot of 10^6 chips over 4,000,000 deals): the paired
    interval of one option against the best is computed without overflow."""
    from pedro_sim.games.bourre.analysis.declaration_values import option_table
    from pedro_sim.games.bourre.kernels.decision_deals import F_CROSS

    n, v = 4_000_000, 1_000_000
    s = np.zeros(F_LEN, np.int64)
    s[F_DEALS] = n
    # draw 0 (option 1): +v on 3/4 of the deals, -v on the rest; draw 1 (option 2): minus it
    s[F_SUM + 1], s[F_SUM + 2] = n // 2 * v, -(n // 2) * v
    cross = np.zeros((OPTIONS, OPTIONS), np.int64)
    cross[1, 1] = cross[2, 2] = n * v * v
    cross[1, 2] = cross[2, 1] = -n * v * v
    s[F_CROSS:F_CROSS + OPTIONS * OPTIONS] = cross.ravel()
    table = option_table(s).set_index("draw")
    half = 1.959964 * 2 * np.sqrt(v * v - (v / 2) ** 2) / np.sqrt(n)  # the difference's
    row = table.loc[1]
    assert row.vs_best == pytest.approx(-v)
    assert row.vs_best_hi - row.vs_best == pytest.approx(half, rel=1e-3)
