import torch
import numpy as np


def fx_pick(m, idx):
    """TODO."""
    # TODO: vectorize
    raise NotImplementedError("write fx_pick")
