"""Writing results: atomic files, run metadata, figures."""
