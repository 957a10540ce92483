"""The version, in a module of its own that imports nothing: low modules stamp caches and reports
with it without importing the package facade; the build reads it here too (pyproject.toml)."""

__version__ = "0.1.0"
