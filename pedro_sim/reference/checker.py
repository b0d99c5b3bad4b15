"""The trace checker, for every preset and house rules.

The trace is replayed by the same rules code as the engine (general.py) with a
policy that answers every decision from the trace itself and rejects any
answer that is not among the options the rules allow. The replayed deal is
then compared with the trace key by key, so every forced step (the deal, the
fills, forced bids, folds, claims, winners, points, score) must match exactly.
"""

from __future__ import annotations

from .cards import SUITS
from .general import deal_general, simulate
from .judging import is_int, require_keys
from .rng import Stream, shuffle
from .variants import CARD_TEXT, DEAL_RULES, canonical, get_variant, with_rules

REQUIRED_KEYS = ("format", "variant", "seed", "deal", "policy", "dealer", "hands",
                 "stock", "bids", "bidder", "bid", "trump", "discards", "received",
                 "start_hands", "tricks", "folded", "claimed", "points", "made", "score")
GAME_INDEX_STRIDE = 2 ** 20
COMPARED = ("bids", "bidder", "bid", "trump", "discards", "received", "start_hands",
            "folded", "claimed", "points", "made", "score")
CALLED_KEYS = ("called",)  # five-handed's own: required and compared there, ignored elsewhere


class Stop(Exception):
    pass


def _txt(cards) -> str:
    return "[" + " ".join(CARD_TEXT[c] for c in cards) + "]"


class TracePolicy:
    """Answers the engine's decisions from a trace; an answer the rules do not
    allow is an error and stops the replay."""

    def __init__(self, chk) -> None:
        self.chk = chk
        self.tr = chk.tr

    def fail(self, msg):
        self.chk.err(msg)
        raise Stop

    def choose(self, tag, seat, options, info=None):
        if tag == "bid":
            bids = self.tr["bids"]
            if not isinstance(bids, list) or info >= len(bids):
                self.fail(f"bids end after {info if isinstance(bids, list) else 0} calls, but "
                          f"seat {seat} is still to call (allowed {options})")
            b = bids[info]
            if not (isinstance(b, list) and len(b) == 2 and is_int(b[0]) and is_int(b[1])):
                self.fail(f"bids[{info}] is not [seat, bid]: {b!r}")
            if b[0] != seat:
                self.fail(f"bids[{info}] is by seat {b[0]}, but seat {seat} calls next")
            if b[1] not in options:
                self.fail(f"bids[{info}]: seat {seat} bid {b[1]}, not allowed here "
                          f"(allowed {options}, 0 = pass)")
            return b[1]
        if tag == "trump":
            tr = self.tr["trump"]
            if not isinstance(tr, str) or len(tr) != 1 or tr not in SUITS:
                self.fail(f"trump must be one of S H D C, not {tr!r}")
            if SUITS.index(tr) not in options:
                self.fail(f"trump {tr}: a 28-56 names a suit of which the dealer was dealt "
                          f"the ace, king and 2 ({' '.join(SUITS[s] for s in options)})")
            return SUITS.index(tr)
        if tag == "keep_count":
            start = self.chk.start_set(seat)
            m = len(set(self.chk.hands[seat]) & start)
            if m not in options:
                self.fail(f"seat {seat} keeps {m} of its dealt cards; allowed {options}")
            return m
        if tag == "keep":
            start = self.chk.start_set(seat)
            ok = [c for c in options if c in start]
            if not ok:
                self.fail(f"start_hands[{seat}] keeps none of {_txt(options)}, but the rules "
                          f"make it keep one of them here")
            return ok[0]
        if tag == "pass":  # ukrainian: a seat that passes folds, so starts play with nothing
            return 0 if self.chk.start_set(seat) else 1
        if tag == "call":
            return self.call(seat, options, info)
        if tag in ("top", "extra"):
            ti, j = info if tag == "top" else self.cur
            cards = self.chk.play_cards(ti, j, seat)
            if tag == "top":
                self.cur = (ti, j)
                if cards[0] not in options:
                    why = ("a stack's top card must leave enough non-scoring trumps to go "
                           "under it (only non-scoring trumps may be buried)"
                           if len(cards) > 1 else "against the follow rules")
                    self.fail(f"trick {ti}: seat {seat} played {CARD_TEXT[cards[0]]} on top, "
                              f"not allowed: {why} (legal {_txt(options)})")
                return cards[0]
            ok = [c for c in options if c in cards[1:]]
            if not ok:
                self.fail(f"trick {ti}: seat {seat} played with its card {_txt(cards[1:])}, "
                          f"but the rules allow here only {_txt(options)}")
            return ok[0]
        raise AssertionError(tag)

    def call(self, seat, options, held):
        """five-handed: the bidder's call is the card of ``called``, refused when the bidder
        holds it (``held``: its start hand) or it is not a trump; the seat in ``called`` is
        compared with the replay's partner afterwards, like every other key."""
        called = self.tr["called"]
        if not (isinstance(called, list) and len(called) == 2):
            self.fail(f"called is not [card, seat]: {called!r}")
        c = canonical(called[0], 53)
        if c is None or c not in self.chk.pack:
            self.fail(f"called: {called[0]!r} is not a card of this pack in two-character form")
        if c in held:
            self.fail(f"called: the bidder (seat {seat}) holds {CARD_TEXT[c]} itself; it calls "
                      f"a trump it does not hold ({_txt(options)})")
        if c not in options:
            self.fail(f"called: {CARD_TEXT[c]} is not a trump; the bidder calls one of the "
                      f"trumps it does not hold ({_txt(options)})")
        return c


class GeneralChecker:
    def __init__(self, trace, seed_check: bool, errors: list[str]) -> None:
        self.tr = trace
        self.seed_check = seed_check
        self.errors = errors
        self._starts: dict[int, set] = {}

    def err(self, msg: str) -> None:
        self.errors.append(msg)

    def stop(self, msg: str):
        self.err(msg)
        raise Stop

    def card_list(self, value, what, length=None):
        if not isinstance(value, list):
            self.stop(f"{what} is not a list: {value!r}")
        out = []
        for x in value:
            c = canonical(x, 53)
            if c is None or c not in self.pack:
                self.stop(f"{what}: {x!r} is not a card of this pack in two-character form")
            out.append(c)
        if len(set(out)) != len(out):
            self.stop(f"{what} lists a card twice: {value!r}")
        if length is not None and len(out) != length:
            self.stop(f"{what} has {len(out)} cards, expected {length}")
        return out

    def start_set(self, seat) -> set:
        s = self._starts.get(seat)
        if s is None:
            sh = self.tr["start_hands"]
            n = self.v.players
            if not isinstance(sh, list) or len(sh) != n:
                self.stop(f"start_hands must be a list of {n} card lists")
            s = self._starts[seat] = set(self.card_list(sh[seat], f"start_hands[{seat}]"))
        return s

    def play_cards(self, ti, j, seat):
        tricks = self.tr["tricks"]
        if not isinstance(tricks, list):
            self.stop(f"tricks is not a list: {tricks!r}")
        if ti >= len(tricks):
            self.stop(f"play stops after {len(tricks)} tricks, but seat {seat} is still in play "
                      f"and seats still hold cards")
        trick = tricks[ti]
        if not isinstance(trick, dict) or "plays" not in trick:
            self.stop(f"trick {ti} is not an object with leader, plays, winner: {trick!r}")
        plays = trick["plays"]
        if not isinstance(plays, list) or j >= len(plays):
            self.stop(f"trick {ti}: plays end before seat {seat} (plays {plays!r})")
        p = plays[j]
        if not (isinstance(p, list) and len(p) == 2 and is_int(p[0])):
            self.stop(f"trick {ti}: plays[{j}] is not [seat, cards]: {p!r}")
        if p[0] != seat:
            self.stop(f"trick {ti}: plays[{j}] is by seat {p[0]}, but seat {seat} plays next "
                      f"(folded seats and seats without cards sit out)")
        cards = self.card_list(p[1], f"trick {ti}: seat {seat} cards")
        if not cards:
            self.stop(f"trick {ti}: seat {seat} played no card")
        return cards

    def run(self) -> None:
        tr = self.tr
        require_keys(tr, REQUIRED_KEYS, self.stop)
        rules = tr.get("rules")
        if rules is not None and not isinstance(rules, dict):
            self.stop(f"rules is not an object: {rules!r}")
        unknown = sorted(set(rules or ()) - set(DEAL_RULES))
        if unknown:  # a rule this checker cannot read: the deal is not accepted as checked
            self.stop(f"rules: this checker does not know {', '.join(unknown)}")
        try:
            self.v = v = with_rules(tr["variant"], rules) if rules else get_variant(tr["variant"])
        except (ValueError, KeyError, TypeError) as exc:
            self.stop(f"rules: {exc}")
        self.pack = set(v.pack())
        n = v.players
        compared = COMPARED + (CALLED_KEYS if v.called else ())
        missing = [k for k in CALLED_KEYS if v.called and k not in tr]
        if missing:
            self.stop(f"missing keys: {', '.join(missing)} ({v.name} names the trump the "
                      f"bidder called and the seat of its partner)")
        if tr["format"] != "pedro-trace/1":
            self.err(f"format is {tr['format']!r}, expected 'pedro-trace/1'")
        if not isinstance(tr["policy"], str):
            self.err(f"policy is not a string: {tr['policy']!r}")
        if not is_int(tr["seed"]):
            self.err(f"seed is not an integer: {tr['seed']!r}")
        if not is_int(tr["deal"]) or tr["deal"] < 0:
            self.err(f"deal is not a non-negative integer: {tr['deal']!r}")
        dealer = tr["dealer"]
        if not is_int(dealer) or not 0 <= dealer < n:
            self.stop(f"dealer is not a seat 0..{n - 1}: {dealer!r}")
        kind = tr.get("kind", 0)
        if not is_int(kind) or kind not in (0, 1, 2):
            self.err(f"kind must be 0, 1 or 2, not {kind!r}")
            kind = -1
        hl = tr["hands"]
        if not isinstance(hl, list) or len(hl) != n:
            self.stop(f"hands must be a list of {n} card lists")
        hands = [self.card_list(hl[s], f"hands[{s}]", v.dealt) for s in range(n)]
        stock = self.card_list(tr["stock"], "stock", len(v.pack()) - n * v.dealt)
        everything = [c for h in hands for c in h] + stock
        if len(set(everything)) != v.deck:
            self.stop(f"hands and stock are not the {v.deck} cards once each")
        self.hands = hands
        if self.seed_check and is_int(tr["seed"]) and is_int(tr["deal"]):
            exp = None
            if kind == 0:
                exp = (tr["deal"], 0, tr["deal"] % n)
            elif kind == 1 and is_int(tr.get("game")) and tr["game"] >= 0:
                exp = (tr["game"] * GAME_INDEX_STRIDE + tr["deal"], 1,
                       (tr["game"] + tr["deal"]) % n)
            if exp is not None:
                index, k, d = exp
                if dealer != d:
                    self.err(f"dealer is {dealer}, but deal {tr['deal']} has dealer {d}")
                deck = shuffle(Stream.start(tr["seed"], index, k), v.pack())
                eh, es = deal_general(deck, dealer, v.dealt, packet=v.packet, players=n)
                for s in range(n):
                    if eh[s] != hands[s]:
                        self.err(f"hands[{s}] is {_txt(hands[s])}, but the seeded deal gives "
                                 f"{_txt(eh[s])}")
                if es != stock:
                    self.err(f"stock is {_txt(stock)}, but the seeded deal gives {_txt(es)}")
        fixed = None
        if kind == 2:
            b, bid = tr["bidder"], tr["bid"]
            if not is_int(b) or not 0 <= b < n:
                self.stop(f"bidder is not a seat 0..{n - 1}: {b!r}")
            if tr["bids"] != [[b, v.min_bid]] or not is_int(bid) or bid != v.min_bid:
                self.err(f"a fixed-hand (kind 2) trace must have bids == [[bidder, "
                         f"{v.min_bid}]] and bid {v.min_bid}, not {tr['bids']!r} / {bid!r}")
            fixed = b
        policy = TracePolicy(self)
        body, _ = simulate(v, dealer, hands, stock, policy, fixed_bidder=fixed)
        for key in compared:
            if key in ("discards", "received", "start_hands") and isinstance(tr[key], list) \
                    and len(tr[key]) == n:
                for s in range(n):
                    if tr[key][s] != body[key][s]:
                        self.err(f"{key}[{s}] is {tr[key][s]!r}, but the rules and the "
                                 f"trace's choices give {body[key][s]!r}")
                continue
            if tr[key] != body[key]:
                self.err(f"{key} is {tr[key]!r}, but the rules and the trace's choices give "
                         f"{body[key]!r}{_forced_note(key, body[key], n)}")
        got = tr["tricks"]
        exp = body["tricks"]
        if not isinstance(got, list):
            self.err(f"tricks is not a list: {got!r}")
            return
        for i in range(max(len(got), len(exp))):
            if i >= len(exp):
                self.err(f"trick {i} is played after the deal has ended "
                         f"({len(exp)} tricks, then folds/claim)")
                break
            if i >= len(got):
                self.err(f"tricks end after {len(got)}, but seats still hold cards and play "
                         f"goes on")
                break
            g, e = got[i], exp[i]
            if not isinstance(g, dict):
                self.err(f"trick {i} is not an object: {g!r}")
                continue
            for k in ("leader", "plays", "winner"):
                if g.get(k) != e[k]:
                    self.err(f"trick {i}: {k} is {g.get(k)!r}, expected {e[k]!r}"
                             f"{_stack_note(g.get(k), e[k]) if k == 'plays' else ''}")


def _stack_note(got, expected) -> str:
    """Where a seat played fewer or more cards than the rules make it (a stack), say so."""
    try:
        for (seat, cards), (_, want) in zip(got, expected, strict=False):
            if len(cards) != len(want):
                return (f" (seat {seat} must play a stack of {len(want)} cards here, not "
                        f"{len(cards)})")
            if cards != want and sorted(cards[1:]) == sorted(want[1:]):
                return (f" (seat {seat}'s cards under its top card go in ascending card "
                        f"id)")
    except (TypeError, ValueError):
        pass
    return ""


def _forced_note(key: str, bids, n: int = 4) -> str:
    """Where all before the dealer passed and the dealer's call is forced, say so."""
    if key == "bids" and isinstance(bids, list) and len(bids) == n \
            and all(b == 0 for _, b in bids[:-1]):
        return f" (after {n - 1} passes the dealer is forced: {bids[-1][1]})"
    return ""


def check_trace(trace, seed_check: bool = True) -> list[str]:
    """Return the list of rule violations in a trace (empty = valid): the deal replayed
    by the reference engine from the trace's own choices, under its preset and house
    rules, then where every card went (exchange_errors)."""
    return check_replay(trace, seed_check) + exchange_errors(trace)


def check_replay(trace, seed_check: bool = True) -> list[str]:
    errors: list[str] = []
    try:
        GeneralChecker(trace, seed_check, errors).run()
    except Stop:
        pass
    except Exception as exc:  # a malformed trace must never crash the checker
        errors.append(f"checker stopped on malformed data: {exc!r}")
    return errors


def exchange_errors(trace: dict) -> list[str]:
    """Every seat's start hand is its dealt hand less what it put away (or passed on) plus
    what it took in: ``start_hands = hands + received - discards`` (docs/trace-format.md),
    strictly: each card taken in is listed once and was not dealt to the seat, each card put
    away is listed once and is one the seat held (dealt or taken in; foster's robbing dealer
    has the stock trumps it leaves in its received)."""
    try:
        rows = [trace[k] for k in ("hands", "discards", "received", "start_hands")]
        if trace.get("bidder") is None:
            return []
        out = []
        for seat, (dealt, gone, took, start) in enumerate(zip(*rows, strict=True)):
            held = set(dealt) | set(took)
            kept = held - set(gone)
            if len(set(took)) != len(took):
                out.append(f"seat {seat}: received {took} lists a card twice")
            elif len(held) != len(dealt) + len(took):
                out.append(f"seat {seat}: received {took} holds a card dealt to it "
                           f"{sorted(set(dealt) & set(took))}")
            elif len(set(gone)) != len(gone):
                out.append(f"seat {seat}: discards {gone} list a card twice")
            elif not set(gone) <= held:
                out.append(f"seat {seat}: discards {sorted(set(gone) - held)} are in neither "
                           f"its hands nor its received")
            elif sorted(kept) != sorted(start) or len(set(start)) != len(start):
                out.append(f"seat {seat}: start_hands {start} is not hands - discards + "
                           f"received {sorted(kept)}")
        return out
    except (KeyError, TypeError, ValueError) as exc:
        return [f"hands, discards, received, start_hands: malformed ({exc!r})"]
