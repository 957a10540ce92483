# vecdrill: fx-double
# expect: error
# message: your solution raised RuntimeError
import torch


def fx_double(x):
    # Under bwrap the drill's explanation is an empty file here, too short to map. (Elsewhere the
    # audit guard cannot see this C-level open: only the gate can stop torch.from_file there.)
    words = torch.from_file("@COURSE@/fx-double/explain.md", shared=False, size=10,
                            dtype=torch.uint8)
    return x * 2 + words[0] * 0
