"""One seat vocabulary for every command of both games (issue 48, item 12): words (eldest,
second, ..., dealer), numbers 1..N counted from the dealer's left, the same help text, and
one line naming both for anything else."""

from __future__ import annotations

import json
import subprocess

import pytest
import typer
from in_process import run_cli

from pedro_sim.analysis.seat_words import seat_at, seat_names, seat_word
from pedro_sim.errors import PedroError
from pedro_sim.parsers import SEAT_HELP, SEATS_HELP, parse_seat, parse_seats

HAND = "AH KH 5H 2H 9C 4D JS 7S 3C"


def cli(*args: str) -> subprocess.CompletedProcess:
    """pedro-sim ARGS in this process (tests/in_process.py)."""
    return run_cli(*args)


@pytest.mark.parametrize("players", range(2, 9))
def test_words_and_numbers_name_the_same_seats(players):
    """Number k is the k-th word from the dealer's left; N is the dealer; 'all' is every
    seat, where several are asked; the words count on past third (fourth, fifth, ...)."""
    words = seat_names(players)
    assert words[0] == "eldest" and words[-1] == "dealer" and len(set(words)) == players
    assert all(not w.isdigit() for w in words)
    for k, word in enumerate(words, 1):
        assert parse_seats(str(k), players) == parse_seats(word.upper(), players) == [word]
    assert parse_seats("all", players) == words
    for bad in ("0", "-1", str(players + 1), "ninth", "1.5", ""):
        with pytest.raises(PedroError) as err:
            parse_seats(bad, players)
        message = str(err.value)
        assert message.startswith(f"--seat {bad}: seats are 1..{players} counted from the "
                                  f"dealer's left (1 eldest, {players} dealer), or ")
        assert message.endswith(", ".join(words) + ", or all")
    with pytest.raises(PedroError, match=r"--seat all: .*dealer$"):
        parse_seat("all", players)


def test_six_seats_are_words_not_places_after_eldest():
    assert seat_names(6) == ["eldest", "second", "third", "fourth", "fifth", "dealer"]
    assert parse_seat("3", 6) == "third" and parse_seat("6", 6) == "dealer"


@pytest.mark.parametrize("players", range(2, 9))
def test_a_trace_seat_and_its_word_go_both_ways(players):
    for dealer in range(players):
        assert seat_at("eldest", dealer, players) == (dealer + 1) % players
        assert seat_at("dealer", dealer, players) == dealer
        for seat in range(players):
            assert seat_at(seat_word(seat, dealer, players), dealer, players) == seat


def _seat_options(command, path=()):
    """Every --seat option of a click command tree, with the command's path."""
    for name, sub in getattr(command, "commands", {}).items():
        yield from _seat_options(sub, (*path, name))
    for param in getattr(command, "params", []):
        if "--seat" in getattr(param, "opts", ()):
            yield " ".join(path), param


def test_every_seat_option_says_the_same_sentence():
    from pedro_sim.cli import app

    found = dict(_seat_options(typer.main.get_command(app)))
    assert set(found) == {"bid", "holdings", "advise", "explain", "bourre play"}
    for name, param in found.items():
        assert param.help in (SEAT_HELP, SEATS_HELP) or param.help.endswith(" " + SEAT_HELP), \
            (name, param.help)
    assert found["bid"].help == found["holdings"].help == SEATS_HELP
    assert found["advise"].help == found["bourre play"].help == SEAT_HELP


@pytest.mark.parametrize("args", [
    ["bid", HAND, "--policy", "heuristic", "--deals", "50"],
    ["holdings", "--policy", "heuristic", "--deals", "50"],
    ["advise", HAND, "--policy", "heuristic", "--deals", "50"],
    ["bourre", "play", "AH KH 9S 4C 2D", "--trump", "H", "--players", "4", "--policy",
     "heuristic", "--deals", "50"],
    ["bid", HAND, "--policy", "exec:pedro-sim bot", "--deals", "5"],  # the arena's bid
    ["explain", "--trace", "TRACE", "--deal", "0", "--trick", "0"],
])
def test_every_command_refuses_seat_zero_in_one_line(tmp_path, args):
    """Every --seat of both games and of the arena: the same count, the same line."""
    if "TRACE" in args:
        trace = tmp_path / "deals.jsonl"
        assert cli("trace", "--deals", "1", "--policy", "heuristic", "--out",
                   str(trace)).returncode == 0
        args = [str(trace) if a == "TRACE" else a for a in args]
    r = cli(*args, "--seat", "0", *(["--out", str(tmp_path / "out")]
                                    if "explain" not in args else []))
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "--seat 0: seats are 1..4 counted from the dealer's left (1 " \
        "eldest, 4 dealer), or eldest, second, third, dealer" in lines[0], r.stderr


def test_bid_seat_four_is_the_dealer_and_bourre_takes_eldest(tmp_path):
    """The same number means the same seat in both games: 4 of 4 is the dealer."""
    r = cli("bid", HAND, "--seat", "4", "--policy", "heuristic", "--deals", "200", "--out",
            str(tmp_path / "bid"))
    assert r.returncode == 0, r.stderr
    assert set(json.loads((tmp_path / "bid" / "run.json").read_text())["seats"]) == {"dealer"}
    r = cli("bourre", "play", "AH KH 9S 4C 2D", "--trump", "H", "--players", "4", "--seat",
            "eldest", "--policy", "heuristic", "--deals", "200", "--out", str(tmp_path / "b"))
    assert r.returncode == 0, r.stderr
    assert json.loads((tmp_path / "b" / "run.json").read_text())["seat"] == "eldest"


def test_the_api_advises_one_seat_only():
    """api.advise took the first of 'all' (eldest) without a word."""
    from pedro_sim import api

    with pytest.raises(PedroError, match="--seat all: seats are 1..4"):
        api.advise(HAND, seat="all", deals=10, policy="heuristic")
