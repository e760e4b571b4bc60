"""One module per group of `ace` commands; each has `register(app)`."""
