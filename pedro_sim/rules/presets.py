"""Every preset of docs/rules.md section 4, by name, in one place.

Each names only what differs from `cinch`; choices where docs/rules.md is silent
are in docs/rules.md.
"""

from __future__ import annotations

from dataclasses import replace

from pedro_sim.errors import PedroError
from pedro_sim.games import game_named
from pedro_sim.rules.variant import Variant

CINCH = Variant()

# Where the heuristic's partners raise each other in an auction that goes round (elsewhere
# a side takes the bid from a partner once at most). Not a rule of the game: the rule that
# measured better by duel, 200,000 deals (scripts/partner_raises.py --duel, docs/heuristic.md):
# once at most gains +1.67 net a deal in ukrainian and +2.01 in eighty-three, and costs 0.08
# to 0.09 in these three, where a partner's higher bid keeps the opponents out.
PARTNERS_RAISE = frozenset({"king-pedro", "sixty-three", "lipton"})

_SANCHO_POINTS = {"A": 1, "2": 1, "J": 1, "T": 1, "pedro": 5, "9": 9}

PRESETS: dict[str, Variant] = {
    "cinch": CINCH,
    "foster": replace(
        CINCH, name="foster", description="Cinch after Foster's Complete Hoyle (1897)",
        min_bid=1, forced_bid=1, discard="free", min_discard=3, dealer_fill="rob-free",
        opponents_discards_to_bidders=True, discards_face_up=True, scoring="difference",
        target=51, goes_out_at=0, tie="bidders"),
    "california": replace(
        CINCH, name="california", description="California Pedro",
        points={"A": 1, "J": 3, "T": 1, "pedro": 5, "off5": 5, "2": 1}, two_scores_for="player",
        min_bid=6, max_bid=16, dealer_forced="any", forced_bid=6, first_lead="trump",
        plain_led="any", fold="no-trump-on-trump-lead", excess_trumps="pairs",
        special_bid="double-max", target=100, goes_out_at=0, win_only_on="made",
        tie="bidders"),
    "family": replace(
        CINCH, name="family", description="The Finger Lakes family game",
        books=4, min_bid=6, forced_bid=6, discard="keep-trumps", dealer_fill="none",
        two_scores_for="player", plain_led="any", fold="no-trump-at-trick", target=52,
        goes_out_at=0, win_only_on="bid", tie="bidders"),
    "pidro": replace(
        CINCH, name="pidro", description="Finnish Pidro",
        min_bid=6, forced_bid=6, excess_trumps="discard-nonscoring", dealer_fill="take-all",
        plain_led="trumps-only", fold="no-trump-at-trick", goes_out_at=0, tie="bidders"),
    "nicaragua": replace(
        CINCH, name="nicaragua", description="Pedro in Nicaragua",
        hand=7, keep=7, forced_bid=6, discard="free", dealer_fill="rob-all",
        plain_led="follow", target=52, goes_out_at=0, tie="bidders"),
    "catch-five": replace(
        CINCH, name="catch-five", description="Pitch with Fives, Catch Five",
        hand=6, off_five_trump=False, points={"A": 1, "J": 1, "T": 1, "pedro": 5, "2": 1},
        min_bid=2, max_bid=9, forced_bid=2, dealer_may_equal=True, dealer_fill="top",
        plain_led="follow", target=31, goes_out_at=0, tie="bidders"),
    "sancho": replace(
        CINCH, name="sancho", description="Pedro Sancho, Nine-Five",
        hand=6, off_five_trump=False, points=_SANCHO_POINTS, two_scores_for="winner",
        min_bid=1, max_bid=18, forced_bid=1, dealer_may_equal=True, discard="none",
        dealer_fill="none", first_lead="trump", scoring="sancho", target=100, goes_out_at=0,
        tie="counting-order", counting_order=("A", "2", "J", "T", "pedro", "9")),
    "dom-pedro": replace(
        CINCH, name="dom-pedro", description="Dom Pedro, Snoozer", deck=53,
        hand=6, off_five_trump=False, points={**_SANCHO_POINTS, "3": 3, "joker": 15},
        two_scores_for="winner", min_bid=1, max_bid=36, forced_bid=1, dealer_may_equal=True,
        discard="none", dealer_fill="none", first_lead="trump", scoring="sancho", target=100,
        goes_out_at=0, tie="counting-order",
        counting_order=("A", "2", "J", "T", "3", "pedro", "9", "joker")),
    "king-pedro": replace(
        CINCH, name="king-pedro", description="King Pedro",
        hand=12, packet=3, kitty=4,
        points={"A": 1, "K": 30, "J": 1, "T": 1, "pedro": 5, "off5": 5, "2": 1},
        two_scores_for="player", auction="until-passes", min_bid=30, max_bid=44,
        dealer_forced="none", forced_bid=0, discard="keep-trumps",
        excess_trumps="extra-one-scoring",
        dealer_fill="none", plain_led="any", plain_trick_winner="leader",
        fold="no-trump-at-trick", target=200, goes_out_at=0, win_only_on="made",
        lose_at=-100, tie="bidders"),
    "sixty-three": replace(
        CINCH, name="sixty-three", description="Sixty-Three",
        points={"A": 1, "K": 25, "J": 1, "T": 1, "9": 9, "pedro": 5, "off5": 5, "3": 15,
                "2": 1},
        auction="until-passes", min_bid=1, max_bid=63, forced_bid=1, second_deal=4,
        discard="keep-scoring", excess_trumps="extra-cards", dealer_fill="none", target=152,
        goes_out_at=0, tie="bidders"),
    "eighty-three": replace(
        CINCH, name="eighty-three", description="Eighty-Three (Maine)", deck=53,
        hand=12, packet=3, kitty=5,
        points={"A": 1, "K": 25, "Q": 20, "J": 1, "T": 1, "9": 9, "pedro": 5, "off5": 5,
                "2": 1, "joker": 15},
        auction="until-passes", min_bid=30, max_bid=83, dealer_forced="none", forced_bid=0,
        special_bid="double-83", discard="keep-trumps", excess_trumps="pass-to-partner",
        dealer_fill="none", target=200, goes_out_at=0, tie="bidders"),
    "lipton": replace(
        CINCH, name="lipton", description="The Lipton variation of King Pedro (Saskatchewan)",
        deck=32, off_jack_trump=True, hand=7, packet=1, kitty=4, trump_before_kitty=True,
        keep=7,
        points={"A": 1, "K": 20, "J": 1, "offjack": 1, "T": 1, "pedro": 5, "off5": 5, "2": 1},
        two_scores_for="player", auction="until-passes", min_bid=20, max_bid=35,
        dealer_forced="none", forced_bid=0, discard="put-away", dealer_fill="none",
        plain_led="any", plain_trick_winner="leader", fold="no-trump-at-trick", target=200,
        goes_out_at=0, win_only_on="made", lose_at=-100, tie="bidders"),
    "ukrainian": replace(
        CINCH, name="ukrainian", description="Canadian / Ukrainian King Pedro",
        points={"A": 1, "K": 30, "J": 1, "T": 10, "9": 9, "pedro": 5, "off5": 5, "2": 1},
        two_scores_for="dealt", auction="until-passes", min_bid=30, max_bid=62,
        dealer_forced="none", forced_bid=0, second_deal=4, discard="fold-or-pass",
        excess_trumps="put-away", dealer_fill="none", first_lead="trump",
        plain_led="non-trump", plain_trick_winner="leader", target=262, goes_out_at=0,
        win_only_on="made", tie="bidders"),
    "five-handed": replace(
        CINCH, name="five-handed", description="Five-Handed Pedro, a partner called by a trump",
        players=5, partnerships=False, called_partner=True, hand=10, packet=1, kitty=2,
        points={"A": 1, "J": 3, "T": 1, "pedro": 5, "off5": 5, "2": 1}, two_scores_for="player",
        min_bid=6, max_bid=16, forced_bid=6, discard="keep-trumps", excess_trumps="pairs",
        dealer_fill="none", target=104, goes_out_at=0, tie="bidders"),
}


def get_preset(name: str) -> Variant:
    """The preset called ``name``, or a PedroError listing the known ones."""
    try:
        return PRESETS[name.strip().lower()]
    except KeyError:
        known = ", ".join(PRESETS)
        game = game_named(name)
        if game is not None:
            raise PedroError(f"'{name}' is not a Pedro preset: {game.summary}") from None
        raise PedroError(f"unknown preset '{name}' (known: {known})") from None
