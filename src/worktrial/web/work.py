"""The browser workspace: a person starts an instance and works it in the browser, through the same workspace
daemon, sandbox, world and grader as `worktrial workspace` (docs/web.md).

A workspace belongs to the user who started it (its job's owner); anyone else, administrators apart, gets 404.
Every form carries the session's CSRF token; the terminal's websocket checks the session and that the page it
comes from is this site's.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import json
import socket as socket_module
import threading
import time
from collections import defaultdict, deque
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Form, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..run.job import new_job_id
from ..store.home import Home
from ..workspace import LIVE, WorkspaceError, client
from ..workspace.protocol import b64, unb64
from ..workspace.request import workspace_request
from ..workspace.state import find_workspace
from . import sessions
from .viewer import MAX_EVENTS, read_jsonl, step_of

if TYPE_CHECKING:
    from .app import Site, Visitor

STATIC = Path(__file__).with_name("static")
# What the page shows of a workspace's state: never its host paths or process ids.
SHOWN = ("instance", "state", "clock", "deadline", "seconds_left", "actions", "questions_asked", "contact_cost")
WORK_CSP = (
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)


class _Rate:
    """At most `limit` events per user in a sliding minute."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.seen: dict[int, deque[float]] = defaultdict(deque)
        self.lock = threading.Lock()

    def take(self, user_id: int) -> bool:
        with self.lock:
            q = self.seen[user_id]
            while q and q[0] < time.monotonic() - 60:
                q.popleft()
            if len(q) >= self.limit:
                return False
            q.append(time.monotonic())
            return True


def add_workspace_routes(app: FastAPI, site: Site) -> None:
    settings = site.settings
    home = Home.default(settings.home)
    asks = _Rate(settings.asks_per_minute)
    people_cache: dict[str, list[dict[str, Any]]] = {}

    def mine(who: Visitor, ws_id: str) -> dict[str, Any]:
        """The workspace's recorded state (brief included), if `who` may work in it (else 404, as for one that
        does not exist). Read from its state file: the daemon is asked only for what the page shows."""
        user = site.login_required(who)
        access = site.accounts.access().get(ws_id)
        if access is None or not (access.owner_id == user.id or who.admin):
            raise HTTPException(404, "no such workspace")
        try:
            return find_workspace(home, ws_id)[1]
        except WorkspaceError:
            raise HTTPException(404, "no such workspace") from None

    def people_of(ws_id: str) -> list[dict[str, Any]]:
        """Who the worker can contact: asked once per workspace (`bin/ask --who` is an action of the trial, and
        the people of a trial do not change), not at every page."""
        if ws_id not in people_cache:
            people_cache[ws_id] = sessions.people(home, ws_id)
        return people_cache[ws_id]

    def startable(who: Visitor) -> list[str]:
        return [i for e in site.catalog() if who.admin or e.visibility == "public" for i in e.instances]

    def open_count(user_id: int) -> int:
        owned = {j for j, a in site.accounts.access().items() if a.owner_id == user_id}
        return sum(1 for w in client.listing(home) if w.get("id") in owned and w.get("state") in LIVE)

    def work_page(request: Request, who: Visitor, ws_id: str, recorded: dict[str, Any], **extra: Any) -> Response:
        brief = str(recorded.get("brief") or "")
        state = recorded
        with contextlib.suppress(WorkspaceError, OSError):
            state = client.status(home, ws_id)  # after the request's action: the clock and the bill as they are now
        folder = extra.pop("folder", None)
        live = state.get("state") == "open"
        listing = sessions.files(home, ws_id, folder) if live else None
        people = people_of(ws_id) if live else []
        attempt = Path(str(state.get("attempt_dir") or ""))
        steps = [step_of(e) for e in read_jsonl(attempt / "trajectory.jsonl", MAX_EVENTS)[0]] if attempt.name else []
        shown = {k: state[k] for k in SHOWN if k in state}
        response = site.page(
            request,
            "work.html",
            who,
            ws=state,
            shown=shown,
            brief=brief,
            ws_id=ws_id,
            listing=listing,
            people=people,
            steps=steps,
            **extra,
        )
        response.headers["Content-Security-Policy"] = WORK_CSP
        return response

    @app.get("/static/terminal.js")
    def terminal_js() -> Response:
        return Response((STATIC / "terminal.js").read_text(), media_type="text/javascript")

    @app.get("/workspaces", response_class=HTMLResponse)
    def work_list(request: Request) -> HTMLResponse:
        who = site.visitor(request)
        user = site.login_required(who)
        owned = {j for j, a in site.accounts.access().items() if a.owner_id == user.id}
        listed = [w for w in client.listing(home) if w.get("id") in owned]
        return site.page(request, "work_list.html", who, workspaces=listed, instances=startable(who))

    @app.post("/workspaces")
    def work_start(request: Request, instance: str = Form(...), csrf: str = Form("")) -> Response:
        who = site.visitor(request)
        user = site.login_required(who)
        site.check_csrf(who, csrf)
        if instance not in startable(who):
            raise HTTPException(404, "no such instance")
        if open_count(user.id) >= settings.max_open_workspaces:
            raise HTTPException(429, f"you have {settings.max_open_workspaces} open workspaces: hand one in first")
        ws_id = new_job_id()
        request_json = workspace_request(site.suites(), instance, user.name, settings.sandbox)
        try:
            client.start(home.ensure(), ws_id, request_json)
        except WorkspaceError as e:
            raise HTTPException(500, f"the workspace did not start: {e}") from None
        site.accounts.own_job(ws_id, user.id)
        return RedirectResponse(f"/workspaces/{ws_id}", status_code=303)

    @app.get("/workspaces/{ws_id}", response_class=HTMLResponse)
    def work(request: Request, ws_id: str, folder: str = "") -> Response:
        who = site.visitor(request)
        state = mine(who, ws_id)
        try:
            shown = sessions.workspace_path(folder) if folder else None
        except sessions.BadPath as e:
            raise HTTPException(400, str(e)) from None
        return work_page(request, who, ws_id, state, folder=shown, folder_name=shown or "")

    @app.get("/workspaces/{ws_id}/edit", response_class=HTMLResponse)
    def edit(request: Request, ws_id: str, path: str) -> Response:
        who = site.visitor(request)
        state = mine(who, ws_id)
        try:
            rel = sessions.workspace_path(path)
        except sessions.BadPath as e:
            raise HTTPException(400, str(e)) from None
        got = sessions.files(home, ws_id, rel)
        content = got.out if got.code == 0 else ""
        return work_page(request, who, ws_id, state, editing=rel, content=content, note=got.err.strip())

    @app.post("/workspaces/{ws_id}/edit")
    def save(
        request: Request, ws_id: str, path: str = Form(...), content: str = Form(""), csrf: str = Form("")
    ) -> Response:
        who = site.visitor(request)
        state = mine(who, ws_id)
        site.check_csrf(who, csrf)
        try:
            ran = sessions.save(home, ws_id, path, content)
        except sessions.BadPath as e:
            raise HTTPException(400, str(e)) from None
        return work_page(request, who, ws_id, state, last=("save " + path, ran))

    @app.post("/workspaces/{ws_id}/run")
    def run(request: Request, ws_id: str, command: str = Form(...), csrf: str = Form("")) -> Response:
        who = site.visitor(request)
        state = mine(who, ws_id)
        site.check_csrf(who, csrf)
        ran = sessions.run(home, ws_id, ["sh", "-c", command])
        return work_page(request, who, ws_id, state, last=(command, ran))

    @app.post("/workspaces/{ws_id}/ask")
    def ask(
        request: Request, ws_id: str, person: str = Form(...), question: str = Form(...), csrf: str = Form("")
    ) -> Response:
        who = site.visitor(request)
        state = mine(who, ws_id)
        site.check_csrf(who, csrf)
        assert who.user is not None
        if not asks.take(who.user.id):
            raise HTTPException(429, f"at most {settings.asks_per_minute} questions a minute")
        ran = sessions.ask(home, ws_id, person, question)
        try:
            said = json.loads(ran.out)
        except ValueError:
            said = {"status": "refused", "text": ran.err or ran.out}
        return work_page(request, who, ws_id, state, asked={"person": person, "question": question, "reply": said})

    @app.post("/workspaces/{ws_id}/world")
    def world(
        request: Request, ws_id: str, action: str = Form(...), duration: str = Form(""), csrf: str = Form("")
    ) -> Response:
        who = site.visitor(request)
        state = mine(who, ws_id)
        site.check_csrf(who, csrf)
        args = {"inbox": ("--inbox",), "now": ("--now",), "pilot": ("pilot",), "wait": ("--wait", duration)}
        if action not in args or (action == "wait" and not duration):
            raise HTTPException(400, "choose wait (with a duration such as 1d or 3h), inbox, now or pilot")
        ran = sessions.world(home, ws_id, *args[action])
        return work_page(request, who, ws_id, state, last=(action, ran))

    @app.post("/workspaces/{ws_id}/submit")
    def submit(request: Request, ws_id: str, csrf: str = Form("")) -> Response:
        who = site.visitor(request)
        state = mine(who, ws_id)
        site.check_csrf(who, csrf)
        try:
            client.submit(home, ws_id)
        except WorkspaceError as e:
            raise HTTPException(409, str(e)) from None
        trial = state.get("trial") or client.status(home, ws_id).get("trial")
        return RedirectResponse(f"/trials/{trial}" if trial else f"/workspaces/{ws_id}", status_code=303)

    @app.websocket("/workspaces/{ws_id}/terminal")
    async def terminal(socket: WebSocket, ws_id: str) -> None:
        token = socket.cookies.get("wt_session")
        found = site.accounts.session_user(token) if token else None
        origin, host = socket.headers.get("origin", ""), socket.headers.get("host", "")
        if found is None or origin.split("://", 1)[-1] != host:
            await socket.close(code=1008)
            return
        access = site.accounts.access().get(ws_id)
        if access is None or not (access.owner_id == found[0].id or found[0].role == "admin"):
            await socket.close(code=1008)
            return
        await socket.accept()
        await _relay(socket, home, ws_id)


async def _relay(socket: WebSocket, home: Home, ws_id: str) -> None:
    """Browser keystrokes to the daemon's shell and its output back, until either side ends."""
    loop = asyncio.get_running_loop()
    with contextlib.ExitStack() as stack:
        try:
            conn = stack.enter_context(client.connect(home, ws_id))
            conn.send({"op": "shell", "rows": 30, "cols": 110})
            client.reply(conn)
        except (WorkspaceError, OSError) as e:
            await socket.send_text(f"\r\n[the terminal could not open: {e}]\r\n")
            await socket.close()
            return
        done = asyncio.Event()

        def pump() -> None:
            decoder = codecs.getincrementaldecoder("utf-8")("replace")
            try:
                while True:
                    message = conn.recv()
                    if message is None or message.get("op") == "exit":
                        break
                    if message.get("op") == "data":
                        text = decoder.decode(unb64(message.get("data")))
                        if text:
                            asyncio.run_coroutine_threadsafe(socket.send_text(text), loop).result()
            except (OSError, ValueError, RuntimeError, WebSocketDisconnect):
                pass  # either side went away: the relay ends
            finally:
                loop.call_soon_threadsafe(done.set)

        reader = loop.run_in_executor(None, pump)
        try:
            while not done.is_set():
                receive = asyncio.ensure_future(socket.receive_text())
                finished = asyncio.ensure_future(done.wait())
                ready, _ = await asyncio.wait({receive, finished}, return_when=asyncio.FIRST_COMPLETED)
                if receive not in ready:
                    receive.cancel()
                    break
                finished.cancel()
                sent = json.loads(receive.result())
                if isinstance(sent, dict) and isinstance(sent.get("data"), str):
                    conn.send({"op": "data", "data": b64(sent["data"].encode())})
                elif isinstance(sent, dict) and isinstance(sent.get("resize"), list):
                    rows, cols = (int(v) for v in sent["resize"][:2])
                    conn.send({"op": "resize", "rows": max(5, rows), "cols": max(20, cols)})
        except (WebSocketDisconnect, ValueError, TypeError):
            pass
        finally:
            with contextlib.suppress(OSError):  # wakes the pump's recv: the daemon then hangs up the shell
                conn.sock.shutdown(socket_module.SHUT_RDWR)
            await reader
            with contextlib.suppress(OSError):
                conn.close()
            with contextlib.suppress(RuntimeError):
                await socket.close()


__all__ = ["add_workspace_routes"]
