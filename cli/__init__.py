"""The `ace` command line."""
