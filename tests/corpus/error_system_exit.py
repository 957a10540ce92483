# vecdrill: fx-double
# expect: error
# message: your solution raised SystemExit: 3
# layers: all
import torch


def fx_double(x):
    raise SystemExit(3)
