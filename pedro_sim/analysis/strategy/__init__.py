"""Which play pays: what a card is worth where it sits (holdings), whether a technique
pays (techniques: the heuristic on and off; steered: a thinking player free, forbidden
and forced), and what to bid with a hand over whole games (advise)."""
