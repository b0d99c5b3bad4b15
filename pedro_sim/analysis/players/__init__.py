"""How strong the players are: duplicate duels, the ladder of every pair, and the
calibration of the bidders' predictions."""
