"""The web app (`worktrial serve`): catalog, run viewer, leaderboard and accounts, server-rendered.

Pages are Jinja2 templates with autoescaping, so anything a trial wrote is shown as text. No page runs a script and
nothing is fetched from elsewhere; the Content-Security-Policy says so to the browser. Every form that changes
something carries a CSRF token: the session's once logged in, a double-submit cookie before. A trial, job or
family the visitor may not see answers 404, exactly as one that does not exist, so ids cannot be probed.
"""

from __future__ import annotations

import secrets
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint

from ..store import Home, Store, TrialRow
from ..store.accounts import AccountError, Accounts, UserRow
from ..store.catalog import CatalogRecords
from . import security
from .admin import add_admin_routes
from .board import board, plot_svg, pool_version
from .catalog import Entry, choices, filtered, load_catalog, visible
from .viewer import trial_view
from .work import add_workspace_routes

SESSION_COOKIE = "wt_session"
FORM_COOKIE = "wt_form"  # the CSRF token of the login and sign-up forms, before there is a session
LOGIN_FAILURES = 5  # per user name in LOGIN_WINDOW_S, then refused for the rest of the window
LOGIN_WINDOW_S = 300.0
Signup = Literal["open", "invite", "closed"]
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


@dataclass
class Settings:
    store_url: str
    suites: list[Path]
    signup: Signup = "closed"
    secure_cookies: bool = False  # set behind HTTPS: cookies then never travel in clear text
    home: Path | None = None  # the state folder the workspaces' daemons use (the default one when None)
    sandbox: str = "bwrap"
    max_open_workspaces: int = 2  # per user
    asks_per_minute: int = 20  # per user, over all their workspaces


@dataclass
class Visitor:
    user: UserRow | None
    csrf: str | None
    token: str | None

    @property
    def admin(self) -> bool:
        return self.user is not None and self.user.role == "admin"

    @property
    def author(self) -> bool:
        return self.user is not None and self.user.role in ("admin", "author")


@dataclass
class _Throttle:
    failures: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))

    def blocked(self, name: str) -> bool:
        q = self.failures[name]
        while q and q[0] < time.monotonic() - LOGIN_WINDOW_S:
            q.popleft()
        return len(q) >= LOGIN_FAILURES

    def failed(self, name: str) -> None:
        self.failures[name].append(time.monotonic())


class _Headers(BaseHTTPMiddleware):
    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        response = await call_next(request)
        for k, v in HEADERS.items():
            response.headers.setdefault(k, v)
        return response


def _templates() -> Jinja2Templates:
    env = Environment(loader=PackageLoader("worktrial.web", "templates"), autoescape=select_autoescape(["html"]))
    env.filters["num"] = lambda v, d=3: "—" if v is None else f"{v:.{d}f}"
    return Jinja2Templates(env=env)


class Site:
    """What every page of the app shares: the settings, the store and its accounts, the templates, the catalog and
    the checks of who is asking."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.store = Store(settings.store_url)
        self.accounts = Accounts(self.store)
        self.records = CatalogRecords(self.store)
        self.home = Home.default(settings.home)
        self.templates = _templates()
        self._catalog: list[Entry] | None = None

    def suites(self) -> list[Path]:
        """The served suites: the configured ones, and the published uploads once there are any."""
        uploaded = self.home.uploaded_suite
        return [
            *self.settings.suites,
            *([uploaded] if uploaded.is_dir() and uploaded not in self.settings.suites else []),
        ]

    def catalog(self) -> list[Entry]:
        """Every served family, in the pool an administrator last moved it to (else its task.toml's)."""
        if self._catalog is None:
            self._catalog = load_catalog(self.suites())
        moved = self.records.pools()
        return [replace(e, visibility=moved[e.id]) if e.id in moved else e for e in self._catalog]

    def refresh(self) -> None:
        """Read the suites again (after a publish)."""
        self._catalog = None

    def visitor(self, request: Request) -> Visitor:
        token = request.cookies.get(SESSION_COOKIE)
        found = self.accounts.session_user(token) if token else None
        return Visitor(found[0], found[1], token) if found else Visitor(None, None, None)

    def page(self, request: Request, name: str, who: Visitor, status: int = 200, **context: Any) -> HTMLResponse:
        return self.templates.TemplateResponse(
            request, name, {"who": who, "signup": self.settings.signup, **context}, status_code=status
        )

    @staticmethod
    def login_required(who: Visitor) -> UserRow:
        if who.user is None:
            raise HTTPException(303, headers={"Location": "/login"})
        return who.user

    @staticmethod
    def check_csrf(who: Visitor, token: str | None) -> None:
        if who.csrf is None or not security.same_token(who.csrf, token):
            raise HTTPException(403, "the form is out of date or did not come from this site: reload it")


def create_app(settings: Settings) -> FastAPI:
    site = Site(settings)
    store, accounts = site.store, site.accounts
    throttle = _Throttle()
    catalog, visitor, page = site.catalog, site.visitor, site.page
    login_required, check_csrf = site.login_required, site.check_csrf

    app = FastAPI(title="worktrial", docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(_Headers)

    def form_page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        token = request.cookies.get(FORM_COOKIE) or secrets.token_urlsafe(24)
        response = page(request, name, Visitor(None, None, None), status, form_token=token, **context)
        response.set_cookie(FORM_COOKIE, token, httponly=True, samesite="strict", secure=settings.secure_cookies)
        return response

    def check_form_token(request: Request, token: str | None) -> None:
        cookie = request.cookies.get(FORM_COOKIE)
        if cookie is None or not security.same_token(cookie, token):
            raise HTTPException(403, "the form is out of date or did not come from this site: reload it")

    def logged_in(user: UserRow) -> RedirectResponse:
        token, _csrf = accounts.new_session(user.id)
        response = RedirectResponse("/catalog", status_code=303)
        response.set_cookie(SESSION_COOKIE, token, httponly=True, samesite="strict", secure=settings.secure_cookies)
        response.delete_cookie(FORM_COOKIE)
        return response

    @app.exception_handler(HTTPException)
    async def _http_error(request: Request, exc: HTTPException) -> Response:
        if exc.status_code in (301, 302, 303) and exc.headers:
            return RedirectResponse(exc.headers["Location"], status_code=exc.status_code)
        return page(request, "error.html", visitor(request), exc.status_code, message=exc.detail)

    # ------------------------------------------------------------------ accounts

    @app.get("/")
    def home() -> RedirectResponse:
        return RedirectResponse("/catalog", status_code=303)

    @app.get("/login", response_class=HTMLResponse)
    def login_form(request: Request) -> HTMLResponse:
        return form_page(request, "login.html")

    @app.post("/login", response_class=HTMLResponse)
    def login(
        request: Request, name: str = Form(...), password: str = Form(...), form_token: str = Form("")
    ) -> Response:
        check_form_token(request, form_token)
        if throttle.blocked(name):
            return form_page(request, "login.html", 429, error="too many failed logins: wait a few minutes")
        user = accounts.user_by_name(name)
        if user is None or not security.password_matches(user.password_hash, password):
            throttle.failed(name)
            return form_page(request, "login.html", 401, error="unknown name or wrong password")
        return logged_in(user)

    @app.get("/signup", response_class=HTMLResponse)
    def signup_form(request: Request) -> HTMLResponse:
        if settings.signup == "closed":
            raise HTTPException(404, "sign-up is closed on this server: ask an administrator for an account")
        return form_page(request, "signup.html")

    @app.post("/signup", response_class=HTMLResponse)
    def signup(
        request: Request,
        name: str = Form(...),
        password: str = Form(...),
        invite: str = Form(""),
        form_token: str = Form(""),
    ) -> Response:
        if settings.signup == "closed":
            raise HTTPException(404, "sign-up is closed on this server: ask an administrator for an account")
        check_form_token(request, form_token)
        role = "user"
        if settings.signup == "invite":
            found = accounts.open_invite(invite)
            if found is None:
                return form_page(request, "signup.html", 400, error="this invitation is unknown or already used")
            role = found.role
        problem = security.check_name(name) or security.check_password(password)
        if problem:
            return form_page(request, "signup.html", 400, error=problem)
        try:
            user = accounts.add_user(name, security.hash_password(password), role)
            if settings.signup == "invite":
                accounts.use_invite(invite, user.id)
        except AccountError as e:
            return form_page(request, "signup.html", 400, error=str(e))
        return logged_in(user)

    @app.post("/logout")
    def logout(request: Request, csrf: str = Form("")) -> RedirectResponse:
        who = visitor(request)
        login_required(who)
        check_csrf(who, csrf)
        assert who.token is not None
        accounts.end_session(who.token)
        response = RedirectResponse("/login", status_code=303)
        response.delete_cookie(SESSION_COOKIE)
        return response

    # ------------------------------------------------------------------ catalog

    @app.get("/catalog", response_class=HTMLResponse)
    def catalog_page(
        request: Request, kind: str = "", tier: str = "", industry: str = "", domain: str = ""
    ) -> HTMLResponse:
        who = visitor(request)
        mine = visible(catalog(), who.admin)
        wanted = {"kind": kind, "tier": tier, "industry": industry, "domain": domain}
        return page(request, "catalog.html", who, entries=filtered(mine, wanted), wanted=wanted, choices=choices(mine))

    @app.get("/families/{family_id}", response_class=HTMLResponse)
    def family_page(request: Request, family_id: str) -> HTMLResponse:
        who = visitor(request)
        found = [e for e in visible(catalog(), who.admin) if e.id == family_id]
        if not found:
            raise HTTPException(404, "no such family")
        return page(request, "family.html", who, e=found[0])

    # ------------------------------------------------------------------ runs

    def visible_trial(who: Visitor, trial_id: str) -> TrialRow:
        login_required(who)
        try:
            row = store.trial(trial_id)
        except Exception:
            raise HTTPException(404, "no such trial") from None
        if not accounts.can_see(who.user, row.job_id):
            raise HTTPException(404, "no such trial")
        return row

    @app.get("/runs", response_class=HTMLResponse)
    def runs(request: Request) -> HTMLResponse:
        who = visitor(request)
        login_required(who)
        ids = set(accounts.visible_jobs(who.user))
        jobs = [j for j in store.jobs() if j.id in ids]
        access = accounts.access()
        overview = store.job_overview()
        return page(request, "runs.html", who, jobs=list(reversed(jobs)), overview=overview, access=access)

    @app.get("/jobs/{job_id}", response_class=HTMLResponse)
    def job_page(request: Request, job_id: str) -> HTMLResponse:
        who = visitor(request)
        login_required(who)
        if store.job(job_id) is None or not accounts.can_see(who.user, job_id):
            raise HTTPException(404, "no such job")
        access = accounts.access().get(job_id)
        return page(request, "job.html", who, job_id=job_id, trials=store.trials(job_id), access=access)

    @app.post("/jobs/{job_id}/publish")
    def publish(request: Request, job_id: str, csrf: str = Form(""), published: str = Form("1")) -> Response:
        who = visitor(request)
        login_required(who)
        check_csrf(who, csrf)
        if not who.admin:
            raise HTTPException(404, "no such job")
        try:
            accounts.publish(job_id, published == "1")
        except AccountError:
            raise HTTPException(404, "no such job") from None
        return RedirectResponse(f"/jobs/{job_id}", status_code=303)

    @app.get("/trials/{trial_id:path}", response_class=HTMLResponse)
    def trial_page(request: Request, trial_id: str) -> HTMLResponse:
        who = visitor(request)
        row = visible_trial(who, trial_id)
        return page(request, "trial.html", who, v=trial_view(row, author=who.author))

    # ------------------------------------------------------------------ leaderboard

    @app.get("/leaderboard", response_class=HTMLResponse)
    def leaderboard(request: Request, suite: str = "", pool: str = "public") -> HTMLResponse:
        who = visitor(request)
        if pool not in ("public", "private") or (pool == "private" and not who.admin):
            raise HTTPException(404, "no such pool")
        suites = sorted({e.suite for e in catalog()})
        suite = suite or (suites[0] if suites else "")
        members = [e for e in catalog() if e.suite == suite and e.visibility == pool]
        access = accounts.access()
        published = [j for j, a in access.items() if a.published]
        trials = [t for j in published for t in store.trials(j)]
        content = {t.instance.split("/", 1)[0]: t.content_hash for t in trials}
        rows = board(trials, {e.id for e in members})
        return page(
            request,
            "leaderboard.html",
            who,
            rows=rows,
            plot=plot_svg(rows),
            suites=suites,
            suite=suite,
            pool=pool,
            version=pool_version(members, content),
            rotation=site.records.revision(),
            families=len(members),
        )

    add_workspace_routes(app, site)
    add_admin_routes(app, site)
    return app


__all__ = ["Settings", "Site", "Visitor", "create_app"]
