"""House rules: a preset with some options replaced, from `--rule k=v` or a TOML file."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from pedro_sim.errors import PedroError
from pedro_sim.rules.presets import get_preset
from pedro_sim.rules.table_size import individual_deal, split_table, table_name
from pedro_sim.rules.variant import POINT_RANKS, Variant

FIXED = {"name", "description", "called_partner"}  # a game, not an option (five-handed)
MAX_RULE_INT = 10**9  # an integer rule beyond this is refused (the kernels hold 64-bit words)
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
# the interchange format's names of options (docs/trace-format.md), beside the fields' own
ALIASES = {"28-56": "dealer_28_56", "moon-game": "moon_game"}


def _field_types() -> dict[str, type]:
    defaults = Variant()
    return {f.name: type(getattr(defaults, f.name)) for f in fields(Variant)
            if f.name not in FIXED}


def _convert(key: str, value: Any, kind: type) -> Any:
    """``value`` (text from the command line, or a TOML value) as the option's type."""
    text = str(value).strip()
    if kind is bool:
        if isinstance(value, bool):
            return value
        if text.lower() in _TRUE | _FALSE:
            return text.lower() in _TRUE
        raise PedroError(f"rule {key}={text}: expected true or false")
    if kind is int:
        if isinstance(value, bool):
            raise PedroError(f"rule {key}={text}: expected an integer")
        try:
            number = int(text)
        except ValueError:
            raise PedroError(f"rule {key}={text}: expected an integer") from None
        if abs(number) > MAX_RULE_INT:
            raise PedroError(f"rule {key}={text}: out of range (at most {MAX_RULE_INT:,} "
                             "either way)")
        return number
    if kind is tuple:
        items = value if isinstance(value, list) else text.split(",")
        return tuple(str(x).strip() for x in items if str(x).strip())
    return text.lower()


def apply_rules(variant: Variant, rules: dict[str, Any]) -> Variant:
    """Replace options by name; ``points.J`` (or a ``points`` table) sets one rank's points."""
    types = _field_types()
    changes: dict[str, Any] = {}
    points = dict(variant.points)
    for given, value in rules.items():
        key = ALIASES.get(given, given)
        if key == "points" and isinstance(value, dict):
            for rank, v in value.items():
                _set_points(points, rank, v)
            changes["points"] = points
        elif key.startswith("points."):
            _set_points(points, key.split(".", 1)[1], value)
            changes["points"] = points
        elif key in types:
            changes[key] = _convert(given, value, types[key])
        else:
            known = ", ".join(sorted(types))
            raise PedroError(f"unknown rule '{key}' (known: {known}, points.RANK, 28-56, "
                             "moon-game)")
    implied = {**table_changes(variant, changes), **forced_bid_follows(variant, changes)}
    result = replace(variant, **{**implied, **changes})
    check_in_force(result, {k: v for k, v in changes.items() if getattr(variant, k) != v})
    return result


# options read only under another option's value: (option, the one it needs, its value)
NEEDS = (("forced_bid", "dealer_forced", "exact"), ("counting_order", "tie", "counting-order"),
         ("min_discard", "discard", "free"))


def check_in_force(variant: Variant, changes: dict[str, Any]) -> None:
    """Refuse, in one line, a house rule that would change nothing: a new value
    (``changes``: those that differ from before) of an option read only under another's
    value (NEEDS), or a minimum discard other than the one free discards play (every card
    above ``keep`` goes). Restating a value in force is no change, and is taken.

    >>> try:
    ...     resolve_variant("cinch", ["counting_order=A,J,T,pedro,off5,2"])
    ... except PedroError as e:
    ...     print(e)
    counting_order is read only with tie=counting-order (cinch has tie=continue)
    """
    for key, needs, value in NEEDS:
        if key in changes and getattr(variant, needs) != value:
            raise PedroError(f"{key} is read only with {needs}={value} ({variant.name} has "
                             f"{needs}={getattr(variant, needs)})")
    played = max(0, variant.hand + variant.books + variant.second_deal - variant.keep)
    if "min_discard" in changes and variant.min_discard != played:
        raise PedroError(f"min_discard={variant.min_discard}: free discards keep up to "
                         f"keep={variant.keep} cards, so at least {played} go, and no other "
                         "minimum is played")


def forced_bid_follows(variant: Variant, changes: dict[str, Any]) -> dict[str, Any]:
    """A dealer forced to the minimum bid stays forced to the minimum when a house rule
    moves ``min_bid``, unless the same rules name ``forced_bid`` (docs/rules.md): a
    lowered minimum is a lowered forced bid, as the presets that bid from 6 have it.

    >>> resolve_variant("cinch", ["min_bid=6"]).forced_bid
    6
    >>> resolve_variant("cinch", ["min_bid=6", "forced_bid=7"]).forced_bid
    7
    >>> resolve_variant("nicaragua", ["min_bid=8"]).forced_bid  # forced below its minimum
    6
    """
    exact = changes.get("dealer_forced", variant.dealer_forced) == "exact"
    if "min_bid" not in changes or "forced_bid" in changes or not exact \
            or variant.forced_bid != variant.min_bid:
        return {}
    return {"forced_bid": changes["min_bid"]}


def table_changes(variant: Variant, changes: dict[str, Any]) -> dict[str, Any]:
    """The options a new player count or individual play brings with it (the hand size,
    no "bidder goes out": rules/table_size.py), unless the same rules set them.

    >>> v = apply_rules(resolve_variant("cinch"), {"players": "6", "partnerships": "no"})
    >>> v.hand, v.packet, v.goes_out_at
    (8, 4, 0)
    """
    if "players" not in changes and "partnerships" not in changes:
        return {}
    players = changes.get("players", variant.players)
    if changes.get("partnerships", variant.partnerships):
        return {}
    return individual_deal(variant.name, players)


def _set_points(points: dict[str, int], rank: str, value: Any) -> None:
    if rank not in POINT_RANKS:
        raise PedroError(f"rule points.{rank}: unknown rank (known: {', '.join(POINT_RANKS)})")
    n = _convert(f"points.{rank}", value, int)
    if n:
        points[rank] = n
    else:
        points.pop(rank, None)


def rule_text(value: Any) -> str:
    """An option's value as a user writes it after ``--rule key=`` (the inverse of
    _convert; an empty list, which only a rules file can give, as ``(none)``).

    >>> [rule_text(v) for v in (True, 7, "rob-trumps", ("A", "J"), ())]
    ['true', '7', 'rob-trumps', 'A,J', '(none)']
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(map(str, value)) or "(none)"
    return str(value)


def rule_rows(variant: Variant) -> list[tuple[str, str]]:
    """Every option of ``variant`` as ``(key, value)`` rows in --rule form: ``points`` as
    one ``points.RANK`` row per scoring rank.

    >>> rows = dict(rule_rows(resolve_variant("cinch")))
    >>> rows["off_five_trump"], rows["points.pedro"], rows["target"]
    ('true', '5', '62')
    """
    rows: list[tuple[str, str]] = []
    for key, value in variant.options().items():
        if key in FIXED:
            continue
        if key == "points":
            rows += [(f"points.{rank}", str(n)) for rank, n in value.items()]
        else:
            rows.append((key, rule_text(value)))
    return rows


def name_value(item: str) -> tuple[str, str] | None:
    """``NAME=VALUE`` as (name, value), both stripped; None when the '=' or either side is
    missing. The one reading of every NAME=VALUE the command line takes (house rules,
    each game's options, player settings); each caller says what it expected.

    >>> name_value(" min_bid = 6 ")
    ('min_bid', '6')
    >>> name_value("min_bid"), name_value("=6"), name_value("min_bid=")
    (None, None, None)
    """
    name, eq, value = item.partition("=")
    name, value = name.strip(), value.strip()
    return (name, value) if eq and name and value else None


def name_values(items: Iterable[str], malformed: Callable[[str], str]) -> dict[str, str]:
    """NAME=VALUE items as a dict (a later name replaces an earlier one); the first
    malformed item stops it with the one line ``malformed(item)``.

    >>> name_values(["limit=20", "ante = 2"], "bad {}".format)
    {'limit': '20', 'ante': '2'}
    """
    out: dict[str, str] = {}
    for item in items:
        pair = name_value(item)
        if pair is None:
            raise PedroError(malformed(item))
        out[pair[0]] = pair[1]
    return out


def parse_rule_args(items: list[str]) -> dict[str, str]:
    """`--rule key=value` arguments as a dict, refusing malformed ones."""
    return name_values(items, lambda item: f"--rule '{item}': expected KEY=VALUE, e.g. "
                       "--rule min_bid=6")


def load_rules_file(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except OSError as e:
        raise PedroError(f"--rules {path}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise PedroError(f"--rules {path}: not valid TOML ({e})") from None


def resolve_variant(preset: str, rule_args: list[str] | None = None,
                    rules_file: Path | None = None) -> Variant:
    """The preset (``NAME@N``: played individually by N), then the file's rules, then the
    command line's, validated."""
    variant = table_variant(preset)
    if rules_file is not None:
        variant = apply_rules(variant, load_rules_file(rules_file))
    if rule_args:
        variant = apply_rules(variant, parse_rule_args(rule_args))
    return variant


def table_variant(text: str) -> Variant:
    """A preset by name, or ``NAME@N``: that preset played individually by N players.

    >>> v = table_variant("cinch@6")
    >>> v.players, v.partnerships, v.hand
    (6, False, 8)
    """
    name, players = split_table(text.strip().lower())
    variant = get_preset(name)
    if players is None:
        return variant
    return apply_rules(variant, {"players": players, "partnerships": False})


def house_rules(variant: Variant) -> dict[str, Any]:
    """The options in which ``variant`` departs from the preset of its name, as a trace's
    "rules" object ({} for the preset itself; ``points`` holds the ranks that changed,
    0 for a rank that no longer scores).

    >>> house_rules(resolve_variant("cinch", ["min_bid=6", "points.J=2"]))
    {'points': {'J': 2}, 'min_bid': 6, 'forced_bid': 6}
    >>> house_rules(resolve_variant("cinch", ["players=6", "partnerships=no"]))
    {'players': 6, 'partnerships': False}
    >>> house_rules(resolve_variant("cinch", ["min_bid=5", "forced_bid=7"]))  # 7 as before
    {'min_bid': 5, 'forced_bid': 7}
    """
    preset = get_preset(variant.name)
    seated = table_changes(preset, {"players": variant.players,
                                    "partnerships": variant.partnerships})
    out: dict[str, Any] = {}
    for key, value in variant.options().items():
        was = seated.get(key, getattr(preset, key))
        if key in FIXED or value == was:
            continue
        if key == "points":
            value = {r: value.get(r, 0) for r in POINT_RANKS
                     if value.get(r, 0) != was.get(r, 0)}
        out[key] = list(value) if isinstance(value, tuple) else value
    if "min_bid" in out and variant.dealer_forced == "exact":
        out["forced_bid"] = variant.forced_bid  # a reader would let it follow min_bid
    return out


TABLE_RULES = ("players", "partnerships")  # named by the label's ``@N``, not as options


def variant_label(variant: Variant) -> str:
    """The game as every output names it: the preset, ``@N`` when it is played
    individually by N (not the preset's own table), and every house rule in force as
    ``--rule`` takes it, in brackets. A forced bid that only followed ``min_bid``
    (forced_bid_follows) is left out: the label's rules give it back.

    >>> variant_label(resolve_variant("cinch@3"))
    'cinch@3'
    >>> variant_label(resolve_variant("cinch", ["min_bid=6", "target=52", "points.J=2"]))
    'cinch (points.J=2, min_bid=6, target=52)'
    >>> variant_label(resolve_variant("five-handed", ["28-56=yes"]))
    'five-handed (dealer_28_56=true)'
    """
    name = variant.name if variant.called_partner else table_name(
        variant.name, variant.players, variant.partnerships)
    rules = house_rules(variant)
    if rules.get("forced_bid") == variant.min_bid and "min_bid" in rules:
        preset = get_preset(variant.name)
        if preset.forced_bid == preset.min_bid:
            del rules["forced_bid"]
    shown = [f"points.{rank}={n}" for rank, n in rules.pop("points", {}).items()]
    shown += [f"{key}={rule_text(tuple(value) if isinstance(value, list) else value)}"
              for key, value in rules.items() if key not in TABLE_RULES]
    return f"{name} ({', '.join(shown)})" if shown else name


def read_trace_rules(preset: str, rules: dict[str, Any]) -> Variant:
    """The variant of a preset and a trace's "rules" object (trace_rules read back; a
    pedro-bot/1 hello's too).

    >>> trace_rules(read_trace_rules("cinch", {"moon": True, "players": 3,
    ...                                         "partnerships": False}))
    {'players': 3, 'partnerships': False, 'moon': True}
    """
    given = {("special_bid" if key == "moon" and value is True else key):
             ("moon" if key == "moon" and value is True else value)
             for key, value in rules.items()}
    return apply_rules(table_variant(preset), given)


def trace_rules(variant: Variant) -> dict[str, Any]:
    """house_rules as a trace's "rules" object: the moon, the moon game and 28-56 under the
    interchange format's own names, ``"moon": true``, ``"moon-game": true`` and
    ``"28-56": true`` (docs/trace-format.md). A dealer newly forced to an exact
    bid carries its ``forced_bid`` even when the preset's unused one was not changed: a
    reader cannot know it from a preset whose dealer was not forced exactly.

    >>> trace_rules(resolve_variant("cinch", ["special_bid=moon"]))
    {'moon': True}
    >>> trace_rules(resolve_variant("california", ["dealer_forced=exact"]))
    {'dealer_forced': 'exact', 'forced_bid': 6}
    >>> trace_rules(resolve_variant("california", ["moon_game=yes"]))
    {'moon-game': True}
    >>> trace_rules(resolve_variant("cinch", ["28-56=yes"]))
    {'28-56': True}
    """
    out = house_rules(variant)
    if out.get("dealer_forced") == "exact":
        out.setdefault("forced_bid", variant.forced_bid)
    if out.get("special_bid") == "moon":
        del out["special_bid"]
        out["moon"] = True
    for name, key in ALIASES.items():
        if out.pop(key, False):
            out[name] = True
    return out
