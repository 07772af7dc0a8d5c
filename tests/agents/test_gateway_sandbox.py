"""From inside the real bubblewrap sandbox, the relay's loopback port reaches the gateway (and through it the
model), while the host's loopback services stay unreachable and no key is visible."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest

from worktrial.agents.gateway import SOCKET_NAME, Gateway, GatewayMeter, SandboxLink
from worktrial.agents.providers import Price
from worktrial.sandbox import ExecSpec, Limits, get_sandbox

from .model_server import ModelServer, openai_reply
from .test_gateway_support import HOST_KEY, upstream

pytestmark = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed")

PROBE = """
import json, os, socket, urllib.request
def reach(port):
    s = socket.socket()
    s.settimeout(3)
    try:
        s.connect(("127.0.0.1", port))
        return True
    except OSError:
        return False
    finally:
        s.close()
body = {"model": "anything", "messages": [{"role": "user", "content": "hello from the sandbox"}]}
out = {"host_model_server": reach(%(host_port)d), "env": dict(os.environ)}
try:
    request = urllib.request.Request("%(url)s/v1/chat/completions", json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    out["reply"] = json.loads(urllib.request.urlopen(request, timeout=30).read())["choices"][0]["message"]["content"]
except OSError as e:
    out["reply"] = "unreachable: %%s" %% e
print(json.dumps(out))
"""


def test_the_sandbox_reaches_the_gateway_and_nothing_else(tmp_path: Path) -> None:
    sandbox = get_sandbox("bwrap")
    workspace = tmp_path / "ws"
    workspace.mkdir()
    sock_dir = Path(tempfile.mkdtemp(prefix="wt-gw-"))
    sock_dir.chmod(0o755)
    try:
        with ModelServer(lambda n, b: openai_reply("hello from the model", prompt_tokens=12)) as server:
            port = int(server.url.rsplit(":", 1)[1])
            meter = GatewayMeter("openai/gpt-test", Price(1, 1), "test")
            with Gateway(upstream(f"{server.url}/v1"), meter, sock_dir / SOCKET_NAME):
                link = SandboxLink(sock_dir)
                probe = PROBE % {"host_port": port, "url": link.base_url}

                def run(argv: list[str]) -> dict[str, object]:
                    spec = ExecSpec(argv=argv, workspace=workspace, mounts=link.mounts(), limits=Limits(wall_s=60))
                    result = sandbox.run(spec)
                    assert result.exit_code == 0, result.stderr
                    data: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
                    return data

                relayed = run(link.wrap(["python3", "-c", probe]))
                bare = run(["python3", "-c", probe])  # no relay: the port is closed
            requests = server.requests
    finally:
        shutil.rmtree(sock_dir, ignore_errors=True)
    assert relayed["reply"] == "hello from the model" and relayed["host_model_server"] is False
    assert str(bare["reply"]).startswith("unreachable") and bare["host_model_server"] is False
    assert len(requests) == 1 and requests[0][1]["authorization"] == f"Bearer {HOST_KEY}"
    assert HOST_KEY not in json.dumps(relayed["env"])
    assert [r.usage.input for r in meter.records] == [12]
