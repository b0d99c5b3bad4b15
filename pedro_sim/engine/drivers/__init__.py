"""The compiled loops over chunks of deals, shared out among threads: deals and traces
(deals), the strategy analyses (strategy), the soak (soak)."""
