"""Speedups and the scaling ladder, from the timing samples the children send."""
