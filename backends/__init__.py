"""Editing substrates (scenegraph, ooxml, html), each binding the tool suite, and renderers (render/)."""
