# vecdrill: fx-double
# expect: error
# message: your solution raised ValueError: not allowed to raise maximum limit
# expect-guarded: error
# message-guarded: the vecdrill sandbox does not allow resource.setrlimit
import resource

import torch


def fx_double(x):
    resource.setrlimit(resource.RLIMIT_DATA, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    return x * 2
