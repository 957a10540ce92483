# vecdrill: fx-double
# expect: loop
# message: while loop repeats Python code
import torch


def fx_double(x):
    while True:
        pass
