# vecdrill: fx-double
# expect: loop
# message: did not report the calls whose work vecdrill counts
# layers: all
# It replaces the counter and the marks around it too: then nothing confirms the counts.
import sys

import torch

sys.modules["vecdrill.child.counting"].count_work = lambda f, kw, *, torch_ops: ({"calls": 3}, f(**kw))
sys.modules["vecdrill.child.guard"].mark = lambda byte: None


def fx_double(x):
    return torch.stack([v * 2 for v in x])
