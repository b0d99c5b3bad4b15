"""`pedro-sim explain`: one card decision, every legal card with its value and interval."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from pedro_sim.analysis.decisions.explain import (
    Explanation,
    explain_call,
    explain_keep,
    explain_position_file,
    explain_trace,
    read_trace,
)
from pedro_sim.analysis.seat_words import seat_at
from pedro_sim.errors import PedroError
from pedro_sim.parsers import parse_seat
from pedro_sim.report.console_tables import narrow_table, plus_minus, span
from pedro_sim.report.files import write_csv

CHOSEN = " *"  # marks the chosen row's label: a column of its own would not fit 80 columns


def run_explain(trace_path: Path, deal: int, question: str, trick: int | None, seat: str,
                worlds: int, out_path: Path | None, console: Console) -> Explanation:
    """Explain the ``question`` ("card": its card in ``trick``, "call": its first call,
    "keep": its keep) of the seat ``seat`` (--seat, counted from the deal's dealer) in deal
    ``deal`` of the trace."""
    trace = read_trace(trace_path, deal)
    at, who = trace_seat(trace, seat)
    if question == "keep":
        answer = explain_keep(trace, at)
        print_keep(answer, trace, who, console)
    elif question == "call":
        answer = explain_call(trace, at)
        print_call(answer, trace, at, who, console)
    else:
        answer = explain_trace(trace, trick, at, worlds)
        print_position(trace, trick, at, who, console)
        print_explanation(answer, trace, console)
    return _written(answer, out_path, console)


def trace_seat(trace: dict, seat: str) -> tuple[int, str]:
    """--seat in the trace's deal: its absolute seat (the trace's 0..N-1) and how the
    output names it, e.g. "eldest (trace seat 2)"."""
    hands, dealer = trace.get("hands"), trace.get("dealer")
    if not isinstance(hands, list) or not isinstance(dealer, int) or \
            not 0 <= dealer < len(hands):
        raise PedroError("the trace names no dealer among its seats (docs/trace-format.md)")
    name = parse_seat(seat, len(hands))
    at = seat_at(name, dealer, len(hands))
    return at, f"{name} (trace seat {at})"


def run_explain_position(path: Path, policy: str, seed: int, worlds: int,
                         out_path: Path | None, console: Console) -> Explanation:
    obj, answer = explain_position_file(path, policy, seed=seed, worlds=worlds)
    if answer.position.get("call"):
        console.print(f"{obj.get('variant', 'cinch')}: seat {obj['seat']} to call (dealer "
                      f"{obj['dealer']}); its cards: {' '.join(obj['hand'])}")
        call_table(answer, console)
        console.print(f"chosen: {answer.chosen} ({answer.worlds} simulated deals a row)")
        return _written(answer, out_path, console)
    console.print(f"{obj.get('variant', 'cinch')}: seat {answer.position['seat']} to play to "
                  f"trick {answer.position['trick']}; seat {obj['bidder']} bid {obj['bid']} in "
                  f"{obj['trump']}; its cards: {' '.join(obj['hand'])}")
    print_explanation(answer, {"policy": policy}, console)
    return _written(answer, out_path, console)


def print_position(trace: dict, trick: int, seat: int, who_text: str,
                   console: Console) -> None:
    """What the seat sees: its cards, the contract, the tricks before and this one so far."""
    hand = list(trace["start_hands"][seat])
    for t in trace["tricks"][:trick]:
        for who, cards in t["plays"]:
            if who == seat:
                hand = [c for c in hand if c not in cards]
    console.print(f"{trace['variant']}, seed {trace['seed']}, deal {trace['deal']}: "
                  f"{who_text} to play to trick {trick}; trace seat {trace['bidder']} bid "
                  f"{trace['bid']} in {trace['trump']}")
    console.print(f"its cards: {' '.join(hand)}")
    so_far = []
    for who, cards in trace["tricks"][trick]["plays"]:
        if who == seat:
            break
        so_far.append(f"trace seat {who} {'+'.join(cards)}")
    console.print("this trick so far: " + (", ".join(so_far) if so_far else "it leads"))


def print_explanation(answer: Explanation, trace: dict, console: Console) -> None:
    frame = answer.frame
    weighted = bool(frame["ess"].iloc[0] < answer.worlds * (1 - 1e-9))
    table = narrow_table(f"Every legal card over {answer.worlds} worlds, best first (± the "
                         "95% half-width)", ("card", "value", *(("uniform",) if weighted else ()),
                                             "vs chosen", "net score", "P(make)"), 1)
    d = _digits(frame, "value_lo", "value_hi", "value_uniform", "vs_chosen_lo",
                "vs_chosen_hi", "net_score_lo", "net_score_hi")
    for r in frame.itertuples():
        uniform = (f"{r.value_uniform:+.{d}f}",) if weighted else ()
        table.add_row(r.card + (CHOSEN if r.chosen else ""),
                      _pm(r.value, r.value_lo, r.value_hi, d), *uniform,
                      _pm(r.vs_chosen, r.vs_chosen_lo, r.vs_chosen_hi, d),
                      _pm(r.net_score, r.net_score_lo, r.net_score_hi, d),
                      _p_make(r.p_make, r.p_make_lo, r.p_make_hi))
    table.caption = (f"*: the chosen card. value: what {trace['policy']} maximizes (its side's net"
                     " score of the deal, or its points from here, per its objective); net score:"
                     " the seat's side's score of the deal minus the other side's; P(make): the "
                     "bidders make their bid; vs chosen: the value less the chosen card's, paired"
                     " over the same worlds. In each world every player then plays as the "
                     "player's rollouts (or the solver) do.")
    if weighted:
        table.caption += (" The worlds were kept as likely as the auction is with their "
                          "cards (infer): they follow what the auction said; uniform: the "
                          "same worlds weighed back by 1 / that likelihood, as worlds drawn "
                          "without inference would value the card.")
    console.print(table)
    if weighted:
        best_uniform = frame.loc[frame["value_uniform"].idxmax(), "card"]
        console.print(f"weighed back to uniform, the {answer.worlds} worlds count as "
                      f"{frame['ess'].iloc[0]:.1f}; there the best card would be "
                      f"{best_uniform}")
    if not answer.played:  # a position: no card was played
        console.print(f"chosen: {answer.chosen} ({answer.worlds} worlds)")
        return
    same = "the card the trace shows" if answer.chosen == answer.played else \
        f"the trace shows {answer.played}"
    how = "its own worlds, the ones it drew in the trace" if answer.worlds == \
        answer.own_worlds else f"{answer.worlds} worlds instead of its {answer.own_worlds}"
    if answer.prunes and answer.worlds == answer.own_worlds:
        how = (f"its {answer.worlds} worlds, every card valued on each; in the trace it "
               "valued only one of cards that play alike (alike), stopped valuing a card "
               "clearly behind (prune) or drew solve_worlds worlds where it solved from the "
               "card, so its worlds after that may differ and its card with them")
    console.print(f"chosen: {answer.chosen} ({same}; {how})")


def _digits(frame, *columns: str) -> int:
    """Decimals for a table's figures: 2, or 1 where a figure reaches 100 (83-point games),
    so that the table keeps to 80 columns."""
    figures = frame[[c for c in columns if c in frame]].abs().to_numpy()
    return 1 if (figures >= 99.995).any() else 2


def _pm(value: float, lo: float, hi: float, digits: int = 2) -> str:
    return plus_minus(value, lo, hi, digits, sep=" ±")


def _p_make(p: float, lo: float, hi: float) -> str:
    """P(make) with its (asymmetric, Wilson) interval: ``0.60 (0.39–0.75)``."""
    return f"{p:.2f} ({span(lo, hi, 2)})"


def print_call(answer: Explanation, trace: dict, seat: int, who_text: str,
               console: Console) -> None:
    """A call: the seat's dealt cards, the calls before it, and every call it may make."""
    calls = trace["bids"]
    first = next(i for i, (who, _) in enumerate(calls) if who == seat)
    before = ", ".join(f"trace seat {w} {b or 'pass'}" for w, b in calls[:first]) or "none"
    console.print(f"{trace['variant']}, seed {trace['seed']}, deal {trace['deal']}: "
                  f"{who_text}'s first call (dealer: trace seat {trace['dealer']}); calls "
                  f"before it: {before}")
    console.print(f"its cards: {' '.join(trace['hands'][seat])}")
    call_table(answer, console)
    same = "the call the trace shows" if answer.chosen == answer.played else \
        f"the trace shows {answer.played}"
    console.print(f"chosen: {answer.chosen} ({same})")


def call_table(answer: Explanation, console: Console) -> None:
    frame = answer.frame
    kept = bool((frame.kept_net - frame.net_score).abs().max() > 1e-9)  # overcalls priced
    columns = ("call", "suit", "net score") + (("kept",) if kept else ()) + ("P(make)",)
    table = narrow_table(f"Passing and every bid, over {answer.worlds} simulated deals each "
                         "(± the 95% half-width)", columns, 2)
    d = _digits(frame, "net_score_lo", "net_score_hi")
    for r in frame.itertuples():
        make = "" if r.p_make != r.p_make else _p_make(r.p_make, r.p_make_lo, r.p_make_hi)
        cells = [str(r.call) + (CHOSEN if r.chosen else ""), r.suit,
                 _pm(r.net_score, r.net_score_lo, r.net_score_hi, d)]
        if kept:
            cells.append(f"{r.kept_net:+.{d}f}")
        table.add_row(*cells, make)
    rule = ("It bids the level of the best kept score (kept: the net score counting as "
            "passing the deals where a later seat would take the level) that beats passing"
            if kept else "The player bids the lowest bid that beats passing")
    table.caption = ("*: the chosen call. net score: the seat's side's score of the deal less the"
                     " other side's, the mean over deals simulated around its hand (every seat "
                     "then playing as the heuristic), a bid in the suit it would name for it; "
                     f"pass: the standing bid's holder (or the forced dealer) playing instead. "
                     f"{rule}, or a special bid that scores more than its level (the moon, "
                     "28-56) where it beats both.")
    console.print(table)


def _written(answer: Explanation, out_path: Path | None, console: Console) -> Explanation:
    if out_path is not None:
        write_csv(out_path, answer.frame)
        console.print(f"wrote {out_path}")
    return answer


def print_keep(answer: Explanation, trace: dict, who_text: str, console: Console) -> None:
    """A keep: every candidate weighed, the heuristic's first."""
    console.print(f"{trace['variant']}, seed {trace['seed']}, deal {trace['deal']}: "
                  f"{who_text}'s keep; trace seat {trace['bidder']} bid {trace['bid']} in "
                  f"{trace['trump']}")
    table = narrow_table(f"The heuristic's keep and each neighbour weighed, over the same "
                         f"{int(answer.frame.deals.iloc[0])} simulated deals (± the 95% "
                         "half-width)", ("keep", "gives up", "takes", "value", "gain",
                                         "clearly"), 3)
    d = _digits(answer.frame, "value_lo", "value_hi", "gain_lo", "gain_hi")
    for r in answer.frame.itertuples():
        table.add_row(r.keep + (CHOSEN if r.chosen else ""), r.gives_up or "(the heuristic's)",
                      r.takes, _pm(r.value, r.value_lo, r.value_hi, d),
                      _pm(r.gain, r.gain_lo, r.gain_hi, d), "yes" if r.clearly_better else "")
    table.caption = ("*: the chosen keep. value: what the player maximizes over deals replayed "
                     "from the exchange (every seat then playing as the heuristic); gain: paired,"
                     " against the heuristic's keep; clearly: at least 2 standard errors; the "
                     "player keeps the clearly better candidate with the largest gain, else the "
                     "heuristic's.")
    console.print(table)
    console.print(f"chosen: {answer.chosen}")
