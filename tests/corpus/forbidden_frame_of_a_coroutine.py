# vecdrill: fx-double
# expect: forbidden
# message: `.cr_frame` reaches into the interpreter's frames
import torch


async def _step():
    return 1


def fx_double(x):
    running = _step()
    builtins = running.cr_frame.f_globals["__builtins__"]
    builtins["exec"]("import os; os.system('touch @VICTIM@/planted')")
    return x * 2
