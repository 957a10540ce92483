# vecdrill: fx-double
# expect: pass
# message: your solution matches the loop
import threading
import time

import torch


def fx_double(x):
    threading.Thread(target=time.sleep, args=(10**6,)).start()
    return x * 2
