"""`vecdrill lint`: the loops the drills teach, found statically in a learner's own code.

The gate judges a drill's solution; the lint reads real training code and reports only the
patterns a practitioner would fix, each with the drill that teaches the fix. Standard library
only, and it never runs or imports the code it reads.
"""
