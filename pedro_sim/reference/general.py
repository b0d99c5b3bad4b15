"""The reference engine for every preset of docs/rules.md section 4 (random player).

One deal is simulated by ``simulate`` with a *policy* that answers every
decision. The random player (``RandomPolicy``) draws from the deal's stream as
docs/engine-spec.md says; the trace checker (checker.py) replays a trace by
answering the same decisions from the trace, so both use one set of rules.

Every decision goes through ``policy.choose(tag, seat, options, info)`` with
``options`` a list in ascending order; the random player draws
``below(len(options))`` only when there are two or more options. Subsets are
chosen one card at a time by ``choose_subset``.
"""

from __future__ import annotations

from .cards import SUITS
from .rng import Stream, shuffle
from .rules import discard_and_fill as cinch_discard_and_fill
from .variants import Table, Variant, card_ids, table, text, texts


def team(seat: int, v: Variant | None = None) -> int:
    """The side ``seat`` plays for under ``v`` (Variant.side); without a variant, four
    players in two partnerships (seat % 2)."""
    return v.side(seat) if v is not None else seat % 2


def bidding_order(dealer: int, n: int = 4) -> list[int]:
    """The ``n`` seats from eldest (the dealer's left) round to the dealer."""
    return [(dealer + 1 + i) % n for i in range(n)]


class RandomPolicy:
    """The random player: uniform over the listed options, one draw per
    decision with two or more options."""

    def __init__(self, stream: Stream) -> None:
        self.stream = stream

    def choose(self, tag, seat, options, info=None):
        if len(options) == 1:
            return options[0]
        return options[self.stream.below(len(options))]


def choose_subset(policy, tag: str, seat: int, n: int, cands_fn) -> list[int]:
    """Choose ``n`` cards one at a time. Before each pick the candidates are
    ``cands_fn(chosen)`` (ascending card id); when they are exactly as many as
    the cards still to choose they are all taken without a draw, otherwise one
    is picked by the policy."""
    chosen: list[int] = []
    while len(chosen) < n:
        cands = cands_fn(chosen)
        left = n - len(chosen)
        if len(cands) <= left:
            if len(cands) < left:
                raise RuntimeError("internal: no way to complete a choice")
            chosen.extend(cands)
            break
        chosen.append(policy.choose(tag, seat, cands, None))
    return chosen


def choose_from(policy, tag, seat, n, pool) -> list[int]:
    """``n`` cards of ``pool`` (any subset allowed)."""
    pool = sorted(pool)
    return choose_subset(policy, tag, seat, n, lambda ch: [c for c in pool if c not in ch])


# ----------------------------------------------------------------- dealing

def packet_sizes(n: int, packet: int = 3) -> list[int]:
    """Rounds of ``packet`` cards, then a last round of the remainder (7 -> 3 3 1; lipton
    deals one at a time)."""
    return [packet] * (n // packet) + ([n % packet] if n % packet else [])


def deal_general(deck: list[int], dealer: int, n: int, skip: int = -1, packet: int = 3,
                 players: int = 4):
    """Packets to eldest..dealer of ``players`` seats, ``skip`` left out (the fixed hand);
    the rest of ``deck`` is the stock/kitty/books/second deal, top first."""
    hands: list[list[int]] = [[] for _ in range(players)]
    pos = 0
    for size in packet_sizes(n, packet):
        for seat in bidding_order(dealer, players):
            if seat == skip:
                continue
            hands[seat].extend(deck[pos:pos + size])
            pos += size
    return hands, list(deck[pos:])


def seeded_deal(v: Variant, seed: int, index: int, kind: int, dealer: int):
    stream = Stream.start(seed, index, kind)
    deck = shuffle(stream, v.pack())
    hands, stock = deal_general(deck, dealer, v.dealt, packet=v.packet, players=v.players)
    return stream, hands, stock


# ----------------------------------------------------------------- auction

BID_28_56 = 28  # "28-56" as a trace records it


def ak2_suits(hand) -> list[int]:
    """The suits of which ``hand`` holds the ace, king and 2 (28-56)."""
    return [s for s in range(4) if {s * 13 + 12, s * 13 + 11, s * 13} <= set(hand)]


def may_bid_28_56(v: Variant, seat: int, dealer: int, hand, standing: int) -> bool:
    """28-56: the dealer alone, holding A K 2 of a suit among its dealt cards, over any
    bid but another 28-56."""
    return v.deal_28_56 and seat == dealer and standing < BID_28_56 and bool(ak2_suits(hand))


def bid_options(v: Variant, standing: int, equal: bool = False, bid28: bool = False
                ) -> list[int]:
    lo = max(v.min_bid, standing + 1)
    if equal and standing > 0:
        lo = standing
    opts = [0] + list(range(lo, v.max_bid + 1))
    if v.special and v.special[0] > v.max_bid and standing < v.special[0]:
        opts.append(v.special[0])
    if bid28:
        opts.append(BID_28_56)
    return opts


def forced_call(v: Variant, seat: int, policy, index: int, bid28: bool = False) -> int:
    """The dealer's bid when the others passed: the forced value (no draw), or with
    ``forced`` "any" a bid of its choice (no pass); 28-56 besides where it holds one."""
    extra = [BID_28_56] if bid28 else []
    if v.forced == "any":
        return policy.choose("bid", seat, list(range(v.min_bid, v.max_bid + 1)) + extra, index)
    if extra:
        return policy.choose("bid", seat, [v.forced] + extra, index)
    return v.forced


def auction(v: Variant, dealer: int, policy, hands=None):
    """Returns (bids, bidder, bid); bidder -1 when the deal is thrown in. ``hands`` (the
    dealt cards) matter only for 28-56."""
    n = v.players
    order = bidding_order(dealer, n)
    bids: list[list[int]] = []
    standing, bidder = 0, -1

    def bid28(seat):
        return hands is not None and may_bid_28_56(v, seat, dealer, hands[seat], standing)

    if v.rounds == "one":
        for i, seat in enumerate(order):
            if i == n - 1 and standing == 0 and v.forced is not None:
                call = forced_call(v, seat, policy, len(bids), bid28(seat))
            else:
                call = policy.choose("bid", seat,
                                     bid_options(v, standing, i == n - 1 and v.dealer_may_equal,
                                                 bid28(seat)),
                                     len(bids))
            bids.append([seat, call])
            if call:
                standing, bidder = call, seat
        return bids, bidder, standing
    passed: set[int] = set()
    turn = 0
    while True:
        seat = order[turn % n]
        turn += 1
        if len(passed) == n or (bidder >= 0 and len(passed) == n - 1):
            break
        if seat in passed:
            continue
        if turn <= n and seat == dealer and len(passed) == n - 1 and v.forced is not None:
            call = forced_call(v, seat, policy, len(bids), bid28(seat))  # all others passed
        else:
            equal = seat == dealer and turn <= n and v.dealer_may_equal  # first round only
            call = policy.choose("bid", seat, bid_options(v, standing, equal, bid28(seat)),
                                 len(bids))
        bids.append([seat, call])
        if call:
            standing, bidder = call, seat
        else:
            passed.add(seat)
    return bids, bidder, standing


# ---------------------------------------------------------------- exchange

def _ordered(seq, keep) -> list[int]:
    return [c for c in seq if c in keep]


def _not(seq, keep) -> list[int]:
    return [c for c in seq if c not in keep]


def _reduce_keep_trumps(policy, t: Table, seat: int, cards: list[int], size: int = 6):
    """Keep every trump plus non-trumps of choice up to ``size`` cards."""
    tr = [c for c in cards if t.is_trump[c]]
    keep = set(tr)
    need = size - len(tr)
    if need > 0:
        keep |= set(choose_from(policy, "keep", seat, need,
                                [c for c in cards if not t.is_trump[c]]))
    return _ordered(cards, keep), _not(cards, keep)


def searched(v: Variant, t: Table, disc, order) -> list[int]:
    """dealer_searches_discards: the trumps the other players discarded, in the order they
    were discarded, which the robbing dealer may take with the stock's."""
    if not v.search_discards:
        return []
    return [c for seat in order[:-1] for c in disc[seat] if t.is_trump[c]]


def exchange(v: Variant, t: Table, dealer: int, bidder: int, hands, stock, policy):
    """Returns (discards, received, start_hands); all in trace order."""
    n = v.players
    order = bidding_order(dealer, n)
    disc: list[list[int]] = [[] for _ in range(n)]
    recv: list[list[int]] = [[] for _ in range(n)]
    start: list[list[int]] = [list(h) for h in hands]
    ex = v.exchange
    if ex == "none":
        return disc, recv, start
    if ex == "cinch":
        d, r, s, _left = cinch_discard_and_fill(hands, stock, dealer, t)
        return d, r, s
    if ex == "refill":
        pos = 0
        for seat in order:
            kept = [c for c in hands[seat] if t.is_trump[c]]
            disc[seat] = [c for c in hands[seat] if not t.is_trump[c]]
            need = max(0, v.hand - len(kept))
            recv[seat] = stock[pos:pos + need]
            pos += len(recv[seat])
            start[seat] = kept + recv[seat]
        return disc, recv, start
    if ex in ("foster", "nicaragua"):
        size = v.hand
        pos = 0
        for seat in order[:-1]:
            m = policy.choose("keep_count", seat, list(range(size + 1)), None)
            keep = set(choose_from(policy, "keep", seat, m, hands[seat]))
            disc[seat] = _not(hands[seat], keep)
            recv[seat] = stock[pos:pos + size - m]
            pos += len(recv[seat])
            start[seat] = _ordered(hands[seat], keep) + recv[seat]
        rest = stock[pos:]
        own = hands[dealer]
        if ex == "foster":
            found = searched(v, t, disc, order)
            pool = own + rest + found
            keep = set(choose_from(policy, "keep", dealer, min(size, len(pool)), pool))
            # it looked through the stock: received, in stock order, are the cards it kept
            # and the trumps it left, which it discards face up (docs/trace-format.md)
            left = [c for c in rest if c not in keep and t.is_trump[c]]
            recv[dealer] = [c for c in rest if c in keep or c in left] + _ordered(found, keep)
            disc[dealer] = _not(own, keep) + left
        else:
            others = [c for s in order[:-1] for c in disc[s]]
            pool = own + rest + others
            keep = set(choose_from(policy, "keep", dealer, min(size, len(pool)), pool))
            recv[dealer] = _ordered(rest, keep) + _ordered(others, keep)
            disc[dealer] = _not(own, keep)
        start[dealer] = _ordered(own + recv[dealer], keep)
        return disc, recv, start
    if ex == "pidro":
        pos = 0
        for seat in order[:-1]:
            h = hands[seat]
            tr = [c for c in h if t.is_trump[c]]
            disc[seat] = [c for c in h if not t.is_trump[c]]
            if len(tr) > v.hand:
                sc = [c for c in tr if t.scoring[c]]
                ns = [c for c in tr if not t.scoring[c]]
                keep = set(sc) | set(choose_from(policy, "keep", seat, v.hand - len(sc), ns))
                start[seat] = _ordered(tr, keep)
                disc[seat] += _not(tr, keep)
            else:
                recv[seat] = stock[pos:pos + v.hand - len(tr)]
                pos += len(recv[seat])
                start[seat] = tr + recv[seat]
        rest = stock[pos:]
        found = searched(v, t, disc, order)
        pool = hands[dealer] + rest + found
        tr = [c for c in pool if t.is_trump[c]]
        if len(tr) >= v.hand:
            sc = [c for c in tr if t.scoring[c]]
            ns = [c for c in tr if not t.scoring[c]]
            keep = set(sc) | set(choose_from(policy, "keep", dealer, max(0, v.hand - len(sc)), ns))
        else:
            nt = [c for c in pool if not t.is_trump[c]]
            keep = set(tr) | set(choose_from(policy, "keep", dealer,
                                             min(len(nt), v.hand - len(tr)), nt))
        start[dealer] = _ordered(pool, keep)
        recv[dealer] = list(rest) + _ordered(found, keep)
        disc[dealer] = _not(hands[dealer] + rest, keep)
        return disc, recv, start
    if ex == "lipton":  # the bidder takes the missy and puts away any 4: nobody else
        recv[bidder] = list(stock)
        cards = hands[bidder] + recv[bidder]
        keep = set(choose_from(policy, "keep", bidder, v.hand, cards))
        start[bidder] = _ordered(cards, keep)
        disc[bidder] = _not(cards, keep)
        return disc, recv, start
    if ex == "ukrainian":
        return fold_or_pass(v, t, dealer, hands, stock, policy)
    if ex in ("family", "kitty", "second"):
        if ex == "kitty":
            recv[bidder] = list(stock)
        else:
            recv = packets(dealer, stock, players=n)
        for seat in order:
            cards = hands[seat] + recv[seat]
            if ex == "second" and sum(1 for c in cards if t.is_trump[c]) >= v.hand:
                tr = [c for c in cards if t.is_trump[c]]
                sc = [c for c in tr if t.scoring[c]]
                keep = set(sc)
                if len(sc) < v.hand:
                    keep |= set(choose_from(policy, "keep", seat, v.hand - len(sc),
                                            [c for c in tr if not t.scoring[c]]))
                start[seat] = _ordered(cards, keep)
                disc[seat] = _not(cards, keep)
            else:
                start[seat], disc[seat] = _reduce_keep_trumps(policy, t, seat, cards, v.hand)
        return disc, recv, start
    if ex == "pass":
        recv[bidder] = list(stock)
        cards = [hands[s] + recv[s] for s in range(n)]
        keep6: list[set | None] = [None] * n
        gave: list[list[int]] = [[] for _ in range(n)]  # cards each seat passed its partner
        for a in order[:2]:  # eldest's team first
            b = v.partner(a)
            ta = [c for c in cards[a] if t.is_trump[c]]
            tb = [c for c in cards[b] if t.is_trump[c]]
            if max(len(ta), len(tb)) <= v.hand:
                continue
            sa = sum(1 for c in ta if t.scoring[c])
            sb = sum(1 for c in tb if t.scoring[c])
            if len(tb) <= v.hand or (len(ta) > v.hand and sa >= sb):
                x, y, tx, sc_x, sc_y = a, b, ta, sa, sb
            else:
                x, y, tx, sc_x, sc_y = b, a, tb, sb, sa
            need = max(0, sc_x + sc_y - v.hand)  # scoring trumps x must keep

            def cands(chosen, tx=tx, need=need):
                out = []
                for c in sorted(tx):
                    if c in chosen:
                        continue
                    k = chosen + [c]
                    r = v.hand - len(k)
                    ks = sum(1 for z in k if t.scoring[z])
                    pool = [z for z in tx if z not in k]
                    ps = sum(1 for z in pool if t.scoring[z])
                    pn = len(pool) - ps
                    if ks + min(ps, r) >= need and ks + max(0, r - pn) <= v.hand:
                        out.append(c)
                return out
            keep = set(choose_subset(policy, "keep", x, v.hand, cands))
            passed = sorted(c for c in tx if c not in keep)
            gave[x] = passed
            keep6[x] = keep
            recv[y] = recv[y] + passed
            cards[y] = cards[y] + passed
            cards[x] = [c for c in cards[x] if c not in passed]
        for seat in order:
            cs = cards[seat]
            if keep6[seat] is not None:
                keep = keep6[seat]
            else:
                tr = [c for c in cs if t.is_trump[c]]
                if len(tr) > v.hand:
                    sc = [c for c in tr if t.scoring[c]]
                    keep = set(sc) | set(choose_from(policy, "keep", seat, v.hand - len(sc),
                                                     [c for c in tr if not t.scoring[c]]))
                else:
                    keep = set(_reduce_keep_trumps(policy, t, seat, cs, v.hand)[0])
            start[seat] = _ordered(cs, keep)
            disc[seat] = _not(cs, keep) + gave[seat]  # what it put away, then what it passed
        return disc, recv, start
    raise NotImplementedError(f"exchange {ex!r} ({v.name}) is not implemented")


def packets(dealer: int, stock, size: int = 4, players: int = 4) -> list[list[int]]:
    """Each seat's packet of the cards dealt after the first deal (a book, a second deal),
    ``size`` cards a seat from the top of ``stock``, eldest first."""
    out: list[list[int]] = [[] for _ in range(players)]
    for i, seat in enumerate(bidding_order(dealer, players)):
        out[seat] = list(stock[size * i:size * (i + 1)])
    return out


def fold_or_pass(v: Variant, t: Table, dealer: int, hands, stock, policy):
    """ukrainian: everyone is dealt a packet of the stock; in turn from eldest a seat
    without a trump folds, and one with a lone trump (or two, one the 2) whose partner is
    still in may pass them and fold ("pass": 0 stays, 1 passes); then every seat still in
    keeps its hand (keep_or_put_away). A folded seat discards everything it held, the
    cards it passed last; its partner's received lists its packet, then the passed
    cards."""
    n = v.players
    order = bidding_order(dealer, n)
    packet = packets(dealer, stock, players=n)
    got: list[list[int]] = [[] for _ in range(n)]
    gave: list[list[int]] = [[] for _ in range(n)]
    folded: set[int] = set()
    for seat in order:
        tr = sorted(c for c in hands[seat] + packet[seat] + got[seat] if t.is_trump[c])
        mate = v.partner(seat)
        if not tr:
            folded.add(seat)
        elif (len(tr) == 1 or (len(tr) == 2 and t.two in tr)) and mate not in folded \
                and policy.choose("pass", seat, [0, 1], None) == 1:
            gave[seat] = tr
            got[mate] += tr
            folded.add(seat)
    disc: list[list[int]] = [[] for _ in range(n)]
    recv: list[list[int]] = [packet[s] + sorted(got[s]) for s in range(n)]
    start: list[list[int]] = [[] for _ in range(n)]
    for seat in order:
        cards = hands[seat] + recv[seat]
        if seat in folded:
            disc[seat] = _not(cards, gave[seat]) + gave[seat]
            continue
        keep = keep_or_put_away(v, t, policy, seat, cards)
        start[seat] = _ordered(cards, keep)
        disc[seat] = _not(cards, keep)
    return disc, recv, start


def keep_or_put_away(v: Variant, t: Table, policy, seat: int, cards) -> set[int]:
    """ukrainian's keep: every trump and non-trumps of choice up to the hand size; with
    more trumps, non-scoring ones are put away (which to keep: "keep"), then the 2."""
    tr = [c for c in cards if t.is_trump[c]]
    if len(tr) <= v.hand:
        return set(_reduce_keep_trumps(policy, t, seat, cards, v.hand)[0])
    sc = [c for c in tr if t.scoring[c]]
    keep = set(sc)
    if len(sc) < v.hand:
        keep |= set(choose_from(policy, "keep", seat, v.hand - len(sc),
                                [c for c in tr if not t.scoring[c]]))
    if len(keep) > v.hand:
        keep.discard(t.two)
    return keep


# ---------------------------------------------------------------- the call

def call_options(v: Variant, t: Table, bidder_start) -> list[int]:
    """The trumps the bidder may call (five-handed): every trump not in its start hand,
    ascending id. Nobody discards a trump, so each of them is in another seat's hand."""
    held = set(bidder_start)
    return [c for c in v.pack() if t.is_trump[c] and c not in held]


def call_partner(v: Variant, t: Table, start, bidder: int, policy) -> tuple[int, int]:
    """five-handed: at the start of play, before any card is chosen, the bidder calls a
    trump it does not hold (the decision "call"; ``info`` is its start hand, so that a
    checker can say why a card is refused); returns (card, partner), the partner being the
    seat whose start hand holds the card."""
    card = policy.choose("call", bidder, call_options(v, t, start[bidder]), list(start[bidder]))
    for seat in range(v.players):
        if card in start[seat]:
            return card, seat
    raise RuntimeError(f"internal: the called trump {text(card)} is in no start hand")


# -------------------------------------------------------------------- play

def follow_legal(v: Variant, t: Table, hand, led) -> list[int]:
    """Cards allowed by the follow rules (``led``: None for the leader, else
    the effective suit led)."""
    trumps = [c for c in hand if t.is_trump[c]]
    if v.follow == "trump_only":
        return trumps or list(hand)
    if led is None:
        return list(hand)
    if led == t.suit:
        return trumps or list(hand)
    if v.follow == "any":
        return list(hand)
    if v.follow == "non_trump":
        return [c for c in hand if not t.is_trump[c]] or list(hand)
    suited = [c for c in hand if not t.is_trump[c] and c // 13 == led]
    if v.follow == "must_follow":
        return suited or list(hand)
    return suited + trumps if suited else list(hand)


def extras_needed(v: Variant, hand_len: int, ti: int) -> int:
    if v.extras in ("bury", "kp", "all"):
        return hand_len - v.hand if ti == 0 and hand_len > v.hand else 0
    if v.extras == "pairs":
        remaining = v.hand - ti
        s = hand_len - remaining
        if s <= 0:
            return 0
        return max(1, s - (remaining - 1))
    return 0


def _cat(t: Table, c: int) -> int:
    """0: the 2 of trumps, 1: another scoring card, 2: a non-scoring trump,
    3: a non-trump."""
    if c == t.two:
        return 0
    if t.scoring[c]:
        return 1
    return 2 if t.is_trump[c] else 3


def _stack_ok(v: Variant, t: Table, hand_counts, stack_counts, rem_counts, top_cat, e,
             hand_len, ti):
    """Is a whole stack allowed, given category counts of the hand before the
    trick, of the stack (top included) and of the cards left?"""
    if v.extras == "bury":
        extra = list(stack_counts)
        extra[top_cat] -= 1
        return extra[0] == 0 and extra[1] == 0 and extra[3] == 0
    if v.extras == "kp":
        x = stack_counts[0] + stack_counts[1]
        if x <= 1:
            return True
        return x == 2 and stack_counts[0] == 1 and hand_counts[0] + hand_counts[1] == 7
    if v.extras == "pairs":
        x = stack_counts[0] + stack_counts[1]
        future = hand_len - (v.hand - ti) - e
        return x <= 1 and rem_counts[2] + rem_counts[3] >= future
    return True


def _can_complete(v, t, hand, stack, pool, r, e, ti) -> bool:
    hc = [0, 0, 0, 0]
    for c in hand:
        hc[_cat(t, c)] += 1
    sc = [0, 0, 0, 0]
    for c in stack:
        sc[_cat(t, c)] += 1
    pc = [0, 0, 0, 0]
    for c in pool:
        pc[_cat(t, c)] += 1
    top_cat = _cat(t, stack[0])
    for a in range(min(pc[0], r) + 1):
        for b in range(min(pc[1], r - a) + 1):
            for c2 in range(min(pc[2], r - a - b) + 1):
                d = r - a - b - c2
                if d > pc[3]:
                    continue
                add = (a, b, c2, d)
                st = [sc[i] + add[i] for i in range(4)]
                rem = [pc[i] - add[i] for i in range(4)]
                if _stack_ok(v, t, hc, st, rem, top_cat, e, len(hand), ti):
                    return True
    return False


def stack_tops(v, t, hand, legal, e, ti) -> list[int]:
    out = []
    for c in legal:
        pool = [x for x in hand if x != c]
        if _can_complete(v, t, hand, [c], pool, e, e, ti):
            out.append(c)
    return out


def called_top(legal, called: int) -> list[int]:
    """The holder of the called trump has one legal top card on the first trick: that
    trump. A trump is always allowed by the follow rule, and a stack topped by it can
    always be completed (the preset's 6 point cards, all trumps, leave a non-point card
    for every pair), so it is among the ``legal`` tops; anything else is a bug."""
    if called not in legal:
        raise RuntimeError("internal: the called trump is not a legal first-trick card")
    return [called]


def trick_winner(v: Variant, t: Table, tops) -> int:
    led = t.eff_suit[tops[0][1]]
    best, best_key = tops[0][0], None
    for seat, c in tops:
        if t.is_trump[c]:
            key = (2, t.power[c])
        elif v.plain_winner == "leader" or c // 13 != led:
            continue
        else:
            key = (1, c % 13)
        if best_key is None or key > best_key:
            best, best_key = seat, key
    return best


def _award(v, t, points, awards, c, seat_played, winner):
    p = t.points[c]
    if not p:
        return
    if c == t.two:
        if v.two_rule in ("holder", "dealt"):  # counted when play starts
            return
        tm = v.side(seat_played) if v.two_rule == "player" else v.side(winner)
    else:
        tm = v.side(winner)
    points[tm] += p
    awards[c] = tm


def play(v: Variant, t: Table, start, bidder: int, policy, called: int | None = None):
    """Returns (tricks, folded, claimed, points, awards) in trace form (points: one a side;
    awards: card -> side, for the counting order). ``called``: the trump the bidder called
    (five-handed), which its holder must play as its first-trick card."""
    n = v.players
    hands = [list(h) for h in start]
    points = [0] * v.sides
    awards: dict[int, int] = {}
    if v.two_rule == "holder":
        for s in range(n):
            if t.two in hands[s]:
                points[v.side(s)] += t.points[t.two]
                awards[t.two] = v.side(s)
    in_play = [True] * n
    folded: list[list[int]] = []
    tricks = []
    claimed = None
    prev = bidder
    ti = 0

    def has_trump(s):
        return any(t.is_trump[c] for c in hands[s])

    told = getattr(policy, "note_fold", None)  # a table that seats other programs shows
    shown = getattr(policy, "note_play", None)  # each fold and each play as it happens
    # (pedro_sim/arena); the rules do not depend on them

    while True:
        if v.fold == "start":
            for s in range(n):
                if in_play[s] and hands[s] and not has_trump(s):
                    in_play[s] = False
                    folded.append([s, ti])
                    if told is not None:
                        told(s, ti)
        active = [s for s in range(n) if in_play[s] and hands[s]]
        if not active:
            break
        if len(active) == 1:
            seat = active[0]
            cards = sorted(hands[seat])
            claimed = [seat, texts(cards)]
            for c in cards:
                _award(v, t, points, awards, c, seat, seat)
            hands[seat] = []
            break
        leader = prev
        while not (in_play[leader] and hands[leader]):
            leader = (leader + 1) % n
        led = None
        plays = []
        tops = []
        for i in range(n):
            seat = (leader + i) % n
            if not (in_play[seat] and hands[seat]):
                continue
            hand = hands[seat]
            if v.fold == "trump_lead" and led == t.suit and not has_trump(seat):
                in_play[seat] = False
                folded.append([seat, ti])
                if told is not None:
                    told(seat, ti)
                continue
            legal = follow_legal(v, t, hand, led)
            if led is None and ti == 0 and seat == bidder and v.first_lead_trump:
                legal = [c for c in hand if t.is_trump[c]] or list(hand)
            e = extras_needed(v, len(hand), ti)
            if e:
                legal = stack_tops(v, t, hand, legal, e, ti)
            if ti == 0 and called is not None and called in hand:
                legal = called_top(legal, called)
            legal.sort()
            top = policy.choose("top", seat, legal, (ti, len(plays)))
            extras: list[int] = []
            if e:
                full = list(hand)

                def cands(chosen, full=full, top=top, e=e, ti=ti):
                    pool = [c for c in full if c != top and c not in chosen]
                    r = e - len(chosen) - 1
                    out = []
                    for c in sorted(pool):
                        rest = [x for x in pool if x != c]
                        if _can_complete(v, t, full, [top] + chosen + [c], rest, r, e, ti):
                            out.append(c)
                    return out
                extras = sorted(choose_subset(policy, "extra", seat, e, cands))
            hand.remove(top)
            for c in extras:
                hand.remove(c)
            if led is None:
                led = t.eff_suit[top]
            plays.append([seat, texts([top] + extras)])
            if shown is not None:
                shown(seat, ti, [top] + extras)
            tops.append((seat, top, extras))
        winner = trick_winner(v, t, [(s, c) for s, c, _ in tops])
        for seat, top, extras in tops:
            _award(v, t, points, awards, top, seat, winner)
            if v.extras != "bury":
                for c in extras:
                    _award(v, t, points, awards, c, seat, winner)
        tricks.append({"leader": leader, "plays": plays, "winner": winner})
        prev = winner
        ti += 1
    return tricks, folded, claimed, points, awards


# ----------------------------------------------------------------- scoring

def score_deal(v: Variant, points, bidder: int, bid: int):
    """(made, score), one score a side: the bidder's side adds its points if it made the
    bid, else loses it (or the special bid's amounts); every other side adds the points it
    took (foster: difference scoring, two sides)."""
    bt = v.side(bidder)
    if v.deal_28_56 and bid == BID_28_56:  # every point, or lose 28; the others score theirs
        made = points[bt] >= v.total
        score = list(points)
        score[bt] = 2 * BID_28_56 if made else -BID_28_56
        return made, score
    special = v.special is not None and bid == v.special[0]
    need = v.special[1] if special else bid
    made = points[bt] >= need
    moon = v.moon and made and bid == v.max_bid  # shot the moon: twice the bid
    if v.scoring == "difference":
        ot = 1 - bt  # two sides (with_rules refuses it in individual play)
        score = [0, 0]
        if made:
            diff = points[bt] - points[ot]
            if diff > 0:
                score[bt] = diff
            elif diff < 0:
                score[ot] = -diff
        else:
            score[ot] = bid + points[ot]
        if moon:
            score[bt] = 2 * bid
        return made, score
    score = list(points)
    if special:
        score[bt] = v.special[2] if made else -v.special[3]
    elif not made:
        score[bt] = -bid
    if moon:
        score[bt] = 2 * bid
    return made, score


def score_called(v: Variant, points, bidder: int, partner: int, bid: int):
    """five-handed: (made, score), one score a seat. The bidder and the partner it called
    pool their points against the bid and each scores the result: the pool when made,
    minus the bid when set (moon: twice the top bid made; 28-56: 56 with every point, else
    -28; a special bid its own amounts); every other seat adds the points it took."""
    pool = points[bidder] + points[partner]
    if v.deal_28_56 and bid == BID_28_56:
        made = pool >= v.total
        each = 2 * BID_28_56 if made else -BID_28_56
    else:
        special = v.special is not None and bid == v.special[0]
        made = pool >= (v.special[1] if special else bid)
        if special:
            each = v.special[2] if made else -v.special[3]
        else:
            each = pool if made else -bid
        if v.moon and made and bid == v.max_bid:
            each = 2 * bid
    score = list(points)
    score[bidder] = score[partner] = each
    return made, score


def discard_credit(v: Variant, t: Table, discards, bidder: int, start=()) -> int:
    """foster: scoring trumps discarded by the bidders' opponents count for the bidders
    (not one a searching dealer took back into play: it is in a ``start`` hand)."""
    if v.exchange != "foster":
        return 0
    bt = v.side(bidder)
    in_play = {c for h in start for c in h}
    return sum(t.points[c] for s in range(v.players) if v.side(s) != bt for c in discards[s]
               if c not in in_play)


# -------------------------------------------------------------------- deal

KITTY_EXCHANGES = ("kitty", "pass", "lipton")  # the high bidder takes the stock alone


def taken_after_bidding(v: Variant, dealer: int, bidder: int, stock) -> list[list[int]]:
    """Each seat's cards taken into its hand after the bidding, before any choice of the
    exchange: the kitty (the bidder's: king-pedro, eighty-three, five-handed, lipton's
    missy), a book (family) or a second packet (sixty-three, ukrainian); else none."""
    if v.exchange in KITTY_EXCHANGES:
        return [list(stock) if seat == bidder else [] for seat in range(v.players)]
    if v.exchange in ("family", "second", "ukrainian"):
        return packets(dealer, stock, players=v.players)
    return [[] for _ in range(v.players)]


def seen_before_trump(v: Variant, bidder: int, taken) -> list[int]:
    """The cards besides its dealt ones that the bidder has seen when it names trumps: its
    book (family, picked up first), the kitty it takes first (king-pedro, eighty-three,
    five-handed); none where trumps are named first (lipton's missy: ``trump_first``; a
    second packet is dealt after the naming)."""
    if v.exchange == "family" or (v.exchange in KITTY_EXCHANGES and not v.trump_first):
        return list(taken[bidder])
    return []


def simulate(v: Variant, dealer: int, hands, stock, policy, fixed_bidder: int | None = None,
             fixed_bid: int | None = None):
    """One deal from the dealt ``hands`` and ``stock``; returns the trace body
    (without header) and the awards (card -> side) for the counting order. Lists by seat
    have ``v.players`` entries, ``points`` and ``score`` one a side (``v.sides``);
    five-handed adds ``called`` (the called trump and its holder) before ``tricks``.
    ``fixed_bidder`` holds the bid without an auction, at the minimum unless
    ``fixed_bid`` is given."""
    n = v.players
    if fixed_bidder is None:
        bids, bidder, bid = auction(v, dealer, policy, hands)
    else:
        bidder, bid = fixed_bidder, v.min_bid if fixed_bid is None else fixed_bid
        bids = [[bidder, bid]]
    body = {"dealer": dealer, "hands": [texts(h) for h in hands], "stock": texts(stock),
            "bids": bids}
    if bidder < 0:  # thrown in
        body.update({"bidder": None, "bid": 0, "trump": None,
                     "discards": [[] for _ in range(n)], "received": [[] for _ in range(n)],
                     "start_hands": [texts(h) for h in hands]})
        if v.called:
            body["called"] = None
        body.update({"tricks": [], "folded": [], "claimed": None, "points": [0] * v.sides,
                     "made": False, "score": [0] * v.sides})
        return body, {}
    suits = ak2_suits(hands[bidder]) if v.deal_28_56 and bid == BID_28_56 else [0, 1, 2, 3]
    taken = taken_after_bidding(v, dealer, bidder, stock)
    # the policy is told what the bidder has seen besides its dealt cards
    suit = policy.choose("trump", bidder, suits, seen_before_trump(v, bidder, taken))
    note_taken = getattr(policy, "note_taken", None)  # the arena's views: each seat's
    if note_taken is not None:  # cards taken into its hand, once trumps are named
        note_taken(taken)
    t = table(v, suit)
    discards, received, start = exchange(v, t, dealer, bidder, hands, stock, policy)
    note = getattr(policy, "note_start", None)  # a table that seats other programs tells
    if note is not None:  # each seat its own cards when play starts (pedro_sim/arena)
        note(discards, received, start)
    called, partner = call_partner(v, t, start, bidder, policy) if v.called else (None, None)
    tricks, folded, claimed, points, awards = play(v, t, start, bidder, policy, called)
    if v.exchange == "ukrainian":
        folded = [[s, 0] for s in bidding_order(dealer, n) if not start[s]] + folded
    if v.two_rule == "dealt":
        two_to_dealt(v, t, dealer, hands, stock, points, awards)
    credit = discard_credit(v, t, discards, bidder, start)
    points[v.side(bidder)] += credit
    if v.called:
        made, score = score_called(v, points, bidder, partner, bid)
    else:
        made, score = score_deal(v, points, bidder, bid)
    body.update({"bidder": bidder, "bid": bid, "trump": SUITS[suit],
                 "discards": [texts(h) for h in discards],
                 "received": [texts(h) for h in received],
                 "start_hands": [texts(h) for h in start]})
    if v.called:  # five-handed: the called trump and its holder, the partner
        body["called"] = [text(called), partner]
    body.update({"tricks": tricks, "folded": folded, "claimed": claimed, "points": points,
                 "made": made, "score": score})
    return body, {"awards": awards, "suit": suit}


def two_to_dealt(v: Variant, t: Table, dealer: int, hands, stock, points, awards) -> None:
    """ukrainian: the 2 counts for the team of the seat dealt it (first deal or packet)."""
    packet = packets(dealer, stock, players=v.players)
    for seat in range(v.players):
        if t.two in hands[seat] + packet[seat]:
            points[v.side(seat)] += t.points[t.two]
            awards[t.two] = v.side(seat)


def count_order_winner(v: Variant, before, body, info, target: int) -> int:
    """sancho / dom-pedro: both teams reached the target on one deal: count the
    points card by card in the preset's order; the first to reach it wins."""
    run = list(before)
    bt = v.side(body["bidder"])
    if not body["made"]:
        run[bt] += body["score"][bt]
    for key in v.count_order:
        c = card_ids(v, key, info["suit"])
        tm = info["awards"].get(c)
        if tm is None or (tm == bt and not body["made"]):
            continue
        run[tm] += v.points[key]
        if run[tm] >= target:
            return tm
    return bt  # not reached by counting (cannot happen): the bidders


def count_order_among(v: Variant, before, reached, info, target: int) -> int:
    """sancho / dom-pedro played individually: several players (``reached``, seats) reached
    the target on one deal, the bidder not among them: count the scoring cards in the
    preset's order from the scores ``before`` the deal, each for the one of them that took
    it; the first to reach the target wins (-1: none does, the game goes on)."""
    run = list(before)
    for key in v.count_order:
        if key not in v.points:
            continue
        c = card_ids(v, key, info["suit"])
        s = info["awards"].get(c)
        if s is None or s not in reached:
            continue
        run[s] += v.points[key]
        if run[s] >= target:
            return s
    return -1
