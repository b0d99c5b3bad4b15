"""Records laid out from the sizes of their fields, not from offsets written by hand."""


def offsets(*sizes: int) -> tuple[int, ...]:
    """Where each field of a record starts when the fields follow one another, then the
    record's length.

    >>> offsets(53, 1, 4)
    (0, 53, 54, 58)
    """
    starts = [0]
    for size in sizes:
        if size < 0:
            raise ValueError(f"a field cannot have {size} slots")
        starts.append(starts[-1] + size)
    return tuple(starts)
