# vecdrill: fx-double
# expect: error
# message: your solution raised OSError: [Errno 27] File too large
# expect-guarded: error
# message-guarded: your solution raised PermissionError
import torch


def fx_double(x):
    with open("big.bin", "wb") as big:
        for _ in range(1000):
            big.write(b"\0" * 10**6)
    return x * 2
