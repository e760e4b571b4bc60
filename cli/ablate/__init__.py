"""`ace ablate`: representation ablations (task sets, conditions, runs, paired statistics, report)."""
