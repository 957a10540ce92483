# vecdrill: fx-double
# expect: error
# message: your solution raised PermissionError
# layers: all
import socket

import torch


def fx_double(x):
    socket.create_connection(("127.0.0.1", @PORT@), timeout=2).sendall(b"leak")
    return x * 2
