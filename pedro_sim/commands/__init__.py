"""Bodies of the CLI commands: validate input, run an analysis, print and write reports."""
