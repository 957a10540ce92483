"""The parent side of a sandboxed run: isolation layers, the box, cgroups, cold and warm launches."""
