"""The rules of one deal and one game, as kernels: dealing and the exchange, the auction,
the tricks, the deal after the trump is named, a whole deal with its score, a whole game."""
