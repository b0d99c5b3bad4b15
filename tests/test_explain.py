"""`explain`: a decision of a pimc trace, replayed and recorded world by world."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from in_process import run_cli

from pedro_sim.analysis.decisions.explain import (
    explain_call,
    explain_keep,
    explain_position_file,
    explain_trace,
)
from pedro_sim.analysis.decisions.position import decision_from_trace
from pedro_sim.analysis.seat_words import seat_names, seat_word
from pedro_sim.engine_inputs import EngineInputs, players
from pedro_sim.errors import PedroError
from pedro_sim.rules import get_preset
from pedro_sim.traces import record_deals, trace_dict

FAST = "pimc:worlds=6,bid_worlds=8,keep_worlds=4"


def traces(spec: str, variant: str = "cinch", deals: int = 6, seed: int = 3) -> list[dict]:
    inputs = EngineInputs.for_variant(variant)
    who = players(spec, inputs.variant)
    recs = record_deals(inputs, seed, np.arange(deals), who.policy, who.flags)
    return [trace_dict(recs[i], inputs, seed, i, who.label) for i in range(deals)]


def decisions(trace: dict):
    for t, trick in enumerate(trace["tricks"]):
        for seat, _ in trick["plays"]:
            yield t, seat


def explained(spec: str, variant: str = "cinch", deals: int = 6):
    """(trick, explain_trace's answer) of every card decision with a choice in the traces
    of ``spec``; the others are refused as having none."""
    for trace in traces(spec, variant, deals):
        for t, seat in decisions(trace):
            try:
                yield t, explain_trace(trace, t, seat)
            except PedroError as exc:
                assert "had no choice" in str(exc)


@pytest.mark.parametrize("variant", ["cinch", "pidro", "sixty-three"])
def test_the_choice_is_the_card_the_trace_shows(variant):
    count = 0  # alike=all: explain values every card, as this player does
    for _, answer in explained(FAST + ",alike=all", variant):
        count += 1
        assert answer.chosen == answer.played and answer.worlds == 6
        frame = answer.frame
        assert frame.chosen.sum() == 1 and frame.loc[0, "card"] == answer.chosen
        assert (frame.value.diff().dropna() <= 0).all()  # best first
        assert ((frame.p_make_lo <= frame.p_make + 1e-12)
                & (frame.p_make <= frame.p_make_hi + 1e-12)).all()
        assert (frame.vs_chosen <= 1e-9).all()
    assert count >= 20


def test_default_pimc_and_more_worlds():
    """The default prunes: explain values every card on its worlds (cinch's default solves
    its second trick from the card on 12), which may choose another card than the trace's
    (there it stopped valuing one clearly behind); without pruning it replays the whole
    deal and chooses the trace's card."""
    trace = traces("pimc", deals=2)[1]
    t, seat = 1, trace["tricks"][1]["plays"][0][0]
    answer = explain_trace(trace, t, seat)
    assert answer.prunes and answer.worlds == 12
    assert answer.played in set(answer.frame.card)
    assert answer.chosen == answer.frame.loc[answer.frame.chosen, "card"].item()
    whole = traces("pimc:prune=0,solve_worlds=0", deals=2)[1]  # every world alike
    exact = explain_trace(whole, t, whole["tricks"][1]["plays"][0][0])
    assert not exact.prunes and exact.chosen == exact.played
    deeper = explain_trace(trace, t, seat, worlds=300)
    assert deeper.worlds == 300 and set(deeper.frame.card) == set(answer.frame.card)
    half = (deeper.frame.value_hi - deeper.frame.value_lo).max()
    assert half < (answer.frame.value_hi - answer.frame.value_lo).max()


def test_a_trace_names_its_player_as_written():
    """A trace's policy is read with no preset's tuning: one written before solve_worlds was
    always spelled out (its text without it) replays the player that made it, whose
    third-trick decisions draw 20 worlds, not the 12 of cinch's default."""
    old = traces("pimc:solve_tricks=4,solve_worlds=0", deals=2)[1]
    old["policy"] = old["policy"].replace(",solve_worlds=0", "")
    seat = old["tricks"][2]["plays"][0][0]
    assert explain_trace(old, 2, seat).worlds == 20


def test_a_decision_solved_from_the_card_draws_solve_worlds():
    """solve_worlds=3: explain draws the player's own 3 worlds where it solved from the card
    (the last four tricks of cinch) and its 6 before, and says which it drew."""
    seen = set()
    for t, answer in explained(FAST + ",alike=all,solve_tricks=4,solve_worlds=3", deals=3):
        assert answer.prunes and answer.worlds == answer.own_worlds
        assert answer.worlds == (3 if t >= 2 else 6)
        seen.add(answer.worlds)
    assert seen == {3, 6}


def test_every_world_of_a_decision_accounts_for_every_point():
    """Each world's final points, rolled out and finished by the solver (the first two
    tricks of cinch) or solved from the card (the last four), add up to the deal's 14: no
    point lost or counted twice where the solver takes over (the 2 included, which scores
    for its holder)."""
    from pedro_sim.analysis.decisions.explain import card_values, checked, replay, trace_players
    from pedro_sim.engine.thinking.think_buffers import X_ARMED, X_CARDS

    tricks = set()
    for trace in traces("pimc:worlds=6,bid_worlds=8,alike=all,prune=0", deals=3):
        variant = checked(trace)
        who = trace_players(trace, variant, "pimc")
        for t, seat in decisions(trace):
            x, flat = replay(trace, variant, who, t, seat, 0)
            if x[X_ARMED] != 2:  # no choice to think about
                continue
            values = card_values(x, flat)[:, :int(x[X_CARDS])]  # (worlds, cards, values)
            assert (values[:, :, 1] + values[:, :, 2] == 14).all(), (trace["deal"], t, seat)
            tricks.add(t)
    assert {0, 1, 2} <= tricks


def test_refusals():
    heuristic = traces("heuristic", deals=1)[0]
    with pytest.raises(PedroError, match="played by heuristic"):
        explain_trace(heuristic, 0, 0)
    trace = traces(FAST, deals=1)[0]
    with pytest.raises(PedroError, match="the deal has tricks 0 to"):
        explain_trace(trace, 40, 0)
    last = len(trace["tricks"]) - 1
    seat = trace["tricks"][last]["plays"][0][0]
    with pytest.raises(PedroError, match="had no choice"):
        explain_trace(trace, last, seat)  # one card left
    with pytest.raises(PedroError, match="the trace does not check"):
        explain_trace({**trace, "bid": trace["bid"] + 1}, 0, trace["tricks"][0]["plays"][1][0])
    relabelled = {**trace, "policy": "pimc"}  # legal, but another player's deal
    with pytest.raises(PedroError, match="does not give this trace"):
        explain_trace(relabelled, 1, trace["tricks"][1]["plays"][0][0])


@pytest.mark.parametrize("explain", [lambda t, s: explain_trace(t, 0, s),
                                     lambda t, s: explain_call(t, s),
                                     lambda t, s: explain_keep(t, s)])
def test_a_trace_an_outside_program_played(explain):
    """A trace of `pedro-sim trace --policy exec:...` (every seat the program's): explain
    names the player the trace has and what it replays, not "unknown player"."""
    from pathlib import Path

    from pedro_sim.arena.play import arena_traces

    bot = Path(__file__).resolve().parents[1] / "examples" / "bot.py"
    spec = f"exec:{sys.executable} {bot}"
    trace = arena_traces(EngineInputs.for_variant("cinch"), 3, range(1), [spec] * 4, spec)[0]
    for seat in range(4):
        with pytest.raises(PedroError) as caught:
            explain(trace, seat)
        message = str(caught.value)
        assert f"played by '{spec}' (an outside program" in message, message
        assert "pedro-sim trace --policy pimc" in message and "unknown player" not in message


def cli(*args: str) -> subprocess.CompletedProcess:
    """pedro-sim ARGS in this process (tests/in_process.py)."""
    return run_cli(*args)


def test_command_line(tmp_path):
    path = tmp_path / "deals.jsonl"
    trace = traces(FAST, deals=3)[2]
    path.write_text(json.dumps(trace) + "\n")
    seat = trace["tricks"][1]["plays"][0][0]  # the leader of trick 1: five cards to choose from
    word = seat_word(seat, trace["dealer"], 4)  # --seat counts from the deal's dealer
    r = cli("explain", "--trace", str(path), "--deal", "2", "--trick", "1", "--seat", word,
            "--out", str(tmp_path / "x.csv"))
    assert r.returncode == 0, r.stderr
    assert f"{word} (trace seat {seat}) to play to trick 1" in r.stdout
    number = str(seat_names(4).index(word) + 1)
    again = cli("explain", "--trace", str(path), "--deal", "2", "--trick", "1", "--seat",
                number)
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0] == r.stdout.splitlines()[0]
    assert "chosen:" in r.stdout and "the card the trace shows" in r.stdout
    assert len(pd.read_csv(tmp_path / "x.csv")) >= 2
    for args, fragment in ((("--deal", "9", "--trick", "0", "--seat", "0"), "no trace of deal 9"),
                           (("--deal", "2", "--trick", "0", "--seat", "0"),
                            "--seat 0: seats are 1..4 counted from the dealer's left")):
        bad = cli("explain", "--trace", str(path), *args)
        assert bad.returncode == 2 and fragment in bad.stderr, bad.stderr
        assert len(bad.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("variant", "spec"), [
    ("cinch", FAST), ("california", FAST), ("pidro", FAST), ("eighty-three", FAST),
    ("foster", FAST), ("cinch", FAST + ",infer=cards,trust=95")])
def test_a_position_from_one_seat_agrees_with_the_trace(tmp_path, variant, spec):
    """The seat's view alone (pedro-decision/1, folds and the auction included) gives the
    same legal cards and, over other worlds of the same knowledge, the same values within
    their intervals, at the first decision after a fold where players fold."""
    path = tmp_path / "d.json"
    for trace in traces(spec, variant, deals=8, seed=11):
        folds = [i for _, i in trace["folded"]]
        k = min(folds) if folds else 1
        if trace["bidder"] < 0 or k >= len(trace["tricks"]):
            continue
        for seat, _ in trace["tricks"][k]["plays"]:
            path.write_text(json.dumps(decision_from_trace(trace, k, seat)))
            try:
                a = explain_trace(trace, k, seat, worlds=600).frame.set_index("card")
            except PedroError:
                continue  # no choice there
            _, b = explain_position_file(path, trace["policy"], worlds=600, seed=8)
            b = b.frame.set_index("card")
            assert set(a.index) == set(b.index)
            b = b.loc[a.index]  # the same cards in the same order (each frame is best first)
            half = (a.value_hi - a.value_lo) / 2 + (b.value_hi - b.value_lo) / 2
            assert ((a.value - b.value).abs() <= 2 * half).all(), (a, b)
            if "infer" in spec:  # the kept worlds follow the auction in both
                assert (b.ess < 600).all() and (a.ess < 600).all()
            r = cli("explain", "--position", str(path), "--worlds", "50")
            assert r.returncode == 0 and "chosen:" in r.stdout, r.stderr
            return
    pytest.fail("no decision to compare")


def test_the_auction_is_noted_as_the_engine_notes_it():
    """A position's ``bids``: each seat's highest bid by choice and the lowest bid it
    passed up (cinch: 7 to 14, the dealer may not equal); a forced dealer's bid is no
    choice; without ``bids``, the bidder's bid alone."""
    from pedro_sim.analysis.decisions.position import Reader, noted_calls
    from pedro_sim.rules.presets import get_preset

    base = {"format": "pedro-decision/1", "seat": 1, "bidder": 0, "bid": 9, "trump": "H"}

    def noted(**more):
        obj = {**base, **more}
        return noted_calls(obj, Reader(obj, get_preset("cinch"))).tolist()[:8]

    assert noted(bids=[[1, 0], [2, 8], [3, 0], [0, 9]], dealer=0) == [9, -1, 0, 7, 8, -1,
                                                                        0, 9]
    assert noted(bids=[[1, 0], [2, 0], [3, 0], [0, 7]], dealer=0, bid=7) == [0, -1, 0, 7, 0,
                                                                               7, 0, 7]
    assert noted() == [9, -1, 0, -1, 0, -1, 0, -1]
    assert noted(bids=[[2, 14], [3, 0], [0, 0], [1, 0]], dealer=1, bidder=2, bid=14) == [
        0, -1, 0, -1, 14, -1, 0, -1]


def seat_answers(played, explain, refusal: str):
    """(trace, seat, answer) for each seat of each trace in ``played`` that ``explain``
    answers; every other seat must be refused with a message holding ``refusal``."""
    for trace in played:
        for seat in range(4):
            try:
                answer = explain(trace, seat)
            except PedroError as exc:
                assert refusal in str(exc)
                continue
            yield trace, seat, answer


def refused_in_one_line(path, obj: dict, fragment: str) -> None:
    """``explain --position`` on ``obj`` (written to ``path``) exits 2 with one line
    naming the problem (``fragment``)."""
    path.write_text(json.dumps(obj))
    r = cli("explain", "--position", str(path))
    assert r.returncode == 2 and fragment in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


DECISION = {"format": "pedro-decision/1", "variant": "cinch", "seat": 1, "bidder": 1,
            "bid": 7, "trump": "D", "hand": ["4D", "TD", "7D", "8S", "AC"],
            "tricks": [{"leader": 1, "plays": [[1, ["AD"]], [2, ["QD"]], [3, ["9D"]],
                                               [0, ["2D"]]]}]}


def test_the_decision_the_bad_ones_change_is_explained(tmp_path):
    """The decision each case below changes is a good one: only the change is refused."""
    path = tmp_path / "d.json"
    path.write_text(json.dumps(DECISION))
    assert cli("explain", "--position", str(path), "--worlds", "5").returncode == 0


@pytest.mark.parametrize("change,fragment", [
    ({"format": "x"}, "not a pedro-decision/1 object"),
    ({"seat": 3}, "is not the one to play"),
    ({"trump": "X"}, "trump must be one of"),
    ({"bid": 99}, "bid must be a whole number from 7 to 14"),
    ({"hand": ["AH", "AH"]}, "hand: a card appears twice"),
    ({"hand": ["ZZ"]}, "hand:"),
    ({"discarded": ["AC"]}, "more than one of hand, discarded and passed"),
    ({"tricks": [{"leader": 1, "plays": [[1, ["AD"]], [3, ["QD"]]]}]}, "plays out of turn"),
    ({"tricks": [{"leader": 1, "plays": [[1, ["AC"]]]}]}, "a card already seen"),
    ({"variant": "nope"}, "nope"),
    ({"shown": [["2C"], [], []]}, "shown must be a list of each seat's cards"),
    ({"shown": [["4D"], [], [], []]}, "shown: a card is shown twice, or shown and in"),
    ({"shown": [["ZZ"], [], [], []]}, "shown[0]:"),
    ({"bids": [[1, "seven"]]}, "bids must be a list of [seat, bid]"),
    ({"bids": [[9, 7]]}, "bids must be a list of [seat, bid]"),
    ({"bids": [[2, 0], [3, 0], [0, 0], [1, 7]], "dealer": 7}, "dealer must be a whole number"),
])
def test_bad_positions_are_one_line_errors(tmp_path, change, fragment):
    refused_in_one_line(tmp_path / "d.json", {**DECISION, **change}, fragment)


def rule_reread(frame, variant: str) -> str:
    """The call the bidding rule makes of an explained frame (docs/players.md): in a
    one-round auction the level of the best kept_net (overcalled deals count as passing)
    that beats passing; where the auction goes round the lowest level whose net score does;
    else pass."""
    calls = [c for c in frame.call[1:] if c != "28"]
    if get_preset(variant).auction == "one-round":
        kept = dict(zip(frame.call, frame.kept_net, strict=True))
        best = max(calls, key=lambda c: (kept[c], -int(c)), default=None)
        return best if best is not None and kept[best] > kept["pass"] else "pass"
    net = dict(zip(frame.call, frame.net_score, strict=True))
    return next((c for c in calls if net[c] > net["pass"]), "pass")


@pytest.mark.parametrize("variant", ["cinch", "sixty-three"])
def test_a_first_call_is_the_call_the_trace_shows(variant):
    """--call: every seat's first call weighed by expected value, explained from the replay,
    is the call the trace shows; rows: pass, then each bid from the lowest it may make."""
    explained = 0
    for _, _, answer in seat_answers(traces(FAST, variant, deals=4), explain_call,
                                     "was not a choice it weighed"):
        explained += 1
        assert answer.chosen == answer.played
        frame = answer.frame
        assert frame.loc[0, "call"] == "pass" and frame.chosen.sum() == 1
        bids = [int(c) for c in frame.call[1:]]
        assert bids == sorted(bids) and len(set(bids)) == len(bids)
        assert answer.chosen == rule_reread(frame, variant)
    assert explained >= 6


def test_call_refusals(tmp_path):
    all_passed = [t for t in traces(FAST, deals=12)
                  if [b for _, b in t["bids"][:3]] == [0, 0, 0]]
    assert all_passed  # the dealer was forced to bid in some of these deals
    for t in all_passed:
        with pytest.raises(PedroError, match="not a choice it weighed"):
            explain_call(t, t["dealer"])
    trace = traces(FAST, deals=4)[1]
    old = traces("pimc:think=play,worlds=4,bid_worlds=8", deals=1)[0]
    with pytest.raises(PedroError, match="bids by expected value"):
        explain_call(old, 1)
    path = tmp_path / "d.jsonl"
    path.write_text(json.dumps(trace) + "\n")
    r = cli("explain", "--trace", str(path), "--deal", "1", "--seat", "eldest", "--call", "--trick",
            "2")
    assert r.returncode == 2 and "no --trick" in r.stderr


@pytest.mark.parametrize("variant", ["foster", "california", "family", "pidro", "nicaragua",
                                     "catch-five", "sancho", "dom-pedro", "king-pedro",
                                     "sixty-three", "eighty-three"])
def test_every_seat_view_of_a_trace_reads_as_a_position(tmp_path, variant):
    """Each decision of tricks 1-3, written as the seat saw it, is read and explained (or
    refused only for having one legal card)."""
    path = tmp_path / "d.json"
    explained = 0
    for trace in traces(FAST, variant, deals=2, seed=4):
        for k in range(1, min(4, len(trace["tricks"]))):
            for seat, _ in trace["tricks"][k]["plays"]:
                path.write_text(json.dumps(decision_from_trace(trace, k, seat)))
                try:
                    _, answer = explain_position_file(path, trace["policy"], worlds=10)
                except PedroError as exc:
                    assert "one legal card" in str(exc) or "folds here" in str(exc)
                    continue
                explained += 1
                assert len(answer.frame) >= 2 and answer.frame.chosen.sum() == 1
    assert explained >= 8


def test_a_broken_trace_is_one_line(tmp_path):
    trace = traces(FAST, deals=1)[0]
    for broken, fragment in (({k: v for k, v in trace.items() if k != "seed"}, "missing keys"),
                             ({**trace, "tricks": trace["tricks"][:2]}, "the trace does not")):
        path = tmp_path / "t.jsonl"
        path.write_text(json.dumps(broken) + "\n")
        r = cli("explain", "--trace", str(path), "--deal", "0", "--trick", "1", "--seat", "eldest")
        assert r.returncode == 2 and fragment in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1


def call_object(trace: dict, seat: int) -> dict:
    """The pedro-decision/1 object of ``seat``'s first call in a trace."""
    first = next(i for i, (who, _) in enumerate(trace["bids"]) if who == seat)
    return {"format": "pedro-decision/1", "variant": trace["variant"], "seat": seat,
            "dealer": trace["dealer"], "hand": trace["hands"][seat],
            "bids": trace["bids"][:first]}


def test_a_call_from_one_seat_agrees_with_the_trace(tmp_path):
    spec = "pimc:worlds=3,bid_worlds=200,keep_worlds=4"
    path = tmp_path / "c.json"
    compared = 0
    for trace in traces(spec, deals=3, seed=6):
        for seat in range(4):
            try:
                a = explain_call(trace, seat).frame.set_index("call")
            except PedroError:
                continue
            path.write_text(json.dumps(call_object(trace, seat)))
            _, b = explain_position_file(path, spec, seed=9)
            b = b.frame.set_index("call")
            assert list(a.index) == list(b.index)
            half = (a.net_score_hi - a.net_score_lo) / 2 + (b.net_score_hi - b.net_score_lo) / 2
            assert ((a.net_score - b.net_score).abs() <= 2 * half).all(), (a, b)
            compared += 1
    assert compared >= 4


@pytest.mark.parametrize("change,fragment", [
    ({"seat": 3}, "is not the one to call: seat 2 is"),
    ({"hand": ["AH", "KH"]}, "cinch deals 9 cards, got 2"),
    ({"bids": [[1, 5]]}, "is not a bid seat 1 may make"),
    ({"bids": [[2, 0]]}, "is not [seat 1, bid]"),
    ({"seat": 0, "bids": [[1, 0], [2, 0], [3, 0]]}, "the dealer is forced to bid here"),
    ({"seat": 1, "bids": [[1, 8], [2, 0], [3, 0], [0, 0]]}, "the auction is over"),
])
def test_bad_calls_are_one_line_errors(tmp_path, change, fragment):
    call = {"format": "pedro-decision/1", "variant": "cinch", "seat": 2, "dealer": 0,
            "hand": ["AH", "KH", "5H", "2H", "9C", "4D", "JS", "7S", "3C"], "bids": [[1, 0]]}
    refused_in_one_line(tmp_path / "c.json", {**call, **change}, fragment)


@pytest.mark.parametrize("variant", ["foster", "nicaragua"])
def test_a_keep_is_the_rule_read_again_and_what_the_seat_kept(variant):
    """--keep: the candidates recorded in the replay give the keep the rule picks (the
    clearly better one with the largest gain, else the heuristic's), and the seat started
    play holding it."""
    explained = 0
    played = traces("pimc:worlds=3,bid_worlds=8,keep_worlds=16", variant, deals=4, seed=3)
    for trace, seat, answer in seat_answers(played, explain_keep, "weighed no keep"):
        explained += 1
        frame = answer.frame
        better = frame[frame.clearly_better]
        expected = better.loc[better.gain.idxmax(), "keep"] if len(better) else \
            frame.loc[0, "keep"]
        assert answer.chosen == expected and frame.chosen.sum() == 1
        assert set(answer.chosen.split()) <= set(trace["start_hands"][seat])
        assert frame.loc[0, "gives_up"] == "" and (frame.deals > 0).all()
    assert explained >= 3


def test_a_card_decision_without_variant_is_cinch(tmp_path):
    """`variant` is optional (default cinch) in a card decision as in a call: the same
    object with and without it gives the same table, from the command line too."""
    decision = {"format": "pedro-decision/1", "seat": 1, "bidder": 1, "bid": 7, "trump": "D",
                "hand": ["4D", "TD", "7D", "8S", "AC"],
                "tricks": [{"leader": 1, "plays": [[1, ["AD"]], [2, ["QD"]], [3, ["9D"]],
                                                   [0, ["2D"]]]}]}
    bare, named_cinch = tmp_path / "bare.json", tmp_path / "cinch.json"
    bare.write_text(json.dumps(decision))
    named_cinch.write_text(json.dumps({**decision, "variant": "cinch"}))
    _, a = explain_position_file(bare, FAST, worlds=20, seed=5)
    _, b = explain_position_file(named_cinch, FAST, worlds=20, seed=5)
    pd.testing.assert_frame_equal(a.frame, b.frame)
    assert set(a.frame.variant) == {"cinch"}
    r = cli("explain", "--position", str(bare), "--worlds", "5")
    assert r.returncode == 0 and "chosen:" in r.stdout, r.stderr


def test_a_robbing_dealer_over_six_holds_only_trumps(tmp_path):
    """A cinch dealer that robbed more than six trumps holds nothing else, and the seat
    knows it: the decision, written with the dealer's `min_trumps` only what it kept of
    its dealt cards, is read so (its `hand_sizes` over the preset's keep, given or shown
    by its stack) and agrees with the trace's own values, as the trace's player knew."""
    from pedro_sim.analysis.decisions.position import _suit_cards
    from pedro_sim.rules.presets import get_preset

    inputs = EngineInputs.for_variant("cinch")
    who = players(FAST, inputs.variant)
    seed, deal = 5, 34
    trace = trace_dict(record_deals(inputs, seed, np.array([deal]), who.policy, who.flags)[0],
                       inputs, seed, deal, who.label)
    dealer = trace["dealer"]
    assert len(trace["start_hands"][dealer]) > 6, "the dealer of this deal no longer robs"
    trumps = set(_suit_cards(trace["trump"], get_preset("cinch")))
    path = tmp_path / "d.json"
    for k, seat, sizes_given in ((0, 3, True), (1, 0, False)):
        obj = decision_from_trace(trace, k, seat)
        fewest = list(obj["min_trumps"])
        fewest[dealer] = sum(c in trumps for c in trace["hands"][dealer])  # what it kept
        obj["min_trumps"] = fewest
        if not sizes_given:  # shown by the dealer's stack on the first trick
            del obj["hand_sizes"]
        path.write_text(json.dumps(obj))
        a = explain_trace(trace, k, seat, worlds=600).frame.set_index("card")
        _, b = explain_position_file(path, trace["policy"], worlds=600, seed=8)
        b = b.frame.set_index("card")
        assert set(a.index) == set(b.index)
        half = (a.value_hi - a.value_lo) / 2 + (b.value_hi - b.value_lo) / 2
        assert ((a.value - b.value[a.index]).abs() <= 2 * half).all(), (k, seat, a, b)


SHORT_DEALER = {  # cinch, seed 22, deal 35 of the arena: the dealer robbed only 4 cards
    "format": "pedro-decision/1", "variant": "cinch", "seat": 0, "dealer": 3, "bidder": 0,
    "bid": 7, "trump": "C", "hand": ["5S", "QC"], "hand_sizes": [6, 6, 6, 4],
    "min_trumps": [3, 1, 1, 1],
    "tricks": [{"leader": 0, "plays": [[0, ["6C"]], [1, ["2C"]], [2, ["7C"]], [3, ["AC"]]]},
               {"leader": 3, "plays": [[3, ["QD"]], [0, ["8C"]], [1, ["TS"]], [2, ["2D"]]]},
               {"leader": 0, "plays": [[0, ["9C"]], [1, ["3C"]], [2, ["KC"]], [3, ["5C"]]]},
               {"leader": 2, "plays": [[2, ["QS"]], [3, ["AS"]], [0, ["4D"]], [1, ["TC"]]]},
               {"leader": 1, "plays": [[1, ["4C"]], [2, ["4H"]]]}]}


def test_a_seat_still_holding_a_card_plays_before_the_next(tmp_path):
    """SHORT_DEALER with the dealer still holding a card: it is the one to play."""
    late = {**SHORT_DEALER, "hand_sizes": [6, 6, 6, 5]}  # seat 3 still holds a card
    refused_in_one_line(tmp_path / "d.json", late, "seat 0 is not the one to play: seat 3 is")


PASSED_THEN_PUT_AWAY = {  # eighty-three in the arena: seat 2 passed 3C 4C JK to seat 0,
    # which has played 4C and holds one card: it put 3C or the joker out of play
    "format": "pedro-decision/1", "variant": "eighty-three", "seat": 2, "dealer": 3,
    "bidder": 2, "bid": 40, "trump": "C", "hand": ["6C", "AC"], "hand_sizes": [6, 6, 6, 6],
    "passed": ["3C", "4C", "JK"],
    "discarded": ["6S", "JS", "8H", "9H", "AH", "2D", "8D", "KD"],
    "tricks": [{"leader": 2, "plays": [[2, ["QC"]], [3, ["JC"]], [0, ["2C"]], [1, ["9S"]]]},
               {"leader": 2, "plays": [[2, ["TC"]], [3, ["5C"]], [0, ["4C"]], [1, ["6H"]]]},
               {"leader": 2, "plays": [[2, ["KC"]], [3, ["KS"]], [0, ["7C"]], [1, ["6D"]]]},
               {"leader": 2, "plays": [[2, ["5S"]], [3, ["JH"]], [0, ["8C"]], [1, ["TD"]]]},
               {"leader": 0, "plays": [[0, ["9C"]], [1, ["QD"]]]}]}


@pytest.mark.parametrize("position, cards", [
    # A seat that has played every card it started play with (a dealer that robbed fewer
    # than a hand) does not play to the trick: the next seat does.
    pytest.param(SHORT_DEALER, ["5S", "QC"], id="a-seat-out-of-cards-is-skipped"),
    # The partner holds fewer cards than the passed cards it has not played: it put some
    # out of play, and the passer cannot tell which, so none is placed in its hand.
    pytest.param(PASSED_THEN_PUT_AWAY, ["6C", "AC"],
                 id="cards-passed-to-a-partner-that-it-cannot-all-hold"),
])
def test_positions_found_by_pimc_in_the_arena_are_explained(tmp_path, position, cards):
    """Positions pimc met in the arena, where the reader refused the view before: each is
    read and explained, a row for each card of the seat's hand."""
    path = tmp_path / "d.json"
    path.write_text(json.dumps(position))
    _, answer = explain_position_file(path, "pimc:worlds=5", worlds=5)
    assert sorted(answer.frame.card) == cards


def _whole_at_80(print_table) -> str:
    """What ``print_table(console)`` prints at 80 columns, checked whole: no cut figure,
    no line past 80."""
    import io

    from rich.console import Console

    console = Console(file=io.StringIO(), width=80)
    print_table(console)
    text = console.file.getvalue()
    assert "…" not in text, text
    assert max(len(line) for line in text.splitlines()) <= 80, text
    return text


def test_explain_tables_are_whole_at_80_columns():
    """The widest figures the presets give (83-point games, a weighted card table) fit in
    a pipe's 80 columns, intervals whole (issue 48: "0.60 (0.39–0.7…")."""
    from pedro_sim.analysis.decisions.explain import Explanation
    from pedro_sim.commands.explain_cmd import call_table, print_explanation, print_keep

    wide = {"value": -166.12, "value_lo": -186.46, "value_hi": -145.78, "vs_chosen": -249.5,
            "vs_chosen_lo": -270.0, "vs_chosen_hi": -229.0, "net_score": -166.12,
            "net_score_lo": -186.46, "net_score_hi": -145.78, "p_make": 0.6, "p_make_lo": 0.39,
            "p_make_hi": 0.75, "value_uniform": -166.12, "ess": 12.3, "deals": 500}
    cards = pd.DataFrame([{**wide, "card": c, "chosen": c == "JK"} for c in ("JK", "TH")])
    answer = Explanation(cards, "JK", "JK", 500, 500, {})
    text = _whole_at_80(lambda c: print_explanation(answer, {"policy": FAST}, c))
    assert "0.60 (0.39–0.75)" in text and "JK *" in text and "-166.1 ±20.3" in text
    calls = pd.DataFrame([{**wide, "call": k, "suit": "H", "chosen": k == "83",
                           "kept_net": -166.12 if k == "pass" else -171.37}
                          for k in ("pass", "83")])
    text = _whole_at_80(lambda c: call_table(Explanation(calls, "83", "83", 500, 500, {}), c))
    assert "83 *" in text and "0.60 (0.39–0.75)" in text and "-171.4" in text
    keep = " ".join(["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H"])
    keeps = pd.DataFrame([{**wide, "keep": keep, "gives_up": g, "takes": "5H 4H",
                           "gain": -9.99, "gain_lo": -20.1, "gain_hi": 0.1,
                           "clearly_better": False, "chosen": not g} for g in ("", "7H 6H")])
    trace = {"variant": "eighty-three", "seed": 1, "deal": 0, "bidder": 0, "bid": 83,
             "trump": "H"}
    text = _whole_at_80(lambda c: print_keep(Explanation(keeps, keep, keep, 500, 500, {}),
                                             trace, 0, c))
    assert "-166.1 ±20.3" in text
