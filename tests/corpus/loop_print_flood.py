# vecdrill: fx-double
# expect: loop
# message: while loop
import torch


def fx_double(x):
    while True:
        print("spam " * 1000)
