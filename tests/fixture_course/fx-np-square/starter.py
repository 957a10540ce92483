import torch
import numpy as np


def fx_np_square(x):
    """TODO."""
    # TODO: vectorize
    raise NotImplementedError("write fx_np_square")
