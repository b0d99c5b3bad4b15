"""A card decision seen from one seat (`pedro-decision/1`, docs/trace-format.md), read and
checked once, into what the thinking player's kernels read: the hands (the seat's own;
the others only by their sizes), what is public (each seat's plays and the voids they
show, the fewest trumps each held), the play state and the points so far.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pedro_sim.cards import SUITS, mask_of, parse_card
from pedro_sim.encoding import layout as L
from pedro_sim.encoding.option_array import check_in_pack
from pedro_sim.engine.game.scoring import discard_credit
from pedro_sim.engine.thinking import sampler as SM
from pedro_sim.engine_inputs import EngineInputs
from pedro_sim.errors import PedroError
from pedro_sim.rules import Variant

FORMAT = "pedro-decision/1"


@dataclass
class Position:
    """The arrays of one decision (layout H_*, PS_*, PT_*; sampler K_*)."""

    inputs: EngineInputs
    seat: int
    bidder: int
    bid: int
    trump: int
    hands: np.ndarray = field(repr=False)
    state: np.ndarray = field(repr=False)
    points: np.ndarray = field(repr=False)
    know: np.ndarray = field(repr=False)
    legal: int = 0
    seed: int = 12345
    policy: str = "pimc"
    calls: np.ndarray = field(default=None, repr=False)  # as inference.note_call notes them


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise PedroError(f"{what} is not a list of cards")
    try:
        cards = [parse_card(str(c)) for c in value]
    except (ValueError, PedroError) as exc:
        raise PedroError(f"{what}: {exc}") from None
    if len(set(cards)) < len(cards):
        raise PedroError(f"{what}: a card appears twice")
    return cards


def _int(obj: dict, key: str, lo: int, hi: int, default: int | None = None) -> int:
    value = obj.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise PedroError(f"{key} must be a whole number from {lo} to {hi}, got {value!r}")
    return value


class Reader:
    """Reads one decision object; each check raises a one-line PedroError."""

    def __init__(self, obj: dict, variant: Variant) -> None:
        self.obj = obj
        self.inputs = EngineInputs.for_variant(variant)
        self.tab = self.inputs.tables
        v = variant
        if v.players != 4 or not v.partnerships:
            raise PedroError(f"positions of {v.name} are not read yet: explain a trace "
                             "instead")
        self.n = v.players
        self.variant = v
        self.seat = _int(obj, "seat", 0, self.n - 1)
        self.bidder = _int(obj, "bidder", 0, self.n - 1)
        self.bid = _int(obj, "bid", min(v.min_bid, v.forced_bid or v.min_bid), v.top_bid)
        trump = str(obj.get("trump", "")).upper()
        if trump not in SUITS or not trump:
            raise PedroError(f"trump must be one of S H D C, got {obj.get('trump')!r}")
        self.t = SUITS.index(trump)

    def suit(self, c: int) -> int:
        return int(self.tab.cinfo[self.t, L.I_SUIT, c])

    def beats(self, c: int, wcard: int) -> bool:
        return bool(int(self.tab.beats[self.t, wcard]) >> c & 1)

    def folded(self) -> dict[int, int]:
        """Each folded seat and the first trick it did not play to (a trace's "folded")."""
        out: dict[int, int] = {}
        for item in self.obj.get("folded", []):
            if not (isinstance(item, list) and len(item) == 2
                    and all(isinstance(x, int) for x in item) and 0 <= item[0] < self.n):
                raise PedroError("folded must be a list of [seat, trick]")
            out[item[0]] = item[1]
        if self.seat in out:
            raise PedroError(f"seat {self.seat} has folded: it has nothing to play")
        return out

    def order(self, leader: int, k: int, folded: dict[int, int],
              out: set[int] = frozenset()) -> list[int]:
        """The seats that play to trick ``k`` led by ``leader``, in order (not those that
        folded, nor those ``out`` of cards: a dealer that robbed fewer than a hand)."""
        seats = [(leader + j) % self.n for j in range(self.n)]
        return [q for q in seats if folded.get(q, 1 << 30) > k and q not in out]

    def out_of_cards(self, played: list[int]) -> set[int]:
        """The seats that have played every card they started play with (``hand_sizes``
        where given; checked in full by hand_sizes)."""
        sizes = self.obj.get("hand_sizes")
        if not (isinstance(sizes, list) and len(sizes) == self.n
                and all(isinstance(x, int) for x in sizes)):
            return set()
        return {q for q in range(self.n) if q != self.seat and 0 < sizes[q]
                <= bin(played[q]).count("1")}


@dataclass
class Walk:
    """What the tricks so far leave: cards each seat played, the public knowledge, the
    points, the play state and every card seen."""

    played: list[int]
    know: np.ndarray
    points: np.ndarray
    state: np.ndarray
    seen: set[int]
    done: int = 0  # finished tricks
    gone: set[int] = field(default_factory=set)  # seats that folded: they hold nothing


def walk_tricks(r: Reader, hand: list[int], discarded: list[int]) -> Walk:
    """Read the tricks in order, checking each play (turn, cards not seen before)."""
    tab, n = r.tab, r.n
    tricks = r.obj.get("tricks", [])
    if not isinstance(tricks, list):
        raise PedroError("tricks is not a list")
    folded = r.folded()
    w = Walk([0] * n, np.zeros(SM.N_KNOW, dtype=np.uint64), np.zeros(L.PT_LEN, np.int64),
             np.zeros(L.PS_LEN, np.int64), set(hand) | set(discarded))
    leader, current = r.bidder, False
    for k, trick in enumerate(tricks):
        if not isinstance(trick, dict) or not isinstance(trick.get("plays"), list):
            raise PedroError(f"trick {k} is not an object with plays")
        if current:
            raise PedroError(f"trick {k - 1} is not finished but another follows it")
        leader = _int(trick, "leader", 0, n - 1, leader)
        order = r.order(leader, k, folded, r.out_of_cards(w.played))
        if len(trick["plays"]) > len(order):
            raise PedroError(f"trick {k}: more plays than players in it")
        wseat, wcard, led, trick_points = walk_plays(r, w, k, trick["plays"], order)
        current = len(trick["plays"]) < len(order)
        if current:
            w.state[L.PS_WSEAT], w.state[L.PS_WCARD], w.state[L.PS_LED] = wseat, wcard, led
            w.state[L.PS_POINTS] = trick_points
            w.state[L.PS_NPLAYS] = len(trick["plays"])
            to_move = order[len(trick["plays"])]
        else:
            w.points[L.PT_POINTS + int(tab.opts[L.SE_SIDE + wseat])] += trick_points
            leader, w.done = wseat, k + 1
    if not current:  # the seat leads a new trick (or, the leader out of cards, the next)
        w.state[L.PS_WSEAT] = w.state[L.PS_WCARD] = w.state[L.PS_LED] = -1
        to_move = r.order(leader, w.done, folded, r.out_of_cards(w.played))[0]
    if to_move != r.seat:
        raise PedroError(f"seat {r.seat} is not the one to play: seat {to_move} is")
    w.state[L.PS_K] = (r.seat - leader) % n
    w.state[L.PS_FOLDS] = sum(i <= w.done for i in folded.values())
    w.state[L.PS_TRICK] = w.done
    w.state[L.PS_LEADER] = leader
    w.state[L.PS_PLAYED] = mask_of(list(w.seen - set(hand) - set(discarded)))
    w.state[L.PS_BIDDER] = r.bidder
    w.gone = {q for q, i in folded.items() if i <= w.done}
    return w


def walk_plays(r: Reader, w: Walk, k: int, plays: list, order: list[int]):
    """One trick's plays: (winner, winning card, suit led, points in it)."""
    tab, t = r.tab, r.t
    wseat, wcard, led, trick_points = -1, -1, -1, 0
    for j, play in enumerate(plays):
        if not isinstance(play, list) or len(play) != 2:
            raise PedroError(f"trick {k}: a play is not [seat, cards]")
        who = play[0]
        if who != order[j]:
            raise PedroError(f"trick {k}: seat {who!r} plays out of turn")
        cards = _cards(play[1], f"trick {k}, seat {who}")
        if not cards or w.seen & set(cards):
            raise PedroError(f"trick {k}, seat {who}: no card, or a card already seen")
        w.seen |= set(cards)
        top, extras = cards[0], mask_of(cards[1:])
        SM.learn_play(w.know, who, top, np.uint64(extras), led, t, tab)
        w.played[who] |= mask_of(cards)
        if wseat < 0:
            wseat, wcard, led = who, top, r.suit(top)
        elif r.beats(top, wcard):
            wseat, wcard = who, top
        for c in cards:
            value = int(tab.cinfo[t, L.I_POINTS, c])
            if int(tab.masks[t, L.M_TWO_PLAYED]) >> c & 1:
                w.points[L.PT_POINTS + int(tab.opts[L.SE_SIDE + who])] += value
            elif c == top or tab.opts[L.O_EXTRAS_SCORE]:
                trick_points += value
    return wseat, wcard, led, trick_points


def read_position(obj: Any, variant: Variant, policy: str, seed: int) -> Position:
    """The Position of a pedro-decision/1 object (its preset already resolved)."""
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise PedroError(f"not a {FORMAT} object (docs/trace-format.md)")
    r = Reader(obj, variant)
    tab, t, n = r.tab, r.t, r.n
    hand = _cards(obj.get("hand"), "hand")
    discarded = _cards(obj.get("discarded", []), "discarded")
    passed = _cards(obj.get("passed", []), "passed")
    check_in_pack(hand + discarded + passed, variant, "hand, discarded or passed")
    if set(hand) & set(discarded) or set(passed) & (set(hand) | set(discarded)):
        raise PedroError("a card is in more than one of hand, discarded and passed")
    shown = shown_cards(obj, variant, hand + passed)
    out = sorted(set(discarded).union(*shown))
    w = walk_tricks(r, hand, out)
    played, know, points, state, seen = w.played, w.know, w.points, w.state, w.seen
    two = int(tab.masks[t, L.M_TWO])  # where the 2 scores for its holder: once played, to
    holder = next((q for q in range(n) if played[q] & two), -1)  # its side; unplayed, the
    if holder >= 0:  # player counts it in each world for the side holding it there
        points[L.PT_POINTS + int(tab.opts[L.SE_SIDE + holder])] += int(tab.opts[L.O_TWO_POINTS])
    if "points" in obj:
        given = obj["points"]
        if not (isinstance(given, list) and len(given) == 2 and all(
                isinstance(x, int) and 0 <= x <= variant.total_points for x in given)):
            raise PedroError(f"points must be [team 0, team 1] from 0 to {variant.total_points}")
        points[L.PT_POINTS:L.PT_POINTS + 2] = given
    points[L.PT_BID] = r.bid
    sizes = hand_sizes(obj, variant, played, hand, r.seat)
    hands = placed_hands(tab, n, r.seat, hand, discarded, passed, played,
                         [0 if q in w.gone else x for q, x in enumerate(sizes)], seen)
    for q, cards in enumerate(shown):
        hands[L.H_DISCARDED + q] |= np.uint64(mask_of(cards))
        know[SM.K_SHOWN] |= np.uint64(mask_of(cards))
    if "points" not in obj and variant.opponents_discards_to_bidders:
        points[L.PT_POINTS + int(tab.opts[L.SE_SIDE + r.bidder])] += int(
            discard_credit(hands, np.int64(r.bidder), np.int64(t), tab))
    _start_knowledge(know, obj, tab, t, n, variant, sizes)
    position = Position(r.inputs, r.seat, r.bidder, r.bid, t, hands, state, points, know,
                        seed=seed, policy=policy, calls=noted_calls(obj, r))
    position.legal = legal_cards(position, len(hand), w.done)
    return position


def noted_calls(obj: dict, r: Reader) -> np.ndarray:
    """The auction as pimc notes it (engine/thinking/inference.py note_call): each seat's
    highest bid by choice and the lowest bid it passed up, read from ``bids`` (in order,
    eldest first; a forced dealer's bid is no choice); without ``bids``, the bidder's bid
    alone."""
    from pedro_sim.engine.thinking.inference import note_into

    calls = np.zeros(2 * L.SEATS, np.int64)
    calls[1::2] = -1
    bids = r.obj.get("bids")
    if bids is None:
        calls[2 * r.bidder] = r.bid
        return calls
    if not (isinstance(bids, list) and bids and all(
            isinstance(b, list) and len(b) == 2 and all(isinstance(x, int) for x in b)
            and 0 <= b[0] < r.n and 0 <= b[1] <= 1000 for b in bids)):
        raise PedroError("bids must be a list of [seat, bid], eldest first")
    dealer = _int(obj, "dealer", 0, r.n - 1, (bids[0][0] - 1) % r.n)
    v, standing, called = r.variant, 0, set()
    for seat, call in bids:
        first = seat == dealer and seat not in called
        may_equal = first and v.dealer_may_equal
        forced = first and standing == 0 and v.dealer_forced != "none"
        called.add(seat)
        note_into(calls, np.int64(seat), np.int64(call), np.int64(standing), may_equal,
                  forced, r.tab)
        standing = max(standing, call)
    return calls


def shown_cards(obj: dict, variant: Variant, mine: list[int]) -> list[list[int]]:
    """``shown``: a list a seat of the cards it put out of play face up, which every seat
    saw (where discards are face up: foster); none of them is in play."""
    given = obj.get("shown")
    if given is None:
        return [[] for _ in range(variant.players)]
    if not (isinstance(given, list) and len(given) == variant.players):
        raise PedroError("shown must be a list of each seat's cards put out of play face up")
    shown = [_cards(cards, f"shown[{q}]") for q, cards in enumerate(given)]
    every = [c for cards in shown for c in cards]
    check_in_pack(every, variant, "shown")
    if len(set(every)) < len(every) or set(every) & set(mine):
        raise PedroError("shown: a card is shown twice, or shown and in the seat's hand or "
                         "passed")
    return shown


def hand_sizes(obj: dict, variant: Variant, played: list[int], hand: list[int],
               seat: int) -> list[int]:
    """Each seat's cards when play started: given, or the seat's own, or a hand's worth
    plus the cards it played under its first card (shown)."""
    given = obj.get("hand_sizes")
    if given is not None:
        if not (isinstance(given, list) and len(given) == variant.players
                and all(isinstance(x, int) and 0 < x <= 16 for x in given)):
            raise PedroError("hand_sizes must be a list of each seat's cards when play started")
        return list(given)
    first = obj.get("tricks", [{}])[0] if obj.get("tricks") else {}
    extra = {p[0]: len(p[1]) - 1 for p in first.get("plays", [])}
    sizes = [variant.keep + extra.get(q, 0) for q in range(variant.players)]
    sizes[seat] = len(hand) + bin(played[seat]).count("1")
    return sizes


def placed_hands(tab, n: int, seat: int, hand: list[int], discarded: list[int],
                 passed: list[int], played: list[int], sizes: list[int],
                 seen: set[int]) -> np.ndarray:
    """The hands array (layout H_*): the seat's own; the others hold cards nobody has seen
    (the sampler reads only their number) and, for the partner, the cards passed it."""
    hands = np.zeros(L.H_LEN, dtype=np.uint64)
    hands[L.H_PLAY + seat] = mask_of(hand)
    hands[L.H_DISCARDED + seat] = mask_of(discarded)
    partner = int(tab.opts[L.SE_PARTNER + seat])
    pool = [int(c) for c in tab.cinfo[0, L.I_PACK] if c >= 0 and c not in seen
            and c not in passed]
    for q in range(n):
        if q == seat:
            continue
        now = max(sizes[q] - bin(played[q]).count("1"), 0) if sizes[q] else 0
        mine = [c for c in passed if q == partner and not played[q] >> c & 1]
        if len(mine) > now:  # the partner put some of them out of play; which, the seat
            pool, mine = pool + mine, []  # cannot tell: none is placed (each is unseen)
        if now < len(mine) or now - len(mine) > len(pool):
            raise PedroError(f"seat {q} cannot hold {now} cards now (hand_sizes)")
        cards = mine + pool[:now - len(mine)]
        pool = pool[now - len(mine):]
        hands[L.H_PLAY + q] = mask_of(cards)
        if mine:
            hands[L.H_PASSED + q] = mask_of(passed)
    return hands


def _start_knowledge(know: np.ndarray, obj: dict, tab, t: int, n: int, variant: Variant,
                     sizes: list[int]) -> None:
    """What is public beyond the plays: the fewest trumps each seat held when play started
    (given; 0 unless known) and, where every non-trump is discarded and the dealer robs the
    pack, that every trump is in a hand and that a seat that started play with more than
    a hand's worth (``sizes``: the robbing dealer) held only trumps, as the player knows in
    play (sampler.py start_knowledge)."""
    fewest = obj.get("min_trumps", [0] * n)
    if not (isinstance(fewest, list) and len(fewest) == n
            and all(isinstance(x, int) and 0 <= x <= 16 for x in fewest)):
        raise PedroError("min_trumps must be a list of a whole number per seat")
    robs = variant.discard == "non-trumps" and variant.dealer_fill == "rob-trumps"
    for q in range(n):
        over = robs and sizes[q] > variant.keep
        know[SM.K_MIN_TRUMPS + q] = max(fewest[q], sizes[q]) if over else fewest[q]
    if robs:
        know[SM.K_IN_PLAY] = tab.masks[t, L.M_TRUMP]


def legal_cards(position: Position, held: int, trick: int) -> int:
    """The seat's legal cards (engine/game/tricks.py's rules); PedroError where it has no
    choice or plays cards under its card."""
    from pedro_sim.engine.game.tricks import lead_cards
    from pedro_sim.engine.game.tricks import legal_cards as follow

    tab, t, st = position.inputs.tables, position.trump, position.state
    h = np.uint64(position.hands[L.H_PLAY + position.seat])
    variant = position.inputs.variant
    if held > variant.keep - trick:
        raise PedroError("the seat plays cards under its card here (a stack): explain it "
                         "from a trace")
    from pedro_sim.engine.game.tricks import folds_on_lead

    fold = int(tab.opts[L.O_FOLD])
    no_trumps = not int(h) & int(tab.masks[t, L.M_TRUMP])
    if folds_on_lead(h, st[L.PS_LED], fold, t, tab) or (fold == L.FOLD_AT_TRICK and no_trumps):
        raise PedroError("the seat folds here: nothing to explain")
    if st[L.PS_WSEAT] < 0:
        first = trick == 0 and position.seat == position.bidder
        legal = int(lead_cards(h, first, t, tab))
    else:
        legal = int(follow(h, st[L.PS_LED], t, tab, tab.opts[L.O_PLAIN_LED]))
    if bin(legal).count("1") < 2:
        raise PedroError("the seat has one legal card: nothing to explain")
    return legal


def decision_from_trace(trace: dict, trick: int, seat: int) -> dict:
    """The pedro-decision/1 object of ``seat``'s decision in trick ``trick`` of a deal trace:
    what that seat saw, nothing more (a worked example of the format, and a test's
    bridge between the two ways of asking). Its discards that another seat took in (a
    robbing dealer, a partner passed them) are not out of play; those its partner was
    passed are ``passed``."""
    from pedro_sim.rules.presets import get_preset

    variant = get_preset(trace["variant"])
    hands_now = [list(h) for h in trace["start_hands"]]
    tricks = []
    for k, t in enumerate(trace["tricks"][:trick + 1]):
        plays = []
        for who, cards in t["plays"]:
            if k == trick and who == seat:
                break
            plays.append([who, list(cards)])
            if k < trick:
                hands_now[who] = [c for c in hands_now[who] if c not in cards]
        tricks.append({"leader": t["leader"], "plays": plays})
    trumps = {c for c in _suit_cards(trace["trump"], variant)}
    fewest = [0] * 4
    if variant.discard == "non-trumps":
        for q in range(4):
            fewest[q] = min(sum(c in trumps for c in trace["hands"][q]),
                            len(trace["start_hands"][q]))
            if variant.dealer_fill == "rob-trumps" and len(trace["start_hands"][q]) > variant.keep:
                fewest[q] = len(trace["start_hands"][q])
    inputs = EngineInputs.for_variant(variant)
    partner = int(inputs.tables.opts[L.SE_PARTNER + seat])
    passed = [c for c in trace["discards"][seat] if inputs.tables.opts[L.O_PASS_EXCESS]
              and partner >= 0 and c in trace["received"][partner]]
    out = {"format": FORMAT, "variant": trace["variant"], "seat": seat,
           "dealer": trace["dealer"], "bids": [list(b) for b in trace["bids"]],
           "bidder": trace["bidder"], "bid": trace["bid"], "trump": trace["trump"],
           "hand": list(hands_now[seat]),
           "discarded": out_of_play(trace, seat),
           "passed": passed,
           "hand_sizes": [len(h) for h in trace["start_hands"]], "min_trumps": fewest,
           "tricks": tricks, "folded": folded_before(trace, variant, trick, seat)}
    if trace.get("rules", {}).get("discards_face_up", variant.discards_face_up):
        out["shown"] = [out_of_play(trace, q) for q in range(4)]
    if trace.get("rules"):
        out["rules"] = trace["rules"]
    return out


def out_of_play(trace: dict, seat: int) -> list:
    """The seat's discards that no other seat took into its hand."""
    taken = {c for q, cards in enumerate(trace["received"]) if q != seat for c in cards}
    return [c for c in trace["discards"][seat] if c not in taken]


def folded_before(trace: dict, variant: Variant, trick: int, seat: int) -> list[list[int]]:
    """The folds ``seat`` has seen by its turn in ``trick``: those of earlier tricks, and of
    this one those at its start (no-trump-at-trick) or at a turn before the seat's."""
    leader = trace["tricks"][trick]["leader"]

    def place(q: int) -> int:
        return (q - leader) % variant.players

    return [[q, i] for q, i in trace["folded"] if i < trick or (
        i == trick and (variant.fold == "no-trump-at-trick" or place(q) < place(seat)))]


def _suit_cards(trump: str, variant: Variant) -> list[str]:
    """The trump suit's cards as text (with the off-five where it is a trump)."""
    from pedro_sim.cards import card_text

    inputs = EngineInputs.for_variant(variant)
    m = int(inputs.tables.masks[SUITS.index(trump), L.M_TRUMP])
    return [card_text(c) for c in range(64) if m >> c & 1]


@dataclass
class Call:
    """A call decision seen from one seat: its dealt cards and the calls before it."""

    inputs: EngineInputs
    seat: int
    dealer: int
    hand: int
    standing: int
    holder: int
    may_equal: bool


def read_call(obj: Any, variant: Variant) -> Call:
    """A pedro-decision/1 object that asks for a call: ``dealer``, ``hand`` (the cards
    dealt) and ``bids`` (the calls so far, eldest first), no ``trump``."""
    r = Reader.__new__(Reader)  # the contract checks do not apply before the contract
    r.obj, r.inputs, r.n = obj, EngineInputs.for_variant(variant), variant.players
    seat = _int(obj, "seat", 0, r.n - 1)
    dealer = _int(obj, "dealer", 0, r.n - 1)
    hand = _cards(obj.get("hand"), "hand")
    if len(hand) != variant.hand:
        raise PedroError(f"hand: {variant.name} deals {variant.hand} cards, got {len(hand)}")
    calls = obj.get("bids", [])
    if not isinstance(calls, list):
        raise PedroError("bids is not a list of [seat, bid]")
    standing, holder, passed, turn = 0, -1, set(), dealer
    for j, call in enumerate(calls):
        turn = next_caller(turn, passed, r.n)
        if not (isinstance(call, list) and len(call) == 2 and call[0] == turn
                and isinstance(call[1], int)):
            raise PedroError(f"bids: call {j} is not [seat {turn}, bid]")
        bid = call[1]
        if bid == 0:
            passed.add(turn)
        elif not (max(standing + 1, variant.min_bid) <= bid <= variant.top_bid):
            raise PedroError(f"bids: call {j}, {bid}, is not a bid seat {turn} may make")
        else:
            standing, holder = bid, turn
    over = len(calls) >= r.n if variant.auction == "one-round" else \
        holder >= 0 and len(passed) == r.n - 1
    if over:
        raise PedroError("bids: the auction is over")
    turn = next_caller(turn, passed, r.n)
    if turn != seat:
        raise PedroError(f"seat {seat} is not the one to call: seat {turn} is")
    if seat == dealer and standing == 0 and variant.dealer_forced != "none":
        raise PedroError("the dealer is forced to bid here: nothing to explain")
    may_equal = seat == dealer and len(calls) == r.n - 1 and bool(variant.dealer_may_equal)
    return Call(r.inputs, seat, dealer, mask_of(hand), standing, holder, may_equal)


def next_caller(turn: int, passed: set[int], n: int) -> int:
    """The next seat after ``turn`` that has not passed."""
    for k in range(1, n + 1):
        q = (turn + k) % n
        if q not in passed:
            return q
    return turn
