"""The judge: JsonDiff edit traces, verifiable layout metrics, reward shaping, LLM judges, statistics."""
