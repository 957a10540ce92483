# vecdrill: fx-double
# expect: loop
import torch


def fx_double(x):
    out = x.clone()
    out.apply_(lambda v: v * 2)
    return out
