"""Each open deck's serializations per CARE mode as MCP resources: deck://{handle}/full,
/slide/{n}, /skeleton and /tokens, each the text the router's context builder gives the agent for
that mode on the deck's backend (serialized alone: reading the skeleton never builds the full deck)."""

from __future__ import annotations

import re
from typing import Any

from ace_core.errors import BadInputError
from cli.mcp.sessions import Sessions

__all__ = ["MIME", "VIEWS", "list_resources", "read_resource", "templates"]

VIEWS = {
    "full": ("FULL", "the whole deck"),
    "skeleton": ("MACRO_PROGRAMMATIC", "every slide's ids, names, types and text (no boxes)"),
    "tokens": ("SYSTEMIC_TOKEN", "the design tokens: colours and fonts with their usage"),
}
MIME = {"scenegraph": "application/json", "ooxml": "application/xml", "html": "text/html"}
MAX_LISTED_SLIDES = 200
_URI = re.compile(r"^deck://(?P<handle>[A-Za-z0-9_.-]+)/(?:(?P<view>full|skeleton|tokens)|slide/(?P<n>[^/]+))$")


def templates() -> list[dict[str, str]]:
    return [
        {
            "uri_template": "deck://{handle}/slide/{n}",
            "name": "deck-slide",
            "description": "one slide's full tree (n: 1-based number or slide id) plus the ids and names of "
            "the other slides, in the deck backend's serialization (scene-graph JSON, OpenXML or HTML)",
        },
        *(
            {"uri_template": f"deck://{{handle}}/{view}", "name": f"deck-{view}", "description": what}
            for view, (_, what) in VIEWS.items()
        ),
    ]


def list_resources(sessions: Sessions) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for session in sessions.decks.values():
        mime = MIME[session.backend_name]
        label = session.path.name
        for view, (_, what) in VIEWS.items():
            uri = f"deck://{session.handle}/{view}"
            out.append({"uri": uri, "name": f"{label} {view}", "description": what, "mime_type": mime})
        for i, slide in enumerate(session.view().slides[:MAX_LISTED_SLIDES], start=1):
            uri = f"deck://{session.handle}/slide/{i}"
            title = f"{label} slide {i}" + (f" ({slide.name})" if slide.name else "")
            out.append({"uri": uri, "name": title, "description": f"slide {i} ({slide.id})", "mime_type": mime})
    return out


def read_resource(sessions: Sessions, uri: str) -> tuple[str, str]:
    """(text, MIME type) of a deck:// resource."""
    from backends.agent_binding import AgentBinding

    m = _URI.match(uri)
    if not m:
        raise BadInputError(
            "not a deck resource", where=uri, hint="deck://{handle}/full | /skeleton | /tokens | /slide/{n}"
        )
    session = sessions.get(m.group("handle"), field="uri")
    binding = AgentBinding(session.backend)
    if m.group("n") is not None:
        index, _ = session.slide_id(m.group("n"), field="uri")
        text = binding.serialize("MICRO_SPATIAL", [index])
    else:
        text = binding.serialize(VIEWS[m.group("view")][0])
    return text, MIME[session.backend_name]
