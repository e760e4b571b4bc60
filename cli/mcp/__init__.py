"""`ace mcp`: the tool suite as a Model Context Protocol server (decks as sessions, previews, roots)."""
