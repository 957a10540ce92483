# vecdrill: fx-double
# expect: error
# message: your solution raised
import numpy as np
import torch


def fx_double(x):
    np.lib.npyio.DataSource(None).open("http://127.0.0.1:@PORT@/leak").read()
    return x * 2
