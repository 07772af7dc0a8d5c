"""Writes the bundled session archive of Halden Kitchen Systems (a fictional company) and PLANTED.json.

    python archives/halden/generate.py [OUT]      (default: this folder)

Deterministic: every case has its own seeded random source, no clock is read, and office files are re-packed with
fixed dates, so two runs give the same bytes. The archive's layout is worktrial.authoring.sessions.archive's.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import sys
from datetime import datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _plant as plant  # noqa: E402
import _t_eng  # noqa: E402
import _t_exec  # noqa: E402
import _t_finance  # noqa: E402
import _t_hr  # noqa: E402
import _t_little  # noqa: E402
import _t_mkt  # noqa: E402
import _t_prod  # noqa: E402
import _t_sales  # noqa: E402
from _core import OUTSIDE, Case, Link, assemble, check_no_question  # noqa: E402
from _world import AGENT, COMPANY, DESCRIPTION, ROLES, STAFF, account, person  # noqa: E402

VERSION = "2026.06-1"
MODULES = {
    "product_project": _t_prod,
    "engineering_it": _t_eng,
    "hr_admin": _t_hr,
    "executive": _t_exec,
    "sales_customer": _t_sales,
    "marketing": _t_mkt,
    "finance_ops": _t_finance,
}
GOOD_PER_ROLE = 16
ROLE_WORDS = {  # the offline reviewer's keywords (review.SUBCLASSES), to leave the directory's hint off safely
    "product_project": (
        "status",
        "progress",
        "milestone",
        "rag",
        "spec",
        "requirement",
        "user stor",
        "acceptance",
        "deck",
        "slides",
        "presentation",
        "plan",
        "roadmap",
        "timeline",
        "schedule",
    ),
    "engineering_it": (
        "script",
        "python",
        "bash",
        "sql",
        "query",
        "incident",
        "outage",
        "postmortem",
        "root cause",
        "config",
        "yaml",
        "settings",
        "cron",
        "clean",
        "dedup",
        "csv",
        "merge",
    ),
    "hr_admin": (
        "policy",
        "handbook",
        "guideline",
        "rota",
        "leave",
        "holiday",
        "shift",
        "absence",
        "onboard",
        "induction",
        "welcome",
        "new starter",
        "headcount",
        "org chart",
        "contract",
        "salary",
    ),
    "executive": (
        "brief",
        "summary",
        "summarise",
        "one-pager",
        "board",
        "committee",
        "paper",
        "decision",
        "options",
        "recommend",
    ),
    "sales_customer": (
        "proposal",
        "quote",
        "pricing",
        "tender",
        "reply",
        "complaint",
        "customer",
        "respond",
        "account",
        "pipeline",
        "renewal",
        "churn",
    ),
    "marketing": (
        "copy",
        "newsletter",
        "post",
        "blog",
        "tagline",
        "campaign",
        "open rate",
        "click",
        "conversion",
        "event",
        "webinar",
        "trade show",
        "stand",
    ),
    "finance_ops": (
        "reconcil",
        "match",
        "bank",
        "ledger",
        "budget",
        "forecast",
        "variance",
        "supplier",
        "invoice",
        "purchase",
        "spend",
    ),
}
THANKS = [
    "Thanks, that's what I needed.",
    "Perfect, thank you!",
    "Great, sending it on now.",
    "Cheers, looks right.",
    "Thanks Keel.",
    None,
    "Brilliant, thanks.",
    None,
]
NUDGES = {
    "product_project": "Can we have this before the Thursday steering meeting?",
    "engineering_it": "Has anyone got the numbers for this yet?",
    "hr_admin": "Managers need this by Friday.",
    "executive": "The board pack closes on Wednesday.",
    "sales_customer": "The customer is chasing.",
    "marketing": "Need this for the planning session.",
    "finance_ops": "Audit will want to see this.",
}


def keyword_role(text: str) -> str:
    low = text.lower()
    counts = {r: sum(low.count(w) for w in words) for r, words in ROLE_WORDS.items()}
    return max(sorted(counts), key=lambda r: counts[r])


def make(role: str, template: object, v: int, web: bool = False, redo: bool = False) -> Case:
    name = template.__name__  # type: ignore[attr-defined]
    rng = random.Random(f"halden:{role}:{name}:{v}:{web}:{redo}")
    kwargs = {"web": True} if web else {}
    if redo:
        kwargs["redo"] = True
    case: Case = template(rng, v, **kwargs)  # type: ignore[operator]
    case.user = case.user or person(rng, role)
    case.ambiguity = case.ambiguity if case.ambiguity[0] else plant.QUESTIONS.get(name, ("", ""))
    case.spans = [(k, x) for k, x in case.spans if any(x in t for t in [case.ask, *case.follow])]
    case.thanks = THANKS[v % len(THANKS)] if case.thanks == "Thanks, that's what I needed." else case.thanks
    if case.channel == "private" and rng.random() < 0.22:
        case.channel = "group"  # asked in the team's channel rather than in a private chat
    if case.channel == "group":
        case.ask = "@keel " + case.ask
        case.colleague = next(p for p in STAFF[role] if p != case.user)
        case.quote = case.quote or (case.colleague, NUDGES[role])
    return case


def good_cases() -> list[tuple[Case, dict[str, object]]]:
    """16 sound cases per role class, some with a redaction the funnel must recover."""
    out = []
    for role, mod in MODULES.items():
        ts, web, redo = mod.TEMPLATES, getattr(mod, "WEB", []), getattr(mod, "REDO", [])
        for i in range(GOOD_PER_ROLE):
            t, v = ts[i % len(ts)], i // len(ts)
            on_web = t in web and v in (0, 1)
            case = make(role, t, v, on_web, redo=t in redo and v == 1)
            note: dict[str, object] = {"stage": "built", "reason": "ok"}
            if on_web and v == 0:
                note["recovered"] = {"[URL_1]": {"how": "host_unique", "value": plant.recover_by_host(case)}}
            elif on_web and role in ("finance_ops", "engineering_it", "marketing"):
                note["recovered"] = {"[URL_1]": {"how": "context", "value": plant.recover_by_context(case, "url")}}
            elif (t.__name__, v) in {("quote", 2), ("complaint", 0), ("briefing", 0), ("onboarding", 0)}:
                note["recovered"] = {"[NAME_1]": {"how": "context", "value": plant.recover_by_context(case, "name")}}
            elif (t.__name__, v) in {("bank_rec", 1), ("incident", 0), ("dedupe", 0)}:
                note["recovered"] = {"[PATH_1]": {"how": "context", "value": plant.recover_by_context(case, "path")}}
            out.append((case, note))
    return out


PLAN = [
    ("fixtures", "fixture_missing", 8),
    ("redactions", "redaction_unrecoverable", 8),
    ("network", "link_unreachable", 6),
    ("network", "link_unrecorded", 3),
    ("self_contained", "needed_clarification", 8),
    ("self_contained", "outside_context", 6),
    ("self_contained", "no_accepted_output", 5),
]


def planted_cases(good: list[tuple[Case, dict[str, object]]]) -> list[tuple[Case, dict[str, object]]]:
    out, n = [], 0
    for stage, reason, count in PLAN:
        for k in range(count):
            role = ROLES[n % len(ROLES)]
            if reason == "redaction_unrecoverable" and k == 3:
                role = "sales_customer"
            ts = MODULES[role].TEMPLATES
            t = ts[n % len(ts)] if not (reason == "redaction_unrecoverable" and k == 3) else _t_sales.quote
            case = make(role, t, 10 + n)
            why = plant.apply(reason, case, k, random.Random(f"halden:plant:{reason}:{k}"))
            out.append((case, {"stage": stage, "reason": reason, "why": why}))
            n += 1
    little = "the accepted deliverable restates the inputs and works nothing out"
    for k, t in enumerate(_t_little.TEMPLATES):
        case = make(_t_little.ROLES[t.__name__], t, k)
        out.append((case, {"stage": "key_terms", "reason": "too_little_to_check", "why": little}))
    plain = [c for c, note in good if "recovered" not in note and not c.draft and not c.links]
    for k in range(6):
        original = plain[(k * 13 + 3) % len(plain)]
        out.append((original, {"stage": "duplicates", "reason": "duplicate", "why": ""}))
    return out


def short_session(k: int, start: datetime) -> dict[str, object]:
    role = ROLES[(k * 3) % len(ROLES)]
    user = STAFF[role][k % len(STAFF[role])]
    text, reply = plant.SHORT[k]
    quotes = (
        [{"author": account(AGENT), "text": "Here is the summary you asked for; the file is attached."}]
        if k >= 6
        else []
    )
    messages = [
        {
            "at": start.isoformat(),
            "author": "user",
            "account": account(user),
            "text": text,
            "quotes": quotes,
            "follow_up": False,
        },
        {
            "at": (start + timedelta(seconds=20 + k)).isoformat(),
            "author": "agent",
            "account": account(AGENT),
            "text": reply,
            "quotes": [],
            "follow_up": False,
        },
    ]
    reds = []
    if "[URL_1]" in text:
        reds = [
            {
                "placeholder": "[URL_1]",
                "kind": "url",
                "field": "messages[0].text",
                "host": "wiki.halden.example",
                "before": "see ",
                "after": " pls",
            }
        ]
    return {
        "id": "",
        "started": start.isoformat(),
        "channel": "group" if k % 3 == 0 else "private",
        "role_hint": role,
        "messages": messages,
        "attachments": [],
        "tools": [],
        "outputs": [],
        "redactions": reds,
    }


def _start(case: Case, rng: random.Random, shift: int = 0) -> datetime:
    d = case.asof + timedelta(days=shift)
    if d.weekday() == 5 and not shift:
        d -= timedelta(days=1)  # a Saturday ask was made on the Friday
    while d.weekday() > 4:
        d += timedelta(days=1)
    return datetime(d.year, d.month, d.day, 8, 0) + timedelta(minutes=rng.randint(10, 560), seconds=rng.randint(0, 59))


def plan() -> tuple[list[dict[str, object]], dict[str, dict[str, object]], dict[str, bytes], list[Link]]:
    """The sessions in the order they happened, what was planted in which, the files kept and the links."""
    good = good_cases()
    cases = good + planted_cases(good)
    entries, files, links = [], {}, []
    starts: dict[int, datetime] = {}
    for i, (case, note) in enumerate(cases):
        rng = random.Random(f"halden:session:{i}")
        if note["reason"] == "duplicate":
            start = _start(case, rng, shift=rng.randint(1, 5))
            start = max(start, starts[id(case)] + timedelta(days=1))
        else:
            start = _start(case, rng)
            starts[id(case)] = start
        hint_off = note["reason"] == "ok" and "recovered" not in note and rng.random() < 0.3
        case.hint = not (hint_off and keyword_role(" ".join([case.ask, *case.follow])) == case.role)
        session = assemble(case, "pending", start, rng)
        assert note["reason"] == "needed_clarification" or check_no_question(session), case.ask
        assert note["reason"] == "outside_context" or not any(
            OUTSIDE.search(m["text"]) for m in session["messages"] if m["author"] == "user"
        ), case.ask  # type: ignore[index,union-attr]
        entries.append((start, i, session, {**note, "case": id(case)}))
        for a in case.atts:
            if a.name not in case.missing:
                files[a.sha] = a.data
        for o in [*case.draft, *case.outs]:
            files[o.sha] = o.data
        links += [lk for lk in case.links if lk.recorded]
    for k in range(len(plant.SHORT)):
        rng = random.Random(f"halden:short:{k}")
        start = datetime(2026, 3, 3, 9, 0) + timedelta(days=9 * k, minutes=rng.randint(0, 480))
        while start.weekday() > 4:
            start += timedelta(days=1)
        entries.append(
            (
                start,
                10_000 + k,
                short_session(k, start),
                {"stage": "length", "reason": "too_short", "why": "the user's own words are a few characters"},
            )
        )
    lost = {a.sha for case, _n in cases for a in case.atts if a.name in case.missing}
    assert not lost & files.keys(), "a file planted as missing is attached elsewhere too"
    entries.sort(key=lambda e: (e[0], e[1]))
    sessions, planted, first = [], {}, {}
    for n, (_start_at, _i, session, note) in enumerate(entries, 1):
        session["id"] = f"hk-{n:04d}"
        sessions.append(session)
        first.setdefault(note.get("case"), session["id"])
        if note["reason"] != "ok" or "recovered" in note:
            planted[session["id"]] = {k: v for k, v in note.items() if k != "case"}
        if note["reason"] == "duplicate":
            planted[session["id"]]["why"] = f"the same ask and files as {first[note['case']]}"
    return sessions, planted, files, links


def write(out: Path) -> None:
    sessions, planted, files, links = plan()
    for sub in ("files", "resources"):
        shutil.rmtree(out / sub, ignore_errors=True)
        (out / sub).mkdir(parents=True)
    for sha, data in sorted(files.items()):
        (out / "files" / sha).write_bytes(data)
    resources: dict[str, dict[str, object]] = {}
    for lk in links:
        sha = hashlib.sha256(lk.body).hexdigest() if lk.body is not None else None
        row = {
            "url": lk.url,
            "host": lk.host,
            "reachable": lk.body is not None,
            "sha256": sha,
            "media_type": "text/html",
        }
        assert resources.get(lk.url, row) == row, f"{lk.url} recorded twice with different bodies"
        resources[lk.url] = row
        if lk.body is not None:
            (out / "resources" / sha).write_bytes(lk.body)  # type: ignore[operator]
    (out / "resources.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for _u, r in sorted(resources.items())), encoding="utf-8"
    )
    (out / "sessions.jsonl").write_text(
        "".join(json.dumps(s, ensure_ascii=False) + "\n" for s in sessions), encoding="utf-8"
    )
    info = (
        f'name = "halden"\ncompany = "{COMPANY}"\nversion = "{VERSION}"\ndescription = "{DESCRIPTION}"\n'
        f'agent = "{AGENT}"\n'
    )
    (out / "archive.toml").write_text(info, encoding="utf-8")
    (out / "PLANTED.json").write_text(json.dumps(planted, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
