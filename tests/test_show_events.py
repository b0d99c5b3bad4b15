"""`show` as a player reads it (issue 48, item 14): each seat by its trace number and its
--seat word, and five-handed's call, a pass to a partner and a fold where they happen."""

from __future__ import annotations

import subprocess

import pytest
from in_process import run_cli


def cli(*args: str) -> subprocess.CompletedProcess:
    """pedro-sim ARGS in this process (tests/in_process.py)."""
    return run_cli(*args)


@pytest.mark.many_sides
def test_show_prints_the_call_and_its_partner():
    r = cli("show", "--variant", "five-handed", "--seed", "3", "--deal", "0")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    call = lines.index("S2 (second) calls AC: its holder S0 (dealer) is the bidder's partner")
    assert lines[call + 1].startswith("trick 0:")  # the bidder calls as it leads
    assert "  S1 (eldest) dealt   4C KD" in r.stdout


def test_show_prints_ukrainian_passes_and_folds():
    r = cli("show", "--variant", "ukrainian", "--seed", "3", "--deal", "0")
    assert r.returncode == 0, r.stderr
    assert "S1 (eldest) discards [4C AD JC AH 3D AC 6H QH QD 3H 9D 9H QS] receives " \
        "[QD 3H 9D 9H] -> passes QS to S3 (third), folds" in r.stdout
    assert "dealer S0 (dealer)" in r.stdout


def test_show_prints_a_fold_in_play_before_the_trick_it_misses():
    r = cli("show", "--variant", "pidro", "--seed", "3", "--deal", "0")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    at = lines.index("S1 (eldest) folds")
    assert lines[at - 1].startswith("trick 0:") and lines[at + 1].startswith("trick 1:")
    assert lines[-3:-1] == ["S2 (second) folds", "S0 (dealer) claims 5S 5C"]
