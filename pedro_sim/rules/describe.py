"""A short text of how a variant plays, written from its options."""

from __future__ import annotations

from pedro_sim.rules.overrides import variant_label
from pedro_sim.rules.variant import Variant

_RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
               "pedro": "pedro", "off5": "off-five", "3": "three", "2": "two", "joker": "joker",
               "offjack": "off-jack"}

# what Cinch players call the points these trumps score (High, Low, Jack, Game)
CINCH_NAMES = {"A": "High", "2": "Low", "J": "Jack", "T": "Game"}


def point_name(rank: str) -> str:
    """A scoring rank with the name Cinch players give its point, where it has one.

    >>> point_name("A"), point_name("T"), point_name("pedro")
    ('A (High)', 'T (Game)', 'pedro')
    """
    return f"{rank} ({CINCH_NAMES[rank]})" if rank in CINCH_NAMES else rank


def _points_text(v: Variant) -> str:
    """The scoring trumps in words, each with its Cinch name: "ace (High) 1, Jack 1"."""
    def word(rank: str) -> str:
        name = CINCH_NAMES.get(rank)
        if name is None or name.lower() == _RANK_NAMES[rank]:
            return name or _RANK_NAMES[rank]
        return f"{_RANK_NAMES[rank]} ({name})"

    return ", ".join(f"{word(r)} {p}" for r, p in v.points.items() if p)


_DISCARD = {
    "non-trumps": "every player discards all non-trumps",
    "keep-trumps": "every player keeps its trumps and non-trumps of its choice up to "
                   "{keep} cards",
    "keep-scoring": "every player keeps {keep} cards: scoring trumps first, then other trumps",
    "free": "every player discards what it likes, keeping at most {keep}",
    "none": "nobody discards",
    "put-away": "the bidder puts away, face down, any cards beyond {keep} (scoring trumps "
                "put away count for nobody); nobody else discards or draws",
    "fold-or-pass": "in turn from eldest, a player without a trump folds, and one with a "
                    "lone trump (or two, one of them the 2) may pass them to its partner (who "
                    "keeps them as its own) and fold; every other player keeps all its "
                    "trumps and non-trumps of its choice up to {keep} cards, and one with "
                    "more than {keep} trumps puts "
                    "away non-scoring trumps face up, then its 2 (still its team's), and "
                    "plays what is left over with its card to the first trick",
}
_FILL = {
    "rob-trumps": "the others are filled from the stock to {keep} (a player with {keep} "
                  "trumps or more gets none); the dealer then takes every trump left in the "
                  "stock (robbing the pack), and its first non-trumps up to {keep} cards in "
                  "all",
    "rob-free": "the others are filled from the stock to {keep}; the dealer then chooses "
                "freely from its cards and the rest of the stock",
    "top": "everyone, dealer last, is filled from the top of the stock to {keep}",
    "take-all": "the others are filled to {keep}; the dealer takes the rest of the stock "
                "and discards down to {keep}, non-trumps first, then non-scoring trumps",
    "rob-all": "the others are filled from the stock to {keep}; the dealer then makes up its "
               "{keep} from its cards, the rest of the stock and the others' discards",
    "none": "there is no fill",
}
_EXCESS = {
    "bury": "a player with more than {keep} trumps keeps them all and plays the extras "
            "with its card to the first trick, buried under it: they may not score (the 2 "
            "included), count for nothing and go to the trick's winner",
    "pairs": "a player with more than {keep} cards (all trumps) keeps them all and plays one "
             "extra card with its card on each trick, as a pair, until it is back to the "
             "others' count (beyond twice {keep}, the first trick takes the surplus too); "
             "the top card counts for the trick, both go to its winner, and at most one card "
             "of a pair may score",
    "discard-nonscoring": "a player with more than {keep} trumps discards non-scoring trumps "
                          "down to {keep} (a player other than the dealer then gets no fill)",
    "pass-to-partner": "a player with more than {keep} trumps keeps {keep} and passes the "
                       "rest to its partner; partners with more than twice {keep} together "
                       "discard non-scoring trumps (a scoring trump is never discarded)",
    "extra-cards": "a player left with more than {keep} scoring trumps keeps them and plays the "
                   "extras with its card to the first trick; they go to the trick's winner "
                   "and score for it",
    "extra-one-scoring": "a player with more than {keep} trumps plays the extras with its "
                         "card to the first trick, so as to hold {rest} cards after it; at "
                         "most one of the cards it plays there may score (a player with all "
                         "seven scoring trumps may play the 2 and one other); they go to the "
                         "trick's winner and score for it",
    "put-away": "",  # said with the fold-or-pass exchange, which it belongs to
}
_TIE = {
    "continue": "; if both teams reach it on one deal, play goes on",
    "bidders": "; if both teams reach it on one deal, the bidders win",
    "counting-order": "; if both teams reach it on one deal, the scoring cards of that deal "
                      "are counted in the order {order} from the scores before it, and the "
                      "first to reach it wins",
}
_PLAIN = {
    "follow-or-trump": "on a plain lead a player must follow suit or trump",
    "any": "on a plain lead any card may be played",
    "follow": "suit must always be followed when possible",
    "trumps-only": "only trumps are played",
    "non-trump": "on a plain lead a player must play a non-trump (of any suit) if able",
}


def _kitty_text(v: Variant) -> str:
    """The cards dealt aside: lipton's missy (the last 4, face down), a kitty."""
    if not v.kitty:
        return ""
    if v.discard == "put-away":
        return f"; the last {v.kitty} form a face-down missy for the high bidder"
    return f"; the last {v.kitty} are set aside, face down (the kitty)"


def _follows_text(v: Variant) -> str:
    """A dealer forced to the minimum: a house rule's min_bid moves it too."""
    if v.dealer_forced != "exact" or v.forced_bid != v.min_bid:
        return ""
    return " (the minimum: --rule min_bid=N moves it too, unless forced_bid is given)"


def _excess_text(v: Variant) -> str:
    """What a player with more trumps than it keeps does, where one can: not where it keeps
    at most ``keep`` cards of any kind (free discards) or plays every card it holds."""
    text = _EXCESS[v.excess_trumps]
    if not text or v.discard == "free" or v.plays_every_card_it_holds:
        return ""
    return "; " + text


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _kitty_order(v: Variant) -> str:
    """Whether the high bidder sees the kitty before it names trumps (option
    trump_before_kitty), as the start of the exchange's sentence.

    >>> from pedro_sim.rules.presets import PRESETS
    >>> _kitty_order(PRESETS["lipton"]).split(", then ")
    ['the high bidder names trumps from its dealt cards', 'takes the missy into its hand; ']
    >>> _kitty_order(PRESETS["king-pedro"]), _kitty_order(PRESETS["cinch"])
    ('the high bidder takes the kitty into its hand, then names trumps; ', '')
    """
    if not v.kitty:
        return ""
    kitty = "missy" if v.discard == "put-away" else "kitty"  # lipton's word for it
    if v.trump_before_kitty:
        return (f"the high bidder names trumps from its dealt cards, then takes the {kitty} "
                "into its hand; ")
    return f"the high bidder takes the {kitty} into its hand, then names trumps; "


def describe(v: Variant) -> list[str]:
    """Sentences, one per stage of a deal and of a game."""
    scoring = _points_text(v)
    team = "the team of " if v.partnerships else ""  # who the 2 counts for
    fmt = {**v.options(), "rest": v.keep - 1,
           "order": ", ".join(point_name(r) for r in v.counting_order)}
    deck = {52: "52 cards", 53: "52 cards and a joker (the lowest trump)",
            32: "32 cards (A K Q J T 9 5 2 of each suit)"}[v.deck]
    lines = [
        f"{variant_label(v)}: {v.description}.",
        ("Four players in two partnerships" if v.partnerships else
         f"{v.players} players, each keeping its own score (the bidder calls a trump it "
         "does not hold as it leads to the first trick; the holder must play it there and "
         "is its partner for the deal, against the three others)" if v.called_partner else
         f"{v.players} players, each on its own (the bidder alone against the others)")
        + f", {deck}; {v.hand} cards each in packets of "
        f"{v.packet}" + _kitty_text(v)
        + (f", a face-down book of {v.books} each, picked up after the bidding and before "
           "trumps are named" if v.books else "")
        + (f", {v.second_deal} more each after the bidding" if v.second_deal else "") + ".",
        f"Bids {v.min_bid}..{v.max_bid}, "
        + ("one round, eldest first" if v.auction == "one-round" else
           "going round until all but one pass")
        + ("; the dealer may take the bid by equalling" if v.dealer_may_equal else "")
        + {"exact": f"; if all pass the dealer is forced to bid {v.forced_bid}",
           "any": f"; if all pass the dealer must bid at least {v.min_bid}",
           "none": "; if all pass the deal is thrown in"}[v.dealer_forced]
        + _follows_text(v) + ".",  # the kitty's order: the exchange's sentence
        "Trumps: the named suit" + (", plus the five of the same colour (off-five)"
                                    if v.off_five_trump else "")
        + (", plus the jack of the same colour (off-jack, just below the jack)"
           if v.off_jack_trump else "") + f". Points: {scoring} "
        f"({v.total_points} a deal); the two scores for "
        + {"holder": ("its holder's team" if v.partnerships else "its holder"),
           "winner": "the trick's winner", "player": team + "the player who plays it",
           "dealt": team + "the player dealt it, wherever it ends"}[v.two_scores_for]
        + ".",
        _sentence((_kitty_order(v) + _DISCARD[v.discard] + "; " + _FILL[v.dealer_fill]
                   + _excess_text(v)
                   + ("; scoring trumps the bidders' opponents discard count for the "
                      "bidders, those the bidders discard for nobody"
                      if v.opponents_discards_to_bidders else "")
                   + ("; the dealer may also take trumps from the others' discards"
                      if v.dealer_searches_discards else "")
                   + ("; every card put out of play is put face up, for all to see"
                      if v.discards_face_up else "")).format(**fmt)),
        f"Play: {v.keep} cards; the bidder leads "
        + ("a trump" if v.first_lead == "trump" else "any card")
        + "; on a trump lead a player must trump if able; " + _PLAIN[v.plain_led]
        + ("; a trick with no trump goes to its leader" if v.plain_trick_winner == "leader"
           else "")
        + {"never": "; nobody folds during play" if v.discard == "fold-or-pass" else "",
           "no-trump-on-trump-lead": "; a player with no trump folds on a "
                                                  "trump lead",
           "no-trump-at-trick": "; a player with no trump folds"}[v.fold] + ".",
        "Score: " + {"add": "each side adds its points; bidders who fall short lose the bid",
                     "difference": "the side with more points scores the difference; set "
                                   "bidders give the bid plus their opponents' points",
                     "sancho": "made: every team scores its points; set: the bidders lose "
                               "the bid and the others score theirs"}[v.scoring]
        + ("; the bidder and its partner each score their points together, or each lose "
           "the bid; the three others each score their own" if v.called_partner else "")
        + {"none": "", "moon": "; the top bid scores double if made",
           "double-max": "; the top bid scores and loses double",
           "double-83": "; '83 double' scores and loses 166"}[v.special_bid]
        + ("; the dealer alone may bid 28-56 (recorded as 28, above every bid) holding the "
           "ace, king and 2 of the suit it names: 56 if its team takes every point, else "
           "minus 28" if v.dealer_28_56 else "") + ".",
        f"Game: first to {v.target}"
        + (f"; with both at {v.goes_out_at} or more the bidders go out by making their bid"
           if v.goes_out_at else "")
        + {"any": "", "bid": "; a team wins only on a deal on which it won the bid",
           "made": "; a team wins only on a deal on which it made its own bid"}[v.win_only_on]
        + (f"; a team at {v.lose_at} loses" if v.lose_at else "")
        + (_TIE[v.tie].format(**fmt) if v.partnerships else "")
        + ("; of several players there on one deal, the bidder, else "
           + ("its partner, else " if v.called_partner else "") + "the highest ("
           + ("by the counting order" if v.tie == "counting-order" else "a tie plays on")
           + ")" if not v.partnerships else "")
        + (f"; a bid of {v.max_bid} wins the game at once if the bidders take every point, "
           "and loses it at once otherwise" if v.moon_game else "") + ".",
    ]
    return lines
