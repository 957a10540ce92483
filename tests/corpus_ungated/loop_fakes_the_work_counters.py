# vecdrill: fx-double
# expect: loop
# message: measured from outside its process
# layers: all
# Code past the gate can replace vecdrill's work counter in its own process, so the counts say
# what it likes. The CPU time the sandbox reads from outside the process between the calls whose
# work is counted still grows with the loop.
import sys

import torch


def _counted_as_flat(function, kwargs, *, torch_ops):
    return {"calls": 3, "aten": 2, "syncs": 0}, function(**kwargs)


sys.modules["vecdrill.child.counting"].count_work = _counted_as_flat


def fx_double(x):
    out = torch.empty_like(x)
    for i in range(x.shape[0]):
        value = x[i].clone()
        for _ in range(4):
            value = value + 0.0
        out[i] = value * 2
    return out
