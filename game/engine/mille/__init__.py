"""Mille Bornes: rules, scoring and computer players (pure Python, no pygame)."""
