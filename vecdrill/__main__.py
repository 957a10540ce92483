"""`python -m vecdrill` runs the command line."""

from vecdrill.cli import main

main()
