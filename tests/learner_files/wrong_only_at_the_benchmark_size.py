# vecdrill: fx-double
# expect: wrong
# message: the benchmark size
# Right at every listed size and wrong only at the benchmark size: the check compares that size
# too, with --no-bench as without it.
def fx_double(x):
    return x * 2 if x.shape[0] < 1000 else x * 3
