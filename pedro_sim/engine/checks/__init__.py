"""The invariants of docs/rules.md section 6, checked inside the kernels on recorded deals."""
