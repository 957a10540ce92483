"""One file in, one result out: read it, plan the cases, get the expected answers, judge the run."""
