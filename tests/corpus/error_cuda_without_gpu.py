# vecdrill: fx-double
# expect: error
# message: Torch not compiled with CUDA enabled
# needs: no-cuda
import torch


def fx_double(x):
    return (x.cuda() * 2).cpu()
