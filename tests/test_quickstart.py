"""The README's quickstart: three commands for each game it names, every one run as
written (with fewer deals), its hands of the game's size and its seats named by words."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from pedro_sim.cli import main
from pedro_sim.rules.overrides import resolve_variant

README = Path(__file__).parents[1] / "README.md"
GAMES = ("lipton", "ukrainian", "five-handed", "cinch@3", "bourre")
SMALL = {"--deals": "300", "--sessions": "3"}  # the quickstart's counts, made small


def quickstart() -> list[list[str]]:
    """The quickstart's commands, split as a shell splits them, without the program."""
    text = README.read_text()
    section = text[text.index("## Quickstart"):]
    section = section[:section.index("\n## ", 1)]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    lines = [line for block in blocks for line in block.splitlines() if line.strip()]
    assert all(line.startswith(".venv/bin/pedro-sim ") for line in lines), lines
    return [shlex.split(line)[1:] for line in lines]


def game(argv: list[str]) -> str:
    if argv[0] == "bourre":
        return "bourre"
    if argv[0] == "rules":
        return argv[1]
    return argv[argv.index("--variant") + 1]


def test_three_commands_a_game_with_hands_of_its_size():
    commands = quickstart()
    assert [game(c) for c in commands] == [g for g in GAMES for _ in range(3)]
    asked = [c for c in commands if c[0] == "bid" or c[:2] == ["bourre", "play"]]
    assert len(asked) == len(GAMES)
    for argv in asked:
        size = 5 if argv[0] == "bourre" else resolve_variant(game(argv)).hand
        hand = argv[2] if argv[0] == "bourre" else argv[1]
        assert len(hand.split()) == size, argv
        seat = argv[argv.index("--seat") + 1]
        assert not seat.lstrip("-").isdigit(), f"a seat by its word, not a number: {argv}"


@pytest.mark.parametrize("argv", quickstart(), ids=" ".join)
def test_each_quickstart_command_runs(capsys, monkeypatch, tmp_path, argv):
    monkeypatch.chdir(tmp_path)  # the reports go under tmp_path/reports
    small = [SMALL.get(argv[k - 1], a) if k else a for k, a in enumerate(argv)]
    with pytest.raises(SystemExit) as stop:
        main(small)
    assert stop.value.code == 0, capsys.readouterr().err
