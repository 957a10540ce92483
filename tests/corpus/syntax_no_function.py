# vecdrill: fx-double
# expect: syntax
# message: fx_double
import torch

double = lambda x: x * 2  # noqa: E731
