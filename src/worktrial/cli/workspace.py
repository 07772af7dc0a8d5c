"""`worktrial workspace`: a person's (or an outside agent's) trial, worked from a shell (docs/workspace.md).

Only `start` and `submit` need the task machinery; the other commands talk to the daemon and import little, so
one `workspace exec` stays cheap.
"""

from __future__ import annotations

import getpass
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from ..store.home import Home
from ..workspace import WorkspaceError
from ..workspace import client as ws
from .common import HomeOpt, SandboxOpt, SuiteOpt, app, err, out

T = TypeVar("T")
workspace_app = typer.Typer(
    no_args_is_help=True,
    help="Work one task instance yourself (or drive an outside agent) through the same trial session, world and "
    "grader as built-in agents.",
)
app.add_typer(workspace_app, name="workspace")

IdArg = Annotated[str, typer.Argument(help="Workspace id (as `workspace start` printed it).", show_default=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="JSON on stdout.")]
COMMANDS = """\
  worktrial workspace exec {id} -- CMD ...   run CMD in /workspace (stdin, output and exit code pass through)
  worktrial workspace shell {id}             an interactive shell there (bin/ask and bin/pilot work from it)
  worktrial workspace files {id} [PATH]      list the workspace, or print a file
  worktrial workspace status {id}            simulated clock, questions asked, contact cost, time left
  worktrial workspace submit {id}            hand in: graded like any trial, the score card printed
  worktrial workspace stop {id}              abandon it (recorded as abandoned, never graded)"""


def _home(home: Path | None) -> Home:
    return Home.default(home)


def handled(fn: Callable[[], T]) -> T:
    """A workspace that cannot do what was asked says why and exits 2 (a command run inside keeps its own code)."""
    try:
        return fn()
    except WorkspaceError as e:
        print(f"workspace: {e}", file=sys.stderr)
        raise typer.Exit(ws.EXIT_WORKSPACE) from None
    except OSError as e:
        print(f"workspace: cannot reach the daemon: {e}", file=sys.stderr)
        raise typer.Exit(ws.EXIT_WORKSPACE) from None


@workspace_app.command()
def start(
    task: Annotated[str, typer.Argument(help="Instance id, e.g. oil_npt/base/L3 (see `worktrial tasks`).")],
    name: Annotated[str | None, typer.Option("--name", help="Who works it: agent human:WHO (login name).")] = None,
    suite: SuiteOpt = None,
    judge: Annotated[str | None, typer.Option("--judge", help="LLM judge for rubric checks (docs/judge.md).")] = None,
    as_json: JsonOpt = False,
    sandbox: SandboxOpt = None,
    home: HomeOpt = None,
) -> None:
    """Start a trial of TASK held by a detached daemon; print its id, brief, budgets and the commands."""
    from ..run.job import new_job_id
    from ..workspace.request import workspace_request
    from .common import default_suites, guarded

    def body() -> tuple[Home, str, str]:
        request = workspace_request(
            suite or default_suites(), task, name or getpass.getuser(), sandbox or "bwrap", judge
        )
        return Home.default(home).ensure(), new_job_id(), request

    h, ws_id, request = guarded(body)
    state = handled(lambda: ws.start(h, ws_id, request))
    if as_json:
        print(json.dumps({**state, "commands": COMMANDS.format(id=ws_id).splitlines()}))
        return
    budgets = state.get("budgets") or {}
    out.print(f"workspace {ws_id}: {state['agent']} on {state['instance']}", markup=False, highlight=False)
    out.print(
        f"deadline {state['deadline']} (max_minutes {budgets.get('max_minutes')}); budgets: max_actions "
        f"{budgets.get('max_actions')}, max_usd {budgets.get('max_usd')}; clock inside {state.get('clock', '?')}",
        markup=False,
        highlight=False,
    )
    print("\n" + str(state.get("brief", "")).rstrip() + "\n")
    print(COMMANDS.format(id=ws_id))


@workspace_app.command("exec")
def exec_(
    ws_id: IdArg,
    command: Annotated[list[str], typer.Argument(help="The command and its arguments (after --).")],
    timeout: Annotated[
        float | None, typer.Option("--timeout", min=0.1, help="Wall limit in seconds (600; never past the deadline).")
    ] = None,
    home: HomeOpt = None,
) -> None:
    """Run a command in the workspace's session; its exit code is this command's exit code."""
    if command[:1] == ["--"]:  # `exec --home H ID -- CMD`: the separator came after every option
        command = command[1:]
    stdin = None if sys.stdin is None or sys.stdin.isatty() else sys.stdin.buffer.read()
    try:
        code = handled(lambda: ws.exec_command(_home(home), ws_id, command, stdin, timeout))
    except KeyboardInterrupt:  # leaving closes the connection, which makes the daemon kill the command
        print("workspace: interrupted: the command was stopped", file=sys.stderr)
        raise typer.Exit(130) from None
    raise typer.Exit(code)


@workspace_app.command()
def shell(ws_id: IdArg, home: HomeOpt = None) -> None:
    """An interactive shell in the workspace's session (needs a terminal)."""
    raise typer.Exit(handled(lambda: ws.shell(_home(home), ws_id)))


@workspace_app.command()
def files(
    ws_id: IdArg,
    path: Annotated[str | None, typer.Argument(help="A file to print or a folder to list (under /workspace).")] = None,
    home: HomeOpt = None,
) -> None:
    """List the workspace (folders end with /, files show their size), or print one file."""
    raise typer.Exit(handled(lambda: ws.files(_home(home), ws_id, path)))


@workspace_app.command()
def status(ws_id: IdArg, as_json: JsonOpt = False, home: HomeOpt = None) -> None:
    """State (starting, open, grading, submitted, expired, stopped, failed, or dead), clock, questions, cost, time."""
    st = handled(lambda: ws.status(_home(home), ws_id))
    if st.get("card"):
        st = {**st, "card": _worker_card(st["card"])}
    if as_json:
        print(json.dumps(st))
        return
    for key in ("id", "state", "agent", "instance", "clock", "questions_asked", "contact_cost", "actions"):
        if key in st:
            print(f"{key:16} {st[key]}")
    if "seconds_left" in st:
        print(f"{'time left':16} {st['seconds_left'] / 60:.1f} min (deadline {st.get('deadline')})")
    if st.get("card"):
        print_card(st["card"])
    if st.get("state") == "dead":
        print(ws.dead_message(st), file=sys.stderr)


@workspace_app.command()
def submit(ws_id: IdArg, as_json: JsonOpt = False, home: HomeOpt = None) -> None:
    """Hand in: everything in the session is killed, the workspace snapshotted and graded; the score card."""
    answer = handled(lambda: ws.submit(_home(home), ws_id))
    card = _worker_card(answer.get("card") or {})
    if as_json:
        print(json.dumps({"id": ws_id, "state": answer.get("state"), "card": card}))
        return
    print_card(card)
    print(f"(worker view: hidden values redacted; authors: worktrial show {ws_id} --author)")


@workspace_app.command()
def stop(ws_id: IdArg, as_json: JsonOpt = False, home: HomeOpt = None) -> None:
    """Abandon the workspace: nothing is graded; its trial is stored with status `abandoned`."""
    answer = handled(lambda: ws.stop(_home(home), ws_id))
    if as_json:
        print(json.dumps({"id": ws_id, "state": answer.get("state")}))
    else:
        print(f"workspace {ws_id} stopped: its trial is recorded as abandoned (never graded)")


@workspace_app.command("list")
def list_(as_json: JsonOpt = False, home: HomeOpt = None) -> None:
    """Open and finished workspaces."""
    rows = handled(lambda: ws.listing(_home(home)))
    if as_json:
        for r in rows:
            print(json.dumps(r))
        return
    from rich.table import Table

    table = Table("workspace", "agent", "instance", "state", "score", "deadline")
    for r in rows:
        score = (r.get("card") or {}).get("score")
        table.add_row(
            str(r.get("id")), str(r.get("agent")), str(r.get("instance")), str(r.get("state")),
            "" if score is None else f"{score:.3f}", str(r.get("deadline", "")),
        )  # fmt: skip
    out.print(table)


def _worker_card(card: dict[str, Any]) -> dict[str, Any]:
    """What the person who worked the trial may see of its card (docs/scoring.md); a card that does not parse
    is shown as it came, since it then holds no graded values."""
    from ..grading import ScoreCard, worker_view

    try:
        parsed = ScoreCard.model_validate(card)
    except ValueError:
        return card
    return worker_view(parsed).model_dump(mode="json")


def print_card(card: dict[str, Any]) -> None:
    """The score card as a person reads it: the verdict, the engagement figures, incidents, then components."""
    from rich.table import Table

    if card.get("status") != "done":
        err.print(f"void trial ({card.get('error_kind')}): {card.get('error')}", markup=False)
        return
    score = card.get("score")
    out.print(f"score {score:.3f}, solved: {'yes' if card.get('solved') else 'no'}", markup=False, highlight=False)
    for key in ("kpi", "kpi_baseline", "kpi_reference", "uplift", "contact_cost", "questions_asked"):
        if card.get(key) is not None:
            print(f"  {key:16} {card[key]}")
    for incident in card.get("incidents") or []:
        print(f"  incident: {incident}")
    components = card.get("components") or []
    if components:
        table = Table("component", "kind", "value", "weight", "gate", "evidence")
        for c in components:
            value = c.get("value")
            table.add_row(
                str(c.get("name")), str(c.get("kind")), "" if value is None else f"{value:.3f}",
                f"{c.get('weight', 1):g}", "gate" if c.get("gate") else "", str(c.get("evidence", ""))[:120],
            )  # fmt: skip
        out.print(table)
