"""Analyses: each turns kernel accumulators into estimates with intervals."""
