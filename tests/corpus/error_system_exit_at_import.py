# vecdrill: fx-double
# expect: error
# message: your file raised SystemExit: 0 while it was being loaded
import torch

raise SystemExit(0)


def fx_double(x):
    return x * 2
