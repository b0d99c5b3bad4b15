"""One decision explained: a card, a call or a keep of a thinking player, replayed from a
trace (explain) or seen from one seat without one (position)."""
