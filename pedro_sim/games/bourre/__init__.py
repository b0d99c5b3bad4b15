"""Bourré (booray), a wing of its own: rules.py (its options), kernels/ (the compiled
deal, players and drivers), analysis/ (play, chart, sessions, duel, traces), cli.py and
commands.py (``pedro-sim bourre ...``), plots.py, report.py, api.py, bench.py, soak.py,
tests/. The shared layer reaches it only through hooks.py and api.py, which the registry
of games (pedro_sim/games) names."""
