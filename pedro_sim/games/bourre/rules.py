"""Bourré's rules as data: its four options, each declared once with its values, and the
validated record the engine reads (docs/bourre.md section 1, rule 8).

>>> BourreRules().players, BourreRules().limit, BourreRules().trump_card.text
(7, 0, 'dealer')
>>> BourreRules.from_options({"players": "4", "limit": "20"}).rules_object()
{'limit': 20}
>>> BourreRules.from_options({"players": "9"})
Traceback (most recent call last):
...
pedro_sim.errors.PedroError: players=9: Bourré is played by 2 to 8 players
"""

from __future__ import annotations

from dataclasses import dataclass

from pedro_sim.errors import PedroError
from pedro_sim.rules.choices import Choice

MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 8, 7
MAX_POT = 10_000  # the most `bourre play --pot` takes: with 10^8 deals, sums of squares
# stay within int64 (10^16)
MAX_SESSION_DEALS = 1 << 20  # deals of a session: the stream keys deal k of session g at
# g * 2^20 + k (engine/rng.py GAME_STRIDE), so that sessions never share a deal
MAX_LIMIT = 10**12  # a limit beyond any pot a run can reach (the engine stops at 2^52)
HAND = 5  # cards a seat holds
TRICKS = 5


class TrumpCard(Choice):
    """Whose is the turned-up card: the dealer's fifth card (the dealer must play on an
    ace), or a card dealt face up after the hands that belongs to nobody."""

    DEALER = 0
    NOBODY = 1


TrumpCard.option = "trump_card"  # for the error messages


OPTIONS = {
    "players": "2..8 seats, each for itself (default 7)",
    "limit": "the most a winner takes and a bourré pays (default none)",
    "double_ante": "true: all ante every deal, a player that plays adds 1",
    "trump_card": "dealer (its fifth card, default) or nobody (a card apart)",
}


def _whole(name: str, text: str) -> int:
    try:
        return int(str(text).strip())
    except ValueError:
        raise PedroError(f"{name}={text!r}: must be a whole number") from None


def _flag(name: str, text: str) -> bool:
    t = str(text).strip().lower()
    if t in ("true", "yes", "1", "on"):
        return True
    if t in ("false", "no", "0", "off"):
        return False
    raise PedroError(f"{name}={text!r}: must be true or false")


@dataclass(frozen=True)
class BourreRules:
    """One table's rules: ``limit`` 0 means none."""

    players: int = DEFAULT_PLAYERS
    limit: int = 0
    double_ante: bool = False
    trump_card: TrumpCard = TrumpCard.DEALER

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise PedroError(f"players={self.players}: Bourré is played by "
                             f"{MIN_PLAYERS} to {MAX_PLAYERS} players")
        if not 0 <= self.limit <= MAX_LIMIT:
            raise PedroError(f"limit={self.limit}: a limit is 1 to {MAX_LIMIT:,} chips "
                             "(or none)")

    @classmethod
    def from_options(cls, options: dict[str, str]) -> BourreRules:
        """The rules from ``name=value`` texts (``--rule``), refusing unknown names."""
        fields: dict = {}
        for name, text in options.items():
            key = name.strip().replace("-", "_")
            if key == "players":
                fields[key] = _whole(key, text)
            elif key == "limit":
                value = str(text).strip().lower()
                fields[key] = 0 if value == "none" else _whole(key, text)
                if value != "none" and fields[key] < 1:
                    raise PedroError(f"limit={text}: a limit is 1 chip or more (or none)")
            elif key == "double_ante":
                fields[key] = _flag(key, text)
            elif key == "trump_card":
                fields[key] = TrumpCard.parse(str(text).strip().lower())
            else:
                raise PedroError(f"unknown Bourré option '{name}' "
                                 f"(options: {', '.join(OPTIONS)})")
        return cls(**fields)

    def rules_object(self) -> dict:
        """The trace's ``rules``: the options other than the defaults (players apart)."""
        out: dict = {}
        if self.limit:
            out["limit"] = self.limit
        if self.double_ante:
            out["double_ante"] = True
        if self.trump_card is not TrumpCard.DEALER:
            out["trump_card"] = self.trump_card.text
        return out

    @property
    def label(self) -> str:
        """A short name for tables and files: ``bourre@7``, with its options."""
        extra = "".join(f",{k}={v}" for k, v in self.rules_object().items())
        return f"bourre@{self.players}{extra}"


RULES_TEXT = """Bourré, as pedro-sim plays it (docs/bourre.md):
- 2 to 8 players, each for itself; 52 cards, ace high; every player antes
  1 chip before a session's first deal.
- Five cards each, one at a time from the dealer's left; the dealer's fifth
  card is turned up: its suit is trumps and it stays in the dealer's hand.
- From the dealer's left to the dealer, each passes (out of the deal) or
  plays and may throw away 0 to 5 cards for as many new ones. When the stock
  runs out, the discards and passed hands of those who declared before are
  shuffled and dealt. The dealer must play on a turned-up ace. If all before
  the dealer pass, the dealer takes the pot without play; so does a lone
  player.
- Five tricks among the players: follow suit, else trump, else anything; and
  beat the highest card of the trick if you can (overtrump a trumped trick
  if you can).
- The cinch: a player whose tricks won plus sure trump tricks make 3 must
  lead its highest trump, and play it to another's lead when it may trump
  and is not last.
- The most tricks take the pot; a tie leaves it for the next deal. A player
  who played and took no trick is bourré: it pays the pot's worth into the
  next pot.
- Before each later deal everyone antes 1 but the bourré and those tied for
  the most.
Options (--rule NAME=VALUE):"""


def rules_text() -> str:
    """The rules in a few lines, for `pedro-sim bourre rules`."""
    return RULES_TEXT
