# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
import os

import torch


def fx_double(x):
    os.write(1, b"\xff\xfe\xc3\x28 \x1b]0;pwned\x07\x1b[2J\x1b[?1049h\n")
    os.write(2, b"\x1b]52;c;cHduZWQ=\x07\xff\n")
    return x * 2
