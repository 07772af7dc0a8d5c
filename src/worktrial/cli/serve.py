"""`worktrial serve` (the web app) and `worktrial users` (its accounts, from the command line)."""

from __future__ import annotations

import getpass
import os
import sys
from typing import Annotated

import typer

from .common import HomeOpt, StoreOpt, SuiteOpt, app, default_suites, guarded

users_app = typer.Typer(help="Accounts of the web app: add a user, reset a password, invite.", no_args_is_help=True)
app.add_typer(users_app, name="users")


def _password(prompt: str) -> str:
    """From a terminal, asked twice without echo; otherwise the first line of standard input."""
    if sys.stdin.isatty():
        first = getpass.getpass(prompt)
        if getpass.getpass("again: ") != first:
            print("users: the two passwords differ", file=sys.stderr)
            raise typer.Exit(2)
        return first
    return sys.stdin.readline().rstrip("\n")


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    signup: Annotated[
        str, typer.Option(help="Who may create an account: open, invite (with a code from `users invite`) or closed.")
    ] = "closed",
    secure_cookies: Annotated[bool, typer.Option(help="Send cookies over HTTPS only (behind a TLS proxy).")] = False,
    max_open: Annotated[int, typer.Option(min=1, help="Open workspaces a user may hold at once.")] = 2,
    asks_per_minute: Annotated[int, typer.Option(min=1, help="Questions a user may send a minute.")] = 20,
    suite: SuiteOpt = None,
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """The web app: catalog, run viewer, leaderboard and accounts (docs/web.md)."""
    if signup not in ("open", "invite", "closed"):
        print(f"serve: --signup {signup!r}: use open, invite or closed", file=sys.stderr)
        raise typer.Exit(2)

    def body() -> None:
        import uvicorn

        from ..store import STORE_ENV, Home, store_url
        from ..web import Settings, create_app

        h = Home.default(home).ensure()
        url = store_url(h, store_at)
        if store_at:  # the workspaces' daemons, started from here, record their trials in the same store
            os.environ[STORE_ENV] = url
        settings = Settings(
            store_url=url,
            suites=[p.resolve() for p in (suite or default_suites())],
            signup=signup,  # type: ignore[arg-type]  # checked above
            secure_cookies=secure_cookies,
            home=h.root,
            max_open_workspaces=max_open,
            asks_per_minute=asks_per_minute,
        )
        uvicorn.run(create_app(settings), host=host, port=port, log_level="info")

    guarded(body)


@users_app.command("add")
def users_add(
    name: Annotated[str, typer.Argument(help="The user name.")],
    role: Annotated[str, typer.Option(help="admin, author or user.")] = "user",
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Add a user; the password is asked for (or read from standard input's first line)."""
    from ..store.accounts import AccountError, Accounts
    from ..web import security

    def body() -> None:
        from .common import open_store

        problem = security.check_name(name)
        if problem:
            print(f"users add: {name!r}: {problem}", file=sys.stderr)
            raise typer.Exit(2)
        password = _password(f"password for {name}: ")
        problem = security.check_password(password)
        if problem:
            print(f"users add: {problem}", file=sys.stderr)
            raise typer.Exit(2)
        try:
            user = Accounts(open_store(home, store_at)).add_user(name, security.hash_password(password), role)
        except AccountError as e:
            print(f"users add: {e}", file=sys.stderr)
            raise typer.Exit(2) from None
        print(f"added {user.name} ({user.role})")

    guarded(body)


@users_app.command("password")
def users_password(
    name: Annotated[str, typer.Argument(help="The user name.")], home: HomeOpt = None, store_at: StoreOpt = None
) -> None:
    """Set a user's password (asked for, or read from standard input's first line)."""
    from ..store.accounts import Accounts
    from ..web import security

    def body() -> None:
        from .common import open_store

        accounts = Accounts(open_store(home, store_at))
        user = accounts.user_by_name(name)
        if user is None:
            print(f"users password: no user {name!r}", file=sys.stderr)
            raise typer.Exit(2)
        password = _password(f"new password for {name}: ")
        problem = security.check_password(password)
        if problem:
            print(f"users password: {problem}", file=sys.stderr)
            raise typer.Exit(2)
        accounts.set_password(user.id, security.hash_password(password))
        print(f"password of {name} changed")

    guarded(body)


@users_app.command("invite")
def users_invite(
    role: Annotated[str, typer.Option(help="The role the invited account gets.")] = "user",
    home: HomeOpt = None,
    store_at: StoreOpt = None,
) -> None:
    """Print a one-use invitation code for `serve --signup invite`."""
    from ..store.accounts import AccountError, Accounts

    def body() -> None:
        from .common import open_store

        try:
            print(Accounts(open_store(home, store_at)).new_invite(role))
        except AccountError as e:
            print(f"users invite: {e}", file=sys.stderr)
            raise typer.Exit(2) from None

    guarded(body)


__all__ = ["serve", "users_add", "users_invite", "users_password"]
