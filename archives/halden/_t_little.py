"""Asks whose accepted deliverable restates what the inputs say and works nothing out: a policy from notes, a
holding reply, an invitation, a meeting agenda. The funnel finds too little in them to check without a judge."""

from __future__ import annotations

import random
from datetime import date, timedelta

from _core import Case, F
from _office import docx
from _world import CUSTOMERS, outsider


def hybrid_policy(rng: random.Random, v: int) -> Case:
    notes = (
        "# Hybrid working - agreed points\n\n- Office-based staff may work from home up to 2 days a week.\n"
        "- Teams agree a common office day each week.\n- Home working needs a safe workstation; IT lends a monitor "
        "and keyboard.\n- Depot and plant roles are not eligible because the work is on site.\n"
        "- Requests go to the line manager, who replies within 4 weeks.\n"
    )
    blocks = [
        ("h1", "Hybrid working policy"),
        ("h2", "Who can work hybrid"),
        ("p", "Office-based staff. Depot and plant roles are on site and are not eligible."),
        ("h2", "How much"),
        ("p", "Up to 2 days a week from home, with one common office day agreed by each team."),
        ("h2", "Your workstation"),
        ("p", "Home working needs a safe workstation; IT lends a monitor and keyboard."),
        ("h2", "Asking for it"),
        ("p", "Ask your line manager, who will reply within 4 weeks."),
    ]
    ask = (
        "Please turn the attached notes into a short hybrid working policy for the staff handbook (Word): who can, "
        "how much, workstation, how to ask. Plain English, no legalese."
    )
    return Case(
        "hr_admin",
        ask,
        [F("hybrid_working_notes.md", notes.encode())],
        [F("hybrid_working_policy.docx", docx(blocks))],
        plan="Turning the agreed points into handbook sections.",
        done="Policy drafted in four short sections.",
        asof=date(2026, 3, 30) + timedelta(days=v),
    )


def holding_reply(rng: random.Random, v: int) -> Case:
    customer = rng.choice(CUSTOMERS)[0]
    contact = outsider(rng)
    order = f"SO-{rng.randint(72000, 74999)}"
    email = (
        f"From: {contact}, {customer}\n\nOur dishwasher from order {order} has stopped draining twice this week. "
        "Can someone look at it?\n"
    )
    reply = (
        f"Dear {contact},\n\nThank you for letting us know about the dishwasher from order {order}. I'm sorry it "
        "has stopped draining. I have asked our service desk to book a technician and they will call you today "
        "to arrange a time.\n\nKind regards,\nHalden customer service\n"
    )
    ask = (
        f"Could you draft a quick holding reply to {contact} at {customer}? Their email is attached. Just acknowledge "
        "it, apologise and say the service desk will call today to book a technician. Text file is fine."
    )
    return Case(
        "sales_customer",
        ask,
        [F("customer_email.txt", email.encode())],
        [F("holding_reply.txt", reply.encode())],
        plan="Drafting a short acknowledgement.",
        done="Holding reply drafted.",
        asof=date(2026, 4, 9 + v),
    )


def invitation(rng: random.Random, v: int) -> Case:
    brief = (
        "Open kitchen day at the Brackwater plant\nDate: 2026-06-18, 10:00 to 15:00\nWhere: Halden demo kitchen, "
        "Brackwater\nFor: head chefs and catering managers\nWhat: live cooking on the new combi ovens, plant tour, "
        "lunch\nRSVP by 2026-06-05 to events@halden.example\n"
    )
    invite = (
        "# You're invited: open kitchen day at Brackwater\n\nJoin us on 18 June 2026, 10:00 to 15:00, in the Halden "
        "demo kitchen at our Brackwater plant.\n\nSee the new combi ovens cooking live, take a tour of the plant "
        "and stay for lunch with our chefs. The day is for head chefs and catering managers.\n\nPlease reply by "
        "5 June 2026 to events@halden.example.\n"
    )
    ask = (
        "Can you write the invitation copy for our open kitchen day from the attached brief? Warm but short, for "
        "head chefs and catering managers, as markdown for the email tool."
    )
    return Case(
        "marketing",
        ask,
        [F("open_day_brief.txt", brief.encode())],
        [F("open_day_invitation.md", invite.encode())],
        plan="Writing the invitation from the brief.",
        done="Invitation copy ready.",
        asof=date(2026, 5, 6 + v),
    )


def agenda(rng: random.Random, v: int) -> Case:
    notes = (
        "Kick-off, field service app, phase 2\nWhen: Tuesday 2026-04-21, 09:30-11:00, Elmsford room 2\n"
        "Topics: goals for phase 2 (product), offline mode design (engineering), pilot depots (service), "
        "risks and next steps (all)\n"
    )
    out = (
        "# Kick-off: field service app, phase 2\n\nTuesday 21 April 2026, 09:30-11:00, Elmsford room 2\n\n"
        "1. Goals for phase 2 (product)\n2. Offline mode design (engineering)\n3. Pilot depots (service)\n"
        "4. Risks and next steps (all)\n"
    )
    ask = (
        "Please turn the attached notes into a tidy agenda for the phase 2 kick-off of the field service app, as "
        "markdown I can paste into the invite."
    )
    return Case(
        "product_project",
        ask,
        [F("kickoff_notes.txt", notes.encode())],
        [F("kickoff_agenda.md", out.encode())],
        plan="Laying the notes out as an agenda.",
        done="Agenda ready.",
        asof=date(2026, 4, 14 + v),
    )


TEMPLATES = [hybrid_policy, holding_reply, invitation, agenda]
ROLES = {
    "hybrid_policy": "hr_admin",
    "holding_reply": "sales_customer",
    "invitation": "marketing",
    "agenda": "product_project",
}
