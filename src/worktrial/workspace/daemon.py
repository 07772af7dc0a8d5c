"""The workspace daemon: one detached process per workspace. It runs the trial exactly as a job would
(`run.trial.run_trial`: materialise, world and clock, one session, snapshot, grade) with a `HumanAgent` as the
agent, and serves the person's commands over a Unix socket until they hand in, stop, or the deadline passes.

`worktrial workspace start` starts it as `python -m worktrial.workspace.daemon HOME ID` after writing the job's
configuration to `request.json`; it owns the job (its lock) for as long as it lives.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
import threading
import time
import traceback
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..agents import AgentCancelled, AgentEnv, Desk, HumanAgent
from ..grading import ScoreCard, remove_tree
from ..run import AnchorCache, JobClaim, TrialContext, TrialSpec, build_judge, claim_job, run_trial, slot_sandboxes
from ..run.anchors import AnchorFailure, compute_anchors, needs_anchors
from ..run.plan import JobConfig, load_instances, trial_row
from ..run.slots import UidLease
from ..store import Home, Store, store_url
from ..tasks import Instance
from ..world import summarise, verify_ledger
from .protocol import MAX_LINE, SOCKET_NAME, b64, encode, socket_address, unb64
from .state import REQUEST, read_json, workspace_folder, write_state

STREAM_BYTES = 64 << 20  # output relayed per command; past it the rest is dropped, not held in memory
REPLY_WAIT_S = 10.0  # after the trial is over, how long the daemon waits for its last replies to be read
LISTING = r"""if [ -d "$1" ]; then cd -- "$1" &&
  find . -mindepth 1 \( -type d -printf '%P/\n' \) -o -printf '%P\t%s\n' | LC_ALL=C sort
else cat -- "$1"; fi"""

Send = Callable[[dict[str, Any]], Awaitable[None]]


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def log(message: str) -> None:
    print(f"{_now()} {message}", file=sys.stderr, flush=True)


class Daemon:
    def __init__(self, home: Home, folder: Path, config: JobConfig) -> None:
        self.home = home
        self.folder = folder
        self.config = config
        self.ws_id = folder.name
        self.agent = config.agents[0]
        self.state: dict[str, Any] = {}
        self.env: AgentEnv | None = None
        self.desk: Desk | None = None
        self.trial: asyncio.Task[ScoreCard] | None = None
        self.anchors: asyncio.Task[dict[str, AnchorFailure]] | None = None
        self.attempt_dir: Path | None = None
        self.attempt = 0
        self.instance: Instance | None = None
        self.handed_in = False
        self.finished = asyncio.Event()
        self.replying = 0
        self._lock: JobClaim | None = None
        self._lease: UidLease | None = None

    def _set(self, **changes: Any) -> None:
        self.state.update(changes)
        write_state(self.folder, self.state)

    # ------------------------------------------------------------------ lifecycle

    async def run(self) -> int:
        self._set(
            id=self.ws_id, job=self.ws_id, agent=self.agent, instance=self.config.tasks[0], state="starting",
            pid=os.getpid(), host=socket.gethostname(), created=_now(),
        )  # fmt: skip
        sock = self.folder / SOCKET_NAME
        sock.unlink(missing_ok=True)
        with socket_address(sock) as address:
            server = await asyncio.start_unix_server(self._serve, address, limit=MAX_LINE)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.add_signal_handler(sig, self._abandon)
        try:
            async with server:
                code = await self._lifecycle()
                await self._last_replies()
            return code
        finally:
            sock.unlink(missing_ok=True)
            if self._lease is not None:
                self._lease.release()
            if self._lock is not None:
                self._lock.release()

    async def _lifecycle(self) -> int:
        try:
            store, row_id = self._open_job()
        except Exception as e:  # nothing recorded yet or the job half made: the workspace never opened
            log("cannot start: " + "".join(traceback.format_exception(e)))
            self._set(state="failed", error=f"{type(e).__name__}: {e}")
            self.finished.set()
            return 1
        assert self.trial is not None and self.desk is not None and self.attempt_dir is not None
        opened: set[asyncio.Future[Any]] = {self.desk.env, self.trial}
        await asyncio.wait(opened, return_when=asyncio.FIRST_COMPLETED)
        if self.desk.env.done():
            self.env = self.desk.env.result()
            assert self.instance is not None
            self._set(
                state="open", trial=row_id, attempt_dir=str(self.attempt_dir), deadline=self._deadline(self.env),
                kind=self.instance.config.kind, budgets=self.instance.config.budgets.model_dump(mode="json"),
                clock=live_status(self.env, self.attempt_dir).get("clock"), brief=task_brief(self.env),
            )  # fmt: skip
            log(f"open: {row_id}")
        try:
            card = await self.trial
        except asyncio.CancelledError:
            return await self._record_abandoned(store, row_id)
        except Exception as e:  # a bug of the machinery: still a void trial on record, never a score
            log("trial failed: " + "".join(traceback.format_exception(e)))
            card = ScoreCard.infrastructure_error(f"{type(e).__name__}: {e}")
        store.finish_trial(row_id, self.attempt, card.model_dump(mode="json"), str(self.attempt_dir))
        store.finish_job(self.ws_id)
        outcome = "failed" if self.env is None else "submitted" if self.handed_in else "expired"
        self._set(state=outcome, card=card.model_dump(mode="json"), error=card.error, finished=_now())
        log(f"{outcome}: status {card.status}, score {card.score}")
        self.finished.set()
        return 0

    def _open_job(self) -> tuple[Store, str]:
        """Own the job, record it with its one trial, and start the trial (and the anchors it will need)."""
        self.instance = instance = load_instances(self.config)[0]
        store = Store(store_url(self.home, None))
        self._lock = claim_job(store, self.ws_id)
        row = trial_row(self.ws_id, instance, self.agent, 0)
        store.create_job(self.ws_id, self.config.model_dump(mode="json"), [row])
        attempt = store.start_trial(row.id, "")
        if attempt is None:
            raise RuntimeError(f"trial {row.id} is recorded as done already")
        self.attempt = attempt
        self.attempt_dir = self.home.attempt_dir(self.ws_id, row.id.split("/", 1)[1], attempt)
        anchored = needs_anchors(instance)
        # The anchors are computed in a slot of their own while the person works, so hand-in need not wait long.
        boxes, self._lease = slot_sandboxes(self.config.sandbox, 2 if anchored else 1)
        cache = AnchorCache(self.home.anchors)
        judge = build_judge(self.config.judge, self.home)
        ctx = TrialContext(boxes[0], self.home.cache, cache, judge=judge)
        if anchored:
            slots: asyncio.Queue[TrialContext] = asyncio.Queue()
            slots.put_nowait(TrialContext(boxes[1], self.home.cache, cache, judge=judge))
            self.anchors = asyncio.create_task(compute_anchors([instance], slots))
        self.desk = Desk()
        spec = TrialSpec(row.id, self.ws_id, instance, self.agent)
        agent = HumanAgent(self.agent, self.desk)
        self.trial = asyncio.create_task(run_trial(spec, ctx, self.attempt_dir, agent, self._before_grade))
        return store, row.id

    async def _before_grade(self) -> ScoreCard | None:
        """Between hand-in (or the deadline) and grading: the session is closed, the snapshot taken."""
        self._set(state="grading", graded_from=_now())
        if self.anchors is None or self.instance is None:
            return None
        failed = (await self.anchors).get(self.instance.variant_hash)
        return failed.card(self.instance.content_hash) if failed is not None else None

    async def _record_abandoned(self, store: Store, row_id: str) -> int:
        if self.anchors is not None:
            self.anchors.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.anchors
        assert self.attempt_dir is not None
        with contextlib.suppress(OSError):
            remove_tree(self.attempt_dir / "workspace")
        store.abandon_trial(row_id, f"{self.agent} stopped the workspace before handing in", str(self.attempt_dir))
        store.finish_job(self.ws_id)
        self._set(state="stopped", finished=_now())
        log("stopped: abandoned before hand-in")
        self.finished.set()
        return 0

    def _abandon(self) -> None:
        """Stop (or a signal): end the trial without grading it."""
        if self.state.get("state") in ("open", "starting") and self.trial is not None and not self.trial.done():
            self._set(state="stopping")
            self.trial.cancel()

    async def _last_replies(self) -> None:
        deadline = time.monotonic() + REPLY_WAIT_S
        while self.replying and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    @staticmethod
    def _deadline(env: AgentEnv) -> str:
        return datetime.fromtimestamp(time.time() + env.seconds_left, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")

    # ------------------------------------------------------------------ requests

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        async def send(message: dict[str, Any]) -> None:
            writer.write(encode(message))
            await writer.drain()

        try:
            line = await reader.readline()
            request = json.loads(line) if line else None
            if not isinstance(request, dict):
                return
            op = request.get("op")
            handler = {
                "status": self._status, "exec": self._exec, "files": self._files, "shell": self._shell,
                "submit": self._submit, "stop": self._stop,
            }.get(str(op))  # fmt: skip
            if handler is None:
                await send({"op": "error", "message": f"unknown request {op!r}"})
                return
            if op != "status" and (why := self._not_open()) is not None:  # every other request needs the session
                await send({"op": "error", "message": why})
                return
            await handler(request, reader, send)
        except (ConnectionError, ValueError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            return
        finally:
            with contextlib.suppress(ConnectionError, OSError):
                writer.close()

    def _not_open(self) -> str | None:
        """Why the session cannot take commands now, or None if it can."""
        state = self.state.get("state")
        if state == "open" and self.env is not None and not self.env.cancelled.is_set() and not self.handed_in:
            return None
        if state == "open":  # handed in or past the deadline: grading is about to begin
            return f"workspace {self.ws_id} is being handed in"
        return {
            "starting": f"workspace {self.ws_id} is still starting: try again in a moment",
            "grading": f"workspace {self.ws_id} is being graded",
            "stopping": f"workspace {self.ws_id} is being stopped",
        }.get(str(state), f"workspace {self.ws_id} is {state}: its session is closed")

    async def _status(self, request: dict[str, Any], reader: asyncio.StreamReader, send: Send) -> None:
        status = {k: v for k, v in self.state.items() if k != "brief"}
        if self.env is not None and self.attempt_dir is not None:
            status.update(live_status(self.env, self.attempt_dir))
            if status["state"] == "open" and self.env.cancelled.is_set():
                status["state"] = "grading"  # handed in or past the deadline: the session is closing
        await send({"op": "status", "status": status})

    async def _exec(self, request: dict[str, Any], reader: asyncio.StreamReader, send: Send) -> None:
        assert self.env is not None
        argv = [str(a) for a in request.get("argv") or []]
        if not argv:
            await send({"op": "error", "message": "exec needs a command after --"})
            return
        stdin = unb64(request.get("stdin")) or None
        timeout = float(request["timeout_s"]) if request.get("timeout_s") else None
        env = self.env
        loop = asyncio.get_running_loop()
        chunks: asyncio.Queue[tuple[int, bytes]] = asyncio.Queue()
        streamed = [0]

        def on_output(fd: int, data: bytes) -> None:  # the session's reader thread
            streamed[0] += len(data)
            if streamed[0] <= STREAM_BYTES:
                loop.call_soon_threadsafe(chunks.put_nowait, (fd, data))

        # The client sends nothing after its request, so its end of the socket closing means it was interrupted
        # (^C) or killed: the command is killed too rather than left running unseen.
        interrupt = threading.Event()
        hung_up = asyncio.ensure_future(reader.read(1))
        running = asyncio.ensure_future(
            asyncio.to_thread(lambda: env.exec(argv, timeout, stdin=stdin, on_output=on_output, cancel=interrupt))
        )
        try:
            while not (running.done() and chunks.empty()):
                getter = asyncio.ensure_future(chunks.get())
                await asyncio.wait({getter, running, hung_up}, return_when=asyncio.FIRST_COMPLETED)
                if getter.done():
                    fd, data = getter.result()
                    await send({"op": "output", "fd": fd, "data": b64(data)})
                else:
                    getter.cancel()
                if hung_up.done() and not running.done():
                    raise ConnectionResetError("the client hung up")
        except (ConnectionError, OSError):
            interrupt.set()
            with contextlib.suppress(Exception):
                await running
            raise
        finally:
            hung_up.cancel()
        try:
            result = running.result()
        except AgentCancelled:
            await send({"op": "error", "message": f"workspace {self.ws_id}: the deadline passed; it is being graded"})
            return
        if not streamed[0]:  # nothing ran (not found, the session ended): the reason is in the result alone
            for fd, text in ((1, result.stdout), (2, result.stderr)):
                if text:
                    await send({"op": "output", "fd": fd, "data": b64(text.encode())})
        if streamed[0] > STREAM_BYTES:
            note = f"worktrial: output past {STREAM_BYTES >> 20} MiB was dropped (redirect it to a file)\n"
            await send({"op": "output", "fd": 2, "data": b64(note.encode())})
        if (last := self._spend_action(counted=True)) is not None:
            await send({"op": "output", "fd": 2, "data": b64(last.encode())})
        await send({"op": "exit", "code": result.exit_code, "timed_out": result.timed_out})

    def _spend_action(self, counted: bool) -> str | None:
        """After a command (already counted by `env.exec` when `counted`): at the budget's `max_actions` the trial
        ends as an agent's does, so hand in and say so; None while commands are left."""
        assert self.env is not None and self.desk is not None
        if not counted:
            self.env.actions += 1
        limit = self.env.budgets.max_actions
        if self.env.actions < limit or self.desk.handed_in.is_set():
            return None
        self.desk.out_of_actions = self.handed_in = True
        self._set(handed_in=_now())
        self.desk.handed_in.set()
        return (
            f"worktrial: that was command {self.env.actions} of the budget's max_actions {limit}: workspace "
            f"{self.ws_id} is handed in and graded as it stands (`worktrial workspace status {self.ws_id}`)\n"
        )

    async def _files(self, request: dict[str, Any], reader: asyncio.StreamReader, send: Send) -> None:
        assert self.env is not None and self.env.session is not None
        path = str(request.get("path") or ".")
        session = self.env.session
        # Read inside the sandbox: a link the worker planted then leads nowhere the worker could not go anyway.
        result = await asyncio.to_thread(lambda: session.exec(["sh", "-c", LISTING, "sh", path], wall_s=60))
        await send({"op": "output", "fd": 1, "data": b64(result.stdout.encode())})
        await send({"op": "output", "fd": 2, "data": b64(result.stderr.encode())})
        await send({"op": "exit", "code": result.exit_code, "timed_out": result.timed_out})

    async def _shell(self, request: dict[str, Any], reader: asyncio.StreamReader, send: Send) -> None:
        assert self.env is not None and self.env.session is not None
        session = self.env.session
        rows, cols = int(request.get("rows") or 24), int(request.get("cols") or 80)
        try:
            channel = await asyncio.to_thread(lambda: session.spawn_pty(["bash", "-i"], rows=rows, cols=cols))
        except Exception as e:  # the session ended meanwhile, or the terminal could not start
            await send({"op": "error", "message": f"cannot start a shell: {e}"})
            return
        self.env.trajectory.add("tool_call", tool="shell")
        await send({"op": "started"})

        async def keys() -> None:
            while line := await reader.readline():
                message = json.loads(line)
                if message.get("op") == "data":
                    channel.write(unb64(message.get("data")))
                elif message.get("op") == "resize":
                    channel.resize(int(message["rows"]), int(message["cols"]))
            channel.close()  # the client hung up: so does the terminal

        typing = asyncio.create_task(keys())
        try:
            while True:
                data = await asyncio.to_thread(channel.read, 0.2)
                if data:
                    await send({"op": "data", "data": b64(data)})
                elif (code := channel.wait(0)) is not None:
                    await send({"op": "exit", "code": code})
                    break
        finally:
            typing.cancel()
            channel.close()
            self.env.trajectory.add("tool_result", tool="shell")
            self._spend_action(counted=False)  # a shell is one action, whatever is typed in it

    async def _submit(self, request: dict[str, Any], reader: asyncio.StreamReader, send: Send) -> None:
        assert self.desk is not None
        self.replying += 1
        try:
            self.handed_in = True
            self._set(handed_in=_now())
            self.desk.handed_in.set()
            await self.finished.wait()
            await send({"op": "card", "state": self.state["state"], "card": self.state.get("card")})
        finally:
            self.replying -= 1

    async def _stop(self, request: dict[str, Any], reader: asyncio.StreamReader, send: Send) -> None:
        self.replying += 1
        try:
            self._abandon()
            await self.finished.wait()
            await send({"op": "stopped", "state": self.state["state"]})
        finally:
            self.replying -= 1


def task_brief(env: AgentEnv) -> str:
    """What the person reads first: TASK.md as materialised (the brief and the rules of the trial)."""
    try:
        return (env.workspace / "TASK.md").read_text(encoding="utf-8")
    except OSError:
        return env.brief


def live_status(env: AgentEnv, attempt_dir: Path) -> dict[str, Any]:
    """What the person sees of their trial now: the simulated clock, the world's bill so far, time left."""
    status: dict[str, Any] = {"actions": env.actions, "seconds_left": round(max(env.seconds_left, 0.0), 1)}
    with contextlib.suppress(OSError, ValueError):
        offset = int((attempt_dir / "clock" / "offset").read_text(encoding="ascii").strip())
        now = datetime.fromtimestamp(time.time() + offset / 1e9, UTC)
        status["clock"] = now.strftime("%Y-%m-%d %H:%M")
    ledger = attempt_dir / "ledger.jsonl"
    if ledger.exists():
        summary = summarise(verify_ledger(ledger).entries)
        status["questions_asked"] = summary.questions_asked
        status["contact_cost"] = round(summary.contact_cost, 4)
    return status


def main(argv: list[str] | None = None) -> int:
    home_arg, ws_id = (argv if argv is not None else sys.argv[1:])[:2]
    home = Home(Path(home_arg))
    folder = workspace_folder(home, ws_id)
    config = JobConfig.model_validate(read_json(folder / REQUEST))
    return asyncio.run(Daemon(home, folder, config).run())


if __name__ == "__main__":
    sys.exit(main())
