"""What goes wrong in a real archive, planted on purpose: each function turns a sound case into one the funnel must
stop (and says where and why), or into one whose redaction the funnel must recover."""

from __future__ import annotations

import random

from _core import Case, Link, Redact, echo_context, snippet
from _world import outsider, person

OUTSIDE_PHRASES = [
    "Lay it out like last time, please.",
    "Use the usual format for the depot managers.",
    "Keep the targets as discussed on Monday.",
    "Same as before for the column order.",
    "Use the comparison from yesterday's call as the baseline.",
    "Check it against the file I sent earlier before you start.",
]
REDOS = [
    "This isn't what I need: it has to be split by depot, not one total. Can you redo it?",
    "The numbers look off against what finance has. Please redo it from scratch and show your working.",
    "Wrong period, I meant the previous one. Can you run it again?",
    "Too long for the audience. Please cut it to half a page and redo the table.",
    "That's not the layout the team uses. Start again with one section per site.",
]
DEFAULT_QUESTIONS = {
    "engineering_it": ("Should I leave the health-check lines out of the request counts?", "Yes, leave them out."),
    "product_project": (
        "Should tasks due today count as overdue, or only those due before today?",
        "Only before today.",
    ),
    "hr_admin": ("Is this for everyone in the file or only for the Elmsford teams?", "Everyone."),
    "executive": ("Is this going to the full board or just the chair?", "The full board."),
    "marketing": ("Do you want the figures for all campaigns or only the ones sent this year?", "All of them."),
    "sales_customer": ("Should prices include VAT?", "Show both."),
    "finance_ops": ("Which period should I use if the dates in the files disagree?", "Go with the statement."),
}
QUESTIONS = {  # a question each kind of ask leaves open, and the user's answer
    "incident": ("Should the health-check lines count as requests?", "No, leave them out."),
    "dedupe": ("If two duplicates have different credit limits, do you want the highest or the latest?", "Highest."),
    "telemetry": ("Should the script read one export at a time, or a folder of them?", "One at a time is fine."),
    "monitoring": ("Do the freezer alerts need the same window as the fridges?", "No, use the freezer window."),
    "sql_report": ("Should response time be measured to arrival or to the fix?", "To arrival."),
    "status": ("Should tasks due today count as overdue, or only those due before today?", "Only before today."),
    "schedule": ("Do bank holidays count as working days here?", "Yes, ignore bank holidays."),
    "spec": ("Should the priorities use the share of all responses or only of those who named an issue?", "All."),
    "budget_deck": ("Is contingency part of the forecast, or kept aside?", "Part of the forecast."),
    "briefing": ("Should the margin be gross or after overheads?", "Gross."),
    "one_pager": ("Is this for the leadership team only, or the depot managers too?", "Leadership only."),
    "board_deck": ("Is EBITDA before or after the one-off costs?", "There are none in this file."),
    "leave": ("Do half days count as 0.5?", "Yes."),
    "overtime_policy": ("Does the policy cover salaried staff as well?", "No, hourly-paid only."),
    "headcount": ("Should leavers on the last day of March count as in or out?", "Out."),
    "onboarding": ("Are the plant starters on the same induction as the depot ones?", "Yes."),
    "complaint": ("Should the reply offer anything beyond the SLA credit?", "No, just the credit."),
    "account_review": ("Should revenue be net of discounts?", "Yes, net, as in the export."),
    "pipeline": ("Should lost opportunities be left out?", "There are none in this export."),
    "trade_show": ("Should staff travel be counted per show day or per trip?", "Per show day."),
    "newsletter": ("Is the piece for customers or for the sales team?", "Customers."),
    "market_share": ("Should share be by units or by value?", "Units."),
    "accruals": ("One journal line per supplier, or per receipt?", "Per supplier."),
}
DEAD = {
    "finance_ops": ("https://www.fxdesk.example/rates/2026-03-31", "error: HTTP 503 Service Unavailable"),
    "sales_customer": (
        "https://www.tidewell-hotels.example/procurement/kitchen-refit-2026",
        "error: HTTP 404 Not Found",
    ),
    "hr_admin": ("https://intranet.halden.example/people/holiday-calendar-2026", "error: timed out after 30 s"),
    "engineering_it": ("https://status.payment-gw.example/incidents/2026-04", "error: HTTP 502 Bad Gateway"),
    "executive": ("https://www.kitchen-trade-assoc.example/reports/q1-2026-outlook", "error: HTTP 403 Forbidden"),
    "marketing": ("https://www.catertech-north.example/exhibitors/prospectus", "error: connection refused"),
    "product_project": ("https://wiki.halden.example/projects/field-app/phase-2", "error: timed out after 30 s"),
}
UNRECORDED = {
    "finance_ops": "https://www.bankline-notices.example/charges-2026",
    "sales_customer": "https://www.linden-grill.example/about/our-kitchens",
    "hr_admin": "https://www.payroll-guides.example/overtime-rules",
    "engineering_it": "https://docs.varga-compressors.example/vc-200/telemetry",
    "executive": "https://www.brackwater-news.example/business/halden-expansion",
    "marketing": "https://www.schools-catering-live.example/floorplan",
    "product_project": "https://wiki.halden.example/projects/controller-v3/research",
}


def fixture_missing(case: Case) -> str:
    lost = max(case.atts, key=lambda a: (len(a.data), a.name))
    case.missing.add(lost.name)
    return f"{lost.name} was attached but its file is not in the archive"


def unrecoverable(case: Case, k: int, rng: random.Random) -> str:
    """A placeholder in what the user wrote whose value the agent's side does not give back (once: gives two)."""
    if k in (0, 1):
        name = outsider(rng) if k else person(rng, case.role)
        case.ask += f" When it's final, please copy {name} in on the email to the team."
        case.redactions.append(Redact(name, "name", start=2 + k))
        return "a name the agent never repeats"
    if k == 2:
        name = outsider(rng)
        first = case.atts[0]
        case.read_as[f"{name} - {first.name}"] = f"inputs/upload_1.{first.name.rsplit('.', 1)[1]}"
        first.name = f"{name} - {first.name}"
        case.redactions.append(Redact(name, "name", start=1))
        return "a name in an attachment's file name; the agent read the upload under another name"
    if k == 3:
        contact = next(v for kind, v in case.spans if kind == "name")
        other = outsider(rng)
        while other == contact:
            other = outsider(rng)
        text = case.ask
        s = snippet(text, contact)
        case.echo.append(
            f'Two contacts fit your note: "{s}" or "{s.replace(contact, other)}"; I have drafted for the first.'
        )
        case.redactions.append(Redact(contact, "name", start=1))
        return "a name whose context the agent repeats with two different names"
    if k in (4, 5):
        path = ("/shares/finance/2026/working", "/shares/people/rotas/drafts")[k - 4]
        case.ask += f" The working files are in {path} if you need anything else."
        case.redactions.append(Redact(path, "path", start=1))
        return "a path the agent never repeats"
    host = "wiki.halden.example"
    if k == 6:
        url = f"https://{host}/teams/{case.role.replace('_', '-')}/background"
        case.ask += f" Background is on {url}."
        case.redactions.append(Redact(url, "url", host=host, start=2))
        return "a URL on a host the agent's side never names"
    url = f"https://{host}/teams/{case.role.replace('_', '-')}/notes-2026"
    case.ask += f" There are notes on {url} as well."
    for page in ("notes-2025", "notes-archive"):
        case.extra_tools.append(
            (
                "web_fetch",
                {"url": f"https://{host}/teams/{case.role.replace('_', '-')}/{page}"},
                "<html><body><h1>Team notes</h1><p>Meeting notes, no figures.</p></body></html>",
            )
        )
    case.redactions.append(Redact(url, "url", host=host, start=1))
    return "a URL on a host of which the agent's side holds two other URLs"


def dead_link(case: Case) -> str:
    url, error = DEAD[case.role]
    case.ask += f" There's more background at {url} if it helps."
    case.links.append(Link(url, None))
    case.fetch_errors[url] = error
    return f"{url} was recorded as not answering ({error})"


def unrecorded_link(case: Case) -> str:
    url = UNRECORDED[case.role]
    case.ask += f" Their page is {url} for context."
    case.links.append(Link(url, None, recorded=False, fetched=False))
    return f"{url} is not among the recorded resources"


def clarification(case: Case) -> str:
    q, a = case.ambiguity if case.ambiguity[0] else DEFAULT_QUESTIONS[case.role]
    case.clarify = (q, a)
    return "the agent had to ask before it could start"


def outside(case: Case, k: int) -> str:
    phrase = OUTSIDE_PHRASES[k % len(OUTSIDE_PHRASES)]
    if k % 2:
        case.follow.append(phrase)
    else:
        case.ask += " " + phrase
    return f"the ask leans on something outside the session: {phrase!r}"


def no_accepted(case: Case, k: int) -> str:
    case.tail = [REDOS[k % len(REDOS)]]
    case.draft = []
    return "the user asked for a redo and the session ended there"


def recover_by_context(case: Case, kind: str) -> str:
    value = next(v for kd, v in case.spans if kd == kind)
    host = value.split("://", 1)[1].split("/", 1)[0] if kind == "url" else None
    case.redactions.append(Redact(value, kind, host=host, start=1))
    echo_context(case, value)
    return value


def recover_by_host(case: Case) -> str:
    link = case.links[0]
    case.redactions.append(Redact(link.url, "url", host=link.host, start=1))
    return link.url


def apply(reason: str, case: Case, k: int, rng: random.Random) -> str:
    """Plant `reason` (the funnel's code) in the k-th case planted with it; returns what was planted."""
    if reason == "fixture_missing":
        return fixture_missing(case)
    if reason == "redaction_unrecoverable":
        return unrecoverable(case, k, rng)
    if reason == "link_unreachable":
        return dead_link(case)
    if reason == "link_unrecorded":
        return unrecorded_link(case)
    if reason == "needed_clarification":
        return clarification(case)
    if reason == "outside_context":
        return outside(case, k)
    assert reason == "no_accepted_output", reason
    return no_accepted(case, k)


SHORT = [
    ("ok thx", "You're welcome."),
    ("thanks!", "Any time."),
    ("k, cheers", "Glad it helped."),
    ("👍 ta", "Thanks — shout if anything changes."),
    ("nice one", "Thanks!"),
    ("got it", "Great."),
    ("see [URL_1] pls", "I can't open that link from here; could you paste the text or attach the file?"),
    ("this pls", "Could you say what you'd like me to do with the quoted message?"),
]
