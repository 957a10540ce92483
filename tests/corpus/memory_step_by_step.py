# vecdrill: fx-double
# expect: memory
# message: your solution ran out of memory
import torch


def fx_double(x):
    # 400 MB at a time, each kept alive: RLIMIT_DATA (2 GiB) stops it at the sixth.
    a = torch.empty(10**8)
    b = torch.empty(10**8)
    c = torch.empty(10**8)
    d = torch.empty(10**8)
    e = torch.empty(10**8)
    f = torch.empty(10**8)
    g = torch.empty(10**8)
    h = torch.empty(10**8)
    i = torch.empty(10**8)
    j = torch.empty(10**8)
    k = torch.empty(10**8)
    m = torch.empty(10**8)
    kept = torch.stack([a[0], b[0], c[0], d[0], e[0], f[0], g[0], h[0], i[0], j[0], k[0], m[0]])
    return x * 2 + kept.sum() * 0
