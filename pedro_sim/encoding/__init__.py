"""A Variant turned into the kernels' arrays, in one place: the named indices and
layouts (layout), the option array (options) and the per-trump card tables (tables).
rules/ never imports it; the engine reads only what it produces."""
