"""foster's face-up discards (rule discards_face_up): every seat sees them, so the thinking
players place none in the hands they imagine, and a position (or an arena view) lists them
as ``shown``."""

from __future__ import annotations

import numpy as np

from pedro_sim.analysis.decisions.position import decision_from_trace, read_position
from pedro_sim.encoding import layout as L
from pedro_sim.engine.rng import start
from pedro_sim.engine.thinking import sampler as SM
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.errors import PedroError
from pedro_sim.reference import check_trace
from pedro_sim.rules.overrides import resolve_variant
from pedro_sim.rules.presets import get_preset
from pedro_sim.traces import record_deals, trace_dict

FOSTER = EngineInputs.for_variant("foster")


def foster_traces(spec: str, deals: int, seed: int = 5, inputs=FOSTER) -> list[dict]:
    who = players(spec, inputs.variant)
    recs = record_deals(inputs, seed, np.arange(deals), who.policy, who.flags)
    return [trace_dict(recs[i], inputs, seed, i, who.label) for i in range(deals)]


def position(obj: dict):
    """The position ``obj`` read, or None where the seat has no choice to explain."""
    try:
        return read_position(obj, get_preset("foster"), "pimc", 1)
    except PedroError:
        return None


def drawn_worlds(obj: dict, n: int) -> np.ndarray:
    """``n`` worlds the sampler draws for the position ``obj`` (each seat's cards)."""
    pos = position(obj)
    tab, p = FOSTER.tables, pos.seat
    hands = np.zeros(L.SEATS, np.uint64)
    hands[:4] = pos.hands[L.H_PLAY:L.H_PLAY + 4]
    must = np.zeros(L.SEATS, np.uint64)
    out_p = np.uint64(pos.hands[L.H_DISCARDED + p])
    dp, fact, sp, sm = SM.new_sampler()
    assert SM.prepare(np.int64(p), hands, pos.know, out_p, must, np.int64(pos.trump), tab,
                      dp, fact, sp, sm) > 0
    rng = np.zeros(1, np.uint64)
    start(rng, 7, 0, 3)
    world = np.zeros(L.SEATS, np.uint64)
    out = np.zeros((n, 4), np.uint64)
    for i in range(n):
        SM.draw_world(np.int64(p), hands, world, rng, dp, fact, sp, sm)
        out[i] = world[:4]
    return out


def test_no_drawn_world_holds_a_card_shown_face_up():
    """At the first trick, over the seats of 6 deals: with ``shown`` no world puts a shown
    card in a hand; without it (the seat reads only its own discards) worlds do."""
    with_shown = without = 0
    for trace in foster_traces("heuristic", 6):
        if trace["bidder"] is None:
            continue
        for seat, _ in trace["tricks"][0]["plays"]:
            obj = decision_from_trace(trace, 0, seat)
            if position(obj) is None:
                continue
            shown = sum(1 << c for q, cards in enumerate(obj["shown"]) if q != seat
                        for c in (read_card(x) for x in cards))
            assert shown, "every foster seat discards at least 3 cards"
            worlds = drawn_worlds(obj, 60)
            with_shown += int(sum(int(w) & shown != 0 for w in worlds.ravel()))
            blind = {k: v for k, v in obj.items() if k != "shown"}
            without += int(sum(int(w) & shown != 0 for w in drawn_worlds(blind, 60).ravel()))
    assert with_shown == 0
    assert without > 100


def read_card(text: str) -> int:
    from pedro_sim.cards import parse_card

    return parse_card(text)


def test_the_engine_reads_what_play_starts_with():
    """sampler.learn_face_up: every seat's discards and put-aways, less the cards back in a
    hand, are known out of play; nothing where the discards are face down."""
    hands = np.zeros(L.H_LEN, np.uint64)
    hands[L.H_DISCARDED + 1] = np.uint64(0b1110)
    hands[L.H_DISCARDED + 2] = np.uint64(0b110000)
    hands[L.H_PUT_AWAY + 0] = np.uint64(1 << 40)
    hands[L.H_PLAY + 0] = np.uint64(0b100000)  # a discard the dealer took back
    for inputs, expected in ((FOSTER, 0b1110 | 0b10000 | 1 << 40),
                             (EngineInputs.for_variant("cinch"), 0)):
        know = np.zeros(SM.N_KNOW, np.uint64)
        SM.learn_face_up(know, hands, inputs.tables)
        assert int(know[SM.K_SHOWN]) == expected


def test_the_house_rule_turns_it_off_and_on():
    """`--rule discards_face_up=no` gives foster the face-down discards of before (pimc's
    deals differ from face up, and check with the reference); on cinch it is accepted."""
    off = EngineInputs.for_variant(resolve_variant("foster", ["discards_face_up=no"]))
    spec = "pimc:worlds=6,bid_worlds=8,keep_worlds=4"
    up = foster_traces(spec, 8, seed=2)
    down = foster_traces(spec, 8, seed=2, inputs=off)
    assert all(t.get("rules") == {"discards_face_up": False} for t in down)
    assert any(a["tricks"] != b["tricks"] for a, b in zip(up, down, strict=True))
    for t in up + down:
        assert check_trace(t) == [], t["deal"]
    cinch = EngineInputs.for_variant(resolve_variant("cinch", ["discards_face_up=yes"]))
    for t in foster_traces(spec, 3, inputs=cinch):
        assert check_trace(t) == [] and t["rules"] == {"discards_face_up": True}


def test_a_position_counts_the_shown_counters_for_the_bidders():
    """foster: the scoring trumps the bidders' opponents discarded count for the bidders in
    a position's default points (before the first card: nothing else); given ``points``
    replace them."""
    credited = 0
    for trace in foster_traces("random", 40):
        if trace["bidder"] is None:
            continue
        side = trace["bidder"] % 2
        obj = decision_from_trace(trace, 0, trace["tricks"][0]["plays"][0][0])
        pos = position(obj)
        if pos is None:
            continue
        gone = [c for q, cards in enumerate(obj["shown"]) if q % 2 != side for c in cards]
        expected = counter_points(gone, trace["trump"])
        assert list(pos.points[L.PT_POINTS:L.PT_POINTS + 2]) == \
            ([expected, 0] if side == 0 else [0, expected]), trace["deal"]
        credited += expected > 0
        given = position({**obj, "points": [0, 0]})
        assert list(given.points[L.PT_POINTS:L.PT_POINTS + 2]) == [0, 0]
    assert credited >= 3


def counter_points(cards: list[str], trump: str) -> int:
    """foster's points of the scoring trumps among ``cards``: A, J, T, 2 one each, the
    pedro and the off-five five each."""
    off = {"H": "D", "D": "H", "S": "C", "C": "S"}[trump]
    values = {"A" + trump: 1, "J" + trump: 1, "T" + trump: 1, "2" + trump: 1,
              "5" + trump: 5, "5" + off: 5}
    return sum(values.get(c, 0) for c in cards)
