"""Pixel Parlor: four classic table games in one retro pixel-art arcade."""

__version__ = "0.1.0"
