# expect: syntax S005
import torch


def solution(x):
    return x * 2
