# vecdrill: fx-double
# expect: forbidden
# message: `os`
import os

import torch


def fx_double(x):
    os._exit(0)
