# vecdrill: fx-double
# expect: forbidden
# message: `torch.cuda` is off limits in a drill solution
import torch


def fx_double(x):
    if torch.cuda.is_available():  # allowed: it reads, it changes nothing
        torch.cuda.set_per_process_memory_fraction(1.0)  # the check's GPU memory cap
    return x * 2
