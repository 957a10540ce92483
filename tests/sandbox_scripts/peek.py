"""Arm the guards as the worker does, with every path in argv hidden (as a plain check's request
tells the guard; the other layers cover them in the kernel), then try to read each. Prints one line per path: `text: CONTENT` for a file,
`list: NAMES` for a folder, or `refused: ERROR`."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from vecdrill import wire
from vecdrill.child import guard

layer = os.environ[wire.LAYER_ENV]
told = sys.argv[1:] if layer == "plain" else []  # elsewhere the kernel covers them
guard.install(Path.cwd(), int(os.environ[wire.RESULT_FD_ENV]), plain_mode=layer != "bwrap", hidden=told)
for arg in sys.argv[1:]:
    path = Path(arg)
    try:
        if path.is_dir():
            print("list:", ",".join(sorted(os.listdir(path))))
        else:
            print("text:", path.read_text())
    except OSError as exc:
        print("refused:", type(exc).__name__)
