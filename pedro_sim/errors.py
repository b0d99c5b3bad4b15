"""User-facing errors: the CLI turns these into one line and exit code 2."""


class PedroError(ValueError):
    """Bad input from the user (hand, bid, option, path...)."""


def parse_choice(text: str, known, what: str) -> list[str]:
    """``text`` as a list of names: one of ``known`` (any case), or every one for 'all';
    otherwise a PedroError naming the bad ``what`` and the choices."""
    name = text.strip().lower()
    if name == "all":
        return list(known)
    if name not in known:
        raise PedroError(f"unknown {what} '{text}' (known: {', '.join(known)}, all)")
    return [name]
