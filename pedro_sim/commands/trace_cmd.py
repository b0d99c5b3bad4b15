"""`pedro-sim trace` and `pedro-sim show`: deals card by card."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console

from pedro_sim.analysis.runner import run_chunked
from pedro_sim.analysis.seat_words import seat_word
from pedro_sim.engine_inputs import EngineInputs, Players, players
from pedro_sim.report.files import check_writable_file, write_atomic
from pedro_sim.rules import Variant
from pedro_sim.traces import record_deals, trace_dict

TRACE_BATCH = 4096


def run_trace(variant: Variant, deals: int, seed: int, who: Players, first: int,
              out_path: Path, console: Console) -> None:
    inputs = EngineInputs.for_variant(variant)
    check_writable_file(out_path)
    batch = 64 if who.thinks else TRACE_BATCH

    def write(tmp: Path) -> None:
        with tmp.open("w") as f:
            def step(start: int, count: int, chunk: int, out: np.ndarray) -> None:
                idx = np.arange(first + start, first + start + count)
                for rec, i in zip(record_deals(inputs, seed, idx, who.policy, who.flags), idx,
                                  strict=True):
                    d = trace_dict(rec, inputs, seed, int(i), who.label)
                    f.write(json.dumps(d, separators=(",", ":")) + "\n")

            run_chunked(step, deals, (1,), "tracing deals", chunk=batch)

    write_atomic(out_path, write)
    console.print(f"wrote {deals:,} deals of {inputs.label} to {out_path}")


def describe_deal(d: dict[str, Any], passes: bool = False) -> list[str]:
    """A deal as lines of text for a person: each seat as the trace numbers it and by its
    --seat word ("S2 (eldest)"), and what happens in the order it happens (a pass to a
    partner, where ``passes``: the preset passes cards; a fold; five-handed's call)."""
    n = len(d["hands"])
    seat = [f"S{p}" for p in range(n)]
    named = [f"S{p} ({seat_word(p, d['dealer'], n)})" for p in range(n)]
    alone = len(d["points"]) == n  # individual play: a side a seat
    sides = "every player on its own" if alone else "teams: S0+S2 vs S1+S3"
    lines = [f"{d['variant']} deal {d['deal']} of seed {d['seed']} ({d['policy']} players); "
             f"dealer {named[d['dealer']]}, {sides} (seats S0..S{n - 1} as traces number "
             "them, each with its --seat word; tricks count from 0, as in explain)"]
    width = max(map(len, named))
    for p, h in enumerate(d["hands"]):
        lines.append(f"  {named[p]:<{width}} dealt   {' '.join(h)}")
    lines.append(f"  {'stock':<{width + 9}}{' '.join(d['stock'])}")
    calls = ", ".join(f"{seat[s]} {'pass' if b == 0 else b}" for s, b in d["bids"])
    if d["bidder"] is None:
        lines.append(f"bids: {calls} -> all pass: the deal is thrown in")
        return lines
    lines.append(f"bids: {calls} -> {named[d['bidder']]} bids {d['bid']} in {d['trump']}")
    folds = {s: i for s, i in d["folded"]}
    for p in range(n):
        gone, got, plays = (" ".join(d[k][p]) for k in ("discards", "received", "start_hands"))
        given = passed(d, p) if passes and not alone else ""
        after = "folds" if folds.get(p) == 0 else f"plays with {plays}"
        lines.append(f"  {named[p]:<{width}} discards [{gone}] receives [{got}] -> "
                     + (f"passes {given} to {named[(p + 2) % n]}, " if given else "") + after)
    if d.get("called"):
        card, partner = d["called"]
        lines.append(f"{named[d['bidder']]} calls {card}: its holder {named[partner]} is the "
                     "bidder's partner")
    for k, t in enumerate(d["tricks"]):  # from 0, as explain --trick and the trace count
        lines += [f"{named[s]} folds" for s, i in d["folded"] if i == k > 0]
        plays = "  ".join(f"{seat[s]} {c[0]}" + (f" (buries {' '.join(c[1:])})" if c[1:] else "")
                          for s, c in t["plays"])
        lines.append(f"trick {k}: {plays}  -> {seat[t['winner']]}")
    lines += [f"{named[s]} folds" for s, i in d["folded"] if i == len(d["tricks"]) > 0]
    if d["claimed"]:
        s, cards = d["claimed"]
        lines.append(f"{named[s]} claims {' '.join(cards)}")
    who = "S" if alone else "team "
    lines.append("points: " + ", ".join(f"{who}{k} {x}" for k, x in enumerate(d["points"]))
                 + f"; bid {'made' if d['made'] else 'set'}; score "
                 + " / ".join(f"{x:+d}" for x in d["score"]))
    return lines


def passed(d: dict[str, Any], p: int) -> str:
    """The cards seat ``p`` passed its partner: in its discards and in the partner's
    received (docs/trace-format.md), as text; "" when it passed none."""
    partner = d["received"][(p + 2) % len(d["hands"])]
    return " ".join(c for c in d["discards"][p] if c in partner)


def run_show(variant: Variant, seed: int, deal: int, policy: str, console: Console) -> None:
    inputs = EngineInputs.for_variant(variant)
    who = players(policy, variant)  # validates the player names and settings
    rec = record_deals(inputs, seed, np.array([deal]), who.policy, who.flags)[0]
    d = trace_dict(rec, inputs, seed, deal, who.label)
    passes = variant.discard == "fold-or-pass" or variant.excess_trumps == "pass-to-partner"
    for line in describe_deal({**d, "variant": inputs.label}, passes):  # its table, house rules
        console.print(line, markup=False, highlight=False, soft_wrap=True)
