"""Pure measurement: the statistic of timing samples, the speedup, and the `--scaling` ladder."""
