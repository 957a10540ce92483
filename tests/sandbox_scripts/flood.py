"""Write COUNT bytes of 'x' to STREAM (stdout or stderr) without a newline, then exit 0."""

import os
import sys

stream, count = sys.argv[1], int(sys.argv[2])
fd = 1 if stream == "stdout" else 2
chunk = b"x" * (1 << 16)
while count > 0:
    count -= os.write(fd, chunk[:count])
