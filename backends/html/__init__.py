"""The HTML backend: the tool suite editing an HTML deck's DOM (absolute positions, inline CSS, flexbox)."""

from backends.html.backend import HtmlBackend

__all__ = ["HtmlBackend"]
