"""When the loop presents a frame and when it sleeps: quiet when nothing moves.

Drawing the 640×360 canvas costs under a millisecond; scaling it to the window and
flipping costs far more (8 MB written per frame at 1080p in software), so a frame is
presented only when its pixels differ from the last one presented, or the window needs
repainting (exposed, resized, the picture switched to mono). Comparing pixels, rather
than trusting every scene to report each change, means no scene can forget one: whatever
reaches the canvas reaches the screen in the same frame it did before.

Between frames the loop runs at the tick rate while something moves: for
STILL_AFTER_FRAMES frames after any input, while the top scene says it is `moving` (a
table playing on by itself), or while the canvas keeps changing (an animation nobody
declared: it changed in two drawn frames in a row, or again within MOTION_TICKS game
ticks of its last change). Otherwise it is still: it sleeps on the event queue, waking
for the first input or after STILL_CHECK_MS to run the ticks that came due and draw once,
so a lone change (a cursor's blink, a passing message) shows at most STILL_CHECK_MS late
and costs one present, and a table waiting for a key costs a draw every STILL_CHECK_MS.
An animation that starts by itself while the loop sleeps is caught at its second wake.
The fixed tick and every animation run exactly as before. A minimised or hidden window
draws nothing while the ticks keep time.

What still costs: pygame-ce's event.wait polls SDL's queue every millisecond (about 2% of
a core whatever the timeout), and each wake draws the canvas once (about 1 ms).
"""

from __future__ import annotations

import pygame

# Frames after the last input or motion before the loop may sleep (half a second).
STILL_AFTER_FRAMES = 30
# While still, the loop wakes this often to run the ticks due and look for a change.
STILL_CHECK_MS = 100
# A minimised or hidden window only keeps game time: ticks run this often, in a batch.
HIDDEN_CHECK_MS = 100
# The canvas is moving when it changes again within this many ticks of its last change
# (an animation steps every few ticks; a blink, a clock or a fading message far less often).
MOTION_TICKS = 4

HIDDEN_EVENTS = (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)
REPAINT_EVENTS = (
    pygame.WINDOWRESTORED,
    pygame.WINDOWSHOWN,
    pygame.WINDOWMAXIMIZED,
    pygame.WINDOWEXPOSED,
    pygame.WINDOWSIZECHANGED,
)


def pixels_of(canvas: pygame.Surface) -> memoryview:
    """The canvas's pixels without a copy, to be released by `with` as soon as they are
    compared. A Surface is locked while its pixels are lent: get_buffer()'s proxy held
    the lock until the proxy itself was freed, so a thread that only listed the live
    objects (gc.get_objects(), as `bench_memory --surfaces` does) could keep it, and the
    frame's blit then failed ("Surfaces must not be locked during blit"); a view of
    get_view() unlocks when the view is released, whoever still holds the proxy."""
    try:
        return memoryview(canvas.get_view("0"))
    except ValueError:  # padded rows (a width that is no multiple of 4 bytes): raw bytes
        return memoryview(canvas.get_buffer())


class Pacer:
    """Decides, frame by frame, whether to draw, whether to present and how long to sleep."""

    def __init__(self) -> None:
        self._shown: bytearray | None = None  # the canvas's pixels now on screen
        self._shown_mono = False
        self._repaint = True
        self._last_change_tick: int | None = None
        self._last_frame_changed = False
        self.hidden = False
        #: Drawn frames since the last input or motion on the canvas.
        self.quiet_frames = 0
        #: Frames presented since start (tests and benchmarks read it).
        self.presented = 0

    def saw(self, event: pygame.event.Event) -> None:
        """Note an event: any input ends stillness, exposure forces a repaint."""
        if event.type in HIDDEN_EVENTS:
            self.hidden = True
        elif event.type in REPAINT_EVENTS:
            self.hidden, self._repaint = False, True
        self.quiet_frames = 0

    def repaint(self) -> None:
        """The window lost its picture (a mode change): present the next frame whatever."""
        self._repaint = True

    @property
    def drawing(self) -> bool:
        """Whether frames are drawn at all (not while the window is minimised or hidden)."""
        return not self.hidden

    def should_present(self, canvas: pygame.Surface, mono: bool | str, tick: int) -> bool:
        """After drawing at game tick `tick`: whether this frame differs from what the
        screen shows. `mono`: how the canvas is shown (a change of it is a change)."""
        with pixels_of(canvas) as pixels:
            changed = mono != self._shown_mono or self._shown is None or self._shown != pixels
            if changed or self._repaint:
                self._keep(pixels)
        moving = changed and (
            self._last_frame_changed
            or (
                self._last_change_tick is not None and tick - self._last_change_tick <= MOTION_TICKS
            )
        )
        self.quiet_frames = 0 if moving else self.quiet_frames + 1
        self._last_frame_changed = changed
        if changed:
            self._last_change_tick = tick
        if not changed and not self._repaint:
            return False
        self._shown_mono, self._repaint = mono, False
        self.presented += 1
        return True

    def _keep(self, pixels: memoryview) -> None:
        """Copy the presented frame's pixels into the one buffer kept for them. A new
        bytes of the canvas (900 KB) per drawn frame, freed a frame later, churned the C
        heap: in a long demo run its [heap] grew in 900 KB steps (issue 30)."""
        if self._shown is None or len(self._shown) != pixels.nbytes:
            self._shown = bytearray(pixels)
        else:
            self._shown[:] = pixels

    def sleep_ms(self, scene_moving: bool) -> int | None:
        """How long the loop may sleep on the event queue; None to run at the tick rate."""
        if self.hidden:
            return HIDDEN_CHECK_MS
        if scene_moving or self.quiet_frames < STILL_AFTER_FRAMES:
            return None
        return STILL_CHECK_MS
