"""Print a digest of deals of three presets, random and heuristic players, and the
patches of numba's internals that were chosen (run by tests/test_numba_patches.py in a
process of its own, with the patches on or off).

The deals are played by the deal phase without thinking players, called from Python:
the drivers call the thinking players' phase too, which compiled without the patches
would take minutes (docs/changelog.md, 2026-12-03, eleventh session)."""

import hashlib
import json

import numpy as np

from pedro_sim.compiler import patches
from pedro_sim.encoding import layout as L
from pedro_sim.engine.deal_buffers import new_work
from pedro_sim.engine.game.dealing import shuffle
from pedro_sim.engine.game.whole_deal import _deal_and_play_inline
from pedro_sim.engine.rng import KIND_DEAL, start
from pedro_sim.engine.seats import first_dealer
from pedro_sim.engine_inputs import EngineInputs, technique_flags

digest = hashlib.sha256()
work = new_work(recording=True)
flags = technique_flags()
for preset in ("cinch", "eighty-three", "california"):
    inputs = EngineInputs.for_variant(preset)
    tab = inputs.tables
    for policy in (L.P_RANDOM, L.P_HEURISTIC):
        for i in range(300):
            work.rec[:] = 0
            work.rec[L.R_CLAIM_SEAT] = -1
            start(work.rng, 4, i, KIND_DEAL)
            n = int(tab.opts[L.O_DECK])
            work.deck[:n] = np.arange(n)
            shuffle(work.rng, work.deck, n)
            played = _deal_and_play_inline(first_dealer(tab, i), -1, -1, policy, flags, tab,
                                           work, None)
            for a in (np.array(played, np.int64), work.rec, work.pts, work.hands):
                digest.update(a.tobytes())
print(json.dumps({"digest": digest.hexdigest(), "chosen": sorted(patches.chosen()),
                  "installed_after": patches.installed()}))
