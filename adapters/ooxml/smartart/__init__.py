"""SmartArt: the cached drawing, or the diagram laid out from its data model and layout definition."""
