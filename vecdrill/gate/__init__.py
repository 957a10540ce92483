"""The static gate: loops and forbidden calls found in a file's AST before anything runs.

Standard library only: `vecdrill list` and the learner's first verdict never wait for torch.
"""
