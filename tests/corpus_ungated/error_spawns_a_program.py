# vecdrill: fx-double
# expect: error
# message: your solution raised PermissionError
# layers: all
import subprocess

import torch


def fx_double(x):
    subprocess.run(["sleep", "1000000"], check=True)
    return x * 2
