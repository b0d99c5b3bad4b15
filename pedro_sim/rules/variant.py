"""The Variant record: every kind of rule option of docs/rules.md section 3, validated.

A preset (rules/presets.py) is one value of this record; a user's house rules
are the same record with some fields replaced (rules/overrides.py). ``validate``
refuses values out of range and combinations that cannot be dealt or played,
naming the option. Which options the numba engine can play so far is decided
by setup.EngineInputs, not here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from pedro_sim.errors import PedroError
from pedro_sim.rules.choices import CHOICES as CHOICE_ENUMS
from pedro_sim.rules.table_size import check_table

# trump ranks that can score, in docs/rules.md's order
POINT_RANKS = ("A", "K", "Q", "J", "T", "9", "pedro", "off5", "3", "2", "joker", "offjack")
# the ranks of the 32-card pack (deck=32): A K Q J T 9 5 2 of each suit
PACK_32_RANKS = "AKQJT952"
DECK_SIZES = (52, 53, 32)
BID_28_56 = 28  # the dealer's special bid "28-56" as recorded: it ranks above every bid
SCORE_28_56 = 56  # what it scores when the dealer's team takes every point

CHOICES: dict[str, tuple[str, ...]] = {name: enum.texts() for name, enum in CHOICE_ENUMS.items()}


def _cinch_points() -> dict[str, int]:
    return {"A": 1, "J": 1, "T": 1, "pedro": 5, "off5": 5, "2": 1}


def bid_text(bid: int, special: str = "") -> str:
    """A bid as tables and charts label it, ``special`` its name (Variant.special_bid_name):
    ``14 (moon)``, ``16 (double)``, ``28-56``, ``83 double`` (recorded as 166), a plain bid
    as its number.

    >>> [bid_text(7), bid_text(14, "moon"), bid_text(28, "28-56")]
    ['7', '14 (moon)', '28-56']
    """
    if special in ("28-56", "83 double"):
        return special
    return f"{bid} ({special})" if special else str(bid)


@dataclass(frozen=True)
class Variant:
    """Rule options of one game; the defaults are `cinch` (docs/rules.md section 2)."""

    name: str = "cinch"
    description: str = "Cinch, Double Pedro, High Five (docs/rules.md section 2)"
    players: int = 4
    partnerships: bool = True  # False: individual play, each player its own side
    # the bidder calls a trump at its first lead; the holder partners it for the deal
    # (five-handed; each player keeps its own score)
    called_partner: bool = False
    deck: int = 52
    hand: int = 9  # cards dealt to each player before the bidding
    packet: int = 3
    kitty: int = 0  # cards for the high bidder
    # the high bidder names trumps before it takes the kitty, from its dealt cards alone
    # (lipton's missy); otherwise it takes the kitty first and names trumps seeing it
    trump_before_kitty: bool = False
    books: int = 0  # face-down cards each player picks up after the bidding (family)
    second_deal: int = 0  # cards each player is dealt after the bidding (sixty-three)
    keep: int = 6  # hand size in play
    off_five_trump: bool = True
    # the jack of the other suit of the trump colour is a trump, just below the jack (lipton)
    off_jack_trump: bool = False
    points: dict[str, int] = field(default_factory=_cinch_points)
    two_scores_for: str = "holder"
    min_bid: int = 7
    max_bid: int = 14
    dealer_forced: str = "exact"
    forced_bid: int = 7
    dealer_may_equal: bool = False
    auction: str = "one-round"
    special_bid: str = "none"
    discard: str = "non-trumps"
    min_discard: int = 0
    excess_trumps: str = "bury"
    dealer_fill: str = "rob-trumps"
    first_lead: str = "any"
    plain_led: str = "follow-or-trump"
    fold: str = "never"
    plain_trick_winner: str = "highest"
    scoring: str = "add"
    target: int = 62
    goes_out_at: int = 55  # 0: no "bidder goes out"
    win_only_on: str = "any"  # a team wins only on a deal on which it won ("bid") or made
    # ("made") its own bid
    lose_at: int = 0  # 0: no losing score; else a negative score that loses
    tie: str = "continue"  # both teams reach the target on one deal
    counting_order: tuple[str, ...] = ()  # tie="counting-order": ranks in counting order
    opponents_discards_to_bidders: bool = False  # foster: opponents' discarded counters
    # a robbing dealer may also take trumps from the others' discards (foster's rob-free,
    # pidro's take-all; nicaragua's rob-all takes any discard already)
    dealer_searches_discards: bool = False
    # every card put out of play before play starts is put face up, for all to see
    # (foster): the thinking players place none of them in the hands they imagine
    discards_face_up: bool = False
    # the top numeric bid decides the game at once: won if the bidders take every point,
    # lost otherwise (the deal itself is scored as without it)
    moon_game: bool = False
    # "28-56": the dealer alone may bid 28 (above every bid) holding the ace, king and 2 of
    # the suit it names; it scores 56 with every point of the deal, else loses 28
    dealer_28_56: bool = False
    max_deals: int = 10000  # a game stops, unfinished, after this many deals

    def __post_init__(self) -> None:
        self.validate()

    @property
    def total_points(self) -> int:
        return sum(self.points.values())

    @property
    def top_bid(self) -> int:
        """The highest bid value: "83 double" is recorded as twice the maximum."""
        return 2 * self.max_bid if self.special_bid == "double-83" else self.max_bid

    @property
    def stock(self) -> int:
        """Cards left after the first deal (stock, kitty, books, second deal)."""
        return self.deck - self.players * self.hand

    def validate(self) -> None:
        """Refuse impossible values and combinations, naming the option."""
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise PedroError(f"{name}={getattr(self, name)!r}: must be one of "
                                 f"{', '.join(allowed)}")
        self._check_deal()
        self._check_points()
        self._check_bids()
        self._check_play()
        self._check_game()

    def _check_deal(self) -> None:
        check_table(self.name, self.players, self.partnerships, self.called_partner)
        if self.deck not in DECK_SIZES:
            raise PedroError(f"deck={self.deck}: must be one of 52, 53, 32")
        for key in ("kitty", "books", "second_deal"):
            if getattr(self, key) < 0:
                raise PedroError(f"{key}={getattr(self, key)}: must be 0 or more")
        if self.hand < 1 or not 1 <= self.packet <= self.hand:
            raise PedroError(f"hand={self.hand}, packet={self.packet}: a packet must hold "
                             "1..hand cards")
        needed = self.players * (self.books + self.second_deal) + self.kitty
        if self.stock < 0 or needed > self.stock:
            wanted = self.players * (self.hand + self.books + self.second_deal) + self.kitty
            raise PedroError(f"deck={self.deck}: too few cards for {self.name}, which deals "
                             f"{wanted} ({self.hand} each, kitty {self.kitty}, books "
                             f"{self.books}, second deal {self.second_deal})")
        if not 1 <= self.keep <= self.hand + self.books + self.second_deal + self.kitty:
            raise PedroError(f"keep={self.keep}: must lie in 1..the cards a player can hold")
        if self.trump_before_kitty and (not self.kitty or self.books):
            raise PedroError(f"trump_before_kitty=true: {self.name} has "
                             + (f"books ({self.books} each), which the bidder sees before "
                                "it names trumps" if self.kitty else "no kitty (kitty=0)")
                             + "; the rule is for a game whose bidder takes a kitty alone")

    def _check_points(self) -> None:
        unknown = set(self.points) - set(POINT_RANKS)
        if unknown:
            raise PedroError(f"points: unknown rank(s) {', '.join(sorted(unknown))} "
                             f"(known: {', '.join(POINT_RANKS)})")
        if any(v < 0 for v in self.points.values()):
            raise PedroError("points: a point value cannot be negative")
        if self.points.get("joker") and self.deck != 53:
            raise PedroError("points: the joker scores only with deck=53")
        if self.points.get("off5") and not self.off_five_trump:
            raise PedroError("points: the off-five scores only with off_five_trump=true")
        if self.points.get("offjack") and not self.off_jack_trump:
            raise PedroError("points: the off-jack scores only with off_jack_trump=true")
        if self.points.get("offjack") and self.excess_trumps == "extra-one-scoring":
            raise PedroError("points.offjack with excess_trumps=extra-one-scoring: that rule "
                             "for extra cards counts seven scoring trumps, not eight")
        self._check_scoring_trumps()

    def _check_scoring_trumps(self) -> None:
        """Where a player holding more trumps than it keeps must put away (bury, discard,
        or pair with a point card) trumps that score nothing, no more trumps may score than
        it keeps: with one more (cinch with points.K, or a scoring off-jack) a dealer who
        robs seven scoring trumps would have no legal card."""
        if self.excess_trumps not in ("bury", "discard-nonscoring", "pairs") \
                or self.plays_every_card_it_holds:
            return
        scoring = sum(1 for v in self.points.values() if v)
        if scoring > self.keep:
            raise PedroError(f"points: {scoring} trumps score, but with excess_trumps="
                             f"{self.excess_trumps} a player holding more than {self.keep} "
                             f"trumps may put away only trumps that score nothing: at most "
                             f"{self.keep} may score")
        if self.deck == 32 and self.points.get("3"):
            raise PedroError("points: the 32-card pack has no 3")
        if self.total_points < 1:
            raise PedroError("points: the cards must be worth something")

    def _check_bids(self) -> None:
        top = 2 * self.total_points if self.special_bid == "double-83" else self.total_points
        if self.min_bid > self.max_bid:
            raise PedroError(f"min_bid={self.min_bid} is above max_bid={self.max_bid}")
        if not 1 <= self.min_bid <= self.max_bid <= top:
            raise PedroError(f"bids {self.min_bid}..{self.max_bid} must lie within "
                             f"1..{self.total_points} (the points of a deal)")
        if self.dealer_forced == "exact" and not 1 <= self.forced_bid <= self.max_bid:
            raise PedroError(f"forced_bid={self.forced_bid} is outside 1..{self.max_bid}")
        if self.special_bid in ("double-max", "double-83") and self.scoring == "difference":
            raise PedroError(f"special_bid={self.special_bid} with scoring=difference: a "
                             "doubled bid is scored by adding and subtracting")
        if self.special_bid == "double-83" and self.max_bid != self.total_points:
            raise PedroError("special_bid=double-83 needs max_bid equal to the points of a deal")
        if self.dealer_28_56 and (self.top_bid >= BID_28_56 or self.scoring == "difference"):
            why = ("scores the difference" if self.scoring == "difference"
                   else f"bids up to {self.top_bid}")
            raise PedroError(f"28-56 with {self.name}: it needs a game whose bids stay below 28 "
                             f"and that adds or subtracts scores ({self.name} {why})")

    def _check_play(self) -> None:
        if self.discard == "free" and self.dealer_fill == "rob-trumps":
            raise PedroError("discard=free with dealer_fill=rob-trumps: a free discard "
                             "needs the dealer to rob freely or fill from the top")
        if self.min_discard < 0 or self.min_discard > self.hand:
            raise PedroError(f"min_discard={self.min_discard}: must lie in 0..hand")
        if not self.partnerships:
            self._check_individual()
        self._check_fold_or_pass()
        if self.plain_led == "trumps-only" and self.fold != "no-trump-at-trick":
            raise PedroError("plain_led=trumps-only: a player without trumps must fold "
                             "(fold=no-trump-at-trick)")
        if self.called_partner and self.plain_led in ("follow", "non-trump"):
            raise PedroError(f"plain_led={self.plain_led} with {self.name}: the holder of "
                             "the called trump must play it to the first trick, which that "
                             "rule would forbid on a plain lead it can follow")

    def _check_individual(self) -> None:
        """Rules that only two sides give a meaning, refused in individual play."""
        if self.excess_trumps == "pass-to-partner" or self.discard == "fold-or-pass":
            raise PedroError("partnerships=no: passing cards to a partner needs partners")
        for bad, why in ((self.goes_out_at, "goes_out_at (\"bidder goes out\")"),
                         (self.scoring == "difference", "scoring=difference"),
                         (self.moon_game, "moon_game")):
            if bad:
                raise PedroError(f"partnerships=no: {why} is defined for two sides only, "
                                 "not for individual play")
        if self.tie == "continue":
            raise PedroError(f"tie=continue with {self.name} played individually: of several "
                             "players at the target on one deal the bidder wins (tie=bidders; "
                             "tie=counting-order counts out the others)")

    def _check_fold_or_pass(self) -> None:
        """ukrainian's exchange comes whole: folding and passing before the keep, trumps
        put away face up, and the 2 counted for the team dealt it (which only that exchange
        keeps within a team)."""
        fold_or_pass = self.discard == "fold-or-pass"
        if fold_or_pass != (self.excess_trumps == "put-away"):
            raise PedroError("discard=fold-or-pass and excess_trumps=put-away go together "
                             "(ukrainian's exchange)")
        if fold_or_pass and (self.dealer_fill != "none" or self.kitty or self.books):
            raise PedroError("discard=fold-or-pass: nobody fills, takes a kitty or books "
                             "(dealer_fill=none, kitty=0, books=0)")
        if (self.two_scores_for == "dealt") != fold_or_pass:
            raise PedroError("two_scores_for=dealt and discard=fold-or-pass go together: "
                             "that exchange alone keeps the 2 within the team it was dealt "
                             "to, and a 2 put away there still counts for that team")

    def _check_game(self) -> None:
        if self.target < 1:
            raise PedroError(f"target={self.target}: must be positive")
        if self.goes_out_at < 0:
            raise PedroError(f"goes_out_at={self.goes_out_at}: must be 0 (off) or more")
        if self.lose_at > 0:
            raise PedroError(f"lose_at={self.lose_at}: must be negative (or 0 for none)")
        if self.max_deals < 1:
            raise PedroError("max_deals must be at least 1")
        self._check_counting_order()

    def _check_counting_order(self) -> None:
        """counting_order: ranks that score, each once, all of them with tie=counting-order."""
        order = self.counting_order
        scoring = [r for r, v in self.points.items() if v]
        unknown = [r for r in order if r not in scoring]
        if unknown:
            raise PedroError(f"counting_order={','.join(order)}: {', '.join(unknown)} "
                             f"{'is' if len(unknown) == 1 else 'are'} not a scoring rank of "
                             f"{self.name} (it scores {', '.join(scoring)})")
        repeated = sorted({r for r in order if order.count(r) > 1}, key=order.index)
        if repeated:
            raise PedroError(f"counting_order={','.join(order)}: {', '.join(repeated)} "
                             "named twice (each rank once)")
        if self.tie == "counting-order" and set(order) != set(scoring):
            missing = [r for r in scoring if r not in order]
            raise PedroError(f"counting_order must list every rank that scores, once "
                             f"(missing: {', '.join(missing)})")

    @property
    def plays_every_card_it_holds(self) -> bool:
        """Whether no player can start play with more cards than tricks (no discard, or
        lipton's put-away): then there is nothing to bury or stack (bury-low cannot arise)."""
        return self.discard in ("none", "put-away") and self.hand + self.books \
            + self.second_deal <= self.keep

    def check_bid(self, bid: int) -> int:
        """Return ``bid`` if the preset allows it (28 with 28-56), else raise naming the
        range."""
        if self.dealer_28_56 and bid == BID_28_56:
            return bid
        if not self.min_bid <= bid <= self.max_bid:
            extra = " or 28 (28-56, the dealer's)" if self.dealer_28_56 else ""
            raise PedroError(
                f"bid {bid} is outside {self.name}'s range {self.min_bid}..{self.max_bid}"
                f"{extra}"
            )
        return bid

    def special_bid_name(self, bid: int) -> str:
        """What a special bid is called where tables list bids ("28-56", "moon", "double",
        "83 double"); "" for a plain bid.

        >>> v = Variant(special_bid="moon", dealer_28_56=True)
        >>> [v.special_bid_name(b) for b in (7, 14, 28)]
        ['', 'moon', '28-56']
        """
        if self.dealer_28_56 and bid == BID_28_56:
            return "28-56"
        if self.special_bid == "double-83" and bid == self.top_bid:
            return "83 double"
        if self.special_bid in ("moon", "double-max") and bid == self.max_bid:
            return "moon" if self.special_bid == "moon" else "double"
        return ""

    def options(self) -> dict[str, object]:
        """Every option by name, for printing and run.json."""
        return {f.name: getattr(self, f.name) for f in fields(self)}
