# vecdrill: fx-double
# expect: error
# message: does not allow running code made from a string (compile)
# layers: all
# The gate refuses exec by name; behind it the audit hook refuses exec asked by the solution's own
# code (a loop hidden in a string would escape the static gate's eyes).


def fx_double(x):
    found = {}
    exec("y = [v * 2 for v in x.tolist()]", {"x": x}, found)
    return x * 2
