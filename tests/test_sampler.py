"""Worlds drawn by the sampler are uniform over the worlds consistent with what the
player knows: frequencies against an exact enumeration (chi-square)."""

from __future__ import annotations

import itertools
import math
import random

import numpy as np

from pedro_sim.compiler.dispatcher import jit
from pedro_sim.encoding import layout as L
from pedro_sim.engine.rng import start
from pedro_sim.engine.thinking import sampler as S
from pedro_sim.engine_inputs import EngineInputs

CINCH = EngineInputs.for_variant("cinch")


@jit(cache=False, nogil=True)  # its callees change; a cached copy would not notice
def prepared(p, hands, know, out_p, must, t, tab, seed, dp, fact, sp, sm):
    """Seat ``p``'s draws set up (sampler.prepare, on arrays of sampler.new_sampler): the
    number of worlds, a stream keyed by ``seed``, and the four hands and cards known held
    in arrays of the room's size (the kernels read every seat of the room)."""
    rng = np.zeros(1, np.uint64)
    start(rng, seed, 0, 3)
    room_hands = np.zeros(L.SEATS, np.uint64)
    room_must = np.zeros(L.SEATS, np.uint64)
    room_hands[:4] = hands
    room_must[:4] = must
    total = S.prepare(p, room_hands, know, out_p, room_must, t, tab, dp, fact, sp, sm)
    return total, rng, room_hands, room_must


@jit(cache=False, nogil=True)
def draws(p, hands, know, out_p, must, t, tab, n, seed, dp, fact, sp, sm):
    total, rng, room_hands, _ = prepared(p, hands, know, out_p, must, t, tab, seed, dp, fact,
                                         sp, sm)
    world = np.zeros(L.SEATS, np.uint64)
    out = np.zeros((n, 4), np.uint64)
    for i in range(n):
        S.draw_world(p, room_hands, world, rng, dp, fact, sp, sm)
        out[i] = world[:4]
    return total, out


def chi_square_pvalue(counts: np.ndarray) -> float:
    """Upper tail of the chi-square statistic against equal frequencies (Wilson-Hilferty)."""
    expected = counts.sum() / len(counts)
    stat = float(((counts - expected) ** 2 / expected).sum())
    df = len(counts) - 1
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def consistent_worlds(p, hands, know, out_p, must, t, deck):
    """Every assignment of the hidden cards to the other seats or out of play that the
    seat's knowledge allows, in the order of itertools.product over the hidden cards'
    places (a depth-first search that stops a branch as soon as a seat holds too many
    cards, a card goes to a seat void in its suit, or a card in play goes out)."""
    masks, cinfo = CINCH.tables.masks, CINCH.tables.cinfo
    tm = int(masks[t, L.M_TRUMP])
    seen = hands[p] | out_p | must[0] | must[1] | must[2] | must[3]
    for q in range(4):
        seen |= int(know[S.K_PLAYED + q])
    hidden = [c for c in range(deck) if not seen >> c & 1]
    others = [(p + 1 + i) % 4 for i in range(3)]
    sizes = {q: bin(hands[q]).count("1") for q in others}
    world = [0, 0, 0, 0]
    world[p] = hands[p]
    for q in others:
        world[q] = must[q]
    worlds = []

    def place(i: int) -> None:
        if i == len(hidden):
            for q in others:
                trumps_then = bin((world[q] | int(know[S.K_PLAYED + q])) & tm).count("1")
                if bin(world[q]).count("1") != sizes[q] or \
                        trumps_then < int(know[S.K_MIN_TRUMPS + q]):
                    return
            worlds.append(tuple(world))
            return
        c = hidden[i]
        for q in others:
            if bin(world[q]).count("1") < sizes[q] and \
                    not int(know[S.K_VOIDS + q]) >> int(cinfo[t, L.I_SUIT, c]) & 1:
                world[q] |= 1 << c
                place(i + 1)
                world[q] &= ~(1 << c)
        if not int(know[S.K_IN_PLAY]) >> c & 1:  # out of play
            place(i + 1)

    place(0)
    return worlds


def small_case(rng: random.Random):
    """A late position: few hidden cards, random voids, trump minimums, cards in play."""
    t = rng.randrange(4)
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    sizes = [rng.randint(1, 3) for _ in range(4)]
    pos = 0
    for q in range(4):
        for c in cards[pos:pos + sizes[q]]:
            hands[q] |= 1 << c
        pos += sizes[q]
    loose = cards[pos:pos + rng.randint(0, 3)]  # hidden, not in any hand
    pos += len(loose)
    p = rng.randrange(4)
    know = np.zeros(S.N_KNOW, np.uint64)
    played = cards[pos:]
    for i, c in enumerate(played):
        know[S.K_PLAYED + i % 4] |= np.uint64(1 << c)
    tm = int(CINCH.tables.masks[t, L.M_TRUMP])
    cinfo = CINCH.tables.cinfo
    for q in range(4):
        if q != p and rng.random() < 0.4:  # a true void: a suit the seat does not hold
            held = {int(cinfo[t, L.I_SUIT, c]) for c in range(52) if hands[q] >> c & 1}
            free = [s for s in range(5) if s not in held]
            know[S.K_VOIDS + q] = np.uint64(1 << rng.choice(free))
        now = bin(hands[q] & tm).count("1") + bin(int(know[S.K_PLAYED + q]) & tm).count("1")
        know[S.K_MIN_TRUMPS + q] = np.uint64(rng.randint(0, now))
    in_hands = hands[0] | hands[1] | hands[2] | hands[3]
    if rng.random() < 0.5:
        know[S.K_IN_PLAY] = np.uint64(tm & in_hands)
    must = [0, 0, 0, 0]
    partner = (p + 2) % 4
    if rng.random() < 0.3 and hands[partner]:
        must[partner] = 1 << (hands[partner].bit_length() - 1)
    return p, hands, know, 0, must, t


def test_draws_match_exact_enumeration():
    rng = random.Random(3)
    tested = 0
    while tested < 8:
        p, hands, know, out_p, must, t = small_case(rng)
        worlds = consistent_worlds(p, hands, know, out_p, must, t, 52)
        if len(worlds) < 3 or len(worlds) > 400:
            continue
        n = 60 * len(worlds)
        total, got = draws(p, np.array(hands, np.uint64), know, np.uint64(out_p),
                           np.array(must, np.uint64), t, CINCH.tables, n, tested,
                           *S.new_sampler())
        assert round(total) == len(worlds)
        index = {w: i for i, w in enumerate(worlds)}
        counts = np.zeros(len(worlds))
        for row in got:
            counts[index[tuple(int(x) for x in row)]] += 1  # KeyError: an impossible world
        assert chi_square_pvalue(counts) > 1e-4, (tested, counts)
        tested += 1


THREE = EngineInputs.for_variant("cinch@3")  # individual play: worlds by rejection


@jit(cache=False, nogil=True)
def draws_any(p, hands, know, must, t, tab, n, seed):
    rng = np.zeros(1, np.uint64)
    start(rng, seed, 0, 3)
    world = np.zeros(L.SEATS, np.uint64)
    out = np.zeros((n, 3), np.uint64)
    for i in range(n):
        S.draw_any(p, hands, world, rng, know, np.uint64(0), must, t, tab)
        out[i] = world[:3]
    return out


def three_handed_case(rng: random.Random):
    """A late position at a table of three: hands of 1..3, a few loose cards, voids, trump
    minimums, and (sometimes) the cards that must be in play."""
    t = rng.randrange(4)
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [0] * L.SEATS
    pos = 0
    for q in range(3):
        for c in cards[pos:pos + rng.randint(1, 3)]:
            hands[q] |= 1 << c
            pos += 1
    pos += rng.randint(0, 3)  # loose: hidden, in no hand
    p = rng.randrange(3)
    know = np.zeros(S.N_KNOW, np.uint64)
    for i, c in enumerate(cards[pos:]):
        know[S.K_PLAYED + i % 3] |= np.uint64(1 << c)
    tm = int(THREE.tables.masks[t, L.M_TRUMP])
    cinfo = THREE.tables.cinfo
    for q in range(3):
        if q != p and rng.random() < 0.4:
            held = {int(cinfo[t, L.I_SUIT, c]) for c in range(52) if hands[q] >> c & 1}
            know[S.K_VOIDS + q] = np.uint64(1 << rng.choice([s for s in range(5)
                                                              if s not in held]))
        now = bin(hands[q] & tm).count("1") + bin(int(know[S.K_PLAYED + q]) & tm).count("1")
        know[S.K_MIN_TRUMPS + q] = np.uint64(rng.randint(0, now))
    if rng.random() < 0.5:
        know[S.K_IN_PLAY] = np.uint64(tm & (hands[0] | hands[1] | hands[2]))
    return p, hands, know, t


def three_handed_worlds(p, hands, know, t) -> list[tuple]:
    """Every world (three hands) consistent with what seat ``p`` knows, by enumeration."""
    tm = int(THREE.tables.masks[t, L.M_TRUMP])
    cinfo = THREE.tables.cinfo
    seen = hands[p]
    for q in range(3):
        seen |= int(know[S.K_PLAYED + q])
    hidden = [c for c in range(52) if not seen >> c & 1]
    others = [q for q in range(3) if q != p]
    worlds = []
    for dest in itertools.product(range(3), repeat=len(hidden)):  # 2: out of play
        world = [0, 0, 0]
        world[p] = hands[p]
        ok = True
        for c, d in zip(hidden, dest, strict=True):
            if d == 2:
                ok = ok and not int(know[S.K_IN_PLAY]) >> c & 1
                continue
            q = others[d]
            ok = ok and not int(know[S.K_VOIDS + q]) >> int(cinfo[t, L.I_SUIT, c]) & 1
            world[q] |= 1 << c
        for q in others:
            trumps = bin((world[q] | int(know[S.K_PLAYED + q])) & tm).count("1")
            ok = ok and bin(world[q]).count("1") == bin(hands[q]).count("1") and \
                trumps >= int(know[S.K_MIN_TRUMPS + q])
        if ok:
            worlds.append(tuple(world))
    return worlds


def test_three_handed_draws_match_exact_enumeration():
    """Individual play at other than four draws by rejection (sampler.draw_any): uniform
    over the consistent worlds, and none outside them."""
    rng = random.Random(5)
    tested = 0
    while tested < 10:
        p, hands, know, t = three_handed_case(rng)
        if bin(sum(hands) ^ hands[p]).count("1") > 7:
            continue  # keep the enumeration small
        worlds = three_handed_worlds(p, hands, know, t)
        if len(worlds) < 3 or len(worlds) > 300:
            continue
        got = draws_any(p, np.array(hands, np.uint64), know, np.zeros(L.SEATS, np.uint64), t,
                        THREE.tables, 60 * len(worlds), tested)
        index = {w: i for i, w in enumerate(worlds)}
        counts = np.zeros(len(worlds))
        for row in got:
            counts[index[tuple(int(x) for x in row)]] += 1  # KeyError: an impossible world
        assert (counts > 0).all()
        assert chi_square_pvalue(counts) > 1e-4, (tested, counts)
        tested += 1
