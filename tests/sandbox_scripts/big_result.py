"""Write COUNT bytes on the result channel."""

import os
import sys

result_fd = int(os.environ["VECDRILL_RESULT_FD"])
count = int(sys.argv[1])
chunk = b"r" * (1 << 16)
while count > 0:
    count -= os.write(result_fd, chunk[:count])
