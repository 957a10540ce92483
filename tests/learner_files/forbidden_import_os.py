# vecdrill: fx-double
# expect: forbidden
import os

import torch


def fx_double(x):
    return x * 2
