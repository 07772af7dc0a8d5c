#!/usr/bin/env python3
"""Runs inside the sandbox: listens on a loopback TCP port, relays every connection to the gateway's Unix
socket, and runs a command (the harness) meanwhile. Exits with the command's exit status.

    python3 forward.py --listen 127.0.0.1:8642 --socket /run/worktrial-llm/gateway.sock \
        [--stdout FILE] [--mkdir DIR ...] -- COMMAND [ARG ...]

The port is bound before the command starts, so the harness never races the relay. Standard library only:
it runs on the sandbox's own python3.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
from typing import IO

CHUNK = 64 * 1024


async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while True:
            data = await reader.read(CHUNK)
            if not data:
                break
            writer.write(data)
            await writer.drain()
        if writer.can_write_eof():
            writer.write_eof()
    except OSError:
        writer.close()


async def _relay(client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter, path: str) -> None:
    try:
        gateway_r, gateway_w = await asyncio.open_unix_connection(path)
    except OSError as e:
        print(f"forward: cannot reach the gateway at {path}: {e}", file=sys.stderr)
        client_w.close()
        return
    try:
        await asyncio.gather(_pump(client_r, gateway_w), _pump(gateway_r, client_w))
    finally:
        client_w.close()
        gateway_w.close()


def _serve(listener: socket.socket, path: str, loop: asyncio.AbstractEventLoop) -> None:
    asyncio.set_event_loop(loop)

    async def start() -> None:
        await asyncio.start_server(lambda r, w: _relay(r, w, path), sock=listener)

    loop.run_until_complete(start())
    loop.run_forever()


def _listener(address: str) -> socket.socket:
    host, _, port = address.rpartition(":")
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host or "127.0.0.1", int(port)))
    listener.listen(64)
    listener.setblocking(False)
    return listener


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--listen", required=True, help="HOST:PORT to listen on, e.g. 127.0.0.1:8642")
    parser.add_argument("--socket", required=True, help="the gateway's Unix socket")
    parser.add_argument("--stdout", help="write the command's standard output to this file")
    parser.add_argument("--mkdir", action="append", default=[], help="create this directory first")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command to run")
    for folder in args.mkdir:
        os.makedirs(folder, exist_ok=True)
    listener = _listener(args.listen)
    threading.Thread(target=_serve, args=(listener, args.socket, asyncio.new_event_loop()), daemon=True).start()
    out: IO[bytes] | None = open(args.stdout, "wb") if args.stdout else None  # noqa: SIM115
    try:
        child = subprocess.Popen(command, stdout=out)
    except OSError as e:
        print(f"forward: cannot run {command[0]}: {e}", file=sys.stderr)
        return 127
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda n, _frame: child.send_signal(n))
    code = child.wait()
    if out is not None:
        out.close()
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    sys.exit(main())
