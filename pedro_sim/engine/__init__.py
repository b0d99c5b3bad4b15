"""numba kernels: plain arrays and ints in, plain arrays out."""
