"""One question router per variant content, shared by all trials in the process (embeddings load once)."""

from __future__ import annotations

import threading

from ..tasks import Instance
from ..world import Router

_routers: dict[str, Router] = {}
_lock = threading.Lock()


def router_for(instance: Instance) -> Router:
    with _lock:
        key = instance.variant_hash
        if key not in _routers:
            _routers[key] = Router(instance.people())
        return _routers[key]
