"""The metering gateway between an external harness (in the sandbox) and the trial's model (on the host).

`upstream_for(model_id)` says where the model is (with the host-side key; it starts the llama.cpp server for
`local/*`); a `GatewayMeter` counts tokens and dollars against the budget and writes one JSONL line per call;
`Gateway(upstream, meter, socket_path)` serves on a Unix socket while its `with` block runs; `SandboxLink` gives
the mounts and the command wrapper through which a command in the sandbox reaches it at
`http://127.0.0.1:8642`. Afterwards `meter.totals()`, `meter.records` and `meter.stop` (`""`, `max_usd`,
`max_calls` or `error`) say what happened.
"""

from .dialects import CHAT, MESSAGES, RESPONSES
from .link import FORWARD, PORT, SOCKET, SOCKET_DIR, SOCKET_NAME, SandboxLink, forward_script
from .meter import ERROR, MAX_CALLS, MAX_USD, CallRecord, GatewayMeter, read_records
from .server import Gateway
from .upstream import Upstream, UpstreamError, upstream_for

__all__ = [
    "CHAT",
    "ERROR",
    "FORWARD",
    "MAX_CALLS",
    "MAX_USD",
    "MESSAGES",
    "PORT",
    "RESPONSES",
    "SOCKET",
    "SOCKET_DIR",
    "SOCKET_NAME",
    "CallRecord",
    "Gateway",
    "GatewayMeter",
    "SandboxLink",
    "Upstream",
    "UpstreamError",
    "forward_script",
    "read_records",
    "upstream_for",
]
