# vecdrill: fx-double
# expect: forbidden
# message: `torch.functional.torch.os` is the module `os`, reached through another module
import torch


def fx_double(x):
    # Every part of the name is allowed by its spelling; what it resolves to is not.
    torch.functional.torch.os.system("touch @VICTIM@/planted")
    return x * 2
