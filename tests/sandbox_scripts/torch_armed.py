"""Import torch and warm it up, arm the guards as the worker does, then check that torch still
computes on two threads while a new process is still refused. Prints one line per check."""

import os
import sys
import threading
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from vecdrill import wire
from vecdrill.child import guard

torch.set_num_threads(2)
left, right = torch.randn(256, 256), torch.randn(256, 256)
expected = left @ right
plain = os.environ[wire.LAYER_ENV] != "bwrap"
guard.install(Path.cwd(), int(os.environ[wire.RESULT_FD_ENV]), plain_mode=plain)

print("matmul", torch.equal(left @ right, expected))
answers: list[bool] = []
worker = threading.Thread(target=lambda: answers.append(bool((left + right).sum() != 0)))
worker.start()
worker.join()
print("thread", answers == [True])
try:
    os.fork()
    print("fork allowed")
except PermissionError:
    print("fork refused")
