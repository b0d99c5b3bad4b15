"""check_trace: replay a `cinch` deal trace and list every rule violation."""

from __future__ import annotations

from .cards import CARD_TEXT, N_CARDS, SUITS, canonical_card, trump_info
from .rng import Stream, shuffle
from .rules import (
    DEALT,
    FORCED_BID,
    MAX_BID,
    MIN_BID,
    N_SEATS,
    STOCK_SIZE,
    TOTAL_POINTS,
    bidding_order,
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

REQUIRED_KEYS = ("format", "variant", "seed", "deal", "policy", "dealer", "hands",
                 "stock", "bids", "bidder", "bid", "trump", "discards", "received",
                 "start_hands", "tricks", "folded", "claimed", "points", "made", "score")
GAME_INDEX_STRIDE = 2 ** 20


class _Stop(Exception):
    """Raised when a violation makes further checking meaningless."""


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _same_int(x, value: int) -> bool:
    """x is the integer ``value`` (not a bool, not a float)."""
    return _is_int(x) and x == value


def _txt(cards) -> str:
    return "[" + " ".join(CARD_TEXT[c] for c in cards) + "]"


def check_trace(trace: dict, seed_check: bool = True) -> list[str]:
    """Return the list of rule violations in a trace (empty = valid),
    dispatching on ``trace["variant"]``: `cinch` is checked here, every other
    preset, and any deal under house rules (its "rules" object), by gcheck.py."""
    if isinstance(trace, dict) and (trace.get("variant") != "cinch" or trace.get("rules")):
        from .variants import PRESETS
        if isinstance(trace.get("variant"), str) and trace["variant"] in PRESETS:
            from .gcheck import check_general
            return check_general(trace, seed_check) + exchange_errors(trace)
    return _check_cinch(trace, seed_check) + exchange_errors(trace)


def exchange_errors(trace: dict) -> list[str]:
    """Every seat's start hand is its dealt hand less what it put away (or passed on) plus
    what it took in: ``start_hands = hands + received - discards`` (docs/trace-format.md),
    each card put away being one it held or, for foster's robbing dealer, a stock trump it
    left."""
    try:
        rows = [trace[k] for k in ("hands", "discards", "received", "start_hands")]
        if trace.get("bidder") is None:
            return []
        out = []
        seen = set(trace["stock"])  # foster's dealer lists the stock trumps it leaves
        for seat, (dealt, gone, took, start) in enumerate(zip(*rows, strict=True)):
            kept = (set(dealt) | set(took)) - set(gone)
            if len(set(dealt) | set(took)) != len(dealt) + len(took) \
                    or not set(gone) <= set(dealt) | set(took) | seen \
                    or len(set(gone)) != len(gone):
                out.append(f"seat {seat}: discards {gone} are not cards it held or saw, once "
                           f"each")
            elif sorted(kept) != sorted(start) or len(set(start)) != len(start):
                out.append(f"seat {seat}: start_hands {start} is not hands - discards + "
                           f"received {sorted(kept)}")
        return out
    except (KeyError, TypeError, ValueError) as exc:
        return [f"hands, discards, received, start_hands: malformed ({exc!r})"]


def _check_cinch(trace: dict, seed_check: bool = True) -> list[str]:
    """Return the list of rule violations in a `cinch` trace (empty = valid)."""
    errors: list[str] = []
    try:
        _Checker(trace, seed_check, errors).run()
    except _Stop:
        pass
    except Exception as exc:  # a malformed trace must never crash the checker
        errors.append(f"checker stopped on malformed data: {exc!r}")
    return errors


class _Checker:
    def __init__(self, trace, seed_check: bool, errors: list[str]) -> None:
        self.tr = trace
        self.seed_check = seed_check
        self.errors = errors

    def err(self, msg: str) -> None:
        self.errors.append(msg)

    def stop(self, msg: str | None = None):
        if msg:
            self.err(msg)
        raise _Stop

    # ---------------------------------------------------------------- parsing
    def card_list(self, value, what: str, length: int | None = None) -> list[int] | None:
        if not isinstance(value, list):
            self.err(f"{what} is not a list: {value!r}")
            return None
        out = []
        ok = True
        for x in value:
            c = canonical_card(x)
            if c is None:
                self.err(f"{what}: {x!r} is not a card in two-character form")
                ok = False
            else:
                out.append(c)
        if not ok:
            return None
        if len(set(out)) != len(out):
            self.err(f"{what} lists a card twice: {value!r}")
            return None
        if length is not None and len(out) != length:
            self.err(f"{what} has {len(out)} cards, expected {length}")
            return None
        return out

    def seat_lists(self, key: str, length: int | None = None) -> list[list[int]] | None:
        value = self.tr[key]
        if not isinstance(value, list) or len(value) != N_SEATS:
            self.err(f"{key} must be a list of {N_SEATS} card lists")
            return None
        out = []
        for s, v in enumerate(value):
            cl = self.card_list(v, f"{key}[{s}]", length)
            if cl is None:
                return None
            out.append(cl)
        return out

    # ---------------------------------------------------------------- checks
    def run(self) -> None:
        tr = self.tr
        if not isinstance(tr, dict):
            self.stop(f"trace is not a JSON object: {type(tr).__name__}")
        missing = [k for k in REQUIRED_KEYS if k not in tr]
        if missing:
            self.stop(f"missing keys: {', '.join(missing)}")
        self.check_header()
        self.check_deal()
        self.check_auction()
        self.check_exchange()
        complete = self.check_play()
        self.check_score(complete)

    def check_header(self) -> None:
        tr = self.tr
        if tr["format"] != "pedro-trace/1":
            self.err(f"format is {tr['format']!r}, expected 'pedro-trace/1'")
        if tr["variant"] != "cinch":
            self.stop(f"variant is {tr['variant']!r}; this checker knows only 'cinch'")
        if not isinstance(tr["policy"], str):
            self.err(f"policy is not a string: {tr['policy']!r}")
        if not _is_int(tr["seed"]):
            self.err(f"seed is not an integer: {tr['seed']!r}")
        if not _is_int(tr["deal"]) or tr["deal"] < 0:
            self.err(f"deal is not a non-negative integer: {tr['deal']!r}")
        if not _is_int(tr["dealer"]) or not 0 <= tr["dealer"] < N_SEATS:
            self.stop(f"dealer is not a seat 0..3: {tr['dealer']!r}")
        self.dealer = tr["dealer"]
        kind = tr.get("kind", 0)
        if not _is_int(kind) or kind not in (0, 1, 2):
            self.err(f"kind must be 0, 1 or 2, not {kind!r}")
            kind = -1
        self.kind = kind
        if not isinstance(tr["folded"], list) or tr["folded"]:
            self.err(f"folded must be [] in cinch (nobody folds), not {tr['folded']!r}")

    def check_deal(self) -> None:
        tr = self.tr
        hands = self.seat_lists("hands", DEALT)
        stock = self.card_list(tr["stock"], "stock", STOCK_SIZE)
        if hands is None or stock is None:
            raise _Stop
        everything = [c for h in hands for c in h] + stock
        if len(set(everything)) != N_CARDS:
            seen: set[int] = set()
            dup = sorted({c for c in everything if c in seen or seen.add(c)})
            absent = sorted(set(range(N_CARDS)) - set(everything))
            self.stop(f"hands and stock are not the 52 cards once each: "
                      f"twice {_txt(dup)}, missing {_txt(absent)}")
        self.hands, self.stock = hands, stock
        if not self.seed_check or not _is_int(tr["seed"]) or not _is_int(tr["deal"]):
            return
        if self.kind == 0:
            index, kind, dealer = tr["deal"], 0, tr["deal"] % N_SEATS
        elif self.kind == 1 and _is_int(tr.get("game")) and tr["game"] >= 0:
            index = tr["game"] * GAME_INDEX_STRIDE + tr["deal"]
            kind, dealer = 1, (tr["game"] + tr["deal"]) % N_SEATS
        else:
            return  # kind 2 (fixed hand) or a game trace without "game": no seed check
        if self.dealer != dealer:
            self.err(f"dealer is {self.dealer}, but deal {tr['deal']} has dealer {dealer}")
        deck = shuffle(Stream.start(tr["seed"], index, kind), list(range(N_CARDS)))
        exp_hands, exp_stock = deal_packets(deck, self.dealer)
        for s in range(N_SEATS):
            if exp_hands[s] != hands[s]:
                self.err(f"hands[{s}] is {_txt(hands[s])}, but the seeded deal gives "
                         f"{_txt(exp_hands[s])}")
        if exp_stock != stock:
            self.err(f"stock is {_txt(stock)}, but the seeded deal gives {_txt(exp_stock)}")

    def check_auction(self) -> None:
        tr = self.tr
        bids = tr["bids"]
        bidder, bid = tr["bidder"], tr["bid"]
        if not _is_int(bidder) or not 0 <= bidder < N_SEATS:
            self.stop(f"bidder is not a seat 0..3: {bidder!r}")
        if not _is_int(bid):
            self.stop(f"bid is not an integer: {bid!r}")
        if self.kind == 2:
            if not (isinstance(bids, list) and len(bids) == 1 and isinstance(bids[0], list)
                    and len(bids[0]) == 2 and _same_int(bids[0][0], bidder)
                    and _same_int(bids[0][1], bid)):
                self.err(f"a fixed-hand (kind 2) trace must have bids == [[bidder, bid]] "
                         f"= {[[bidder, bid]]!r}, not {bids!r}")
            if not MIN_BID <= bid <= MAX_BID:
                self.err(f"bid {bid} is outside {MIN_BID}..{MAX_BID}")
        else:
            self.check_bids(bids, bidder, bid)
        self.bidder, self.bid = bidder, bid
        trump = tr["trump"]
        if not isinstance(trump, str) or len(trump) != 1 or trump not in SUITS:
            self.stop(f"trump must be one of S H D C, not {trump!r}")
        self.t = trump_info(SUITS.index(trump))

    def check_bids(self, bids, bidder: int, bid: int) -> None:
        if not isinstance(bids, list):
            self.err(f"bids is not a list: {bids!r}")
            return
        calls = []
        for i, b in enumerate(bids):
            if (not isinstance(b, list) or len(b) != 2 or not _is_int(b[0])
                    or not _is_int(b[1])):
                self.err(f"bids[{i}] is not [seat, bid]: {b!r}")
                return
            calls.append((b[0], b[1]))
        order = bidding_order(self.dealer)
        seats = [s for s, _ in calls]
        if seats != order:
            self.err(f"bids are by seats {seats}, expected one call each in order {order}")
            return
        standing, high = 0, -1
        for i, (seat, call) in enumerate(calls):
            if i == N_SEATS - 1 and standing == 0:
                if call != FORCED_BID:
                    self.err(f"dealer {seat} bid {call} after three passes; "
                             f"it is forced to bid {FORCED_BID}")
                    continue
            elif call == 0:
                continue
            elif not MIN_BID <= call <= MAX_BID:
                self.err(f"seat {seat} bid {call}, outside {MIN_BID}..{MAX_BID}")
                continue
            elif call <= standing:
                self.err(f"seat {seat} bid {call}, not above the standing bid {standing}")
                continue
            standing, high = call, seat
        if high >= 0 and (bidder, bid) != (high, standing):
            self.err(f"bidder/bid are {bidder}/{bid}, but the auction gives {high}/{standing}")

    def check_exchange(self) -> None:
        t = self.t
        discards, received, start, leftover = discard_and_fill(
            self.hands, self.stock, self.dealer, t)
        for key, exp in (("discards", discards), ("received", received),
                         ("start_hands", start)):
            got = self.seat_lists(key)
            if got is None:
                continue
            for s in range(N_SEATS):
                if got[s] != exp[s]:
                    self.err(f"{key}[{s}] is {_txt(got[s])}, but the rules force {_txt(exp[s])}")
        # Invariant: every card in exactly one place after the fill.
        places = [c for h in start for c in h] + [c for h in discards for c in h] + leftover
        if sorted(places) != list(range(N_CARDS)):
            self.err("internal: cards after the fill are not the 52 cards once each")
        n_trumps = sum(len(h) for h in start)
        if sum(1 for h in start for c in h if t.is_trump[c]) != 14:
            self.err(f"internal: not all 14 trumps are in play ({n_trumps} cards in play)")
        self.start = start

    def check_play(self) -> bool:
        """Replay the tricks; True when the replay reached the end of the deal."""
        tr = self.tr
        t = self.t
        tricks = tr["tricks"]
        if not isinstance(tricks, list):
            self.err(f"tricks is not a list: {tricks!r}")
            return False
        hands = [list(h) for h in self.start]
        points = [0, 0]
        two_holder = holder_of(t.two, hands)
        points[team(two_holder)] += t.points[t.two]
        prev = self.bidder
        played: list[int] = []
        for ti, trick in enumerate(tricks):
            where = f"trick {ti}"
            holders = [s for s in range(N_SEATS) if hands[s]]
            if not holders:
                self.err(f"{where} is played after every hand is empty")
                return False
            if len(holders) == 1:
                self.err(f"{where} is played though only seat {holders[0]} holds cards: "
                         f"it should have claimed")
                return False
            if not isinstance(trick, dict) or not all(
                    k in trick for k in ("leader", "plays", "winner")):
                self.err(f"{where} is not an object with leader, plays, winner: {trick!r}")
                return False
            leader = prev
            while not hands[leader]:
                leader = (leader + 1) % N_SEATS
            if not _same_int(trick["leader"], leader):
                self.err(f"{where}: leader is {trick['leader']!r}, expected seat {leader}")
            order = [(leader + i) % N_SEATS for i in range(N_SEATS)
                     if hands[(leader + i) % N_SEATS]]
            plays = trick["plays"]
            if not isinstance(plays, list) or not all(
                    isinstance(p, list) and len(p) == 2 and _is_int(p[0]) for p in plays):
                self.err(f"{where}: plays must be a list of [seat, cards]: {plays!r}")
                return False
            seats = [p[0] for p in plays]
            if seats != order:
                self.err(f"{where}: plays are by seats {seats}, expected {order} "
                         f"(seats without cards sit out)")
                return False
            led = None
            tops = []
            for seat, cards_value in plays:
                pw = f"{where}: seat {seat}"
                cards = self.card_list(cards_value, f"{pw} cards")
                if cards is None:
                    return False
                hand = hands[seat]
                if not cards:
                    self.err(f"{pw} played no card")
                    return False
                not_held = [c for c in cards if c not in hand]
                if not_held:
                    self.err(f"{pw} played {_txt(not_held)} not in its hand {_txt(hand)}")
                    return False
                extra = n_extra(len(hand), ti)
                top, buried = cards[0], cards[1:]
                if len(cards) != extra + 1:
                    if extra:
                        self.err(f"{pw} holds {len(hand)} cards and must play a stack of "
                                 f"{extra + 1} (bury {extra}), but played {len(cards)}")
                    else:
                        self.err(f"{pw} played {len(cards)} cards; only one is allowed")
                follow = legal_cards(hand, led, t)
                if top not in follow:
                    self.err(f"{pw} played {CARD_TEXT[top]} against the follow rules "
                             f"(led {SUITS[led]}, hand {_txt(hand)}, legal {_txt(sorted(follow))})")
                elif extra and top not in stack_tops(hand, follow, t):
                    self.err(f"{pw} played {CARD_TEXT[top]} on top, leaving fewer than "
                             f"{extra} non-scoring trumps to bury (hand {_txt(hand)})")
                bad = [c for c in buried if not t.non_scoring[c]]
                if bad:
                    self.err(f"{pw} buried {_txt(bad)}: only non-scoring trumps may be buried")
                if buried != sorted(buried):
                    self.err(f"{pw}: buried cards {_txt(buried)} are not in ascending card id")
                for c in cards:
                    hand.remove(c)
                played.extend(cards)
                if led is None:
                    led = t.eff_suit[top]
                tops.append((seat, top))
            winner = trick_winner(tops, t)
            if not _same_int(trick["winner"], winner):
                self.err(f"{where}: winner is {trick['winner']!r}, but seat {winner} wins "
                         f"({' '.join(CARD_TEXT[c] for _, c in tops)})")
            points[team(winner)] += sum(t.points[c] for _, c in tops if c != t.two)
            prev = winner
        # End of play.
        holders = [s for s in range(N_SEATS) if hands[s]]
        claimed = tr["claimed"]
        if len(holders) >= 2:
            self.err(f"play stops after {len(tricks)} tricks while seats {holders} still "
                     f"hold cards")
            return False
        if not holders:
            if claimed is not None:
                self.err(f"claimed is {claimed!r}, but every hand is empty after the tricks")
        else:
            seat = holders[0]
            exp = [seat, [CARD_TEXT[c] for c in sorted(hands[seat])]]
            if not (isinstance(claimed, list) and len(claimed) == 2
                    and _same_int(claimed[0], seat) and claimed[1] == exp[1]):
                self.err(f"claimed is {claimed!r}, expected {exp!r} (the lone holder claims, "
                         f"cards in ascending card id)")
            points[team(seat)] += sum(t.points[c] for c in hands[seat] if c != t.two)
            played.extend(hands[seat])
            hands[seat] = []
        if sorted(played) != sorted(c for h in self.start for c in h):
            self.err("internal: the cards played and claimed are not the cards in play")
        if sum(points) != TOTAL_POINTS:
            self.err(f"internal: replayed points {points} do not add up to {TOTAL_POINTS}")
        self.points = points
        return True

    def check_score(self, complete: bool) -> None:
        tr = self.tr
        pts, made, score = tr["points"], tr["made"], tr["score"]
        if not (isinstance(pts, list) and len(pts) == 2 and all(_is_int(p) for p in pts)):
            self.err(f"points must be [team0, team1] integers, not {pts!r}")
            pts = None
        elif sum(pts) != TOTAL_POINTS:
            self.err(f"points {pts} do not add up to {TOTAL_POINTS}")
        if complete and pts is not None and pts != self.points:
            self.err(f"points are {pts}, but the tricks give {self.points}")
        if not isinstance(made, bool):
            self.err(f"made is not a boolean: {made!r}")
        if not (isinstance(score, list) and len(score) == 2 and all(_is_int(s) for s in score)):
            self.err(f"score must be [team0, team1] integers, not {score!r}")
            return
        base = self.points if complete else pts
        if base is None:
            return
        exp_made, exp_score = score_deal(base, self.bidder, self.bid)
        if isinstance(made, bool) and made != exp_made:
            self.err(f"made is {made}, but the bidders took {base[team(self.bidder)]} "
                     f"on a bid of {self.bid}")
        if score != exp_score:
            self.err(f"score is {score}, expected {exp_score}")
