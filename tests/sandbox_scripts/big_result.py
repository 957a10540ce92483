"""Write COUNT bytes on the result channel."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from vecdrill import wire

result_fd = int(os.environ[wire.RESULT_FD_ENV])
count = int(sys.argv[1])
chunk = b"r" * (1 << 16)
while count > 0:
    count -= os.write(result_fd, chunk[:count])
