"""Prepare, watch and end one child process, cold or warm: its fds and rlimits, capped pipes, two
clocks, the kill, and the facts of how it ended."""
