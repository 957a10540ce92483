# vecdrill: fx-double
# expect: crash
# message: sent a result vecdrill could not read
import json
import os
import pickle
import struct

import torch


class Payload:
    """Unpickled without weights_only, this would create a file in the victim folder."""

    def __reduce__(self):
        return (os.system, ("touch @VICTIM@/pwned",))


def fx_double(x):
    header = json.dumps({"version": 1, "status": "ok", "cases": []}).encode()
    blob = pickle.dumps({"out": Payload()}, protocol=2)
    frame = b"VDR1" + struct.pack(">Q", len(header)) + header + struct.pack(">Q", len(blob)) + blob
    os.write(int(os.environ["VECDRILL_RESULT_FD"]), frame)
    os._exit(0)
