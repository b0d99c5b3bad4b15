"""Plain-Python reference engine and trace checker for Bourré.

Written from docs/bourre.md (the rules, section 1; the choices, section 2; the
engine specification, section 3) and docs/trace-format.md ("Bourré deals")
only, with nothing of pedro_sim but the random stream (rng.py), the card
names (cards.py) and the first checks of a trace that Pedro's checker makes too
(judging.py): it is the independent check of the numba engine, which must
play the same random sessions key for key, and of any `bourre-trace/1` file,
whoever wrote it.

The engine half plays sessions with the random player (``play_session``,
``random_deal``), and the deals around one seat's decision (a fixed hand,
``fixed_deal_order`` and ``fixed_deal``; a hand by class, ``class_deal``) with
the other seats random; the checker half (``check_deal``, ``check_session``)
judges a trace by the rules alone, then, for a random player's trace, replays
its stream and compares. Both halves share only the rules themselves
(``legal_cards``, ``trick_winner``, ``settle``, ``next_antes``).

Cards are ids ``suit * 13 + rank`` (suits S H D C, ranks 2 .. A) inside, and
two-character text ("AS", "TD") in traces.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_TEXT, N_CARDS, canonical_card
from .judging import is_int, require_keys
from .rng import Stream, shuffle

FORMAT = "bourre-trace/1"
VARIANT = "bourre"
KIND = 5  # the stream kind of sessions (docs/bourre.md section 3)
KIND_FIXED = 6  # a fixed hand at a fixed seat
KIND_CLASSES = 7  # random hands sorted by class (not in docs/bourre.md)
SESSION_STRIDE = 2 ** 20
HAND = 5
TRICKS = 5
ACE = 12
MIN_PLAYERS, MAX_PLAYERS = 2, 8
TRUMP_CARD_OWNERS = ("dealer", "nobody")
KEYS = ("format", "variant", "seed", "deal", "policy", "dealer", "players", "rules",
        "hands", "trump_card", "stock", "reshuffles", "pot_before", "antes",
        "declarations", "draws", "start_hands", "tricks", "tricks_won", "winner",
        "taken", "bourre", "paid")
HEADER_KEYS = KEYS[:8]


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Options:
    """The table: seats and the three options of rule 8, defaults as docs/bourre.md."""

    players: int = 7
    limit: int | None = None
    double_ante: bool = False
    trump_card: str = "dealer"

    def __post_init__(self) -> None:
        if not is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, "
                             f"not {self.players!r}")
        if self.limit is not None and (not is_int(self.limit) or self.limit < 1):
            raise ValueError(f"limit must be a whole number of chips, 1 or more, "
                             f"not {self.limit!r}")
        if not isinstance(self.double_ante, bool):
            raise ValueError(f"double_ante must be true or false, not {self.double_ante!r}")
        if self.trump_card not in TRUMP_CARD_OWNERS:
            raise ValueError(f"trump_card must be 'dealer' or 'nobody', "
                             f"not {self.trump_card!r}")

    def rules(self) -> dict:
        """The trace's ``rules`` object: only the options that differ from the defaults."""
        out: dict = {}
        if self.limit is not None:
            out["limit"] = self.limit
        if self.double_ante:
            out["double_ante"] = True
        if self.trump_card != "dealer":
            out["trump_card"] = self.trump_card
        return out

    @classmethod
    def from_trace(cls, players, rules) -> Options:
        """The options a trace names; ValueError for anything the format does not allow
        (an unknown option, or a default written out, which the format leaves out)."""
        if not isinstance(rules, dict):
            raise ValueError(f"rules is not an object: {rules!r}")
        unknown = sorted(set(rules) - {"limit", "double_ante", "trump_card"})
        if unknown:
            raise ValueError(f"rules: unknown option(s) {', '.join(map(str, unknown))}")
        opts = cls(players, rules.get("limit"), rules.get("double_ante", False),
                   rules.get("trump_card", "dealer"))
        if opts.rules() != rules:
            raise ValueError(f"rules must list only the options that differ from the "
                             f"defaults: {opts.rules()!r}, not {rules!r}")
        return opts


# --------------------------------------------------------------------------- the rules


def suit_of(card: int) -> int:
    return card // 13


def seats_from(dealer: int, players: int) -> list[int]:
    """The seats from the dealer's left round to the dealer: the order of the deal and
    of the declarations."""
    return [(dealer + 1 + j) % players for j in range(players)]


def from_leader(playing: list[int], leader: int) -> list[int]:
    """The playing seats (listed in seat order from the dealer's left) in the order they
    play to a trick led by ``leader``: round the table from it, passers skipped."""
    i = playing.index(leader)
    return playing[i:] + playing[:i]


def rule4_cards(hand, trick, trump: int) -> list[int]:
    """The cards rule 4 allows (no cinch): follow suit, else trump, and beat the highest
    card so far if able. ``trick``: the cards played to the trick so far, the lead
    first; ``hand`` in ascending id."""
    hand = sorted(hand)
    if not trick:
        return hand
    led = suit_of(trick[0])
    same = [c for c in hand if suit_of(c) == led]
    trumps_in_trick = [c for c in trick if suit_of(c) == trump]
    if same:
        if trumps_in_trick and led != trump:  # trumped: any card of the suit led
            return same
        return _beat(same, max(c for c in trick if suit_of(c) == led))
    mine = [c for c in hand if suit_of(c) == trump]
    if not mine:  # neither the suit led nor a trump: anything
        return hand
    return _beat(mine, max(trumps_in_trick)) if trumps_in_trick else mine


def _beat(cards: list[int], top: int) -> list[int]:
    """The cards (all of one suit with ``top``) that beat ``top``, or all of them when
    none does: "beat the highest card so far if able"."""
    higher = [c for c in cards if c > top]
    return higher or cards


def sure_trump_tricks(hand, trump: int, played) -> int:
    """Rule 5: the seat's trumps minus the largest number of them that can each be
    paired with a different higher trump neither played nor in the hand. Pairing each
    own trump, lowest first, with the lowest free higher outside trump is a maximum
    matching (an exchange argument: a lower outside trump can only serve fewer of the
    own trumps that are still to come)."""
    own = sorted(c for c in hand if suit_of(c) == trump)
    seen = set(hand) | set(played)
    outside = [c for c in range(trump * 13, trump * 13 + 13) if c not in seen]
    matched, i = 0, 0
    for t in own:
        while i < len(outside) and outside[i] < t:
            i += 1
        if i == len(outside):
            break
        matched += 1
        i += 1
    return len(own) - matched


def has_cinch(hand, trump: int, played, won: int) -> bool:
    """Rule 5: tricks already won plus sure trump tricks make at least 3 (judged at the
    start of the trick, so ``played`` holds the cards of the tricks before it)."""
    return won + sure_trump_tricks(hand, trump, played) >= 3


def highest_run(hand, trump: int, gone) -> set[int]:
    """The trumps of ``hand`` that count as its highest (rule 5): from its highest trump
    down through trumps that are in the hand or ``gone`` (played, the cards of the
    current trick included), up to the first trump that is neither."""
    held = set(hand)
    own = [c for c in held if suit_of(c) == trump]
    if not own:
        return set()
    run = set()
    for c in range(max(own), trump * 13 - 1, -1):
        if c in held:
            run.add(c)
        elif c not in gone:
            break
    return run


def legal_cards(hand, trick, trump: int, played, won: int, is_last: bool) -> list[int]:
    """The cards a seat may play, in ascending id, under rules 4 and 5.

    ``hand``: its cards; ``trick``: the cards played to the current trick so far, the lead
    first (empty when it leads); ``trump``: the trump suit 0..3; ``played``: the cards of
    the tricks before this one; ``won``: the tricks the seat has won before this one;
    ``is_last``: whether it is the last playing seat to play to this trick.

    A seat with a cinch that holds a trump is bound to its highest run when it leads,
    and when it follows, is not last, and rule 4 lets it play a trump; the run only
    narrows what rule 4 allows (rule 4 first: a card of the run below a trump the seat
    must beat stays illegal), and the highest trump itself is always in both.
    """
    allowed = rule4_cards(hand, trick, trump)
    bound = (not trick or not is_last) and any(suit_of(c) == trump for c in allowed)
    if not bound or not has_cinch(hand, trump, played, won):
        return allowed
    run = highest_run(hand, trump, set(played) | set(trick))
    return [c for c in allowed if c in run]


def trick_winner(plays, trump: int) -> int:
    """Rule 4: the seat of the highest trump, or with no trump the highest card of the
    suit led. ``plays``: (seat, card) in the order played."""
    led = suit_of(plays[0][1])
    seat, _ = max(plays, key=lambda p: (suit_of(p[1]) == trump, suit_of(p[1]) == led, p[1]))
    return seat


def settle(pot: int, won: list[int], playing: list[int], limit: int | None = None):
    """Rule 6 with the limit of rule 8: (winner, taken, bourre, paid) for a deal whose
    pot held ``pot`` chips when play ended, ``won`` the tricks of each seat and
    ``playing`` the seats that played. A lone player (or the dealer after all passed)
    takes the pot without play and nobody is bourré; a tie for the most tricks leaves
    the pot (winner None, taken 0)."""
    cap = pot if limit is None else min(pot, limit)
    best = max(won[s] for s in playing)
    top = [s for s in playing if won[s] == best]
    winner = top[0] if len(top) == 1 else None
    bourre = sorted(s for s in playing if won[s] == 0) if len(playing) > 1 else []
    paid = [cap if s in bourre else 0 for s in range(len(won))]
    return winner, (cap if winner is not None else 0), bourre, paid


def next_antes(winner, won: list[int], bourre: list[int], double_ante: bool) -> list[int]:
    """Rule 7: each seat's ante before the next deal, from this deal's result. Bourré
    seats and the seats tied for the most tricks (a split pot) skip it, unless
    ``double_ante``; after a pot taken (with or without play) only the bourré skip."""
    n = len(won)
    if double_ante:
        return [1] * n
    skip = set(bourre)
    if winner is None:
        skip |= {s for s in range(n) if won[s] == max(won)}
    return [0 if s in skip else 1 for s in range(n)]


def turned_ace_binds(turned: int, opts: Options) -> bool:
    """Rule 3: a turned-up ace obliges the dealer to play when it is the dealer's card."""
    return opts.trump_card == "dealer" and turned % 13 == ACE


# --------------------------------------------------------------------------- the deal


def seeded_deck(seed: int, deal: int) -> tuple[Stream, list[int]]:
    """Deal ``deal`` (``g * 2**20 + k``) of a session: the stream of kind 5 and the pack
    shuffled by it, the stream left where the declarations go on from."""
    stream = Stream.start(seed, deal, KIND)
    return stream, shuffle(stream, list(range(N_CARDS)))


def deal_cards(deck: list[int], dealer: int, opts: Options):
    """Five rounds from the dealer's left, one card each: (hands, turned-up card, stock).
    The turned-up card is the dealer's fifth card, or with ``trump_card=nobody`` the next
    card of the deck, belonging to nobody."""
    n = opts.players
    hands: list[list[int]] = [[] for _ in range(n)]
    for i in range(HAND * n):
        hands[(dealer + 1 + i) % n].append(deck[i])
    if opts.trump_card == "dealer":
        return hands, deck[HAND * n - 1], deck[HAND * n:]
    return hands, deck[HAND * n], deck[HAND * n + 1:]


def dealer_of(deal: int, players: int) -> int:
    """The dealer of deal ``k`` of session ``g``: ``g % N`` first, then passing left."""
    return ((deal >> 20) + (deal & (SESSION_STRIDE - 1))) % players


def _txt(cards) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


class _Dealing:
    """The cards to deal from during the declarations: the stock, then, each time it
    runs out with a card still owed, the piles (discards, passed hands) of the seats
    that declared before the seat being served and were not gathered before."""

    def __init__(self, stock: list[int]) -> None:
        self.source = list(stock)
        self.piles: dict[int, list[int]] = {}
        self.reshuffles: list[list] = []

    def give(self, stream: Stream, seat: int, k: int) -> list[int]:
        got = []
        for _ in range(k):
            if not self.source:
                gathered = sorted(c for pile in self.piles.values() for c in pile)
                self.piles.clear()
                self.source = shuffle(stream, gathered)
                self.reshuffles.append([seat, _txt(self.source)])
            got.append(self.source.pop(0))
        return got


def _random_k(stream: Stream, seat: int, dealer: int, passed_all: bool, turned: int,
              opts: Options) -> int:
    """The random player's declaration (-1 pass, k >= 0 play and draw k), drawing only
    where the seat has a choice (docs/bourre.md section 3, declarations 1-2)."""
    if seat == dealer and passed_all:
        return 0
    if seat == dealer and turned_ace_binds(turned, opts):
        return stream.below(6)
    return stream.below(7) - 1


def _random_discards(stream: Stream, hand: list[int], k: int) -> list[int]:
    """The random player's k discards, in the order chosen: the whole hand in ascending
    id for 5, else k times a card of the ascending rest."""
    cards = sorted(hand)
    if k == HAND:
        return cards
    return [cards.pop(stream.below(len(cards))) for _ in range(k)]


def _declare(stream: Stream, hands, turned: int, stock, dealer: int, opts: Options,
             forced: tuple[int, int] | None = None) -> dict:
    """The declarations and draws of the random player, seat by seat from the dealer's
    left: the trace's declarations, draws, reshuffles and start_hands. ``forced``: (seat,
    k), a seat that plays drawing k whatever the stream, throwing away the k cards it
    values least (section 4), with no draw of the stream; the dealer after all passed
    still plays drawing nothing."""
    n = opts.players
    dealing = _Dealing(stock)
    declarations: list[list[int]] = []
    draws: list[list] = [[[], []] for _ in range(n)]
    start: list[list[int]] = [[] for _ in range(n)]
    for seat in seats_from(dealer, n):
        passed_all = all(k < 0 for _, k in declarations)
        fixed = forced is not None and seat == forced[0] and not (seat == dealer
                                                                  and passed_all)
        k = forced[1] if fixed else _random_k(stream, seat, dealer, passed_all, turned,
                                              opts)
        declarations.append([seat, k])
        if k < 0:
            dealing.piles[seat] = list(hands[seat])
            continue
        gone = (least_worth(hands[seat], k, suit_of(turned)) if fixed
                else _random_discards(stream, hands[seat], k))
        got = dealing.give(stream, seat, k)
        dealing.piles[seat] = gone
        draws[seat] = [_txt(gone), _txt(got)]
        start[seat] = sorted(set(hands[seat]) - set(gone) | set(got))
    return {"declarations": declarations, "draws": draws, "reshuffles": dealing.reshuffles,
            "start": start}


def least_worth(hand, k: int, trump: int) -> list[int]:
    """The k cards a player other than the random one throws away (docs/bourre.md section
    4), least worth keeping first: trumps are worth most (by rank), then side aces, then
    the rest by rank. Cards of equal worth (the same rank in two side suits) go in
    ascending id: the docs do not say, this reading is the engine's."""
    def worth(c: int) -> tuple[int, int, int]:
        group = 2 if suit_of(c) == trump else 1 if c % 13 == ACE else 0
        return group, c % 13, c
    return sorted(hand, key=worth)[:k]


def _random_play(stream: Stream, start: list[list[int]], playing: list[int],
                 trump: int) -> list[dict]:
    """Five tricks of the random player: ``legal[below(len(legal))]``, no draw when one
    card is legal. ``start``: each playing seat's cards."""
    hands = {s: sorted(start[s]) for s in playing}
    won = dict.fromkeys(playing, 0)
    played: set[int] = set()
    leader = playing[0]
    tricks = []
    for _ in range(TRICKS):
        order = from_leader(playing, leader)
        plays: list[tuple[int, int]] = []
        for i, seat in enumerate(order):
            cards = [c for _, c in plays]
            legal = legal_cards(hands[seat], cards, trump, played, won[seat],
                                i == len(order) - 1)
            card = stream.pick(legal)
            hands[seat].remove(card)
            plays.append((seat, card))
        winner = trick_winner(plays, trump)
        won[winner] += 1
        played.update(c for _, c in plays)
        tricks.append({"leader": leader, "plays": [[s, [CARD_TEXT[c]]] for s, c in plays],
                       "winner": winner})
        leader = winner
    return tricks


def tricks_won_of(tricks: list[dict], players: int) -> list[int]:
    won = [0] * players
    for t in tricks:
        won[t["winner"]] += 1
    return won


def playing_seats(declarations) -> list[int]:
    """The seats that play, in declaration order (from the dealer's left)."""
    return [s for s, k in declarations if k >= 0]


def random_deal(seed: int, deal: int, dealer: int, opts: Options, pot_before: int,
                antes: list[int], policy: str = "random") -> tuple[dict, int]:
    """One deal of the random player, the pot holding ``pot_before`` chips after this
    deal's ``antes``: its ``bourre-trace/1`` trace and the pot carried to the next deal."""
    stream, deck = seeded_deck(seed, deal)
    return _deal_from(stream, deck, seed, deal, dealer, opts, pot_before, antes, policy)


def _deal_from(stream: Stream, deck: list[int], seed: int, deal: int, dealer: int,
               opts: Options, pot_before: int, antes: list[int], policy: str,
               forced: tuple[int, int] | None = None) -> tuple[dict, int]:
    """A deal dealt from ``deck`` (52 ids in dealing order), the stream going on from
    where the dealing left it: the trace and the pot carried to the next deal."""
    n = opts.players
    hands, turned, stock = deal_cards(deck, dealer, opts)
    body = _declare(stream, hands, turned, stock, dealer, opts, forced)
    playing = playing_seats(body["declarations"])
    tricks = (_random_play(stream, body["start"], playing, suit_of(turned))
              if len(playing) > 1 else [])
    won = tricks_won_of(tricks, n)
    pot_end = pot_before + (len(playing) if opts.double_ante else 0)
    winner, taken, bourre, paid = settle(pot_end, won, playing, opts.limit)
    trace = {
        "format": FORMAT, "variant": VARIANT, "seed": seed, "deal": deal, "policy": policy,
        "dealer": dealer, "players": n, "rules": opts.rules(),
        "hands": [_txt(h) for h in hands], "trump_card": CARD_TEXT[turned],
        "stock": _txt(stock), "reshuffles": body["reshuffles"],
        "pot_before": pot_before, "antes": list(antes),
        "declarations": body["declarations"], "draws": body["draws"],
        "start_hands": [_txt(h) for h in body["start"]], "tricks": tricks, "tricks_won": won,
        "winner": winner, "taken": taken, "bourre": bourre, "paid": paid,
    }
    return trace, pot_end - taken + sum(paid)


# --------------------------------------------------------------------------- fixed hands


def fixed_deal_order(seed: int, index: int, players: int, hand: list[int], seat: int,
                     dealer: int, trump: int, turned: int | None = None,
                     trump_card: str = "dealer") -> list[int]:
    """Deal ``index`` of a fixed hand (kind 6, docs/bourre.md section 3, "Fixed hands"):
    the 52 card ids in the order a deal consumes them (five rounds of one card a seat from
    the dealer's left, then with ``trump_card=nobody`` the turned-up card, then the
    stock). ``seat`` holds ``hand`` (five ids, dealt in the order given), ``dealer`` deals,
    ``trump`` is the trump suit. ``turned``: the turned-up card when it is the fixed
    seat's own (it deals, ``trump_card=dealer``): a trump of ``hand``, its fifth card;
    None otherwise, the card being drawn among the unseen trumps."""
    return _fixed_order(Stream.start(seed, index, KIND_FIXED), players, hand, seat, dealer,
                        trump, turned, trump_card)


def _fixed_order(stream: Stream, players: int, hand: list[int], seat: int, dealer: int,
                 trump: int, turned: int | None, trump_card: str) -> list[int]:
    hand = list(hand)
    Options(players, trump_card=trump_card)  # the table's checks
    if not (0 <= seat < players and 0 <= dealer < players and 0 <= trump < 4):
        raise ValueError(f"seat {seat}, dealer {dealer}: seats 0..{players - 1}; "
                         f"trump {trump}: a suit 0..3")
    if len(hand) != HAND or len(set(hand)) != HAND or not all(0 <= c < N_CARDS
                                                               for c in hand):
        raise ValueError(f"a fixed hand is five different cards: {hand!r}")
    own = seat == dealer and trump_card == "dealer"
    if own and (turned is None or suit_of(turned) != trump or hand[-1] != turned):
        raise ValueError("the dealer's own turned-up card is a trump and its fifth card")
    if not own and turned is not None:
        raise ValueError("the turned-up card is drawn when it is not the fixed seat's")
    unknown = [c for c in range(N_CARDS) if c not in hand]
    if not own:
        trumps = [c for c in unknown if suit_of(c) == trump]
        turned = trumps[stream.below(len(trumps))]
        unknown.remove(turned)
    rest = iter(shuffle(stream, unknown))
    order = []
    for r in range(HAND):
        for s in seats_from(dealer, players):
            if s == seat:
                order.append(hand[r])
            elif s == dealer and r == HAND - 1 and trump_card == "dealer":
                order.append(turned)
            else:
                order.append(next(rest))
    if trump_card == "nobody":
        order.append(turned)
    order.extend(rest)
    return order


def fixed_deal(seed: int, index: int, opts: Options, hand: list[int], seat: int,
               dealer: int, trump: int, turned: int | None, k: int,
               pot: int) -> dict:
    """Deal ``index`` of a fixed hand (kind 6) with every other seat random: the fixed
    seat plays drawing ``k`` (its discards as section 4 says), the pot holding ``pot``
    chips and nobody anteing; the stream goes on from where the dealing order left it.
    Its ``bourre-trace/1`` trace (check it with ``seed_check=False``)."""
    stream = Stream.start(seed, index, KIND_FIXED)
    deck = _fixed_order(stream, opts.players, hand, seat, dealer, trump, turned,
                        opts.trump_card)
    trace, _ = _deal_from(stream, deck, seed, index, dealer, opts, pot,
                          [0] * opts.players, "random", (seat, k))
    return trace


def class_deal(seed: int, index: int, opts: Options, seat: int, k: int, pot: int) -> dict:
    """Deal ``index`` of the hands by class (kind 7; not in docs/bourre.md, read from the
    `bourre chart` analysis): the pack shuffled as for sessions, seat 0 dealing, ``seat``
    playing drawing ``k`` as in ``fixed_deal``, the others random."""
    stream = Stream.start(seed, index, KIND_CLASSES)
    deck = shuffle(stream, list(range(N_CARDS)))
    trace, _ = _deal_from(stream, deck, seed, index, 0, opts, pot, [0] * opts.players,
                          "random", (seat, k))
    return trace


def deal_chips(trace: dict, seat: int) -> int:
    """What ``seat`` gains on one deal (docs/bourre.md section 2, the value of a
    decision): the pot it takes, less its bourré payment and its double_ante chip."""
    gain = trace["taken"] if trace["winner"] == seat else 0
    return gain - trace["paid"][seat] - (seat in double_ante_payers(trace))


def double_ante_payers(trace: dict) -> set[int]:
    """The seats that put a double_ante chip in: those that played, with the option."""
    return set(playing_seats(trace["declarations"])) if trace["rules"].get("double_ante") \
        else set()


def play_session(seed: int, session: int, deals: int, players: int = 7,
                 limit: int | None = None, double_ante: bool = False,
                 trump_card: str = "dealer") -> list[dict]:
    """Session ``session`` of ``deals`` deals played by the random player: deal ``k``
    keyed by ``session * 2**20 + k`` (kind 5), the first dealer ``session % players``,
    the deal passing left, the pot starting empty and every seat anteing 1 before the
    first deal; one ``bourre-trace/1`` dict a deal."""
    opts = Options(players, limit, double_ante, trump_card)
    if not is_int(session) or session < 0 or not is_int(deals) \
            or not 0 <= deals <= SESSION_STRIDE:
        raise ValueError(f"session must be 0 or more and deals 0..{SESSION_STRIDE}")
    traces: list[dict] = []
    pot, antes = 0, [1] * players
    for k in range(deals):
        deal = session * SESSION_STRIDE + k
        pot += sum(antes)
        trace, pot = random_deal(seed, deal, dealer_of(deal, players), opts, pot, antes)
        traces.append(trace)
        antes = next_antes(trace["winner"], trace["tricks_won"], trace["bourre"],
                           double_ante)
    return traces


# --------------------------------------------------------------------------- checking


class _Stop(Exception):
    """A violation after which this part of the check cannot go on."""


class _DealCheck:
    """Judges one trace by the rules, part by part: the header, the cards, the seeded
    deal, the chips in, the declarations, the draws, the play, the payment. A part that
    meets malformed data stops; the later parts that do not depend on it still run."""

    def __init__(self, trace, seed_check: bool) -> None:
        self.tr = trace
        self.seed_check = seed_check
        self.errors: list[str] = []
        self.won: list[int] | None = None
        self.pot: int | None = None

    # -- helpers

    def err(self, msg: str) -> None:
        self.errors.append(msg)

    def stop(self, msg: str):
        self.err(msg)
        raise _Stop

    def card(self, x, what: str) -> int:
        c = canonical_card(x)
        if c is None:
            self.stop(f"{what}: {x!r} is not a card in two-character form")
        return c

    def cards(self, value, what: str, length: int | None = None) -> list[int]:
        if not isinstance(value, list):
            self.stop(f"{what} is not a list of cards: {value!r}")
        out = [self.card(x, what) for x in value]
        if len(set(out)) != len(out):
            self.stop(f"{what} lists a card twice: {value!r}")
        if length is not None and len(out) != length:
            self.stop(f"{what} has {len(out)} cards, expected {length}")
        return out

    def per_seat(self, key: str) -> list:
        value = self.tr[key]
        if not isinstance(value, list) or len(value) != self.n:
            self.stop(f"{key} must be a list of {self.n} entries, one a seat: {value!r}")
        return value

    def ints(self, key: str) -> list[int]:
        value = self.per_seat(key)
        if not all(is_int(x) for x in value):
            self.stop(f"{key} must hold whole numbers: {value!r}")
        return value

    # -- the parts

    def run(self) -> None:
        self.header()
        self.deck()
        for part in (self.seeded, self.chips_in, self.declarations, self.draws, self.play,
                     self.payment):
            try:
                part()
            except _Stop:
                if part == self.declarations:
                    return  # the draws, the play and the payment all need them

    def header(self) -> None:
        tr = self.tr
        require_keys(tr, KEYS, self.stop)
        extra = sorted(set(tr) - set(KEYS))
        if extra:
            self.err(f"keys not in {FORMAT}: {', '.join(map(str, extra))}")
        if tr["format"] != FORMAT:
            self.err(f"format is {tr['format']!r}, expected {FORMAT!r}")
        if tr["variant"] != VARIANT:
            self.err(f"variant is {tr['variant']!r}, expected {VARIANT!r}")
        if not isinstance(tr["policy"], str):
            self.err(f"policy is not a string: {tr['policy']!r}")
        for key in ("seed", "deal"):
            if not is_int(tr[key]) or tr[key] < 0:
                self.stop(f"{key} is not a whole number 0 or more: {tr[key]!r}")
        try:
            self.opts = Options.from_trace(tr["players"], tr["rules"])
        except ValueError as exc:
            self.stop(str(exc))
        self.n = self.opts.players
        if not is_int(tr["dealer"]) or not 0 <= tr["dealer"] < self.n:
            self.stop(f"dealer is not a seat 0..{self.n - 1}: {tr['dealer']!r}")
        self.dealer = tr["dealer"]

    def deck(self) -> None:
        """The hands, the turned-up card and the stock hold the pack once each."""
        n, tr = self.n, self.tr
        self.hands = [self.cards(h, f"hands[{s}]", HAND)
                      for s, h in enumerate(self.per_seat("hands"))]
        self.turned = self.card(tr["trump_card"], "trump_card")
        self.trump = suit_of(self.turned)
        nobody = self.opts.trump_card == "nobody"
        self.stock = self.cards(tr["stock"], "stock", N_CARDS - HAND * n - nobody)
        every = [c for h in self.hands for c in h] + self.stock + ([self.turned] * nobody)
        if len(set(every)) != N_CARDS:
            twice = sorted({CARD_TEXT[c] for c in every if every.count(c) > 1})
            self.stop(f"hands, stock and trump_card do not hold each card once "
                      f"(twice: {', '.join(twice)})")
        if not nobody and self.hands[self.dealer][-1] != self.turned:
            self.stop(f"trump_card {tr['trump_card']} is not the dealer's fifth card "
                      f"({CARD_TEXT[self.hands[self.dealer][-1]]})")

    def seeded(self) -> None:
        """The deal is the shuffle of (seed, deal) under kind 5 and its dealer."""
        if not self.seed_check:
            return
        tr = self.tr
        want = dealer_of(tr["deal"], self.n)
        if self.dealer != want:
            self.err(f"dealer is {self.dealer}, but deal {tr['deal']} of its session has "
                     f"dealer {want}")
        _, deck = seeded_deck(tr["seed"], tr["deal"])
        hands, turned, stock = deal_cards(deck, self.dealer, self.opts)
        for s in range(self.n):
            if hands[s] != self.hands[s]:
                self.err(f"hands[{s}] is {tr['hands'][s]}, but the seeded deal gives "
                         f"{_txt(hands[s])}")
        if turned != self.turned:
            self.err(f"trump_card is {tr['trump_card']}, but the seeded deal gives "
                     f"{CARD_TEXT[turned]}")
        if stock != self.stock:
            self.err(f"stock is {tr['stock']}, but the seeded deal gives {_txt(stock)}")

    def chips_in(self) -> None:
        antes = self.ints("antes")
        if any(a not in (0, 1) for a in antes):
            self.err(f"antes must be 0 or 1 a seat: {antes}")
        if self.opts.double_ante and antes != [1] * self.n:
            self.err(f"antes are {antes}, but with double_ante every seat antes 1")
        pot = self.tr["pot_before"]
        if not is_int(pot):
            self.stop(f"pot_before is not a whole number: {pot!r}")
        if pot < sum(antes):
            self.stop(f"pot_before {pot} is less than this deal's antes ({sum(antes)})")
        self.pot = pot

    def declarations(self) -> None:
        """One declaration a seat from the dealer's left, k in -1..5; the dealer plays
        on a turned-up ace of its own, and plays drawing nothing after all passed."""
        decl = self.tr["declarations"]
        order = seats_from(self.dealer, self.n)
        if not isinstance(decl, list) or len(decl) != self.n:
            self.stop(f"declarations must be {self.n} entries [seat, k], not {decl!r}")
        for i, (entry, seat) in enumerate(zip(decl, order, strict=True)):
            if not (isinstance(entry, list) and len(entry) == 2
                    and all(is_int(x) for x in entry)):
                self.stop(f"declarations[{i}] is not [seat, k]: {entry!r}")
            if entry[0] != seat:
                self.stop(f"declarations[{i}] is by seat {entry[0]}, but seat {seat} "
                          f"declares there (from the dealer's left)")
            if not -1 <= entry[1] <= HAND:
                self.stop(f"declarations[{i}]: seat {seat} draws {entry[1]}; k is -1 "
                          f"(pass) or 0..5")
        ks = [k for _, k in decl]
        if all(k < 0 for k in ks[:-1]) and ks[-1] != 0:
            self.err(f"declarations: everyone before the dealer passed, so the dealer "
                     f"plays drawing nothing ([{self.dealer}, 0]), not k = {ks[-1]}")
        elif ks[-1] < 0 and turned_ace_binds(self.turned, self.opts):
            self.err(f"declarations: the dealer passes on a turned-up ace "
                     f"({self.tr['trump_card']}) of its own; it must play")
        self.k = {s: k for s, k in decl}
        self.playing = playing_seats(decl)

    def draws(self) -> None:
        """Every card received comes from the top of the stock, then from the piles
        gathered when it ran out; start_hands = hand - discarded + received."""
        draws = self.per_seat("draws")
        self.reshuffles = self.tr["reshuffles"]
        if not isinstance(self.reshuffles, list):
            self.stop(f"reshuffles is not a list: {self.reshuffles!r}")
        self.used = 0
        self.source = list(self.stock)
        piles: dict[int, list[int]] = {}
        for seat in seats_from(self.dealer, self.n):
            gone, got = self.draw_of(seat, draws[seat])
            for i, card in enumerate(got):
                if not self.source:
                    self.source = self.reshuffle(seat, piles)
                top = self.source.pop(0)
                if card != top:
                    self.stop(f"draws[{seat}]: received card {i} is {CARD_TEXT[card]}, but "
                              f"the next card to deal is {CARD_TEXT[top]}")
            piles[seat] = self.hands[seat] if self.k[seat] < 0 else gone
        if self.used != len(self.reshuffles):
            self.err(f"reshuffles lists {len(self.reshuffles)} piles, but the stock ran "
                     f"out {self.used} times with a card owed")
        self.start_hands()

    def draw_of(self, seat: int, entry) -> tuple[list[int], list[int]]:
        k = self.k[seat]
        if not (isinstance(entry, list) and len(entry) == 2):
            self.stop(f"draws[{seat}] is not [discarded, received]: {entry!r}")
        gone = self.cards(entry[0], f"draws[{seat}] discarded", max(k, 0))
        got = self.cards(entry[1], f"draws[{seat}] received", max(k, 0))
        stray = [c for c in gone if c not in self.hands[seat]]
        if stray:
            self.stop(f"draws[{seat}] discards {_txt(stray)}, not in its hand")
        return gone, got

    def reshuffle(self, seat: int, piles: dict[int, list[int]]) -> list[int]:
        """The next reshuffle: seat ``seat`` is owed a card from an empty stock, so the
        piles of the seats that declared before it, not gathered before, are gathered."""
        if self.used >= len(self.reshuffles):
            self.stop(f"seat {seat} is owed a card from an empty stock, but reshuffles "
                      f"lists no more piles")
        entry = self.reshuffles[self.used]
        self.used += 1
        if not (isinstance(entry, list) and len(entry) == 2 and entry[0] == seat):
            self.stop(f"reshuffles[{self.used - 1}] is {entry!r}, but the stock runs out "
                      f"while seat {seat} is served")
        cards = self.cards(entry[1], f"reshuffles[{self.used - 1}]")
        want = {c for pile in piles.values() for c in pile}
        piles.clear()
        if not want:
            self.stop(f"seat {seat} is owed a card, but the stock is empty and there is "
                      f"nothing to gather")
        if set(cards) != want:
            self.stop(f"reshuffles[{self.used - 1}] gathers {entry[1]}, but the piles of "
                      f"the seats that declared before seat {seat} are "
                      f"{_txt(sorted(want))}")
        return cards

    def start_hands(self) -> None:
        rows = self.per_seat("start_hands")
        for s in range(self.n):
            want: list[int] = []
            if self.k[s] >= 0:
                gone, got = self.draw_of(s, self.tr["draws"][s])
                want = sorted(set(self.hands[s]) - set(gone) | set(got))
            if rows[s] != _txt(want):
                self.err(f"start_hands[{s}] is {rows[s]!r}, but hand - discarded + "
                         f"received in ascending id is {_txt(want)}")

    def play(self) -> None:
        """Five tricks round the playing seats, every card legal, every winner as rule 4
        names; none when one seat plays."""
        tricks = self.tr["tricks"]
        if not isinstance(tricks, list):
            self.stop(f"tricks is not a list: {tricks!r}")
        if len(self.playing) == 1:
            if tricks:
                self.err(f"seat {self.playing[0]} alone plays and takes the pot without "
                         f"play, but tricks lists {len(tricks)}")
            self.won = [0] * self.n
        elif len(tricks) != TRICKS:
            self.stop(f"tricks lists {len(tricks)}, expected {TRICKS}")
        else:
            self.play_tricks(tricks)
        if self.tr["tricks_won"] != self.won:
            self.err(f"tricks_won is {self.tr['tricks_won']!r}, but the tricks give "
                     f"{self.won}")

    def play_tricks(self, tricks: list) -> None:
        rows = self.per_seat("start_hands")
        hands = {s: set(self.cards(rows[s], f"start_hands[{s}]", HAND)) for s in self.playing}
        won = [0] * self.n
        played: set[int] = set()
        leader = self.playing[0]
        for i, trick in enumerate(tricks):
            if not (isinstance(trick, dict) and set(trick) == {"leader", "plays", "winner"}):
                self.stop(f"trick {i} is not an object of leader, plays, winner: {trick!r}")
            if trick["leader"] != leader:
                self.stop(f"trick {i}: leader is {trick['leader']!r}, but seat {leader} "
                          f"leads it")
            plays = self.trick_plays(i, trick["plays"], leader, hands, played, won)
            winner = trick_winner(plays, self.trump)
            if trick["winner"] != winner:
                self.err(f"trick {i}: winner is {trick['winner']!r}, but rule 4 names "
                         f"seat {winner}")
            won[winner] += 1
            played.update(c for _, c in plays)
            leader = winner
        self.won = won

    def trick_plays(self, i: int, plays, leader: int, hands, played, won):
        order = from_leader(self.playing, leader)
        if not isinstance(plays, list) or len(plays) != len(order):
            self.stop(f"trick {i}: plays must be {len(order)} entries [seat, [card]], "
                      f"the playing seats from the leader")
        out: list[tuple[int, int]] = []
        for j, (entry, seat) in enumerate(zip(plays, order, strict=True)):
            if not (isinstance(entry, list) and len(entry) == 2 and entry[0] == seat):
                self.stop(f"trick {i}: plays[{j}] is {entry!r}, but seat {seat} plays there")
            card = self.cards(entry[1], f"trick {i}: seat {seat}'s card", 1)[0]
            if card not in hands[seat]:
                self.stop(f"trick {i}: seat {seat} plays {CARD_TEXT[card]}, not in its hand")
            legal = legal_cards(hands[seat], [c for _, c in out], self.trump, played,
                                won[seat], j == len(order) - 1)
            if card not in legal:
                self.err(f"trick {i}: seat {seat} plays {CARD_TEXT[card]}, not legal by "
                         f"rules 4 and 5 (legal: {' '.join(_txt(legal))})")
            hands[seat].discard(card)
            out.append((seat, card))
        return out

    def payment(self) -> None:
        """Rule 6 with the options: the winner, what it takes, the bourré and what they
        pay, from the pot when play ended."""
        if self.won is None or self.pot is None:
            return
        pot_end = self.pot + self.double_chips()
        want = settle(pot_end, self.won, self.playing, self.opts.limit)
        for key, value in zip(("winner", "taken", "bourre", "paid"), want, strict=True):
            if self.tr[key] != value or type(self.tr[key]) is not type(value):
                self.err(f"{key} is {self.tr[key]!r}, but rule 6 gives {value!r} (the pot "
                         f"held {pot_end} when play ended)")

    def double_chips(self) -> int:
        return len(self.playing) if self.opts.double_ante else 0


def check_deal(trace: dict, seed_check: bool = True, replay_check: bool = True) -> list[str]:
    """Every rule violation of one ``bourre-trace/1`` deal (empty when valid).

    ``seed_check``: the hands, stock and dealer must be those of the trace's (seed, deal)
    under kind 5 (False for deals of fixed hands); ``replay_check``: a trace of the random
    player (``policy == "random"``, with ``seed_check``) must also be what its stream
    draws, key for key.
    """
    check = _DealCheck(trace, seed_check)
    try:
        check.run()
    except _Stop:
        return check.errors
    except Exception as exc:  # malformed data must never crash the checker
        return check.errors + [f"checker stopped on malformed data: {exc!r}"]
    if seed_check and replay_check and trace["policy"] == "random" and check.pot is not None:
        check.errors += replay_errors(trace, check.opts)
    return check.errors


def replay_errors(trace: dict, opts: Options) -> list[str]:
    """The keys of a random player's trace that its stream does not reproduce."""
    try:
        want, _ = random_deal(trace["seed"], trace["deal"], trace["dealer"], opts,
                              trace["pot_before"], trace["antes"])
    except Exception as exc:  # the rule check has reported why already
        return [f"replay of the random player impossible: {exc!r}"]
    out = []
    for key in KEYS:
        if trace[key] != want[key]:
            where, w, g = _difference(key, trace[key], want[key])
            out.append(f"{where} is {_short(g)}, but the random player's stream gives "
                       f"{_short(w)}")
    return out


def _short(value, width: int = 100) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def _difference(where: str, got, want) -> tuple[str, object, object]:
    """The first place two trace values differ: (its path, the wanted value, the value
    found), so that a replay names one card or one number rather than a whole trick."""
    if isinstance(got, list) and isinstance(want, list) and len(got) == len(want):
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            if g != w:
                return _difference(f"{where}[{i}]", g, w)
    if isinstance(got, dict) and isinstance(want, dict) and set(got) == set(want):
        for k in want:
            if got[k] != want[k]:
                return _difference(f"{where}.{k}", got[k], want[k])
    return where, want, got


# --------------------------------------------------------------------------- sessions


def pot_after(trace: dict) -> int:
    """The pot carried to the next deal: the pot when play ended, less what the winner
    took, plus what the bourré paid."""
    return (trace["pot_before"] + double_ante_chips(trace) - trace["taken"]
            + sum(trace["paid"]))


def double_ante_chips(trace: dict) -> int:
    """The ``double_ante`` chips of a deal: one a playing seat."""
    if not trace["rules"].get("double_ante"):
        return 0
    return len(playing_seats(trace["declarations"]))


def chips(traces: list[dict]) -> list[int]:
    """Each seat's net chips over the deals: what it took, less its antes, its
    ``double_ante`` chips and what it paid as bourré (docs/bourre.md section 2)."""
    n = traces[0]["players"] if traces else 0
    out = [0] * n
    for tr in traces:
        double = bool(tr["rules"].get("double_ante"))
        playing = set(playing_seats(tr["declarations"]))
        for s in range(n):
            out[s] -= tr["antes"][s] + tr["paid"][s] + (double and s in playing)
        if tr["winner"] is not None:
            out[tr["winner"]] += tr["taken"]
    return out


def check_session(traces: list[dict], seed_check: bool = True,
                  replay_check: bool = True) -> list[str]:
    """Every violation in the deals of one session, in order: each deal (check_deal),
    then what ties them together: one seed, table and rules, consecutive deals, the
    dealer passing left, the antes of rule 7, the pot carried over, chips conserved."""
    errors: list[str] = []
    for i, tr in enumerate(traces):
        errors += [f"deal {_label(tr, i)}: {e}" for e in check_deal(tr, seed_check,
                                                                     replay_check)]
    try:
        for i, tr in enumerate(traces):
            errors += [f"deal {_label(tr, i)}: {e}" for e in _session_start_errors(tr)]
        for i in range(1, len(traces)):
            errors += [f"deal {_label(traces[i], i)}: {e}"
                       for e in _link_errors(traces[i - 1], traces[i])]
        return errors + _conservation_errors(traces)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        # a deal malformed enough to break the links has its own violations above
        return errors + [f"the deals cannot be linked into a session: {exc!r}"]


def _label(tr, i: int) -> str:
    try:
        return f"{tr['deal'] >> 20}:{tr['deal'] & (SESSION_STRIDE - 1)}"
    except (KeyError, TypeError):
        return f"#{i}"


def _session_start_errors(tr: dict) -> list[str]:
    """The first deal of a session: the pot empty before every seat antes 1, the dealer
    the session's number mod N."""
    if tr["deal"] & (SESSION_STRIDE - 1):
        return []
    n = tr["players"]
    out = []
    if tr["antes"] != [1] * n or tr["pot_before"] != n:
        out.append(f"the first deal of a session starts from an empty pot with every "
                   f"seat's ante: antes {[1] * n} and pot_before {n}, not {tr['antes']} "
                   f"and {tr['pot_before']}")
    if tr["dealer"] != (tr["deal"] >> 20) % n:
        out.append(f"the first dealer of session {tr['deal'] >> 20} is seat "
                   f"{(tr['deal'] >> 20) % n}, not {tr['dealer']}")
    return out


def _link_errors(prev: dict, tr: dict) -> list[str]:
    """What one deal owes the deal before it in a session."""
    out = []
    for key in ("seed", "players", "rules", "policy"):
        if tr[key] != prev[key]:
            out.append(f"{key} is {tr[key]!r}, but the session's is {prev[key]!r}")
    if tr["deal"] != prev["deal"] + 1 or not tr["deal"] & (SESSION_STRIDE - 1):
        out.append(f"deal {tr['deal']} does not follow deal {prev['deal']} in its session")
    n = tr["players"]
    if tr["dealer"] != (prev["dealer"] + 1) % n:
        out.append(f"dealer is {tr['dealer']}, but the deal passes left from seat "
                   f"{prev['dealer']} to {(prev['dealer'] + 1) % n}")
    want = next_antes(prev["winner"], prev["tricks_won"], prev["bourre"],
                      bool(tr["rules"].get("double_ante")))
    if tr["antes"] != want:
        out.append(f"antes are {tr['antes']}, but rule 7 gives {want} after the deal before")
    pot = pot_after(prev) + sum(tr["antes"])
    if tr["pot_before"] != pot:
        out.append(f"pot_before is {tr['pot_before']}, but the pot carried over plus "
                   f"the antes is {pot}")
    return out


def _conservation_errors(traces: list[dict]) -> list[str]:
    """Every chip the seats put in is in the winners' takings or in the pot at the end
    (the pot carried into the first deal listed counted as put in before)."""
    if not traces:
        return []
    first = traces[0]
    carried_in = first["pot_before"] - sum(first["antes"])
    put_in = sum(sum(tr["antes"]) + double_ante_chips(tr) + sum(tr["paid"]) for tr in traces)
    taken = sum(tr["taken"] for tr in traces)
    final = pot_after(traces[-1])
    if carried_in + put_in != taken + final:
        return [f"chips not conserved: {carried_in} carried in + {put_in} put in != "
                f"{taken} taken + {final} left in the pot"]
    if sum(chips(traces)) != carried_in - final:
        return [f"the seats' chips sum to {sum(chips(traces))}, not {carried_in - final}"]
    return []
