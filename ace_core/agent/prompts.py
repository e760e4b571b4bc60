"""The design-agent prompt (ACE paper, Appendix Q.1: Listings 4-10), adapted to ACE's scene graph."""

from __future__ import annotations

__all__ = ["MODE_BLOCKS", "SCENE_GRAPH_BASICS", "TOOL_USE_PRINCIPLES", "agent_prompt", "wrap_critique"]

TOOL_USE_PRINCIPLES = """Your task is to produce an array of tool (function) calls necessary to modify the
presentation in one turn.
Include every necessary tool (function) call and do not output any text other than the function calls themselves.
1. Plan first - briefly outline the key steps you will take.
2. Be exhaustive - consider all parameters, options, ordering, and dependencies necessary to make the modification in
   one turn.
3. Preserve existing content - do NOT delete or recreate elements that should remain unchanged. Only modify what the
   instruction asks for.
4. Use batch_execute aggressively - it supports ALL commands (creation, modification, layout). ALWAYS prefer ONE
   batch_execute call over multiple individual tool calls; all your calls of this turn are applied as one commit
   (all or nothing). Later operations may reference earlier results as "$<index>.id" (e.g. a new slide and its
   content in one batch: create_slide, then create_text with parentId "$0.id").
5. Text layout quality
   - ALWAYS set an explicit width on text nodes to prevent overflow/overlap.
   - Predict the bounding box of every element BEFORE placing it. For text nodes, rendered height ~=
     ceil(text_length_px / width) x fontSize x 1.3 (line-height). Ensure NO overlap with any neighbor.
   - For multi-column layouts, column width = (available width) / num_columns. Prefer auto-layout frames
     (create_frame with layoutMode) for rows, columns and cards: the frame places its children.
6. Avoid redundant discovery - the structure is already provided below; do not call export_json,
   get_page_structure or check_connection_status. Use get_node_info only for details not visible below.
7. Handle node ID staleness - after deleting a slide/node, its child node ids become invalid immediately; do not
   reference them later in the same batch.
8. create_slide is never the final step: populate new slides in the same batch (parentId = "$<index>.id") and match
   the deck's existing styling.
9. Deliver - respond with the exact sequence of tool (function) calls to run."""

SCENE_GRAPH_BASICS = """1. Scene graph basics
- A deck is a list of slides; each slide has a unique id and holds a tree of nodes (FRAME, GROUP, TEXT, RECTANGLE,
  ELLIPSE, SHAPE, VECTOR, LINE, IMAGE, TABLE, CHART, CONNECTOR, MATH), each with a stable id.
- Coordinates (x, y) are px RELATIVE TO THE PARENT node (the slide for top-level nodes); width/height in px.
  The slide size is given as width x height.
- Colours: "#RRGGBB" or "#RRGGBBAA". Font sizes are px.
2. Auto-layout
- A FRAME with a layout (HORIZONTAL / VERTICAL) places its children itself: padding, itemSpacing, alignment; children
  size FIXED, HUG or FILL. Add or remove children and the frame re-flows; do not compute child coordinates.
3. Slide order is the deck's slide list; use reorder_slides with the complete list of slide ids.
4. Deck consistency (new slides / blocks only): match the deck's existing backgrounds, title fonts, sizes and colours.
   Do NOT restyle existing nodes unless asked. For theme recolouring use replace_color with exact hex values."""

MODE_BLOCKS = {
    "MICRO_SPATIAL": """**Context Mode: Micro-Spatial (Targeted Editing)**
- Below is the FULL scene graph for the target slide(s) only; other slides are summarised minimally (id and name).
- All nodes exist; use their ids directly via batch_execute.
- x / y are PARENT-relative; move_node takes parent-relative coordinates; resize_node changes width/height.""",
    "MACRO_PROGRAMMATIC": """**Context Mode: Macro-Programmatic (Batch Operations)**
- Below is a SKELETON view: node ids, types, names and text only (colours/fills/strokes stripped for efficiency).
- Target slides include a bounds field per node: [x, y, width, height] in slide coordinates.
- Identify ALL matching nodes from the skeleton and generate tool calls for EVERY node that needs modification.""",
    "SYSTEMIC_TOKEN": """**Context Mode: Systemic (Design Token Operations)**
- Below is a style summary of all colours, fonts and their usage across slides.
- Use replace_color for bulk colour changes, set_fill_color for targeted fills, set_text_font for font changes.
- Target by colour value or font family rather than enumerating individual nodes when possible.""",
    "FULL": """**Context Mode: Full**
- Below is the full document structure (JSON) describing every slide and its children.
- You already have all node ids, types and properties - proceed directly to modifications.""",
}


def agent_prompt(*, mode: str, slide_count: int, width: float, height: float, state: str, instruction: str) -> str:
    """The user message of one agent round (Listing 4 with the routed context block)."""
    return f"""**Context**
You are a presentation-design agent with access to a slide deck via tool calls.
Follow the **Instruction** to modify the presentation.
Refer to the **Tool Use Principles** and **Scene Graph Basics** for guidance.

**Tool Use Principles**
{TOOL_USE_PRINCIPLES}

**Scene Graph Basics**
{SCENE_GRAPH_BASICS}

{MODE_BLOCKS.get(mode, MODE_BLOCKS["FULL"])}

**Current Presentation State**
The presentation has {slide_count} slide(s) of {width:g} x {height:g} px.
```json
{state}
```

**Instruction**
{instruction}"""


def wrap_critique(instruction: str, score: int, critique: str, tool_errors: list[str]) -> str:
    """The next round's instruction: the original request plus the judge's critique (verbatim) and any
    tool errors of the previous round. The state shown already contains the previous edits."""
    parts = [
        instruction,
        "",
        f"A reviewer scored the current result {score}/5 for following this instruction: {critique}",
        "The presentation state above already includes your previous edits. Make only the changes still needed.",
    ]
    if tool_errors:
        parts += ["", "Problems with your previous round (when one call fails, none of that round's calls is applied):"]
        parts += [f"- {e}" for e in tool_errors[:20]]
    return "\n".join(parts)
