"""Learn to replace Python loops with vectorized PyTorch and NumPy code, one drill at a time."""

__version__ = "0.1.0"
