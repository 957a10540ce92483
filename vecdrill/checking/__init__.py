"""One file in, one result out: read and gate it, plan the cases, get the loop's answers, judge the run.

`pipeline` runs one check top to bottom, `plan` decides what runs, `expected` holds the loop's
answers, `verdicts` makes the verdict (with `compare` and, for the timed calls, `timed`).
"""
