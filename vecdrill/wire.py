"""The versioned wire format between vecdrill and its child processes.

A frame is `MAGIC`, then a length-prefixed JSON header, then a length-prefixed `torch.save` blob of
plain tensors. The parent loads the blob with `weights_only=True`, so a forged payload can carry
data but never code.
"""

from __future__ import annotations

import io
import json
import os
import struct
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import torch

PROTOCOL_VERSION = 1
MAGIC = b"VDR1"
_LENGTH = struct.Struct(">Q")


class ProtocolError(Exception):
    """The child's answer is not a well-formed frame."""


def encode(header: dict[str, Any], tensors: dict[str, torch.Tensor]) -> bytes:
    import torch

    blob = io.BytesIO()
    torch.save(tensors, blob)
    head = json.dumps({"version": PROTOCOL_VERSION, **header}).encode()
    body = blob.getvalue()
    return MAGIC + _LENGTH.pack(len(head)) + head + _LENGTH.pack(len(body)) + body


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def decode(data: bytes) -> tuple[dict[str, Any], dict[str, torch.Tensor]]:
    import torch

    if not data.startswith(MAGIC):
        raise ProtocolError("the result does not start with vecdrill's frame marker")
    head_len, head_end = _length_at(data, len(MAGIC))
    try:
        header = json.loads(data[head_end : head_end + head_len])
    except ValueError as exc:
        raise ProtocolError(f"the result header is not JSON ({exc})") from None
    if not isinstance(header, dict) or header.get("version") != PROTOCOL_VERSION:
        raise ProtocolError("the result header has an unknown version")
    body_len, body_start = _length_at(data, head_end + head_len)
    body = data[body_start : body_start + body_len]
    if len(body) != body_len or body_start + body_len != len(data):
        raise ProtocolError("the result frame is truncated or has trailing bytes")
    try:
        tensors = torch.load(io.BytesIO(body), weights_only=True, map_location="cpu")
    except Exception as exc:  # noqa: BLE001 - a forged or garbled blob; weights_only refuses code
        raise ProtocolError(f"the result tensors could not be read safely ({exc})") from None
    if not isinstance(tensors, dict) or not all(
        isinstance(k, str) and type(v) is torch.Tensor for k, v in tensors.items()
    ):
        raise ProtocolError("the result tensors are not a mapping of names to plain tensors")
    return header, tensors


def _length_at(data: bytes, offset: int) -> tuple[int, int]:
    end = offset + _LENGTH.size
    if len(data) < end:
        raise ProtocolError("the result frame is truncated")
    (length,) = _LENGTH.unpack(data[offset:end])
    return length, end
