"""What a new user meets in the first hour: --out checked before the work and named as
given, reports readable by others, Ctrl-C from the first instant, tables whole at 80
columns, options printed as --rule takes them, help in sentences, a glossary."""

from __future__ import annotations

import io
import json
import math
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from rich.console import Console

from pedro_sim.rules import PRESETS
from pedro_sim.rules.overrides import resolve_variant

HAND = "AH KH 5H 2H 9C 4D JS 7S 3C"
SCRIPT = Path(sys.executable).with_name("pedro-sim")  # the console script users run
LAUNCHERS = {"script": [str(SCRIPT)], "module": [sys.executable, "-m", "pedro_sim"]}


def cli(*args: str, cwd: Path | None = None, umask: int | None = None,
        env: dict | None = None) -> subprocess.CompletedProcess:
    """The command as a user runs it, in a pipe (80 columns, no terminal)."""
    return subprocess.run([sys.executable, "-m", "pedro_sim", *args], capture_output=True,
                          text=True, timeout=600, cwd=cwd,
                          env={**os.environ, "COLUMNS": "80", **(env or {})},
                          preexec_fn=None if umask is None else (lambda: os.umask(umask)))


def one_line_error(r: subprocess.CompletedProcess) -> str:
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    return lines[0]


# --- 5: --out -------------------------------------------------------------------------

def test_an_empty_out_is_refused_not_the_current_directory(tmp_path):
    r = cli("bid", HAND, "--policy", "heuristic", "--deals", "200", "--out", "", cwd=tmp_path)
    assert "--out" in one_line_error(r)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["trace", "solve"])
def test_an_unwritable_out_file_is_named_itself(tmp_path, command):
    (tmp_path / "plain").write_text("a file, not a folder\n")
    target = tmp_path / "plain" / "x.jsonl"
    (tmp_path / "in.jsonl").write_text("")
    args = ["--deals", "2"] if command == "trace" else ["--in", str(tmp_path / "in.jsonl")]
    line = one_line_error(cli(command, *args, "--out", str(target)))
    assert f"--out {target}:" in line
    if Path("/proc").is_dir():
        line = one_line_error(cli(command, *args, "--out", "/proc/x.jsonl"))
        assert "--out /proc/x.jsonl:" in line


def test_explain_checks_out_before_the_analysis(tmp_path):
    """A bad --out is named before the trace is even read (here it does not exist)."""
    (tmp_path / "plain").write_text("x\n")
    line = one_line_error(cli("explain", "--trace", str(tmp_path / "missing.jsonl"),
                              "--deal", "0", "--trick", "0", "--seat", "eldest",
                              "--out", str(tmp_path / "plain" / "x.csv")))
    assert "--out" in line and "missing.jsonl" not in line


# --- 6: file modes --------------------------------------------------------------------

@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600)])
def test_reports_get_the_users_mode(tmp_path, umask, mode):
    r = cli("bid", HAND, "--policy", "heuristic", "--deals", "200", "--out", str(tmp_path),
            umask=umask)
    assert r.returncode == 0, r.stderr
    written = sorted(tmp_path.iterdir())
    assert len(written) == 5
    assert {stat.S_IMODE(p.stat().st_mode) for p in written} == {mode}


# --- 7: Ctrl-C from the first instant -------------------------------------------------

def _interrupt(launcher: list[str], after: float, ignored: bool) -> tuple[int, str, float]:
    """Send SIGINT ``after`` seconds into a long run; the exit code, stderr, and how long
    the process took to end after the signal."""
    proc = subprocess.Popen(
        [*launcher, "bid", HAND, "--policy", "heuristic", "--deals", "20000000", "--out",
         os.devnull + ".d"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if ignored else None)
    time.sleep(after)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err, time.perf_counter() - sent


@pytest.mark.parametrize("launcher", sorted(LAUNCHERS))
@pytest.mark.parametrize("after", [0.25, 0.6, 2.0])
@pytest.mark.parametrize("ignored", [False, True], ids=["default", "sigint-ignored"])
def test_ctrl_c_at_any_moment_is_one_line_and_130(launcher, after, ignored):
    """While importing (the first half second) or running, and in a process started with
    SIGINT ignored (a background job of a script): one line, exit 130, at once."""
    code, err, took = _interrupt(LAUNCHERS[launcher], after, ignored)
    assert (code, err.strip()) == (130, "interrupted: nothing was written"), err
    assert took < 30, "the signal was lost: the run went on"


EXTENSION_INTERRUPT = """
import os, signal, sys, time
from pedro_sim import process_exit
process_exit.install()
sys.argv = ["pedro-sim", "rules", "cinch"]
import pedro_sim.cli as cli
def main():
    failed = False
    try:
        with process_exit.undo_on_interrupt():  # where a Ctrl-C interrupts rather than leaves
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
    except KeyboardInterrupt:  # what an extension's failing import does (PyErr_Print) ...
        sys.excepthook(*sys.exc_info())
        failed = True
    if failed:  # ... then its own error, not chained to the interrupt
        Half()  # and an object it left half-built fails as it is freed ("Exception ignored")
        raise ImportError("numba._devicearray failed to import")
class Half:
    def __del__(self):
        raise AttributeError("'_FunctionsIterator' object has no attribute '_as_parameter_'")
cli.main = main
cli.run()
"""


def test_a_ctrl_c_an_extension_turns_into_its_own_error_is_still_an_interrupt():
    """numba's _dispatcher, interrupted while it imports, prints the KeyboardInterrupt and
    raises an ImportError with no chain to it (a failure of the test above at 0.25 s in
    CI), and llvmlite's objects it left half-built fail as they are freed: none of it
    printed, and the run ends with the one line, 130."""
    r = subprocess.run([sys.executable, "-c", EXTENSION_INTERRUPT], capture_output=True,
                       text=True, timeout=300)
    assert (r.returncode, r.stderr.strip()) == (130, "interrupted: nothing was written")


LEAVE_OR_UNDO = """
import os, signal, subprocess, sys, time
from pedro_sim import process_exit
process_exit.install()
try:
    with process_exit.undo_on_interrupt():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(30)
except KeyboardInterrupt:
    print("undone")
child = subprocess.Popen(["sleep", "60"])
process_exit.own_child(child)
print(child.pid, flush=True)
half = sys.argv[1]
open(half, "w").write("half-written")
guard = process_exit.removed_on_interrupt(half)  # held open until the Ctrl-C
guard.__enter__()
os.kill(os.getpid(), signal.SIGINT)
time.sleep(30)
print("went on")
"""


def test_a_ctrl_c_leaves_at_once_unless_work_is_to_undo(tmp_path):
    """Where nothing is to undo, a Ctrl-C leaves at once (no interrupt raised inside an
    extension's import or cache load), killing the outside programs it started and
    removing a report's temporaries; within undo_on_interrupt it interrupts, so that the
    work is undone."""
    half = tmp_path / ".bid.csv.tmp"
    r = subprocess.run([sys.executable, "-c", LEAVE_OR_UNDO, str(half)], capture_output=True,
                       text=True, timeout=60)
    assert (r.returncode, r.stderr.strip()) == (130, "interrupted: nothing was written")
    assert not half.exists()
    undone, pid = r.stdout.split()
    assert undone == "undone"
    for _ in range(50):
        if _gone(int(pid)):
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the program started for the run outlived it")


def _gone(pid: int) -> bool:
    """The process is gone, or a zombie left to whoever reaps it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state in ("Z", "X")


# --- 8: tables whole at 80 columns ----------------------------------------------------

def _whole(text: str) -> None:
    assert "…" not in text, text
    assert max(len(line) for line in text.splitlines()) <= 80, text


@pytest.mark.parametrize("variant", ["cinch", "eighty-three"])
def test_bid_table_is_whole_at_80_columns(tmp_path, variant):
    hand = HAND if variant == "cinch" else "AH KH 5H 2H 9C 4D JS 7S 3C QH JH TH"
    rules = resolve_variant(variant)
    hand = " ".join(hand.split()[:rules.hand])
    r = cli("bid", hand, "--variant", variant, "--policy", "heuristic", "--deals", "300",
            "--trump", "H", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    _whole(r.stdout)
    assert "E[net] ± 95%" in r.stdout and "E[Δscore] ± 95%" in r.stdout
    table = pd.read_csv(tmp_path / "bid.csv")
    row = table.iloc[-1]  # the printed figures are the CSV's
    assert f"{row.p_make_lo:.3f}–{row.p_make_hi:.3f}" in r.stdout
    assert f"{row.expected_net:+.3f} ± {(row.expected_net_hi - row.expected_net_lo) / 2:.3f}" \
        in r.stdout


@pytest.mark.slow  # 4 s (make test-all); bid's tables stay in make test
def test_advise_holdings_technique_tables_are_whole_at_80_columns(tmp_path):
    runs = [("advise", HAND, "--deals", "300", "--games", "50"),
            ("holdings", "--seat", "eldest", "--deals", "300"),
            ("technique", "all", "--deals", "300")]
    for args in runs:
        r = cli(*args, "--policy", "heuristic", "--out", str(tmp_path / args[0]))
        assert r.returncode == 0, r.stderr
        _whole(r.stdout)
    assert "E[net] ±95%" in cli(*runs[0], "--policy", "heuristic", "--out",
                                str(tmp_path / "a")).stdout


def test_narrow_tables_never_cut_extreme_figures():
    """The widest figures the presets give (83-point games) still fit."""
    from pedro_sim.commands.bid_cmd import print_advice

    row = {"seat": "eldest", "score": "0-0", "n": 200000, "games": 4000,
           "variant": "eighty-three", "policy": "heuristic", "trump": "H", "bid": 83,
           "p_make": 0.0001, "expected_score": -166.123, "expected_score_lo": -168.9,
           "expected_score_hi": -163.3, "expected_net": -249.5, "expected_net_lo": -252.0,
           "expected_net_hi": -247.0, "p_win": 0.0123, "p_win_lo": 0.0101, "p_win_hi": 0.0149}
    console = Console(file=io.StringIO(), width=80)
    print_advice(pd.DataFrame([row, {**row, "bid": 30, "expected_score": 30.5}]), HAND, console)
    _whole(console.file.getvalue())


def test_a_mean_of_one_value_has_no_interval():
    from pedro_sim.analysis.stats import mean_ci_from_hist
    from pedro_sim.report.console_tables import plus_minus

    mean, lo, hi = mean_ci_from_hist(pd.Series([3, 8]).to_numpy(), pd.Series([0, 1]).to_numpy())
    assert mean == 8 and math.isnan(lo) and math.isnan(hi)
    assert plus_minus(mean, lo, hi, 2) == "+8.00 ± —"


# --- 12: rules, help, version, names, tricks, advise games ----------------------------

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rules_print_values_that_rule_takes_back(preset):
    """Every printed value, given back as --rule KEY=VALUE, leaves the preset unchanged."""
    from pedro_sim.rules.overrides import rule_rows

    variant = resolve_variant(preset)
    rows = rule_rows(variant)
    assert rows and all(v not in ("True", "False") and not v.startswith(("{", "(", "["))
                        or v == "(none)" for _, v in rows)
    args = [f"{k}={v}" for k, v in rows if v != "(none)"]
    assert resolve_variant(preset, args) == variant


def test_rules_command_prints_rule_syntax():
    r = cli("rules", "cinch")
    assert r.returncode == 0, r.stderr
    assert "True" not in r.stdout and "{'" not in r.stdout and "()" not in r.stdout
    words = {tuple(line.split()) for line in r.stdout.splitlines()}
    assert ("off_five_trump", "true") in words and ("points.pedro", "5") in words


def test_help_is_in_sentences_and_there_is_a_version():
    import typer

    from pedro_sim import __version__
    from pedro_sim.cli import app

    for name, command in typer.main.get_command(app).commands.items():
        for paragraph in (command.help or "").split("\n\n"):
            assert "\n" not in paragraph, f"{name}: a line break inside a sentence"
    r = cli("--version")
    assert (r.returncode, r.stdout.strip()) == (0, f"pedro-sim {__version__}")
    explain = " ".join(cli("--help").stdout.split())
    assert "with its value, net score and P(make)" in explain.replace("│", " ").replace(
        "  ", " ")


def test_holdings_tables_name_the_player(tmp_path):
    r = cli("holdings", "--seat", "eldest", "--deals", "200", "--policy", "heuristic",
            "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    titles = [line for line in r.stdout.splitlines() if line.startswith(("Value", "Holding"))]
    assert len(titles) == 2
    text = " ".join(r.stdout.split())
    assert text.count("heuristic)") >= 2


def test_show_numbers_tricks_as_explain_does():
    """Tricks count from 0 in show as in explain --trick and the trace's list."""
    r = cli("show", "--seed", "1", "--deal", "3")
    assert r.returncode == 0, r.stderr
    tricks = [line.split(":")[0] for line in r.stdout.splitlines() if line.startswith("trick")]
    assert tricks == [f"trick {k}" for k in range(6)]


def test_advise_plays_no_more_games_than_deals(tmp_path):
    r = cli("advise", HAND, "--policy", "heuristic", "--deals", "100", "--out", str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "100 games per suit" in " ".join(r.stdout.split())
    assert json.loads((tmp_path / "run.json").read_text())["games"] == 100
    line = one_line_error(cli("advise", HAND, "--policy", "heuristic", "--deals", "100",
                              "--games", "200", "--out", str(tmp_path)))
    assert "--games" in line


# --- 13: a glossary -------------------------------------------------------------------

def test_the_words_the_output_uses_are_explained():
    text = " ".join(cli("--help").stdout.replace("│", " ").split())
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    for word in ("worlds", "paired", "arm", "net", "P(make)"):
        assert f"{word}:" in text, word
        assert f"**{word}**" in readme, word


LOST_INTERRUPT = """
import os, signal, sys, time
from pedro_sim import process_exit
process_exit.install()
class Drop:
    def __del__(self):  # a Ctrl-C landing here is "ignored" by Python, and the run goes on
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)
with process_exit.undo_on_interrupt():  # where a Ctrl-C interrupts rather than leaves
    Drop()
sys.argv = ["pedro-sim", *sys.argv[1:]]
from pedro_sim.cli import run
run()
"""


@pytest.mark.parametrize("args", [["rules", "cinch"], ["bid", "AH KH 5H 2H 9C 4D JS 7S 3C",
                                                       "--policy", "heuristic", "--deals",
                                                       "1000"]])
def test_a_ctrl_c_that_python_loses_still_ends_the_run(tmp_path, args):
    """A KeyboardInterrupt raised in a __del__ or weakref callback is printed as "Exception
    ignored" and lost (the cause of a rare failure of the test above at 2 s): the handler
    remembers it, no report is written after it, and the run ends with the one line, 130."""
    out = ["--out", str(tmp_path / "r")] if args[0] == "bid" else []
    r = subprocess.run([sys.executable, "-c", LOST_INTERRUPT, *args, *out],
                       capture_output=True, text=True, timeout=300)
    assert (r.returncode, r.stderr.strip()) == (130, "interrupted: nothing was written")
    assert not (tmp_path / "r").exists() or not any((tmp_path / "r").iterdir())
