"""The solver against a plain minimax (tests/bruteforce.py) and against itself across modes."""

from __future__ import annotations

import random

import pytest
from bruteforce import brute_root_values, brute_value, random_small_position

from pedro_sim.cards import card_text
from pedro_sim.engine_inputs import PLAYED_PRESETS
from pedro_sim.errors import PedroError
from pedro_sim.solving import Solver, parse_position, solution_dict

# the presets whose positions solve reads: four players in partnerships (not five-handed)
SOLVED_PRESETS = tuple(p for p in PLAYED_PRESETS if p != "five-handed")

POSITIONS_PER_PRESET = 250


def as_object(pos: dict) -> dict:
    out = {"variant": pos["variant"], "trump": "SHDC"[pos["trump"]], "leader": pos["leader"],
           "bidder": pos["bidder"], "hands": [[card_text(c) for c in h] for h in pos["hands"]]}
    if pos.get("trick_index"):
        out["trick_index"] = pos["trick_index"]
    return out


@pytest.fixture(scope="module")
def solvers() -> dict[str, Solver]:
    return {name: Solver(name) for name in SOLVED_PRESETS}


@pytest.mark.parametrize("preset", SOLVED_PRESETS)
def test_values_equal_brute_force(preset: str, solvers: dict[str, Solver]) -> None:
    rng = random.Random(f"solver-{preset}")
    solver = solvers[preset]
    for _ in range(POSITIONS_PER_PRESET):
        raw = random_small_position(rng, preset, 3)
        pos = parse_position(as_object(raw))
        expect = brute_value(preset, raw["trump"], raw["leader"], raw["bidder"], raw["hands"],
                             raw["trick_index"])
        merged, _ = solver.value(pos, merge=True)  # MTD(f): null windows
        plain, _ = solver.value(pos, merge=False)
        full = solver._to_bidders(pos, solver._search(pos, 0, 1 << 20, True))  # one window
        assert merged == plain == full == expect, raw
        assert solver.makes(pos, expect)[0] and not solver.makes(pos, expect + 1)[0], raw


@pytest.mark.parametrize("preset", ["cinch", "sixty-three", "sancho", "pidro", "california",
                                    "king-pedro"])
def test_best_plays_equal_brute_force(preset: str, solvers: dict[str, Solver]) -> None:
    rng = random.Random(f"best-{preset}")
    solver = solvers[preset]
    for _ in range(120):
        raw = random_small_position(rng, preset, 3)
        roots = brute_root_values(preset, raw["trump"], raw["leader"], raw["bidder"],
                                  raw["hands"], raw["trick_index"])
        sol = solver.solve(parse_position(as_object(raw)))
        if not roots:
            assert sol.best == []
            continue
        expect = brute_value(preset, raw["trump"], raw["leader"], raw["bidder"], raw["hands"],
                             raw["trick_index"])
        assert sol.value == expect
        best = {k for k, v in roots.items() if v == expect}
        assert {(c, *sorted(rest)) for c, *rest in sol.best} == best, raw


@pytest.mark.parametrize("preset", ["pidro", "family", "california", "king-pedro"])
def test_brute_force_positions_fold_and_stack(preset: str) -> None:
    """The positions the comparisons above draw in folding presets do fold seats, and
    where extras are constrained they hold stacks (so those rules are exercised)."""
    from bruteforce import _Game

    rng = random.Random(f"solver-{preset}")
    folds = stacks = 0
    for _ in range(POSITIONS_PER_PRESET):
        raw = random_small_position(rng, preset, 3)
        g = _Game(preset, raw["trump"], raw["bidder"])
        folds += any(h and g.folds(h, None) or h and g.folds(h, g.t.suit)
                     for h in raw["hands"])
        stacks += any(len(h) > g.v.hand - raw["trick_index"] for h in raw["hands"])
    assert folds >= POSITIONS_PER_PRESET // 10
    if preset in ("california", "king-pedro"):
        assert stacks >= POSITIONS_PER_PRESET // 10


def test_trick_in_progress_equals_playing_the_cards(solvers: dict[str, Solver]) -> None:
    """A position with a trick in progress is worth what the position before it is worth
    after those plays (checked on the optimal line)."""
    rng = random.Random(5)
    solver = solvers["cinch"]
    checked = 0
    while checked < 60:
        raw = random_small_position(rng, "cinch", 3)
        obj = as_object(raw)
        pos = parse_position(obj)
        sol = solver.solve(pos)
        if not sol.best or len(sol.best[0]) > 1:
            continue
        card = sol.best[0][0]
        if card == pos.trump * 13:  # the 2 counts for its holder before play, not in a trick
            continue
        seat = pos.leader
        while not obj["hands"][seat]:
            seat = (seat + 1) % 4
        after = dict(obj, leader=seat, trick=[card_text(card)])
        after["hands"] = [[c for c in h if c != card_text(card)] for h in obj["hands"]]
        if not any(after["hands"]):
            continue
        assert solver.value(parse_position(after))[0] == sol.value, obj
        checked += 1


def test_bad_positions_are_refused() -> None:
    good = {"variant": "cinch", "trump": "H", "leader": 0, "bidder": 0,
            "hands": [["AH"], ["KH"], ["QH"], ["JH"]]}
    for bad, words in [
        (dict(good, variant="five-handed"), "five-handed is not solved yet"),
        (dict(good, trump="X"), "not a suit"),
        (dict(good, leader=4), "seat"),
        (dict(good, hands=[["AH"], ["AH"], [], []]), "twice"),
        (dict(good, hands=[["AH"]]), "4 hands"),
        (dict(good, hands=[["ZZ"], [], [], []]), "ZZ"),
    ]:
        with pytest.raises(PedroError, match=words):
            parse_position(bad)


def test_answer_object_copies_the_position(solvers: dict[str, Solver]) -> None:
    obj = {"variant": "cinch", "trump": "H", "leader": 0, "bidder": 0,
           "hands": [["AH", "2C"], ["KH", "3C"], ["5H", "4C"], ["JH", "5C"]]}
    out = solution_dict(obj, solvers["cinch"].solve(parse_position(obj)))
    assert out["hands"] == obj["hands"] and out["nodes"] > 0
    assert out["value"] == 7  # AH wins KH, 5H, JH: 1 + 5 + 1; the 2 is not in the position
    assert out["best"] == [["AH"]]


def runs_by_walking(h: int, others: int, t: int, tab) -> int:
    """The runs of equivalent cards by their definition: walk each suit's cards weakest
    first; a plain card of the hand (no points, not the 2 that scores for its player)
    starts a run unless the card before it still in play was a plain card of the hand;
    played cards part nothing. One card a run (its weakest), every card that is not
    plain."""
    from pedro_sim.encoding import layout as L
    from pedro_sim.engine.thinking.solver import strength_order

    reps, special = 0, int(tab.masks[t, L.M_TWO_PLAYED])
    for cards in strength_order(tab)[t]:
        run = False
        for c in cards:
            b = 1 << c
            if b & h:
                plain = tab.cinfo[t, L.I_POINTS, c] == 0 and not b & special
                if not (run and plain):
                    reps |= b
                run = bool(plain)
            elif b & others:
                run = False
    return reps


@pytest.mark.parametrize("preset", PLAYED_PRESETS)
def test_representatives_are_the_runs_of_equivalent_cards(preset):
    """The solver's mask computation of the runs (weaker_masks) against walking the
    suits, on random hands, cards elsewhere and trumps."""
    import numpy as np

    from pedro_sim.encoding import layout as L
    from pedro_sim.engine.thinking.solver import representatives, weaker_masks
    from pedro_sim.engine_inputs import EngineInputs

    tab = EngineInputs.for_variant(preset).tables
    weaker = weaker_masks(tab)
    pack = [int(c) for c in tab.cinfo[0, L.I_PACK] if c >= 0]
    rng = random.Random(preset)
    for _ in range(400):
        rng.shuffle(pack)
        k, o, t = rng.randint(1, 13), rng.randint(0, 30), rng.randrange(4)
        h, others = sum(1 << c for c in pack[:k]), sum(1 << c for c in pack[k:k + o])
        assert int(representatives(np.uint64(h), np.uint64(others), t, weaker, tab)) == \
            runs_by_walking(h, others, t, tab), (preset, t, hex(h), hex(others))
