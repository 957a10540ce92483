"""Print bytes that are not UTF-8 and a terminal escape sequence."""

import os

os.write(1, b"bad \xff\xfe bytes \x1b]0;title\x07 end\n")
os.write(2, b"\xc3\x28 err\n")
