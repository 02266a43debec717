"""Pixel Parlor's asset generator: pixel art and chiptune sounds drawn by code."""
