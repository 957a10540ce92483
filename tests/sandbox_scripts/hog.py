"""Ask for too much: private memory, shared memory touched page by page, or a big file."""

import mmap
import os
import sys

how = sys.argv[1]
if how == "private":
    hoard = bytearray(4 << 30)
elif how == "shared":
    shared = mmap.mmap(-1, 3 << 30, flags=mmap.MAP_SHARED)
    for offset in range(0, len(shared), mmap.PAGESIZE):
        shared[offset] = 1
elif how == "file":
    try:
        with open("big.bin", "wb") as out:
            out.write(b"f" * (2 << 20))
    except OSError as exc:
        print("errno", exc.errno, "size", os.path.getsize("big.bin"))
