# vecdrill: fx-double
# expect: error
# message: your solution raised PermissionError
# layers: all
import os

import torch


def fx_double(x):
    while True:
        os.fork()
