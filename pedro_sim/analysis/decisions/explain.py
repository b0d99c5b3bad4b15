"""One card decision explained (the `explain` command): every legal card with the value the
thinking player gave it, its net score and P(make), over the worlds it drew.

The decision is picked from a deal trace (docs/trace-format.md) that the thinking player
itself played: the deal is played again from the trace's seed and deal index, which
brings the player to the same position with the same random stream, and its decision
there is recorded world by world (engine/thinking/playouts.py explaining). With the
player's own number of worlds the worlds are those it drew when it played the trace, so
its choice is the card the trace shows; with more (``worlds``) the estimates are
tighter and the best card may differ. The replayed deal is checked against the trace.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from pedro_sim.analysis.decisions.position import FORMAT, read_call, read_position
from pedro_sim.analysis.stats import Z95, wilson
from pedro_sim.cards import card_text, cards_of, mask_of, parse_hand, suits_with_ace_king_two
from pedro_sim.encoding import layout as L
from pedro_sim.engine.drivers.deals import (
    card_values,
    explain_auctioned,
    explain_call_position,
    explain_position,
    world_weights,
)
from pedro_sim.engine.thinking import think_buffers as S
from pedro_sim.engine.thinking.bidding import CALL_VALUES
from pedro_sim.engine.thinking.playouts import PRUNE_FROM
from pedro_sim.engine_inputs import EngineInputs, check_engine_plays, players
from pedro_sim.errors import PedroError
from pedro_sim.reference import check_trace
from pedro_sim.reference.general import score_deal
from pedro_sim.reference.variants import get_variant, with_rules
from pedro_sim.rules.overrides import (
    read_trace_rules,
    trace_rules,
    variant_label,
)
from pedro_sim.rules.variant import BID_28_56, Variant
from pedro_sim.specs import outside
from pedro_sim.traces import trace_dict


@dataclass(frozen=True)
class Explanation:
    """The rows (one per legal card, best first), the card the player chooses, and what
    it was asked about."""

    frame: pd.DataFrame
    chosen: str
    played: str  # the card the trace shows
    worlds: int
    own_worlds: int
    position: dict
    prunes: bool = False  # its play dropped cards early (prune, alike) or drew other worlds
    # where it solved (solve_worlds): explain values all


def read_trace(path: Path, deal: int) -> dict:
    """The trace of deal ``deal`` in a JSON Lines file of traces."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise PedroError(f"cannot read {path}: {exc.strerror}") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            trace = json.loads(line)
        except json.JSONDecodeError as exc:
            raise PedroError(f"{path}:{number}: not JSON ({exc.msg})") from None
        if isinstance(trace, dict) and trace.get("deal") == deal:
            return trace
    raise PedroError(f"{path}: no trace of deal {deal}")


def engine_variant(trace: dict):
    """The preset and house rules a trace was played under (its "rules" object)."""
    rules = trace.get("rules") or {}
    if not isinstance(rules, dict):
        raise PedroError("the trace's rules is not an object")
    variant = read_trace_rules(str(trace.get("variant", "cinch")), rules)
    check_engine_plays(variant)
    if trace_rules(variant) != rules:
        raise PedroError(f"the trace's rules {rules} do not read back as house rules")
    return variant


def decision_seat_cards(trace: dict, trick: int, seat: int) -> str:
    """The card the trace shows ``seat`` playing in trick ``trick`` (PedroError if none)."""
    tricks = trace.get("tricks") or []
    if not 0 <= trick < len(tricks):
        raise PedroError(f"trick {trick}: the deal has tricks 0 to {len(tricks) - 1}")
    for who, cards in tricks[trick]["plays"]:
        if who == seat:
            return cards[0]
    raise PedroError(f"trace seat {seat} does not play in trick {trick} (it folded or claimed)")


def up_to(trace: dict, trick: int, seat: int) -> dict:
    """The trace as far as ``seat``'s decision in ``trick``: the deal before play, the
    tricks before and the plays before it in this one."""
    plays = trace["tricks"][trick]["plays"]
    before = plays[:[who for who, _ in plays].index(seat)]
    ends = ("tricks", "folded", "claimed", "points", "made", "score", "policy")
    return {**{k: v for k, v in trace.items() if k not in ends},
            "tricks": [*trace["tricks"][:trick], before]}


def checked(trace: dict):
    """The trace's variant, once the reference checker finds the trace whole and legal."""
    if trace.get("format") != "pedro-trace/1":
        raise PedroError("not a pedro-trace/1 object (docs/trace-format.md)")
    problems = check_trace(trace)
    if problems:
        raise PedroError(f"the trace does not check: {problems[0]}")
    variant = engine_variant(trace)
    if not variant.partnerships:
        what = variant.name if variant.called_partner else "individual play"
        raise PedroError("explain reads deals of four players in partnerships; deals of "
                         f"{what} are not explained yet")
    return variant


def explain_trace(trace: dict, trick: int, seat: int, worlds: int = 0) -> Explanation:
    """Replay the trace's deal with its thinking player and explain seat ``seat``'s card
    decision in trick ``trick``."""
    variant = checked(trace)
    who = trace_players(trace, variant, "the thinking player pimc")
    if not who.thinks or "pimc" not in who.label:
        raise PedroError(f"explain asks the thinking player pimc, but this deal was played by "
                         f"{trace.get('policy')}: make the trace with --policy pimc")
    if not 0 <= worlds <= S.MAX_EXPLAIN_WORLDS:
        raise PedroError(f"--worlds must be from 1 to {S.MAX_EXPLAIN_WORLDS}")
    played = decision_seat_cards(trace, trick, seat)
    # explain values every card on every world; a player that prunes stopped valuing some,
    # or valued one of the cards that play alike (alike=merge), and drew other random
    # numbers after, so only the deal up to the decision must agree
    own = int(who.flags[L.FL_SETTINGS + L.K_WORLDS])
    block = who.flags[L.FL_SETTINGS:L.FL_SETTINGS + L.N_SETTINGS]
    prunes = bool(block[L.K_PRUNE] > 0 and (own >= PRUNE_FROM
                                             or block[L.K_ALIKE] == L.ALIKE_MERGE)
                  or block[L.K_SOLVE_WORLDS] not in (0, own))
    own_worlds = worlds in (0, own)
    x, flat = replay(trace, variant, who, trick, seat, worlds,
                     whole=own_worlds and not prunes)
    values = card_values(x, flat)
    if x[S.X_ARMED] != 2:
        raise PedroError(f"seat {seat} had no choice to think about in trick {trick} (one "
                         "legal card, a fold, or cards the player leaves to its rule)")
    frame = named(decision_frame(trace, x, values, world_weights(x, flat)), variant,
                  who.label)
    if worlds == 0:  # its own worlds at this decision (solve_worlds where it solves)
        own = int(x[S.X_DRAWN])
    return Explanation(frame, card_text(int(x[S.X_PLAYED])), played, int(x[S.X_DRAWN]), own,
                       {"deal": trace["deal"], "trick": trick, "seat": seat}, prunes)


def explain_call(trace: dict, seat: int) -> Explanation:
    """Replay the trace's deal and explain ``seat``'s first call: passing and every bid it
    may make, each bid in the suit it would name, with the mean net score of its side and
    P(make) over the deals the player simulated (engine/thinking/bidding.py)."""
    variant = checked(trace)
    who, settings = thinking_player(trace, variant, L.THINK_BID,
                                    "bids by expected value (pimc or dd, think=bid or all)")
    calls = [bid for who_, bid in trace.get("bids", []) if who_ == seat]
    if not calls:
        raise PedroError(f"trace seat {seat} made no call in deal {trace.get('deal')}")
    n, levels = call_sizes(settings, variant)
    x, flat = replay(trace, variant, who, S.EXPLAIN_CALL, seat, 0)
    if x[S.X_ARMED] != 2 or not x[S.X_IDS + 1]:
        raise PedroError(f"seat {seat}'s first call was not a choice it weighed (a forced "
                         "bid, or no bid left above the standing one)")
    suits28 = dealer_28_56(variant, mask_of(parse_hand(" ".join(trace["hands"][seat]), None,
                                                        True)), seat, trace["dealer"])
    frame = named(call_frame(variant, x, flat, n, levels, suits28), variant, who.label)
    played = "pass" if calls[0] == 0 else str(calls[0])
    return Explanation(frame, call_text(x[S.X_PLAYED]), played, n, n,
                       {"deal": trace["deal"], "seat": seat, "call": True})


def trace_players(trace: dict, variant, wanted: str):
    """The engine's players of the trace's "policy", to replay its deal with; a trace
    that no engine player made (an outside program's, exec:COMMAND) is refused in one
    line saying what explain replays (``wanted``). The policy is read as written, with no
    preset's tuning: an engine's trace names its player whole (before 2026-12-07 the text
    left solve_worlds out where it was 0)."""
    policy = str(trace.get("policy"))
    try:
        return players(policy, variant, tuned=False)
    except PedroError:
        by = "an outside program, whose choices explain cannot replay" \
            if outside(policy) else "not a player of the engine"
        raise PedroError(f"explain asks {wanted}, but this deal was played by '{policy}' "
                         f"({by}): make the trace with pedro-sim trace --policy pimc") \
            from None


def thinking_player(trace: dict, variant, think: int, what: str):
    """The trace's players and their settings block, refused in one line unless they think
    at least ``think`` (a K_THINK level): ``what`` says what explain asks of them."""
    who = trace_players(trace, variant, f"a player that {what}")
    settings = who.flags[L.FL_SETTINGS:L.FL_SETTINGS + L.N_SETTINGS]
    if not who.thinks or settings[L.K_THINK] < think:
        raise PedroError(f"explain asks a player that {what}, but this deal was played by "
                         f"{trace.get('policy')}")
    return who, settings


def replay(trace: dict, variant, who, trick: int, seat: int, worlds: int,
           whole: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Play the trace's deal again, recording the decision (engine/drivers/deals.py
    explain_auctioned), and check that it gives the trace: all of it, or (``whole``
    False: other worlds draw other random numbers) as far as the decision."""
    inputs = EngineInputs.for_variant(variant)
    rec, x, flat = explain_auctioned(int(trace["seed"]), int(trace["deal"]), who.policy,
                                     who.flags, inputs.tables, trick, seat, worlds)
    again = trace_dict(rec, inputs, int(trace["seed"]), int(trace["deal"]), who.label)
    same = {**again, "policy": ""} == {**trace, "policy": ""} if whole else \
        up_to(again, trick, seat) == up_to(trace, trick, seat)
    if not same:
        raise PedroError("replaying the deal does not give this trace (another version of "
                         "pedro-sim, or a trace that was edited)")
    return x, flat


def call_sizes(settings: np.ndarray, variant) -> tuple[int, int]:
    """(deals simulated per suit, bid levels) of a call, refused where the explain record
    has no room for them."""
    n, levels = int(settings[L.K_BID_WORLDS]), bid_levels(variant)
    if 4 * CALL_VALUES * n * levels + n > S.MAX_EXPLAIN_WORLDS * 16 * S.EXPLAIN_VALUES:
        raise PedroError(f"bid_worlds={n} is more simulated deals than explain records for "
                         f"{variant.name}")
    return n, levels


def dealer_28_56(variant, hand: int, seat: int, dealer: int) -> int:
    """The suits in which ``seat`` holding ``hand`` (a mask) may bid 28-56 (0: none)."""
    if not variant.dealer_28_56 or seat != dealer:
        return 0
    return suits_with_ace_king_two(int(hand))


def call_text(call: int) -> str:
    return "pass" if call == 0 else str(int(call))


def named(frame: pd.DataFrame, variant: Variant, policy: str) -> pd.DataFrame:
    """The table with the columns that say what it was measured on first (the game with
    its table and house rules: variant_label)."""
    frame.insert(0, "policy", policy)
    frame.insert(0, "variant", variant_label(variant))
    return frame


def explain_call_object(obj: dict, variant, who, seed: int) -> Explanation:
    """A call seen from one seat (read_call): passing and every bid, as explain_call."""
    settings = who.flags[L.FL_SETTINGS:L.FL_SETTINGS + L.N_SETTINGS]
    if settings[L.K_THINK] < L.THINK_BID:
        raise PedroError("a call is explained for a player that bids by expected value "
                         "(think=bid or all)")
    n, levels = call_sizes(settings, variant)
    call = read_call(obj, variant)
    x, flat = explain_call_position(who.policy, who.flags, call.inputs.tables, call.seat,
                                    call.dealer, call.hand, call.standing, call.holder,
                                    call.may_equal, seed)
    if x[S.X_ARMED] != 2 or not x[S.X_IDS + 1]:
        raise PedroError("no bid is left above the standing one: nothing to weigh")
    suits28 = dealer_28_56(variant, call.hand, call.seat, call.dealer)
    frame = named(call_frame(variant, x, flat, n, levels, suits28), variant, who.label)
    return Explanation(frame, call_text(x[S.X_PLAYED]), "", n, n,
                       {"seat": call.seat, "call": True})


def explain_keep(trace: dict, seat: int) -> Explanation:
    """Replay the trace's deal and explain ``seat``'s keep (engine/thinking/exchange.py):
    the heuristic's keep and each neighbour the player weighed, with its mean value over
    the simulated deals and its paired gain over the heuristic's keep."""
    variant = checked(trace)
    who, _ = thinking_player(trace, variant, L.THINK_ALL, "thinks about its keep (think=all)")
    x, flat = replay(trace, variant, who, S.EXPLAIN_KEEP, seat, 0)
    if x[S.X_ARMED] != 2:
        raise PedroError(f"trace seat {seat} weighed no keep in this deal (the rules left it no "
                         "choice, or too few simulated deals matched what it saw)")
    n, k = int(x[S.X_DRAWN]), int(x[S.X_CARDS])
    values = flat[:k * S.MAX_KEEP_WORLDS].reshape(k, S.MAX_KEEP_WORLDS)[:, :n]
    frame = named(keep_frame(x, values), variant, who.label)
    chosen = frame.loc[frame.chosen, "keep"].iloc[0]
    return Explanation(frame, chosen, "", n, n, {"deal": trace["deal"], "seat": seat,
                                                  "keep": True})


def keep_frame(x: np.ndarray, values: np.ndarray) -> pd.DataFrame:
    """One row per candidate keep: the cards it gives up and takes against the heuristic's
    (the first), the mean value over the deals found, the paired gain and whether it is
    clearly better (Z_KEEP standard errors), and the one chosen."""
    from pedro_sim.engine.thinking.exchange import Z_KEEP

    found = ~np.isnan(values[0])
    v = values[:, found]
    base = int(x[S.X_IDS])
    rows = []
    for i in range(values.shape[0]):
        kept = int(x[S.X_IDS + i])
        gain = v[i] - v[0]
        mean = float(gain.mean())
        sd = float(gain.std(ddof=1)) if len(gain) > 1 else 0.0
        rows.append({"keep": " ".join(card_text(c) for c in cards_of(kept)),
                     "gives_up": " ".join(card_text(c) for c in cards_of(base & ~kept)),
                     "takes": " ".join(card_text(c) for c in cards_of(kept & ~base)),
                     "value": float(v[i].mean()), **_interval("value", v[i]),
                     "gain": mean, **(_interval("gain", gain) if i else
                                      {"gain_lo": 0.0, "gain_hi": 0.0}),
                     "clearly_better": bool(i and mean > 0 and mean * mean * len(gain)
                                            >= Z_KEEP * Z_KEEP * sd * sd),
                     "deals": int(found.sum()), "chosen": kept == int(x[S.X_PLAYED])})
    return pd.DataFrame(rows)


def lowest_bid(variant) -> int:
    """The lowest bid a deal can be played at (engine/thinking/bidding.py lowest_bid)."""
    forced = variant.forced_bid if variant.dealer_forced == "exact" else 0
    return forced if 0 < forced < variant.min_bid else variant.min_bid


def bid_levels(variant) -> int:
    """The bid levels a deal can be played at (engine/thinking/bidding.py n_levels)."""
    special = variant.top_bid > variant.max_bid or variant.dealer_28_56
    return variant.max_bid - lowest_bid(variant) + 1 + special


def level_bid(variant, j: int) -> int:
    """The bid of level ``j`` (engine/thinking/bidding.py level_bid): the numbers, then
    "83 double" or 28-56."""
    b = lowest_bid(variant) + j
    if b <= variant.max_bid:
        return b
    return BID_28_56 if variant.dealer_28_56 else variant.top_bid


def call_frame(variant, x: np.ndarray, flat: np.ndarray, n: int, levels: int,
               suits28: int = 0) -> pd.DataFrame:
    """Rows: pass, then every bid from the lowest it may make, in its best suit (the
    highest mean net score, the lowest suit on ties, as the player reads its tables);
    28-56 only for a dealer holding one (``suits28``: the suits it may name). kept_net:
    the mean net score counting as passing the deals where a later seat would take the
    level, in the suit where that is highest (what its rule weighs where it prices
    overcalls; else the net score)."""
    size = 4 * CALL_VALUES * n * levels
    tables = flat[:size].reshape(4, n, levels, CALL_VALUES)
    passing = flat[size:size + n]
    rows = [{"call": "pass", "suit": "", "net_score": passing.mean(),
             **_interval("net_score", passing), "kept_net": passing.mean(), "p_make": np.nan,
             "p_make_lo": np.nan, "p_make_hi": np.nan}]
    for j in range(levels):
        bid = level_bid(variant, j)
        if bid < x[S.X_IDS] or (bid == BID_28_56 and variant.dealer_28_56 and not suits28):
            continue
        means = tables[:, :, j, 0].mean(axis=1)
        kept = np.where(tables[:, :, j, 2] > 0, passing.mean(), tables[:, :, j, 0]).mean(axis=1)
        if bid == BID_28_56 and variant.dealer_28_56:  # only in a suit of its A K 2
            allowed = [bool(suits28 >> k & 1) for k in range(4)]
            means = np.where(allowed, means, -np.inf)
            kept = np.where(allowed, kept, -np.inf)
        s = int(np.argmax(means))  # the first of equal means: the lowest suit
        made = int(tables[s, :, j, 1].sum())
        lo, hi = wilson(made, n)
        rows.append({"call": str(bid), "suit": "SHDC"[s], "net_score": means[s],
                     **_interval("net_score", tables[s, :, j, 0]),
                     "kept_net": kept.max(), "p_make": made / n,
                     "p_make_lo": float(lo), "p_make_hi": float(hi),
                     **{f"net_{'SHDC'[k]}": means[k] for k in range(4)}})
    frame = pd.DataFrame(rows)
    frame["chosen"] = frame["call"] == call_text(x[S.X_PLAYED])
    frame["worlds"] = n
    return frame


def explain_position_file(path: Path, policy: str = "pimc", worlds: int = 0,
                          seed: int = 12345) -> tuple[dict, Explanation]:
    """Explain the decision of a pedro-decision/1 file (docs/trace-format.md) by ``policy``,
    its worlds drawn from ``seed``."""
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PedroError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise PedroError(f"{path}: not JSON ({exc.msg})") from None
    if not isinstance(obj, dict):
        raise PedroError(f"{path}: not a JSON object")
    variant = engine_variant(obj)
    who = players(policy, variant)
    if "pimc" not in who.label or not who.thinks:
        raise PedroError(f"explain asks pimc (a spec such as pimc:worlds=40), not {policy}")
    if obj.get("format") == FORMAT and "trump" not in obj:  # a call, before the contract
        return obj, explain_call_object(obj, variant, who, seed)
    if not 0 <= worlds <= S.MAX_EXPLAIN_WORLDS:
        raise PedroError(f"--worlds must be from 1 to {S.MAX_EXPLAIN_WORLDS}")
    pos = read_position(obj, variant, who.label, seed)
    x, values, weights = explain_position(who.policy, who.flags, pos.inputs.tables, pos.hands,
                                          pos.state, pos.seat, pos.legal, pos.points, pos.know,
                                          pos.bidder, pos.bid, pos.calls, pos.trump, seed,
                                          worlds)
    frame = named(decision_frame(obj, x, values, weights), variant, who.label)
    own = int(who.flags[L.FL_SETTINGS + L.K_WORLDS])
    return obj, Explanation(frame, card_text(int(x[S.X_PLAYED])), "", int(x[S.X_DRAWN]), own,
                            {"seat": pos.seat, "trick": int(pos.state[L.PS_TRICK])})


def decision_frame(trace: dict, x: np.ndarray, values: np.ndarray,
                   weights: np.ndarray) -> pd.DataFrame:
    """One row per legal card: the player's mean value, the seat's side's net score and
    the bidders' P(make) over the worlds, with 95% intervals, and the value's difference
    from the chosen card's on the same worlds (paired interval). ``trace``: a trace, or a
    decision, whose ``variant`` is optional (cinch, as engine_variant reads it). A player
    that reads the auction (inference.py) kept each world with the probability
    ``weights`` gives it, so its worlds follow the posterior and the means are plain;
    ``value_uniform`` weighs each world by 1 / its weight, what the value would be over
    worlds drawn uniformly, and ``ess`` is the effective number of worlds behind it,
    (sum u)^2 / sum u^2 with u = 1 / weight (every world, without inference)."""
    name = str(trace.get("variant", "cinch"))
    ref = with_rules(name, trace["rules"]) if trace.get("rules") else get_variant(name)
    bidder, bid = trace["bidder"], trace["bid"]
    side = int(x[S.X_SEAT]) % 2
    n = values.shape[0]
    back = 1.0 / weights  # to the uniform sampler's worlds
    rows = []
    for i in range(int(x[S.X_CARDS])):
        card = card_text(int(x[S.X_IDS + i]))
        v = values[:, i, 0]
        nets, made = [], np.zeros(n)
        for k in range(n):
            points = [int(values[k, i, 1]), int(values[k, i, 2])]
            ok, score = score_deal(ref, points, bidder, bid)
            made[k] = ok
            nets.append(score[side] - score[1 - side])
        p_make = float(made.mean())
        lo, hi = wilson(round(p_make * n), n)
        rows.append({"card": card, "value": float(v.mean()), **_interval("value", v),
                     "value_uniform": mean_of(v, back),
                     "net_score": float(np.mean(nets)),
                     **_interval("net_score", np.array(nets, float)),
                     "p_make": p_make, "p_make_lo": float(lo), "p_make_hi": float(hi),
                     "worlds": n, "ess": ess(back),
                     "chosen": card == card_text(int(x[S.X_PLAYED]))})
    frame = pd.DataFrame(rows)
    chosen = int(np.flatnonzero(frame["chosen"].to_numpy())[0])
    for i in range(len(frame)):  # paired over the same worlds: how much a card loses
        d = values[:, i, 0] - values[:, chosen, 0]
        frame.loc[i, "vs_chosen"] = float(d.mean())
        lo_hi = _interval("vs_chosen", d) if d.any() else {"vs_chosen_lo": 0.0,
                                                            "vs_chosen_hi": 0.0}
        for key, value in lo_hi.items():
            frame.loc[i, key] = value
    # best first; among values equal but for rounding, the chosen card (the player's
    # tie-break: the lowest card id, which the rows' order already follows)
    order = sorted(range(len(frame)), key=lambda i: (-round(frame.loc[i, "value"], 9),
                                                     not frame.loc[i, "chosen"], i))
    frame["rank"] = 0
    for place, i in enumerate(order, 1):
        frame.loc[i, "rank"] = place
    return frame.sort_values("rank", ignore_index=True)


def mean_of(v: np.ndarray, weights: np.ndarray) -> float:
    """The weighted mean; the plain mean, to the last bit, when every weight is the same."""
    if np.all(weights == weights[0]):
        return float(v.mean())
    return float(weights @ v / weights.sum())


def ess(weights: np.ndarray) -> float:
    """The effective number of weighted worlds (Kish): n when every weight is the same."""
    return float(weights.sum() ** 2 / (weights ** 2).sum())


def _interval(name: str, v: np.ndarray) -> dict[str, float]:
    """The 95% interval of the mean of ``v`` (normal, the sample standard deviation)."""
    n = len(v)
    w = np.full(n, 1.0 / n)
    mean = float(w @ v)
    half = Z95 * np.sqrt((w ** 2 @ (v - mean) ** 2) * n / (n - 1)) if n > 1 else float("nan")
    return {f"{name}_lo": mean - half, f"{name}_hi": mean + half}
