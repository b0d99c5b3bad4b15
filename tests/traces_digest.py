"""Print a digest of deal traces of three presets, random and heuristic players, and the
patches of numba's internals that were chosen (run by tests/test_numba_patches.py in a
process of its own, with the patches on or off)."""

import hashlib
import json

import numpy as np

from pedro_sim.compiler import patches
from pedro_sim.encoding import layout as L
from pedro_sim.setup import EngineInputs, technique_flags
from pedro_sim.traces import record_deals, trace_dict

digest = hashlib.sha256()
for preset in ("cinch", "eighty-three", "california"):
    inputs = EngineInputs.for_variant(preset)
    for policy in (L.P_RANDOM, L.P_HEURISTIC):
        for i, rec in enumerate(record_deals(inputs, 4, np.arange(300), policy,
                                             technique_flags())):
            digest.update(json.dumps(trace_dict(rec, inputs, 4, i, "x")).encode())
print(json.dumps({"digest": digest.hexdigest(), "chosen": sorted(patches.chosen()),
                  "installed_after": patches.installed()}))
