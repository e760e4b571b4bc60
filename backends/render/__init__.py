"""Renderers: LibreOffice for .pptx (libreoffice.py), Chromium for HTML and scene-graph decks (chromium.py)."""
