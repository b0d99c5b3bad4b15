"""Help a user is sent to exists and reads whole: every usage error names the help of the
command that refused it (`pedro-sim bourre session --help`, not `pedro-sim session
--help`), every command the sources and docs name exists, and no --help page cuts a word
with "…" at 80 columns (a pipe's width)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pedro_sim.cli import app, main

ROOT = Path(__file__).parents[1]
COMMAND = typer.main.get_command(app)
# words that follow "pedro-sim" in a sentence without naming a command
PROSE = {"but", "can", "checks", "chose", "compiles", "deal", "deals", "does", "exchanges",
         "from", "in", "is", "keeps", "made", "measures", "patches", "plays", "reads", "simulates",
         "table", "takes", "writes"}


def command_paths(command=COMMAND, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command and sub-command, as the words a user types after pedro-sim."""
    yield path
    for name, sub in getattr(command, "commands", {}).items():
        yield from command_paths(sub, (*path, name))


PATHS = list(command_paths())


def help_page(path: tuple[str, ...]) -> tuple[int, str]:
    """`pedro-sim PATH --help` in a pipe of 80 columns: exit code and text."""
    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "80"},
                               prog_name="pedro-sim")
    return result.exit_code, result.output


def run_main(capsys, argv: list[str]) -> tuple[int, str]:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    return stop.value.code, capsys.readouterr().err


@pytest.mark.parametrize("path", [p for p in PATHS if p], ids=" ".join)
def test_a_usage_error_names_help_that_exists(capsys, path):
    code, err = run_main(capsys, [*path, "--no-such-option"])
    assert code == 2, err
    hint = re.search(r"\(see (pedro-sim [a-z -]+?) --help\)$", err.strip())
    assert hint and hint.group(1) == "pedro-sim " + " ".join(path), err
    code, page = help_page(path)
    assert code == 0 and f"Usage: pedro-sim {' '.join(path)} " in " ".join(page.split())


def _texts() -> Iterator[tuple[str, str]]:
    """(file name, text) of the sources and the docs."""
    for f in [*sorted((ROOT / "pedro_sim").rglob("*.py")), ROOT / "README.md",
              *sorted((ROOT / "docs").glob("*.md"))]:
        yield f.name, f.read_text()


def test_every_command_the_sources_and_docs_name_exists():
    wrong = []
    for name, text in _texts():
        for m in re.finditer(r"pedro-sim((?: [a-z][a-z0-9-]*)+)", text):
            words, command = m.group(1).split(), COMMAND
            for k, word in enumerate(words[:2]):
                subs = getattr(command, "commands", None)
                if subs is None:
                    break
                if word not in subs:
                    if k or word not in PROSE:  # a command, or a sub-command, that is none
                        wrong.append(f"{name}: pedro-sim {' '.join(words[:k + 1])}")
                    break
                command = subs[word]
    assert not wrong, wrong


def test_every_help_the_sources_and_docs_name_runs():
    named = {tuple(m.split()) for _, text in _texts()
             for m in re.findall(r"pedro-sim((?: [a-z][a-z0-9-]*)*) --help", text)}
    assert () in named  # the README names `pedro-sim --help`
    for path in named:
        assert help_page(path)[0] == 0, path


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "pedro-sim")
def test_no_help_page_cuts_a_word_at_80_columns(path):
    code, page = help_page(path)
    assert code == 0, page
    assert "…" not in page, page
