# vecdrill: fx-double
# expect: crash
# message: ended (exit code 0) before returning a result
import os

import torch


def fx_double(x):
    os._exit(0)
