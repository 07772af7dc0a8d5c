"""One SDK client per event loop: an async HTTP pool must not outlive the loop it was made in."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Generic, TypeVar

C = TypeVar("C")


class LoopClient(Generic[C]):
    def __init__(self, factory: Callable[[], C]) -> None:
        self._factory = factory
        self._loop: asyncio.AbstractEventLoop | None = None
        self._client: C | None = None

    def get(self) -> C:
        loop = asyncio.get_running_loop()
        if self._client is None or self._loop is not loop:
            self._client = self._factory()
            self._loop = loop
        return self._client

    def take(self) -> C | None:
        """The client of the running loop, forgotten here (for closing), or None."""
        client, same = self._client, self._loop is asyncio.get_running_loop()
        self._client, self._loop = None, None
        return client if same else None
