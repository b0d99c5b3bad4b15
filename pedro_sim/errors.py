"""User-facing errors: the CLI turns these into one line and exit code 2."""


class PedroError(ValueError):
    """Bad input from the user (hand, bid, option, path...)."""

    exit_code = 2
