"""Pixel Parlor's art kit: palette and mono mode, bitmap fonts, sprite sheets, gallery."""
