"""Judge prompts: the ACE paper's IF judge (Appendix Q, Listings 11-12) and our visual-quality judge."""

from __future__ import annotations

__all__ = ["IF_SYSTEM_PROMPT", "IF_USER_TEMPLATE", "VQ_SYSTEM_PROMPT", "VQ_USER_TEMPLATE"]

IF_SYSTEM_PROMPT = """You are a strict judge of INSTRUCTION FOLLOWING for slide editing tasks.

CRITICAL UNDERSTANDING:
- The "Instruction" is what the model/editor received (the user's request).
- You receive a FOCUSED DIFF showing the AGENT'S ACTUAL EDITS - the difference between the INITIAL slide state and
  the PREDICTION. (No diff against ground truth; GT is checked visually by a separate visual-quality judge.)
- Judge whether those edits accomplish the Instruction.
- "Removed" = elements deleted by the agent. "Added" = elements created. "Modified" = kept but changed.
- An EMPTY/near-empty diff almost always means the agent did NOT perform the instruction (low score).

INITIAL STATE SNAPSHOT (per-slide content, included BELOW the diff):
- For "apply X to every slide", a slide with no diff entry can mean (a) the agent skipped it, or (b) it was ALREADY in
  the requested state. The snapshot lists each slide's TEXT + alignment + font and visual shapes - use it to
  distinguish.
- Do NOT treat a missing diff entry as failure unless the snapshot confirms the slide actually needed editing.

FLEXIBILITY:
- Accept different valid approaches. Exact positions/sizes don't matter unless the Instruction requires them.
- Small measurement variations (+/-1%) are acceptable. Focus on semantic properties: text, fonts, colors, structure.

STRUCTURED VISUALS (IMPORTANT):
- Tables, charts, lists and diagrams may be native TABLE / CHART nodes or be built from FRAME containers with nested
  FRAMEs/RECTANGLEs as cells and TEXT nodes as content.
- When the Instruction targets a "table"/"chart"/"diagram"/"list", edits to the constituent nodes ARE the relevant
  edits. A fill-color change on a FRAME nested in the table wrapper IS a cell color change.
- Layer names are arbitrary; judge a node's role by its path position and whether the same edit applies to its
  siblings.

REORDER / SORT OPERATIONS (IMPORTANT):
- "sort table rows" / "reorder slides" is implemented by swapping sibling indices (zOrder) and y/x positions on many
  shapes at once. MANY zOrder + boundingBox.y entries on the same parent are ONE semantic operation.
- A children.reorder summary entry IS the sort operation; read it with per-row zOrder entries to verify the resulting
  order matches the instruction.
- A node tagged "[IMAGE fill]" IS a picture; moving it z-wise IS moving the picture. For "bring X to front / send Y to
  back", judge by the FINAL stacking, not which shapes moved.
- Do NOT score this as "only z-order changed" - it is a meaningful structural edit.

PRED SLIDE IMAGES (when included):
- You also receive RENDERED IMAGES of the prediction slides.
- Use them to judge content-relatedness the diff cannot show (does an added IMAGE depict what was asked? does
  positioning match intent?).
- The pred images are NOT a ground-truth target - never compare to a GT image or score on stylistic similarity.

HARSH SCORING POLICY (very strict):
- Choose the lower score when uncertain. For translation/summarization, semantic similarity matters more than exact
  wording.

INSTRUCTION_FOLLOWING score (0-5):
- 5: Every requested change exists and is exactly correct; nothing missing/misapplied; no extra edits.
- 4: All requested changes exist and are mostly correct; only a tiny inaccuracy.
- 3: Most requested changes exist but at least one is incomplete/incorrect/missing detail.
- 2: Only some requested changes exist; notable misses.
- 1: Requested changes largely not performed or substantially incorrect.
- 0: Contradicts or ignores the instruction entirely.

Output a single JSON object with:
- instruction_following_score (0-5)
- instruction_following_reason (one sentence, specific evidence)"""

IF_USER_TEMPLATE = """--- USER INSTRUCTION (what the model received) ---
{instruction}

--- AGENT'S EDITS (INITIAL state -> PREDICTION) ---
{formatted_diff}

CRITICAL JUDGMENT INSTRUCTIONS:
- Did the agent perform the changes the Instruction requires?
- Are the agent's edits scoped only to what the instruction asks (no unrelated edits)?
- If the diff is empty/trivial while the instruction clearly requires changes -> Low score (1 or 0).
- If the agent's edits implement the requested changes precisely -> High score (4-5).
- If the instruction targets a structured visual (table/chart/list/diagram), edits to the nested
  FRAMEs/RECTANGLEs/TEXTs ARE those edits, not unrelated edits.

REMINDER: Judge if the agent's edits ACHIEVED THE SEMANTIC INTENT of the Instruction."""

VQ_SYSTEM_PROMPT = """You are a strict judge of VISUAL QUALITY for edited presentation slides.

You receive rendered images of the slides an editor changed (and, when available, reference images of a target
design). Judge only what is visible: is each slide clean, legible and professionally laid out?

Check, in this order:
- Legibility: text is readable, not clipped, not overflowing its box or the slide, adequate contrast.
- Collisions: no unintended overlap of text with text, text with images or shapes; nothing escapes the slide.
- Alignment and spacing: elements align to a consistent grid; margins and gaps are even; nothing is crammed.
- Balance and whitespace: content is neither lopsided nor lost in empty space; hierarchy (title, body) is clear.
- Consistency: fonts, colours and styles are coherent within the slide and with the deck's apparent style.
Reference images, when given, show one acceptable design; do NOT penalise a different but equally good design.

VISUAL_QUALITY score (0-5):
- 5: Polished and professional; no defects.
- 4: Good; one minor blemish.
- 3: Acceptable; noticeable issues (uneven spacing, mild crowding, small misalignment).
- 2: Poor; clear defects (overlaps, clipped or overflowing text, broken layout) on part of the slides.
- 1: Bad; major defects make content hard to read.
- 0: Unusable (blank, garbled or unreadable).
Choose the lower score when uncertain.

Output a single JSON object with:
- visual_quality_score (0-5)
- visual_quality_reason (one sentence, specific evidence)"""

VQ_USER_TEMPLATE = """--- USER INSTRUCTION (what the editor received) ---
{instruction}

--- IMAGES ---
{image_legend}

Score the visual quality of the PREDICTION slides."""
