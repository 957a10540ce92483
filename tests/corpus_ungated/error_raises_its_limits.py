# vecdrill: fx-double
# expect: error
# message: the vecdrill sandbox does not allow resource.setrlimit
import resource

import torch


def fx_double(x):
    resource.setrlimit(resource.RLIMIT_DATA, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    return x * 2
