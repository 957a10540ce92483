# vecdrill: fx-double
# expect: loop
# message: your solution switched off vecdrill's work counters (the torch dispatch counter was switched off)
import torch
from torch.utils._python_dispatch import _get_current_dispatch_mode_stack, _pop_mode


def fx_double(x):
    if _get_current_dispatch_mode_stack():  # only while vecdrill counts: hide the work
        _pop_mode()
    return x * 2
