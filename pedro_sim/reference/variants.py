"""The presets of docs/rules.md section 4 as plain records, and per-trump card tables
for every preset (53-card pack with the joker, off-five on or off, point tables).

Independent of pedro_sim.rules: written from docs/rules.md only.
"""

from __future__ import annotations

from .cards import _SUIT_ALIASES, RANKS, store_tables
from .cards import CARD_TEXT as _CARD_TEXT_52

JOKER = 52
CARD_TEXT = tuple(_CARD_TEXT_52) + ("JK",)
_CANONICAL = {text: c for c, text in enumerate(CARD_TEXT)}

# Rank keys of the points tables: card ranks, "P" = the pedro (5 of trumps),
# "O" = the off-five, "JK" = the joker.
_RANK_OF = {"A": 12, "K": 11, "Q": 10, "J": 9, "T": 8, "9": 7, "3": 1, "2": 0, "P": 3}


class Variant:
    """One preset. Field meanings are in docs/engine-spec.md ("Presets")."""

    def __init__(self, name, **kw):
        self.name = name
        self.deck = 52
        self.dealt = 9            # cards each in the first deal
        self.packet = 3           # cards per packet in the first deal
        self.hand = 6             # hand size in play = number of tricks
        self.off_five = True
        self.off_jack = False     # the jack of the trump's colour is a trump below the jack
        self.points = {"A": 1, "J": 1, "T": 1, "P": 5, "O": 5, "2": 1}
        self.two_rule = "holder"  # holder (at start of play) | player | winner | dealt
        self.min_bid, self.max_bid = 7, 14
        self.forced = 7           # int: forced value | "any": any legal bid | None: thrown in
        self.dealer_may_equal = False
        self.rounds = "one"       # one | round (until all but one pass)
        self.special = None       # None | (bid, needed, made score, set loss)
        self.moon = False         # the top bid, made, scores twice the bid
        self.search_discards = False  # a robbing dealer may take the others' discarded trumps
        self.moon_game = False    # the top bid wins the game with every point, else loses it
        self.deal_28_56 = False   # the dealer may bid 28 holding A K 2 of the trump: 56 or -28
        self.discards_face_up = False  # all see the discards (no rule of play changes)
        self.trump_first = False  # the bidder names trumps before it takes the kitty (lipton)
        self.exchange = "cinch"
        self.extras = "bury"      # bury | pairs | kp | all | None
        self.first_lead_trump = False
        self.follow = "follow_or_trump"  # | any | must_follow | trump_only | non_trump
        self.fold = None          # None | trump_lead | start
        self.plain_winner = "highest"    # | leader
        self.scoring = "standard"        # | difference
        self.target = 62
        self.goes_out_at = None
        self.end = "target"       # target | own_made | won_bid | count_order | made_target
        #                           | called (five-handed: bidder, then partner, then highest)
        self.lose_at = None
        self.count_order = ()
        self.players = 4          # seats, 0..players-1 in playing order
        self.individual = False   # True: every player its own side (partnerships=false)
        self.called = False       # the bidder calls its partner by a trump (five-handed)
        for k, val in kw.items():
            if not hasattr(self, k):
                raise AttributeError(k)
            setattr(self, k, val)
        self.total = sum(self.points.values())

    def __repr__(self) -> str:
        return f"Variant({self.name!r})"

    @property
    def sides(self) -> int:
        """How many sides score: 2 partnerships, or one a player in individual play."""
        return self.players if self.individual else 2

    def side(self, seat: int) -> int:
        """The side ``seat`` plays for: its own in individual play, else seat % 2."""
        return seat if self.individual else seat % 2

    def partner(self, seat: int) -> int:
        """The partner of ``seat`` (partnership games only: the seat across)."""
        if self.individual:
            raise ValueError(f"{self.name} played individually: no partners")
        return (seat + 2) % self.players

    def pack(self) -> list[int]:
        """The pack, ascending ids: 52 cards, the joker (52) too, or A K Q J T 9 5 2."""
        if self.deck == 32:
            return [c for c in range(52) if RANKS[c % 13] in "AKQJT952"]
        return list(range(self.deck))


CINCH_POINTS = {"A": 1, "J": 1, "T": 1, "P": 5, "O": 5, "2": 1}

PRESETS = {
    "cinch": Variant("cinch", goes_out_at=55),
    "foster": Variant("foster", min_bid=1, forced=1, exchange="foster", extras=None,
                      scoring="difference", target=51, discards_face_up=True),
    "california": Variant("california", points=dict(CINCH_POINTS, J=3), two_rule="player",
                          min_bid=6, max_bid=16, forced="any", special=(16, 16, 32, 32),
                          extras="pairs", first_lead_trump=True, follow="any",
                          fold="trump_lead", target=100, end="own_made"),
    "family": Variant("family", two_rule="player", min_bid=6, forced=6, exchange="family",
                      follow="any", fold="start", target=52, end="won_bid"),
    "pidro": Variant("pidro", min_bid=6, forced=6, exchange="pidro", extras=None,
                     follow="trump_only", fold="start", target=62),
    "nicaragua": Variant("nicaragua", dealt=7, hand=7, forced=6, exchange="nicaragua",
                         extras=None, follow="must_follow", target=52),
    "catch-five": Variant("catch-five", off_five=False, dealt=6,
                          points={"A": 1, "J": 1, "T": 1, "P": 5, "2": 1},
                          min_bid=2, max_bid=9, forced=2, dealer_may_equal=True,
                          exchange="refill", extras=None, follow="must_follow", target=31),
    "sancho": Variant("sancho", off_five=False, dealt=6,
                      points={"A": 1, "2": 1, "J": 1, "T": 1, "P": 5, "9": 9},
                      two_rule="winner", min_bid=1, max_bid=18, forced=1,
                      dealer_may_equal=True, exchange="none", extras=None,
                      first_lead_trump=True, target=100, end="count_order",
                      count_order=("A", "2", "J", "T", "P", "9")),
    "dom-pedro": Variant("dom-pedro", deck=53, off_five=False, dealt=6,
                         points={"A": 1, "2": 1, "J": 1, "T": 1, "3": 3, "P": 5, "9": 9,
                                 "JK": 15},
                         two_rule="winner", min_bid=1, max_bid=36, forced=1,
                         dealer_may_equal=True, exchange="none", extras=None,
                         first_lead_trump=True, target=100, end="count_order",
                         count_order=("A", "2", "J", "T", "3", "P", "9", "JK")),
    "king-pedro": Variant("king-pedro", dealt=12,
                          points={"A": 1, "K": 30, "J": 1, "T": 1, "P": 5, "O": 5, "2": 1},
                          two_rule="player", min_bid=30, max_bid=44, forced=None,
                          rounds="round", exchange="kitty", extras="kp", follow="any",
                          fold="start", plain_winner="leader", target=200,
                          end="made_target", lose_at=-100),
    "sixty-three": Variant("sixty-three",
                           points={"A": 1, "K": 25, "J": 1, "T": 1, "9": 9, "P": 5, "O": 5,
                                   "3": 15, "2": 1},
                           min_bid=1, max_bid=63, forced=1, rounds="round",
                           exchange="second", extras="all", target=152),
    "eighty-three": Variant("eighty-three", deck=53, dealt=12,
                            points={"A": 1, "K": 25, "Q": 20, "J": 1, "T": 1, "9": 9,
                                    "P": 5, "O": 5, "2": 1, "JK": 15},
                            min_bid=30, max_bid=83, forced=None, rounds="round",
                            special=(166, 83, 166, 166), exchange="pass", extras=None,
                            target=200),
    "lipton": Variant("lipton", deck=32, off_jack=True, dealt=7, packet=1, hand=7,
                      points={"A": 1, "K": 20, "J": 1, "OJ": 1, "T": 1, "P": 5, "O": 5,
                              "2": 1},
                      two_rule="player", min_bid=20, max_bid=35, forced=None, rounds="round",
                      exchange="lipton", trump_first=True, extras=None, follow="any",
                      fold="start", plain_winner="leader", target=200, end="made_target",
                      lose_at=-100),
    "ukrainian": Variant("ukrainian",
                         points={"A": 1, "K": 30, "J": 1, "T": 10, "9": 9, "P": 5, "O": 5,
                                 "2": 1},
                         two_rule="dealt", min_bid=30, max_bid=62, forced=None, rounds="round",
                         exchange="ukrainian", extras="all", first_lead_trump=True,
                         follow="non_trump", plain_winner="leader", target=262,
                         end="made_target"),
}

PRESET_NAMES = tuple(PRESETS)

# Presets of more than four seats, kept apart from PRESETS (the four-player presets in two
# partnerships, which the tests sweep as two-team games): five-handed, every seat its own
# side for points, the bidder's partner for the deal being the holder of the trump it calls.
CALLED_PRESETS = {
    "five-handed": Variant("five-handed", dealt=10, packet=1, points=dict(CINCH_POINTS, J=3),
                           two_rule="player", min_bid=6, max_bid=16, forced=6,
                           exchange="kitty", extras="pairs", target=104, end="called",
                           players=5, individual=True, called=True),
}
ALL_PRESET_NAMES = PRESET_NAMES + tuple(CALLED_PRESETS)


def get_variant(name: str) -> Variant:
    v = PRESETS.get(name) or CALLED_PRESETS.get(name)
    if v is None:
        raise ValueError(f"unknown preset {name!r}; known: {', '.join(ALL_PRESET_NAMES)}")
    return v


# House rules (a trace's "rules" object): option name -> how it sets this record.
_POINT_KEYS = {"pedro": "P", "off5": "O", "joker": "JK", "offjack": "OJ"}
_FOLLOW = {"follow-or-trump": "follow_or_trump", "any": "any", "follow": "must_follow",
           "trumps-only": "trump_only", "non-trump": "non_trump"}
_FOLD = {"never": None, "no-trump-on-trump-lead": "trump_lead", "no-trump-at-trick": "start"}
_SIMPLE = {"min_bid": "min_bid", "max_bid": "max_bid", "dealer_may_equal": "dealer_may_equal",
           "target": "target", "two_scores_for": "two_rule",
           "plain_trick_winner": "plain_winner", "dealer_searches_discards": "search_discards",
           "moon-game": "moon_game", "moon_game": "moon_game", "28-56": "deal_28_56",
           "dealer_28_56": "deal_28_56", "deck": "deck", "off_jack_trump": "off_jack",
           "discards_face_up": "discards_face_up", "trump_before_kitty": "trump_first"}
# Individual play (every player its own side): the presets played so, and their player
# counts (docs/rules.md; a preset's 4 in partnerships is the only other table).
INDIVIDUAL = {"cinch": (2, 6), "sancho": (4, 7), "dom-pedro": (4, 7)}
DEAL_RULES = ("players", "partnerships",
              "min_bid", "max_bid", "forced_bid", "dealer_forced", "dealer_may_equal",
              "first_lead", "plain_led", "fold", "special_bid", "scoring", "two_scores_for",
              "plain_trick_winner", "points", "target", "goes_out_at", "dealer_searches_discards",
              "moon", "moon-game", "28-56", "deck", "off_jack_trump", "discards_face_up",
              "trump_before_kitty")


def with_rules(name: str, rules: dict) -> Variant:
    """Preset ``name`` with house rules (the names and values users give ``--rule``), as
    far as they shape one deal: a new record, the preset's left as it is."""
    base = get_variant(name)
    v = Variant(base.name, **{k: val for k, val in vars(base).items()
                              if k not in ("name", "total")})
    v.points = dict(base.points)
    if rules.get("moon"):  # the interchange format's name for special_bid=moon
        rules = {**{k: x for k, x in rules.items() if k != "moon"}, "special_bid": "moon"}
    forced_kind = rules.get("dealer_forced")
    _seat(v, rules)
    for key, value in rules.items():
        if key in ("players", "partnerships"):
            continue
        if key in _SIMPLE:
            setattr(v, _SIMPLE[key], value)
        elif key == "points":
            for rank, p in value.items():
                k = _POINT_KEYS.get(rank, rank)
                if p:
                    v.points[k] = p
                else:
                    v.points.pop(k, None)
        elif key == "first_lead":
            v.first_lead_trump = value == "trump"
        elif key == "plain_led":
            v.follow = _FOLLOW[value]
        elif key == "fold":
            v.fold = _FOLD[value]
        elif key == "scoring":
            v.scoring = "difference" if value == "difference" else "standard"
        elif key == "goes_out_at":
            v.goes_out_at = value or None
        elif key not in ("special_bid", "forced_bid", "dealer_forced", "moon"):
            raise ValueError(f"the reference engine does not read rule {key!r}")
    if forced_kind is not None or "forced_bid" in rules:
        kind = forced_kind or ("any" if v.forced == "any" else
                               "none" if v.forced is None else "exact")
        v.forced = {"any": "any", "none": None}.get(kind, rules.get("forced_bid", v.forced))
        if kind == "exact" and not isinstance(v.forced, int):
            raise ValueError(f"dealer_forced=exact on {name} needs forced_bid: the preset's"
                             " dealer is not forced to a value")
    elif "min_bid" in rules and base.forced == base.min_bid:
        v.forced = rules["min_bid"]  # a dealer forced to the minimum stays forced to it
    if "special_bid" in rules:
        top = v.max_bid
        v.moon = rules["special_bid"] == "moon"
        v.special = {"double-max": (top, top, 2 * top, 2 * top),
                     "double-83": (2 * top, top, 2 * top, 2 * top)}.get(rules["special_bid"])
    elif "max_bid" in rules and base.special is not None:
        raise ValueError("max_bid with a preset's special bid: give special_bid too")
    if v.individual:
        who = v.name if v.called else "individual play (partnerships=false)"
        if v.goes_out_at:
            raise ValueError(f"goes_out_at: \"bidder goes out\" does not apply to {who}")
        if v.scoring == "difference":
            raise ValueError(f"scoring=difference: not defined for {who}")
        if v.moon_game:
            raise ValueError(f"moon-game: not defined for {who}")
    if v.called and v.players * v.dealt > len(v.pack()):
        raise ValueError(f"deck={v.deck}: {v.name} deals {v.dealt} cards to each of "
                         f"{v.players} players")
    v.total = sum(v.points.values())
    return v


def _seat(v: Variant, rules: dict) -> None:
    """``players`` and ``partnerships``: four in two partnerships (the presets' own), or
    individual play of ``cinch`` (2..6 players; 9 cards each in packets of 3, 8 in two
    packets of 4 for six players), ``sancho`` and ``dom-pedro`` (4..7; 6 cards each, as
    with four); "bidder goes out" does not apply to individual play."""
    if "players" not in rules and "partnerships" not in rules:
        return
    if v.called:
        _seat_called(v, rules)
        return
    players = rules.get("players", 4)
    partnerships = rules.get("partnerships", True)
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError(f"players={players!r}: must be an integer")
    if not isinstance(partnerships, bool):
        raise ValueError(f"partnerships={partnerships!r}: must be true or false")
    if partnerships:
        if players != 4:
            raise ValueError(f"players={players} with partnerships: fixed partnerships are "
                             "four players; individual play needs partnerships=false")
        return
    if v.name not in INDIVIDUAL:
        raise ValueError(f"partnerships=false: {v.name} is not played individually (only "
                         + ", ".join(f"{k} {lo}..{hi}" for k, (lo, hi) in INDIVIDUAL.items())
                         + ")")
    lo, hi = INDIVIDUAL[v.name]
    if not lo <= players <= hi:
        raise ValueError(f"players={players}: {v.name} is played individually by "
                         f"{lo}..{hi} players")
    v.players = players
    v.individual = True
    v.goes_out_at = None
    if v.name == "cinch":
        v.dealt, v.packet = (8, 4) if players == 6 else (9, 3)


def _seat_called(v: Variant, rules: dict) -> None:
    """A preset with a called partner (five-handed) has its own table: ``players`` and
    ``partnerships`` may only restate it (its seats, no fixed partnerships), since its deal,
    its call and its game's end are written for that many players."""
    players = rules.get("players", v.players)
    partnerships = rules.get("partnerships", False)
    if players != v.players or type(players) is not int or partnerships is not False:
        raise ValueError(f"{v.name} is {v.players} players without fixed partnerships (the "
                         f"bidder calls its partner): not players={players!r}, "
                         f"partnerships={partnerships!r}")


def card_ids(v: Variant, key: str, suit: int) -> int:
    """The card a points key names for trump ``suit``."""
    if key == "JK":
        return JOKER
    if key == "O":
        return (3 - suit) * 13 + 3
    if key == "OJ":
        return (3 - suit) * 13 + 9
    return suit * 13 + _RANK_OF[key]


class Table:
    """Per-trump tables for one preset: is_trump, eff_suit, power, points,
    scoring (points > 0), non_scoring (a trump worth nothing)."""

    __slots__ = ("suit", "two", "off_five", "is_trump", "eff_suit", "power", "points",
                 "scoring", "non_scoring", "n")

    def __init__(self, v: Variant, suit: int) -> None:
        n = 53 if v.deck == 53 else 52  # every id; a 32-card pack simply lacks some
        self.n = n
        self.suit = suit
        self.two = suit * 13
        self.off_five = (3 - suit) * 13 + 3 if v.off_five else -1
        is_trump = [False] * n
        eff = [c // 13 for c in range(52)] + ([suit] if n == 53 else [])
        power = [0] * n
        for r in range(13):
            c = suit * 13 + r
            is_trump[c] = True
            # A..5 -> 30..12, off-five 10, 4 3 2 -> 8 6 4, joker 2: even, so that the
            # off-jack fits just below the jack (T 22, off-jack 23, J 24)
            power[c] = 2 * (r + 3 if r >= 3 else r + 2)
        if v.off_five:
            is_trump[self.off_five] = True
            eff[self.off_five] = suit
            power[self.off_five] = 10
        if v.off_jack:
            off_jack = (3 - suit) * 13 + 9
            is_trump[off_jack] = True
            eff[off_jack] = suit
            power[off_jack] = power[suit * 13 + 9] - 1
        if n == 53:
            is_trump[JOKER] = True
            power[JOKER] = 2
        points = [0] * n
        for key, p in v.points.items():
            points[card_ids(v, key, suit)] = p
        store_tables(self, is_trump, eff, power, points)


_TABLES: dict = {}


def table(v: Variant, suit: int) -> Table:
    key = (v.deck, v.off_five, v.off_jack, tuple(sorted(v.points.items())), suit)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = Table(v, suit)
    return t


def text(c: int) -> str:
    return CARD_TEXT[c]


def texts(cards) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def canonical(x, deck: int) -> int | None:
    """Id of a card in exact output form within a ``deck``-card pack, else None."""
    if not isinstance(x, str):
        return None
    c = _CANONICAL.get(x)
    if c is None or c >= deck:
        return None
    return c


def parse_any_card(s: str, deck: int = 53) -> int:
    """Lenient input (``TH``, ``10h``, ``A♠``, ``JK``) -> id."""
    if not isinstance(s, str):
        raise ValueError(f"not a card: {s!r}")
    u = s.strip().upper()
    if u == "JK":
        if deck < 53:
            raise ValueError("the joker is not in this pack")
        return JOKER
    if len(u) < 2:
        raise ValueError(f"not a card: {s!r}")
    r, su = u[:-1], u[-1]
    if r == "10":
        r = "T"
    if len(r) != 1 or r not in RANKS or su not in _SUIT_ALIASES:
        raise ValueError(f"not a card: {s!r}")
    return _SUIT_ALIASES[su] * 13 + RANKS.index(r)
