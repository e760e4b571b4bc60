"""Tool implementations on the scene graph, one module per group of the catalogue."""
