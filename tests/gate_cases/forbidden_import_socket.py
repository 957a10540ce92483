# expect: forbidden F001
import torch
import socket


def solve(x):
    return x * 2
