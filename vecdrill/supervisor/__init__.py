"""Watch one child process, cold or warm: capped pipes, two clocks, the kill, and how it ended."""
