"""How many play, and on which sides: four in two fixed partnerships, or individual play
(every player its own side, the bidder alone against the rest) with the player counts and
hand sizes the seeds give each preset (docs/rules.md, "Individual play")."""

from __future__ import annotations

from pedro_sim.errors import PedroError

# the presets played individually, and their player counts
INDIVIDUAL: dict[str, tuple[int, int]] = {"cinch": (2, 6), "sancho": (4, 7), "dom-pedro": (4, 7)}
MAX_PLAYERS = 8  # seats the engine has room for (the most a game of pedro_sim/games seats)
CALLED_PLAYERS = 5  # five-handed: the partner called by a trump


def individual_deal(name: str, players: int) -> dict[str, int | str]:
    """The options a preset played individually by ``players`` changes: cinch deals 8
    cards in packets of 4 to six players (9 in 3s up to five), "bidder goes out" does not
    apply, and of several players at the target on one deal the bidder wins (cinch's
    ``tie=continue`` is a rule for two teams; sancho's counting order stays, after the
    bidder).

    >>> individual_deal("cinch", 6)
    {'goes_out_at': 0, 'hand': 8, 'packet': 4, 'tie': 'bidders'}
    >>> individual_deal("sancho", 7)
    {'goes_out_at': 0}
    """
    out: dict[str, int | str] = {"goes_out_at": 0}
    if name == "cinch":
        out |= {"hand": 8, "packet": 4} if players == 6 else {"hand": 9, "packet": 3}
        out["tie"] = "bidders"
    return out


def check_table(name: str, players: int, partnerships: bool, called: bool = False) -> None:
    """Refuse, in one line, a player count the preset is not played with."""
    if called:
        if partnerships or players != CALLED_PLAYERS:
            raise PedroError(f"{name} is played by {CALLED_PLAYERS} players, the partner "
                             "called by a trump (no players or partnerships rule)")
        return
    if partnerships:
        if players != 4:
            raise PedroError(f"players={players} with partnerships: fixed partnerships are "
                             "four players; for individual play add partnerships=no")
        return
    if name not in INDIVIDUAL:
        known = ", ".join(f"{k} ({lo}..{hi} players)" for k, (lo, hi) in INDIVIDUAL.items())
        raise PedroError(f"partnerships=no: {name} is not played individually (individual "
                         f"play: {known})")
    lo, hi = INDIVIDUAL[name]
    if not lo <= players <= hi:
        raise PedroError(f"players={players}: {name} is played individually by {lo}..{hi} "
                         "players")


def table_name(name: str, players: int, partnerships: bool) -> str:
    """A game's name in tables and charts: the preset's, or ``NAME@N`` for its individual
    play by N.

    >>> table_name("cinch", 4, True), table_name("cinch", 3, False)
    ('cinch', 'cinch@3')
    """
    return name if partnerships else f"{name}@{players}"


def individual_tables() -> list[str]:
    """Every individual game the seeds describe, as table names (cinch@2 .. dom-pedro@7).

    >>> individual_tables()[:3], len(individual_tables())
    (['cinch@2', 'cinch@3', 'cinch@4'], 13)
    """
    return [table_name(name, n, False) for name, (lo, hi) in INDIVIDUAL.items()
            for n in range(lo, hi + 1)]


def split_table(text: str) -> tuple[str, int | None]:
    """``NAME@N`` as (NAME, N), a bare NAME as (NAME, None); refuses a count that is not a
    number in one line."""
    name, sep, count = text.partition("@")
    if not sep:
        return name, None
    if not count.strip().isdigit():
        raise PedroError(f"'{text}': expected PRESET@PLAYERS, e.g. cinch@3 (individual play)")
    return name, int(count)
