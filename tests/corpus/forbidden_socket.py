# vecdrill: fx-double
# expect: forbidden
# message: `socket`
import socket

import torch


def fx_double(x):
    socket.create_connection(("127.0.0.1", @PORT@)).sendall(b"leak")
    return x * 2
