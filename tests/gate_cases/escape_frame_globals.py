# expect: forbidden F002
import torch


def solve(x):
    try:
        raise ValueError
    except ValueError as error:
        caught = error
    frames = caught.with_traceback(None)
    return x * 2 + 0 * len(str(frames.args)) if frames else x * 2


def peek(error):
    return error.tb_frame
