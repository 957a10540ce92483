"""`python -m vecdrill` runs the command line."""

from vecdrill.entry import main

main()
