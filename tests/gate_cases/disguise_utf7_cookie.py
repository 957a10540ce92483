# -*- coding: utf-7 -*-
# expect: loop L001
import torch


def solve(x):
    out = x.clone()
    #+AAo-    for i in x.shape: out = out * 2
    return out
