"""When the loop presents a frame and when it sleeps: quiet when nothing moves.

Drawing the 640×360 canvas costs about a millisecond; scaling it to the window and
flipping costs far more (8 MB written per frame at 1080p), so a frame is presented only
when its pixels differ from the last one presented, or the window needs repainting
(exposed, resized, the picture switched to mono). Comparing the pixels, rather than
trusting every scene to say when it animates, means no scene can forget to: whatever
reaches the canvas reaches the screen, in the same frame it would have before.

After STILL_AFTER_FRAMES frames with nothing new the loop is still: it sleeps on the
event queue and wakes for the first input, or after STILL_CHECK_MS to run the ticks that
came due and draw once (a computer's move after a pause, a blinking cursor, the title's
attract loop starting). So a table waiting for a key costs about one draw every
STILL_CHECK_MS; the fixed tick and every animation run exactly as before, and anything
that starts by itself shows at most STILL_CHECK_MS late. A minimised or hidden window
draws nothing at all while the ticks keep time.
"""
from __future__ import annotations

from typing import Optional

import pygame

# Half a second of frames with nothing new before the loop starts to sleep.
STILL_AFTER_FRAMES = 30
# While still, the loop wakes this often to run the ticks due and look for a change.
STILL_CHECK_MS = 50
# A minimised or hidden window only keeps game time: ticks run this often, in a batch.
HIDDEN_CHECK_MS = 100

HIDDEN_EVENTS = (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)
SHOWN_EVENTS = (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED)
REPAINT_EVENTS = SHOWN_EVENTS + (pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED)


class Pacer:
    """Decides, frame by frame, whether to draw, whether to present and how long to sleep."""

    def __init__(self) -> None:
        self._shown: Optional[bytes] = None    # the pixels on screen, with the mono flag
        self._repaint = True
        self.hidden = False
        self.still_frames = 0
        #: Frames presented since start (tests and benchmarks read it).
        self.presented = 0

    def saw(self, event: pygame.event.Event) -> None:
        """Note a window or input event: input ends stillness, exposure forces a repaint."""
        if event.type in HIDDEN_EVENTS:
            self.hidden = True
        elif event.type in REPAINT_EVENTS:
            self.hidden, self._repaint = False, True
        self.still_frames = 0

    def repaint(self) -> None:
        """The window lost its picture (a mode change): present the next frame whatever."""
        self._repaint = True

    @property
    def drawing(self) -> bool:
        """Whether frames are drawn at all (not while the window is minimised or hidden)."""
        return not self.hidden

    def should_present(self, canvas: pygame.Surface, mono: bool) -> bool:
        """After drawing: whether this frame differs from what the screen shows."""
        pixels = canvas.get_buffer().raw + (b"m" if mono else b"c")
        if pixels == self._shown and not self._repaint:
            self.still_frames += 1
            return False
        self._shown, self._repaint = pixels, False
        self.still_frames = 0
        self.presented += 1
        return True

    def sleep_ms(self) -> Optional[int]:
        """How long the loop may sleep on the event queue; None to run at the tick rate."""
        if self.hidden:
            return HIDDEN_CHECK_MS
        if self.still_frames >= STILL_AFTER_FRAMES:
            return STILL_CHECK_MS
        return None
