"""The parent side of a sandboxed run: isolation layers, the box, cgroups, cold and warm launches,
how a child ended (`ended`), and what `vecdrill doctor` says about them."""
