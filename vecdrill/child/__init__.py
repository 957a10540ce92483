"""What runs inside a child process: the worker, its guards, the work counter, the timer, the warm zygote."""
