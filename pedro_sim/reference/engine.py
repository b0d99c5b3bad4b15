"""Plain-Python reference engine for the `cinch` preset with the random player
(the other presets: preset_engine.py / general.py, reached through the same
public functions with ``variant=``).

Written from docs/rules.md, docs/trace-format.md and docs/engine-spec.md only; used by the
tests to cross-check the numba engine deal by deal.
"""

from __future__ import annotations

from .cards import N_CARDS, SUITS, TrumpInfo, cards_text, parse_card, parse_suit, trump_info
from .rng import Stream, shuffle
from .rules import (
    DEALT,
    FORCED_BID,
    N_SEATS,
    bid_options,
    bidding_order,
    deal_fixed,
    deal_packets,
    discard_and_fill,
    holder_of,
    legal_cards,
    n_extra,
    score_deal,
    stack_tops,
    team,
    trick_winner,
)

FORMAT = "pedro-trace/1"
VARIANT = "cinch"
GAME_INDEX_STRIDE = 2 ** 20
FIXED_BID = 7  # the `bid` analysis records the bid as 7


def random_auction(stream: Stream, dealer: int) -> tuple[list[list[int]], int, int]:
    """One round of random bids, eldest first; returns (bids, bidder, bid)."""
    bids: list[list[int]] = []
    standing = 0
    bidder = -1
    for i, seat in enumerate(bidding_order(dealer)):
        if i == N_SEATS - 1 and standing == 0:
            call = FORCED_BID  # dealer forced, no draw
        else:
            call = stream.pick(bid_options(standing))
        bids.append([seat, call])
        if call:
            standing, bidder = call, seat
    return bids, bidder, standing


def play_out(start_hands: list[list[int]], t: TrumpInfo, first_leader: int, chooser):
    """Play a deal from ``start_hands`` with the random player.

    ``chooser`` has ``below(n)`` (a Stream, or a stub in tests). Returns
    (tricks, claimed, points) with tricks and claimed in trace form."""
    hands = [list(h) for h in start_hands]
    points = [0, 0]
    two_holder = holder_of(t.two, hands)
    if two_holder >= 0:
        points[team(two_holder)] += t.points[t.two]
    tricks = []
    claimed = None
    prev = first_leader
    trick_index = 0
    while True:
        holders = [s for s in range(N_SEATS) if hands[s]]
        if not holders:
            break
        if len(holders) == 1:
            seat = holders[0]
            cards = sorted(hands[seat])
            claimed = [seat, cards_text(cards)]
            points[team(seat)] += sum(t.points[c] for c in cards if c != t.two)
            hands[seat] = []
            break
        leader = prev
        while not hands[leader]:
            leader = (leader + 1) % N_SEATS
        led = None
        plays = []
        tops = []
        for i in range(N_SEATS):
            seat = (leader + i) % N_SEATS
            hand = hands[seat]
            if not hand:
                continue  # sits out
            extra = n_extra(len(hand), trick_index)
            legal = legal_cards(hand, led, t)
            if extra:
                legal = stack_tops(hand, legal, t)
            legal.sort()
            top = legal[0] if len(legal) == 1 else legal[chooser.below(len(legal))]
            hand.remove(top)
            buried = []
            if extra:
                cands = sorted(c for c in hand if t.non_scoring[c])
                if len(cands) == extra:
                    buried = cands
                else:
                    for _ in range(extra):
                        k = 0 if len(cands) == 1 else chooser.below(len(cands))
                        buried.append(cands.pop(k))
                    buried.sort()
                for c in buried:
                    hand.remove(c)
            if led is None:
                led = t.eff_suit[top]
            plays.append([seat, cards_text([top] + buried)])
            tops.append((seat, top))
        winner = trick_winner(tops, t)
        points[team(winner)] += sum(t.points[c] for _, c in tops if c != t.two)
        tricks.append({"leader": leader, "plays": plays, "winner": winner})
        prev = winner
        trick_index += 1
    return tricks, claimed, points


def _finish(header: dict, stream: Stream, dealer: int, hands: list[list[int]],
            stock: list[int], bids: list[list[int]], bidder: int, bid: int,
            trump: int) -> dict:
    t = trump_info(trump)
    discards, received, start_hands, _left = discard_and_fill(hands, stock, dealer, t)
    tricks, claimed, points = play_out(start_hands, t, bidder, stream)
    made, score = score_deal(points, bidder, bid)
    trace = dict(header)
    trace.update({
        "dealer": dealer,
        "hands": [cards_text(h) for h in hands],
        "stock": cards_text(stock),
        "bids": bids,
        "bidder": bidder,
        "bid": bid,
        "trump": SUITS[trump],
        "discards": [cards_text(h) for h in discards],
        "received": [cards_text(h) for h in received],
        "start_hands": [cards_text(h) for h in start_hands],
        "tricks": tricks,
        "folded": [],
        "claimed": claimed,
        "points": points,
        "made": made,
        "score": score,
    })
    return trace


def _header(seed: int, deal: int, extra: dict | None = None) -> dict:
    h = {"format": FORMAT, "variant": VARIANT, "seed": seed, "deal": deal,
         "policy": "random"}
    if extra:
        h.update(extra)
    return h


def seeded_deal(seed: int, index: int, kind: int, dealer: int):
    """The stream after the shuffle, and the dealt (hands, stock)."""
    stream = Stream.start(seed, index, kind)
    deck = shuffle(stream, list(range(N_CARDS)))
    hands, stock = deal_packets(deck, dealer)
    return stream, hands, stock


def _random_deal(seed: int, index: int, kind: int, dealer: int, header: dict) -> dict:
    stream, hands, stock = seeded_deal(seed, index, kind, dealer)
    bids, bidder, bid = random_auction(stream, dealer)
    trump = stream.below(4)
    return _finish(header, stream, dealer, hands, stock, bids, bidder, bid, trump)


def random_deal(seed: int, index: int, variant: str = "cinch", rules: dict | None = None) -> dict:
    """Deal ``index`` of the kind-0 stream, dealer ``index % 4``, random players, under the
    preset ``variant`` with house ``rules`` (a trace's "rules" object; general.py)."""
    if variant != VARIANT or rules:
        from .preset_engine import preset_random_deal
        return preset_random_deal(seed, index, variant, rules)
    return _random_deal(seed, index, 0, index % N_SEATS, _header(seed, index))


def random_game(seed: int, game: int, variant="cinch", target=None, goes_out_at=None,
                max_deals: int = 10000) -> dict:
    """A whole game with random players (kind-1 stream). ``target`` and
    ``goes_out_at`` default (None) to the preset's values."""
    if not isinstance(variant, str):  # old positional form random_game(seed, game, target, ...)
        variant, target, goes_out_at = VARIANT, variant, target
    if variant != VARIANT:
        from .preset_engine import preset_random_game
        return preset_random_game(seed, game, variant, target, max_deals, goes_out_at)
    if target is None:
        target = 62
    if goes_out_at is None:
        goes_out_at = 55
    return _cinch_game(seed, game, target, goes_out_at, max_deals)


def _cinch_game(seed: int, game: int, target: int, goes_out_at: int, max_deals: int) -> dict:
    totals = [0, 0]
    traces = []
    winner, end = -1, "unfinished"
    dealer = game % N_SEATS
    for k in range(max_deals):
        bidder_out = totals[0] >= goes_out_at and totals[1] >= goes_out_at
        header = _header(seed, k, {"kind": 1, "game": game})
        trace = _random_deal(seed, game * GAME_INDEX_STRIDE + k, 1, dealer, header)
        traces.append(trace)
        totals[0] += trace["score"][0]
        totals[1] += trace["score"][1]
        dealer = (dealer + 1) % N_SEATS
        reached = [s >= target for s in totals]
        if bidder_out and trace["made"]:
            winner, end = team(trace["bidder"]), "bidder_out"
            break
        if reached[0] != reached[1]:
            winner, end = (0 if reached[0] else 1), "target"
            break
    return {"winner": winner, "end": end, "deals": len(traces),
            "score": totals, "traces": traces}


def fixed_hand_deal(seed: int, index: int, hand: list[str], seat: int, trump: str,
                    variant: str = "cinch") -> dict:
    """The `bid` analysis deal (kind 2): dealer 0, ``seat`` holds ``hand`` and
    wins the bid at the preset's minimum (7 in cinch) in ``trump`` without an auction."""
    if variant != VARIANT:
        from .preset_engine import preset_fixed_hand_deal
        return preset_fixed_hand_deal(seed, index, hand, seat, trump, variant)
    if not isinstance(seat, int) or not 0 <= seat < N_SEATS:
        raise ValueError(f"seat must be 0..3, not {seat!r}")
    fixed = [parse_card(c) for c in hand]
    if len(fixed) != DEALT or len(set(fixed)) != DEALT:
        raise ValueError(f"hand must be {DEALT} distinct cards: {hand!r}")
    suit = parse_suit(trump)
    fixed_set = set(fixed)
    rest = [c for c in range(N_CARDS) if c not in fixed_set]
    stream = Stream.start(seed, index, 2)
    shuffle(stream, rest)
    dealer = 0
    hands, stock = deal_fixed(rest, dealer, seat, fixed)
    header = _header(seed, index, {"kind": 2})
    return _finish(header, stream, dealer, hands, stock, [[seat, FIXED_BID]],
                   seat, FIXED_BID, suit)
