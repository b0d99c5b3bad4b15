"""A deliberately simple perfect-information minimax for Pedro positions.

Used by the tests to check the fast solver. No alpha-beta, no transposition
table, no merging of equivalent cards: plain recursion over every legal play
(every legal top card and every legal set of extras), so only small positions
are feasible.

The rules are those of the reference engine (pedro_sim/reference/general.py,
``play``). Called from the reference: ``follow_legal`` (the plain_led /
trump_led rules), ``extras_needed`` (how many extras a stack carries) and
``trick_winner``, and for the constrained extras (``kp``, ``pairs``) which
stacks may be played (``stack_tops``, ``_can_complete``); card properties come
from ``variants.table``. Written here, following ``play`` line by line: folds
(at the start of a trick or on a trump lead: the folded cards score for
nobody), skipping empty hands, the lone-player claim, passing the lead on, the
bidder's forced trump lead, which stacks are allowed (``bury``: extras are
non-scoring trumps; ``all``: any cards) and the scoring of every card
(``_award``). ``reference_playout_check`` replays random deals
of the reference engine through these functions to show they agree.

Values are points of the bidder's team (team = seat % 2; in five-handed, the
bidder and its called partner against the other three, ``team_seats``): the points of the
cards in the tricks it wins, plus the 2 of trumps where that counts for its
holder and the bidder's team holds it in the position. Cards absent from the
position count nothing. The bidder's team maximizes the value, the other team
minimizes it (where cards fold unscored, that is the other team keeping the
bidders down, not taking most for itself).
"""

from __future__ import annotations

import random
import time
from itertools import combinations

from pedro_sim.reference.general import (
    _can_complete,
    extras_needed,
    follow_legal,
    play,
    stack_tops,
    trick_winner,
)
from pedro_sim.reference.variants import canonical, get_variant, table

N = 4

# The extras rules this module plays: every one the reference knows.
_EXTRAS_MODES = (None, "bury", "all", "kp", "pairs")


def team(seat: int) -> int:
    return seat % 2


class _Game:
    """The fixed part of a position: preset, trump table, bidder (and in five-handed the
    seats of the bidder's team)."""

    def __init__(self, variant: str, trump: int, bidder: int,
                 team_seats: tuple[int, ...] | None = None) -> None:
        v = get_variant(variant)
        if v.extras not in _EXTRAS_MODES:
            raise ValueError(f"extras rule {v.extras!r} of {variant!r} is not supported")
        if trump not in range(4):
            raise ValueError(f"trump must be 0..3, got {trump!r}")
        self.n = v.players
        if bidder not in range(self.n):
            raise ValueError(f"bidder must be 0..{self.n - 1}, got {bidder!r}")
        if (team_seats is None) != (self.n == N):
            raise ValueError("team_seats: the bidder's team, given for five players only")
        self.team_seats = team_seats
        self.v = v
        self.t = table(v, trump)
        self.bidder = bidder
        self.bteam = self.team(bidder)

    def team(self, seat: int) -> int:
        if self.team_seats is None:
            return team(seat)
        return 0 if seat in self.team_seats else 1

    # ------------------------------------------------------------ scoring

    def card_points(self, c: int, seat_played: int, winner: int) -> int:
        """Points ``c`` brings the bidder's team when ``seat_played`` plays it
        into a trick won by ``winner`` (as reference ``_award``)."""
        p = self.t.points[c]
        if not p:
            return 0
        if c == self.t.two:
            rule = self.v.two_rule
            if rule in ("holder", "dealt"):  # ukrainian: a held 2 was dealt to its team
                return 0  # counted once, statically, for the holder
            tm = self.team(seat_played) if rule == "player" else self.team(winner)
        else:
            tm = self.team(winner)
        return p if tm == self.bteam else 0

    def static_points(self, hands) -> int:
        """The 2 of trumps counted for its holder when play starts (ukrainian's 2 for the
        team dealt it: in a position, its holder's)."""
        if self.v.two_rule not in ("holder", "dealt"):
            return 0
        for s in range(self.n):
            if self.t.two in hands[s]:
                return self.t.points[self.t.two] if self.team(s) == self.bteam else 0
        return 0

    # --------------------------------------------------------------- moves

    def extras_ok(self, extras) -> bool:
        if self.v.extras == "bury":
            return all(self.t.non_scoring[c] for c in extras)
        return True  # "all": any cards

    def moves(self, hand, led, ti: int, seat: int) -> list[tuple[int, tuple[int, ...]]]:
        """Every legal (top, extras) for ``seat`` holding ``hand``; ``led`` is
        None for the leader, else the effective suit led. Extras ascending."""
        v, t = self.v, self.t
        legal = follow_legal(v, t, list(hand), led)
        if led is None and ti == 0 and seat == self.bidder and v.first_lead_trump:
            legal = [c for c in hand if t.is_trump[c]] or list(hand)
        e = extras_needed(v, len(hand), ti)
        constrained = v.extras in ("kp", "pairs")
        if e and constrained:
            legal = stack_tops(v, t, list(hand), legal, e, ti)
        out = []
        for top in sorted(legal):
            if e == 0:
                out.append((top, ()))
                continue
            rest = sorted(c for c in hand if c != top)
            for extras in combinations(rest, e):
                left = [c for c in rest if c not in extras]
                if constrained:
                    ok = _can_complete(v, t, list(hand), [top, *extras], left, 0, e, ti)
                else:
                    ok = self.extras_ok(extras)
                if ok:
                    out.append((top, extras))
        return out

    def folds(self, hand, led) -> bool:
        """Whether a seat holding ``hand`` folds before it plays (``led``: None at the
        start of a trick, else the suit led)."""
        if any(self.t.is_trump[c] for c in hand):
            return False
        return (self.v.fold == "start" and led is None) or (
            self.v.fold == "trump_lead" and led == self.t.suit)

    def trick_points(self, plays, winner: int) -> int:
        """``plays``: (seat, top, extras) in playing order."""
        pts = 0
        for seat, top, extras in plays:
            pts += self.card_points(top, seat, winner)
            if self.v.extras != "bury":  # buried cards count nothing
                for c in extras:
                    pts += self.card_points(c, seat, winner)
        return pts

    # -------------------------------------------------------------- search

    def trick_start(self, hands, ti: int, prev: int):
        """Who plays the next trick: None when play is over; ("claim", seat)
        when one player alone holds cards; else the seats in playing order."""
        n = self.n
        active = [s for s in range(n) if hands[s]]
        if not active:
            return None
        if len(active) == 1:
            return ("claim", active[0])
        leader = prev
        while not hands[leader]:
            leader = (leader + 1) % n
        return [(leader + i) % n for i in range(n) if hands[(leader + i) % n]]

    def value(self, hands, ti: int, prev: int) -> int:
        """Value from the start of a trick whose leader would be ``prev``."""
        hands = [() if h and self.folds(h, None) else h for h in hands]
        order = self.trick_start(hands, ti, prev)
        if order is None:
            return 0
        if order[0] == "claim":
            seat = order[1]
            return sum(self.card_points(c, seat, seat) for c in hands[seat])
        return self.in_trick(hands, ti, order, [], None)

    def in_trick(self, hands, ti: int, order, plays, led) -> int:
        i = len(plays)
        if i == len(order):
            winner = trick_winner(self.v, self.t, [(s, top) for s, top, _ in plays])
            return self.trick_points(plays, winner) + self.value(hands, ti + 1, winner)
        seat = order[i]
        if led is not None and self.folds(hands[seat], led):
            folded = list(hands)
            folded[seat] = ()
            return self.in_trick(folded, ti, order[:i] + order[i + 1:], plays, led)
        best = None
        for top, extras in self.moves(hands[seat], led, ti, seat):
            val = self.after_move(hands, ti, order, plays, led, seat, top, extras)
            if best is None:
                best = val
            elif self.team(seat) == self.bteam:
                best = max(best, val)
            else:
                best = min(best, val)
        if best is None:
            raise ValueError(f"seat {seat} has no legal play (trick {ti}, hand {hands[seat]})")
        return best

    def after_move(self, hands, ti, order, plays, led, seat, top, extras) -> int:
        gone = {top, *extras}
        new_hands = list(hands)
        new_hands[seat] = tuple(c for c in hands[seat] if c not in gone)
        new_led = self.t.eff_suit[top] if led is None else led
        return self.in_trick(new_hands, ti, order, plays + [(seat, top, extras)], new_led)


def _check_hands(variant: str, hands) -> list[tuple[int, ...]]:
    v = get_variant(variant)
    if len(hands) != v.players:
        raise ValueError(f"need {v.players} hands")
    seen: set[int] = set()
    out = []
    for h in hands:
        for c in h:
            if not isinstance(c, int) or c not in v.pack():
                raise ValueError(f"card {c!r} is not in the {v.deck}-card pack of {variant}")
            if c in seen:
                raise ValueError(f"card {c} appears twice")
            seen.add(c)
        out.append(tuple(sorted(h)))
    return out


def brute_value(variant: str, trump: int, leader: int, bidder: int, hands: list[list[int]],
                trick_index: int = 0) -> int:
    """Minimax value (bidder's team's points) of the position."""
    g = _Game(variant, trump, bidder)
    hs = _check_hands(variant, hands)
    return g.static_points(hs) + g.value(hs, trick_index, leader)


def brute_team_value(variant: str, trump: int, leader: int, bidder: int,
                     team_seats: tuple[int, ...], hands: list[list[int]],
                     trick_index: int = 0) -> int:
    """five-handed: the minimax value (the points of the bidder's team ``team_seats``, the
    three others playing as one side) of the position."""
    g = _Game(variant, trump, bidder, team_seats)
    hs = _check_hands(variant, hands)
    return g.static_points(hs) + g.value(hs, trick_index, leader)


def brute_root_values(variant: str, trump: int, leader: int, bidder: int,
                      hands: list[list[int]], trick_index: int = 0) -> dict[tuple[int, ...], int]:
    """For every legal first play of the player to move (the leader, or the
    next seat with cards if the leader has none): (top, *extras ascending) ->
    the value after that play (static 2 included, so ``brute_value`` is the
    max/min of these). Empty when nobody is to move: play is over or one
    player alone holds cards and claims them."""
    g = _Game(variant, trump, bidder)
    hs = _check_hands(variant, hands)
    static = g.static_points(hs)
    hs = [() if h and g.folds(h, None) else h for h in hs]
    order = g.trick_start(hs, trick_index, leader)
    if order is None or order[0] == "claim":
        return {}
    seat = order[0]
    out = {}
    for top, extras in g.moves(hs[seat], None, trick_index, seat):
        out[(top, *extras)] = static + g.after_move(hs, trick_index, order, [], None, seat,
                                                    top, extras)
    if not out:
        raise ValueError(f"seat {seat} has no legal play")
    return out


# ------------------------------------------------------------- positions

def random_small_position(rng: random.Random, variant: str, max_cards: int) -> dict:
    """A random position of ``variant`` with hands of 0..``max_cards`` cards
    (mostly equal, non-empty). About one time in three, where the preset has
    stacks (``bury``, ``all``), one player holds hand+1 or hand+2 cards (all
    trumps in ``bury`` presets, as real play gives; any cards, often all
    trumps, in ``all``) and the others at most two cards each.

    Search cost grows fast: with max_cards <= 3 every position solves in
    well under 0.1 s; with 4, most in milliseconds but the worst in seconds.
    Hands other than a stack never exceed the preset's hand size."""
    g = _Game(variant, rng.randrange(4), rng.randrange(N))  # validates the preset
    v, t = g.v, g.t
    leader = g.bidder if rng.random() < 0.5 else rng.randrange(N)
    deck = v.pack()
    rng.shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(N)]
    trick_index = 0
    stacks = v.extras in ("bury", "all", "kp", "pairs") and rng.random() < 1 / 3
    if stacks and v.extras == "pairs":  # near the end, one hand over its count
        m = rng.randint(1, min(2, max_cards))
        trick_index = v.hand - m
        seat = rng.randrange(N)
        hands[seat], deck = deck[:m + rng.choice((1, 2))], deck[m + 2:]
        for s in range(N):
            if s != seat:
                n = rng.randint(0, m)
                hands[s], deck = deck[:n], deck[n:]
    elif stacks:
        seat = rng.randrange(N)
        k = v.hand + rng.choice((1, 2))
        if v.extras == "bury" or rng.random() < 0.5:
            pool = [c for c in deck if t.is_trump[c]]
        else:
            pool = deck
        hands[seat] = pool[:k]
        deck = [c for c in deck if c not in hands[seat]]
        small = min(2, max_cards)
        for s in range(N):
            if s != seat:
                n = rng.randint(1 if rng.random() < 0.8 else 0, small)
                hands[s], deck = deck[:n], deck[n:]
    else:
        max_cards = min(max_cards, v.hand)  # no stacks here
        n = rng.randint(1, max(1, max_cards))
        for s in range(N):
            m = n
            r = rng.random()
            if r < 0.1:
                m = 0
            elif r < 0.3:
                m = rng.randint(0, max_cards)
            hands[s], deck = deck[:m], deck[m:]
    return dict(variant=variant, trump=t.suit, leader=leader, bidder=g.bidder,
                hands=[sorted(h) for h in hands], trick_index=trick_index)


# ------------------------------------------------- agreement with reference

class _RecordingPolicy:
    """Random choices for reference ``play``, recording every option list."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.log: list[tuple[str, int, list[int]]] = []

    def choose(self, tag, seat, options, info=None):
        self.log.append((tag, seat, list(options)))
        return options[self.rng.randrange(len(options))]


def reference_playout_check(pos: dict, rng: random.Random) -> None:
    """Play ``pos`` once with reference ``play`` (random choices) and replay
    the deal through this module: the same top cards offered at every turn,
    every stack played among ours, the same winners, the same points.
    Needs leader == bidder and trick_index == 0 (the reference starts so)."""
    assert pos["leader"] == pos["bidder"] and pos.get("trick_index", 0) == 0
    g = _Game(pos["variant"], pos["trump"], pos["bidder"])
    v, t = g.v, g.t
    hands = _check_hands(pos["variant"], pos["hands"])
    policy = _RecordingPolicy(rng)
    tricks, _folded, claimed, points, _awards = play(v, t, [list(h) for h in hands],
                                                      g.bidder, policy)
    tops_offered = [(seat, opts) for tag, seat, opts in policy.log if tag == "top"]
    total = g.static_points(hands)
    prev, ti, k = g.bidder, 0, 0
    for trick in tricks:
        order = g.trick_start(hands, ti, prev)
        assert isinstance(order, list) and order[0] == trick["leader"], (order, trick)
        plays, led = [], None
        for (seat, texts_), want in zip(trick["plays"], order, strict=True):
            assert seat == want
            cards = [canonical(x, 53) for x in texts_]
            top, extras = cards[0], tuple(sorted(cards[1:]))
            ours = g.moves(hands[seat], led, ti, seat)
            assert tops_offered[k] == (seat, sorted({m[0] for m in ours})), (
                tops_offered[k], ours)
            k += 1
            assert (top, extras) in ours, ((top, extras), ours)
            hands = list(hands)
            hands[seat] = tuple(c for c in hands[seat] if c not in cards)
            plays.append((seat, top, extras))
            led = t.eff_suit[top] if led is None else led
        winner = trick_winner(v, t, [(s, c) for s, c, _ in plays])
        assert winner == trick["winner"]
        total += g.trick_points(plays, winner)
        prev, ti = winner, ti + 1
    order = g.trick_start(hands, ti, prev)
    if claimed is None:
        assert order is None
    else:
        assert order == ("claim", claimed[0])
        total += sum(g.card_points(c, claimed[0], claimed[0]) for c in hands[claimed[0]])
    assert k == len(tops_offered)
    assert total == points[g.bteam], (total, points)


def _main() -> None:
    from pedro_sim.reference.variants import PRESETS, texts

    presets = [name for name, v in PRESETS.items()
               if v.fold is None and v.extras in _EXTRAS_MODES]
    rng = random.Random(20240607)
    n_check = 0
    for name in presets:
        for _ in range(300):
            pos = random_small_position(rng, name, 6)
            pos["leader"] = pos["bidder"]
            reference_playout_check(pos, rng)
            n_check += 1
    print(f"reference playouts replayed: {n_check} ({', '.join(presets)})")
    worst = 0.0
    for name in presets:
        for i in range(6):
            pos = random_small_position(rng, name, 3)
            t0 = time.perf_counter()
            val = brute_value(**pos)
            roots = brute_root_values(**pos)
            dt = time.perf_counter() - t0
            worst = max(worst, dt)
            if roots:
                lead = pos["leader"]
                mover = next((lead + s) % N for s in range(N) if pos["hands"][(lead + s) % N])
                pick = max if team(mover) == team(pos["bidder"]) else min
                assert pick(roots.values()) == val, (pos, val, roots)
            best = [texts(m) for m, x in roots.items() if x == val]
            if i < 2:
                print(f"{name:13s} trump={'SHDC'[pos['trump']]} lead={pos['leader']} "
                      f"bid={pos['bidder']} hands={[texts(h) for h in pos['hands']]} "
                      f"value={val} best={best} {dt * 1000:.1f} ms")
    print(f"slowest position: {worst * 1000:.1f} ms")


if __name__ == "__main__":
    _main()
