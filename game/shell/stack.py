"""The scene stack: push, pop and replace, with enter/exit/pause/resume hooks."""

from __future__ import annotations

from collections.abc import Iterator

from game.shell.base import Scene


class SceneStack:
    """Scenes on top of each other; only the top one is ticked and receives actions."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self._scenes)

    def __contains__(self, scene: object) -> bool:
        return scene in self._scenes

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> Scene:
        """Put `scene` on top; the one beneath is paused."""
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene; the one beneath resumes."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for `scene` (the one beneath is not disturbed)."""
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        scene.enter()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take `scene` out wherever it is (pop when it is on top)."""
        if scene is self.top:
            self.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)
            scene.exit()

    def clear(self) -> None:
        """Remove every scene, top first."""
        while self._scenes:
            self._scenes.pop().exit()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the topmost opaque scene upwards."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]
