"""The solved endings at tables of more than two sides: the search values the bidder's
team's points with every other seat playing as one side (solver.py C_TEAM: five-handed's
bidder and partner once the partner is known, an individual table's bidder alone, as dd
and eval=solver play there), and pimc solves the last tricks of five-handed as between
partnerships. The kernel's values against a plain minimax of the same two teams
(tests/bruteforce.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from bruteforce import brute_team_value
from engine_helpers import assert_checked, cli_traces

from pedro_sim.encoding import layout as L
from pedro_sim.engine.thinking import solver as SV
from pedro_sim.engine_inputs import EngineInputs

pytestmark = pytest.mark.many_sides  # run last (conftest.py)

GAME = "five-handed"
PLAYERS = 5


@pytest.fixture(scope="module")
def five() -> EngineInputs:
    return EngineInputs.for_variant(GAME)


def random_ending(rng: random.Random, five: EngineInputs) -> dict:
    """A trick boundary of five-handed after the first trick: every hand of ``m`` cards
    (1..3), a bidder, its partner, a leader, a trump."""
    m = rng.randint(1, 3)
    pack = [int(c) for c in five.tables.cinfo[0, L.I_PACK] if c >= 0]
    rng.shuffle(pack)
    bidder = rng.randrange(PLAYERS)
    partner = rng.choice([q for q in range(PLAYERS) if q != bidder])
    return dict(trump=rng.randrange(4), leader=rng.randrange(PLAYERS), bidder=bidder,
                team=(bidder, partner), trick_index=6 - m,
                hands=[sorted(pack[m * q:m * (q + 1)]) for q in range(PLAYERS)])


def kernel_team_value(pos: dict, sr: SV.Search, five: EngineInputs, merge: bool) -> int:
    hands = np.zeros(L.SEATS, dtype=np.uint64)
    for q, h in enumerate(pos["hands"]):
        hands[q] = np.uint64(sum(1 << c for c in h))
    st = np.array([pos["trick_index"], pos["leader"], 0, -1, -1, -1, 0], dtype=np.int64)
    sr.ctx[SV.C_GEN] += 1
    sr.ctx[SV.C_MERGE] = int(merge)
    sr.ctx[SV.C_FIRST] = pos["bidder"]
    sr.ctx[SV.C_SIDE] = 0
    sr.ctx[SV.C_TEAM] = sum(1 << q for q in pos["team"])
    v = SV.exact(hands, st, np.int64(3), np.int64(pos["trump"]), five.tables, sr)
    assert [int(h) for h in hands[:PLAYERS]] == [sum(1 << c for c in h) for h in pos["hands"]]
    return int(v)


def test_team_values_equal_brute_force(five: EngineInputs) -> None:
    rng = random.Random("five-handed-team")
    sr = SV.new_search(five.tables)
    differ = 0
    for _ in range(150):
        pos = random_ending(rng, five)
        expect = brute_team_value(GAME, pos["trump"], pos["leader"], pos["bidder"],
                                  pos["team"], pos["hands"], pos["trick_index"])
        assert kernel_team_value(pos, sr, five, True) == expect, pos
        assert kernel_team_value(pos, sr, five, False) == expect, pos
        # the same cards valued for the bidder alone against four (as at an individual
        # table): the team matters
        alone = dict(pos, team=(pos["bidder"],))
        lone = brute_team_value(GAME, pos["trump"], pos["leader"], pos["bidder"],
                                alone["team"], pos["hands"], pos["trick_index"])
        assert kernel_team_value(alone, sr, five, True) == lone, pos
        differ += lone != expect
    assert differ > 20


def test_pimc_solves_the_endings_of_five_handed(tmp_path) -> None:
    """pimc's last tricks solved (the default) and rolled out (`solve_tricks=0,finish=0`)
    play legal deals that differ: the solver is in use in five-handed."""
    spec = "pimc:worlds=6,bid_worlds=8,keep_worlds=4"
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
    solved = cli_traces(GAME, spec, 12, tmp_path / "a")
    rolled = cli_traces(GAME, f"{spec},solve_tricks=0,finish=0", 12, tmp_path / "b")
    assert_checked(solved)
    differ = sum(a["tricks"] != b["tricks"] for a, b in zip(solved, rolled, strict=True))
    assert differ >= 3
