"""The ui sheet: widgets, pointers, the find arrow, logo and icons; plus the backdrop."""

from __future__ import annotations

from . import brand, fonts, pix, ui


def build() -> dict:
    """ui.png/json, the menu backdrop and the program icon files."""
    sheet = pix.Sheet("ui", width=512)
    extra = brand.build_into(sheet, fonts.Writer("small"))
    ui.build_into(sheet)
    return {**sheet.build(), **extra}
