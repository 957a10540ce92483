"""The learner's loop: try and watch, hints, progress, the workspace of their files."""
