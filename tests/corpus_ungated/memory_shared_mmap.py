# vecdrill: fx-double
# expect: memory
# message: killed, most likely for using too much memory
# needs: cgroup
# timeout: 40
import mmap

import torch


def fx_double(x):
    # Shared memory escapes RLIMIT_DATA; the run's cgroup stops it once it passes 3 GiB, which
    # takes longer than the corpus's usual time limit on a busy machine.
    shared = mmap.mmap(-1, 8 << 30, flags=mmap.MAP_SHARED | mmap.MAP_POPULATE)
    return x * 2 + len(shared) * 0
