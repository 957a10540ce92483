"""For drill authors: `vecdrill dev check` and `vecdrill new`."""
