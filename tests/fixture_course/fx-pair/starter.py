import torch
import numpy as np


def fx_pair(x):
    """TODO."""
    # TODO: vectorize
    raise NotImplementedError("write fx_pair")
