"""The system clipboard, for text: the one place that knows pygame's scrap module may be
missing, or unable to reach a clipboard, on some systems (it then raises pygame.error,
AttributeError or NotImplementedError, depending on the build)."""

from __future__ import annotations

import pygame

_UNAVAILABLE = (pygame.error, AttributeError, NotImplementedError, ImportError)


def read_text() -> str:
    """The clipboard's text ("" when it is empty or cannot be read here)."""
    try:
        # late import: pygame.scrap is missing on some platforms; caught below
        import pygame.scrap

        return pygame.scrap.get_text() or ""
    except _UNAVAILABLE:
        return ""


def write_text(text: str) -> bool:
    """Put `text` on the clipboard; False when there is no clipboard here."""
    try:
        # late import: pygame.scrap is missing on some platforms; caught below
        import pygame.scrap

        pygame.scrap.put_text(text)
    except _UNAVAILABLE:
        return False
    return True
