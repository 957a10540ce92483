# vecdrill: fx-double
# expect: error
# message: your solution raised OSError: [Errno 28] No space left on device
# expect-guarded: error
# message-guarded: your solution raised PermissionError
import torch


def fx_double(x):
    for index in range(10**5):
        with open(f"small-{index}.txt", "w") as small:
            small.write("x")
    return x * 2
