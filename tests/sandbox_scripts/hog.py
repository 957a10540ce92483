"""Ask for too much: private memory, shared memory touched page by page, a big file, or many
1 MiB files (at most 64)."""

import mmap
import os
import sys
from pathlib import Path

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
elif how == "files":
    written = 0
    try:
        while written < 64:
            Path(f"part{written}.bin").write_bytes(b"f" * (1 << 20))
            written += 1
    except OSError as exc:
        print("errno", exc.errno, "after", written)
