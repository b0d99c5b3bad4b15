"""Every rule option that takes one of a few named values, declared once: its values (an
IntEnum whose member values, 0, 1, ... in the order declared, are the kernels' encoding:
a new value goes last), and what each value means. The Variant record validates against
these, the encoding layer writes the member's value into the option array, and the
kernels compare with the same members' values (encoding/layout.py names them). Text
form: the member's name in lower case, with '-'.

>>> Discard.KEEP_TRUMPS.text, Discard.parse("keep-trumps") is Discard.KEEP_TRUMPS
('keep-trumps', True)
>>> Fold.texts()
('never', 'no-trump-at-trick', 'no-trump-on-trump-lead')
"""

from __future__ import annotations

from enum import IntEnum

from pedro_sim.errors import PedroError


class Choice(IntEnum):
    """A rule option's values."""

    @property
    def text(self) -> str:
        return self.name.lower().replace("_", "-")

    @classmethod
    def texts(cls) -> tuple[str, ...]:
        return tuple(m.text for m in cls)

    @classmethod
    def parse(cls, text: str) -> Choice:
        for member in cls:
            if member.text == text:
                return member
        raise PedroError(f"{cls.option}={text!r}: must be one of {', '.join(cls.texts())}")


class TwoScoresFor(Choice):
    """Who scores the 2 of trumps: the team holding it when play starts, the winner of
    its trick, the team of the player who plays it, or the team of the player dealt it
    wherever it ends (ukrainian: held, passed to the partner or put away)."""

    HOLDER, WINNER, PLAYER, DEALT = range(4)


class DealerForced(Choice):
    """When the first three pass: the dealer must bid forced_bid, or the deal is thrown in
    if it passes too, or it must bid, any legal bid."""

    EXACT, NONE, ANY = range(3)


class Auction(Choice):
    """One round of bids, or round and round until all but one have passed."""

    ONE_ROUND, UNTIL_PASSES = range(2)


class SpecialBid(Choice):
    """A bid scored apart: the top bid scores and loses double (double-max), "83 double"
    needs every point (double-83), the top bid scores twice the bid if made (moon)."""

    NONE, MOON, DOUBLE_MAX, DOUBLE_83 = range(4)


class Discard(Choice):
    """What each player keeps after the bidding: its trumps; all it holds; every trump
    and non-trumps of choice up to the hand size; scoring trumps first; anything; any
    cards down to the hand size, which only the bidder, with the kitty, holds more of
    (put-away: lipton); every trump and non-trumps of choice, after each player in turn
    folds without a trump or may pass a lone trump (or two, one the 2) to its partner and
    fold (fold-or-pass: ukrainian)."""

    NON_TRUMPS, NONE, KEEP_TRUMPS, FREE, KEEP_SCORING, PUT_AWAY, FOLD_OR_PASS = range(7)


class ExcessTrumps(Choice):
    """A player with more trumps than the hand size: buries non-scoring ones under its
    first card, plays pairs, discards non-scoring ones, passes them to its partner, or
    plays them with its card (at most one scoring: extra-one-scoring), or puts away
    non-scoring ones face up, then its 2, and plays what is left over with its card on the
    first trick (put-away: ukrainian)."""

    (BURY, DISCARD_NONSCORING, PAIRS, PASS_TO_PARTNER, EXTRA_CARDS, EXTRA_ONE_SCORING,
     PUT_AWAY) = range(7)


class DealerFill(Choice):
    """How the dealer makes up its hand: robs the stock's trumps, robs freely, robs
    the stock and the others' discards, fills from the top, takes the whole rest, none."""

    ROB_TRUMPS, TOP, NONE, TAKE_ALL, ROB_FREE, ROB_ALL = range(6)


class FirstLead(Choice):
    """The bidder's first lead: any card, or a trump if it holds one."""

    ANY, TRUMP = range(2)


class PlainLed(Choice):
    """On a plain-suit lead: follow suit or trump, any card, follow suit if able, only
    trumps are played, or a non-trump of any suit if able (ukrainian)."""

    FOLLOW_OR_TRUMP, ANY, FOLLOW, TRUMPS_ONLY, NON_TRUMP = range(5)


class Fold(Choice):
    """A player without trumps: never folds, folds at the start of a trick, or folds
    when a trump is led."""

    NEVER, NO_TRUMP_AT_TRICK, NO_TRUMP_ON_TRUMP_LEAD = range(3)


class PlainTrickWinner(Choice):
    """A trick without trumps goes to the highest card of the suit led, or its leader."""

    HIGHEST, LEADER = range(2)


class Scoring(Choice):
    """Made bids add the bidders' points (add; sancho adds in counting order), or the side
    with more points scores the difference (difference)."""

    ADD, DIFFERENCE, SANCHO = range(3)


class Tie(Choice):
    """Both teams reach the target on one deal: play on, the bidders win, or the first to
    reach it in the counting order wins."""

    CONTINUE, BIDDERS, COUNTING_ORDER = range(3)


class WinOnlyOn(Choice):
    """A team wins on any deal, or only on a deal it won the bid on, or made its bid on."""

    ANY, BID, MADE = range(3)


CHOICES: dict[str, type[Choice]] = {
    "two_scores_for": TwoScoresFor, "dealer_forced": DealerForced, "auction": Auction,
    "special_bid": SpecialBid, "discard": Discard, "excess_trumps": ExcessTrumps,
    "dealer_fill": DealerFill, "first_lead": FirstLead, "plain_led": PlainLed, "fold": Fold,
    "plain_trick_winner": PlainTrickWinner, "scoring": Scoring, "tie": Tie,
    "win_only_on": WinOnlyOn,
}
for _name, _enum in CHOICES.items():
    _enum.option = _name  # for the error messages
