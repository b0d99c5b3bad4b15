"""The players that think: what a seat knows and worlds drawn from it (sampler), the
perfect-information solver, the playout players (pimc, dd), their scratch, and bidding
by simulated deals."""
