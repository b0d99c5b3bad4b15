"""pedro-sim: a strategy analyzer for Pedro by simulation."""

__version__ = "0.1.0"
