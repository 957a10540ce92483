# vecdrill: fx-double
# expect: forbidden
# message: `mmap`
import mmap

import torch


def fx_double(x):
    shared = mmap.mmap(-1, 8 << 30, flags=mmap.MAP_SHARED)
    shared[:] = b"\1" * len(shared)
    return x * 2
