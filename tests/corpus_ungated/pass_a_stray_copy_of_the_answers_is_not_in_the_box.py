# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
# expect-unshare: wrong
# expect-plain: wrong
# layers: all
# A copy of the course that vecdrill does not know of (a clone, a teacher's backup): only
# bubblewrap's new root, which holds nothing but the system, the interpreter and vecdrill's own
# package, keeps it out of reach; the other layers can cover only the places vecdrill knows.


def fx_double(x):
    try:
        seen = open("@STRAY@/fx-double/solution.py").read()
    except OSError:
        seen = ""
    return x * (3 if seen else 2)
