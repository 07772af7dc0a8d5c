"""What only Halvard's people know, asked for the way a consultant would ask (the solution kit's ask).

Two kinds of question. The pack's anomalies, each shown to the person who owns it: customer bases that jump between
two units at the quarter boundary and a quarter-end month of revenue far above its neighbours (the FP&A
controller), a month of lost customers far above the unit's usual (sales operations), a quarter-end cash balance
above both its neighbours (treasury) and a month whose margin falls well below the quarter's others (the shared
service centre). And the open questions a careful reviewer asks every owner before finalising, whatever the files
show: has anything been booked since the export (the controller), is any of the quarter's revenue not yet earned
(the commercial director), does the pack's cash cover every account (the treasurer) and are the CRM's counts complete
(sales operations, who checks the worker's own count of the quarter's lost accounts first).
"""

from __future__ import annotations

import datetime as dt
import re


def unit_key(name) -> str:
    return " ".join(str(name or "").split()).casefold()


def month_name(m: tuple[int, int]) -> str:
    return dt.date(m[0], m[1], 1).strftime("%B %Y")


AWAY = {"henrik": ["fri"], "oskar": ["mon"]}  # what their away replies say


def _ask(person: str, question: str) -> str:
    """One question to one of the client's people; '' when nobody can be asked (an instance without staff)."""
    try:
        import worktrial_kit as kit

        r = kit.ask_when_in(person, question, AWAY.get(person, []))
        return r.text if r.answered else ""
    except Exception:  # no world in this instance
        return ""


def _staff() -> bool:
    """Whether the instance has people to ask (bin/ask --who lists someone)."""
    try:
        import worktrial_kit as kit

        return bool(kit.who())
    except Exception:  # no world in this instance
        return False


def _eur_k(text: str) -> list[float]:
    return [float(v.replace(",", "")) for v in re.findall(r"EUR ([\d,]+)k", text)]


def ask_about_anomalies(units, rev, gp, cash, cust, flash_cash, flash_rev, cur_months, prev_months) -> dict:
    """What only the client's people know, asked the way the pack's anomalies allow (see the module's docstring)."""
    known: dict = {"reorg": None, "transferred": {}, "held_cash": {}, "recharge": {}, "deferred": {}}
    first, before = cur_months[0], prev_months[-1]
    jumps = {}
    for u in units:
        c = cust.get(unit_key(u), {})
        if first in c and before in c and "closing" in c[before]:
            gap = c[first]["opening"] - c[before]["closing"]
            if abs(gap) >= 10:
                jumps[u] = (c[before]["closing"], c[first]["opening"])
    if len(jumps) >= 2:
        names = sorted(jumps, key=lambda u: jumps[u][1] - jumps[u][0])
        down, up = names[0], names[-1]
        text = _ask(
            "henrik",
            (
                f"In the KPI pack {down} closes {month_name(before)} with {jumps[down][0]:.0f} customer accounts but "
                f"opens {month_name(first)} with {jumps[down][1]:.0f}, while {up} goes from {jumps[up][0]:.0f} to "
                f"{jumps[up][1]:.0f}, and the revenue of {down} steps down as that of {up} steps up. Did something "
                "move between the two units, and what would the comparison quarter look like on the new structure?"
            ),
        )
        m = re.search(
            r"revenue of EUR ([\d,]+)k.*?gross profit of EUR ([\d,]+)k.*?(\d+) customer accounts.*?"
            r"(\d+) (?:were )?lost",
            text,
            re.S,
        )
        if m:
            known["reorg"] = {
                "from": down,
                "to": up,
                "revenue": float(m.group(1).replace(",", "")),
                "gross_profit": float(m.group(2).replace(",", "")),
                "opening": float(m.group(3)),
                "lost": float(m.group(4)),
            }
    for u in units:
        c = cust.get(unit_key(u), {})
        history = sorted(v["lost"] for k, v in c.items() if k < first)
        if not history:
            continue
        usual = history[len(history) // 2]
        for mo in cur_months:
            lost = c.get(mo, {}).get("lost", 0.0)
            if lost >= 15 and lost > 3 * max(usual, 1):
                text = _ask(
                    "lukas",
                    (
                        f"{u} lost {lost:.0f} customer accounts in {month_name(mo)} in the KPI pack, against about "
                        f"{usual:.0f} in a usual month. What happened that month - were those accounts really lost?"
                    ),
                )
                m = re.search(r"(\d+) of (?:them|those|the)", text) or re.search(r"(\d+) accounts", text)
                if m:
                    known["transferred"][u] = float(m.group(1))
    for u in units:
        c, last = cash.get(u, {}), cur_months[-1]
        prior, after = c.get(cur_months[-2]), flash_cash.get(unit_key(u))
        if last in c and prior and after and c[last] > 1.15 * max(prior, after):
            text = _ask(
                "sanne",
                (
                    f"The cash of {u} is EUR {c[last] / 1000:.2f}m at the end of {month_name(last)} against EUR "
                    f"{prior / 1000:.2f}m a month earlier and EUR {after / 1000:.2f}m in the flash month after it. "
                    "Is all of that quarter-end balance the unit's own cash?"
                ),
            )
            found = _eur_k(text)
            if found:
                known["held_cash"][u] = found[0]
    for u in units:
        r_u, last = rev.get(u, {}), cur_months[-1]
        prior, after = r_u.get(cur_months[-2]), flash_rev.get(unit_key(u))
        g_u = gp.get(u, {})
        margins = [100 * g_u.get(mo, 0.0) / r_u[mo] for mo in cur_months if r_u.get(mo)]
        # a month of revenue that brings no cost with it: above its neighbours, and at a margin above the others
        richer = len(margins) == 3 and margins[2] > (margins[0] + margins[1]) / 2 + 0.5
        if last in r_u and prior and after and r_u[last] > 1.3 * max(prior, after) and richer:
            text = _ask(
                "henrik",
                (
                    f"The revenue of {u} is EUR {r_u[last] / 1000:.2f}m in {month_name(last)} against EUR "
                    f"{prior / 1000:.2f}m a month earlier and EUR {after / 1000:.2f}m in the flash month after it. Is "
                    "all of that month's revenue earned in the month?"
                ),
            )
            found = _eur_k(text)
            if found:
                known["deferred"][u] = [[last[0], last[1], found[0]]]
    for u in units:
        r_u, g_u = rev.get(u, {}), gp.get(u, {})
        margins = {mo: 100 * g_u[mo] / r_u[mo] for mo in cur_months if r_u.get(mo) and mo in g_u}
        if len(margins) < 3:
            continue
        for mo, gm in margins.items():
            others = [v for k, v in margins.items() if k != mo]
            if gm < sum(others) / len(others) - 6.5:
                text = _ask(
                    "oskar",
                    (
                        f"The gross margin of {u} in {month_name(mo)} is {gm:.1f}% in the KPI pack against "
                        f"{others[0]:.1f}% and {others[1]:.1f}% in the other months of the quarter. Was something "
                        "booked to its cost of sales that month that is not its own?"
                    ),
                )
                found = _eur_k(text)
                if found:
                    known["recharge"][u] = [[mo[0], mo[1], found[0]]]
    return known


def ask_what_changed(units, cur_months) -> dict:
    """The pack is an export of one morning; before finalising, ask its owner whether anything was booked after
    it. Credits agreed later reduce a unit's revenue and gross profit in the month they are booked to."""
    text = _ask(
        "henrik",
        (
            "Before I finalise the board deck: has anything changed in the figures since the KPI pack was exported - "
            "any entries booked in the close after the export that the pack does not have?"
        ),
    )
    found, unit = _eur_k(text), next((u for u in units if u in text), None)
    month = next((mo for mo in reversed(cur_months) if month_name(mo).split()[0] in text), cur_months[-1])
    if not found or unit is None or "credit" not in text.lower():
        return {}
    return {unit: [[month[0], month[1], found[0]]]}


def _month_in(text: str, months: list[tuple[int, int]]) -> tuple[int, int]:
    """The quarter's month an answer names (the latest named), else the quarter's last month."""
    return next((mo for mo in reversed(months) if month_name(mo).split()[0] in text), months[-1])


def _month_called(name: str, months: list[tuple[int, int]]) -> tuple[int, int] | None:
    return next((mo for mo in months if month_name(mo).split()[0] == name), None)


def _unit_in(text: str, units) -> str | None:
    return next((u for u in units if u in text), None)


def ask_open_questions(units, cur_months, prev_months, cust, transferred: dict) -> dict:
    """The open questions to the owners of revenue, cash and customers. A sale invoiced but not delivered comes out
    of revenue with its cost of sales; accounts that ended in the quarter but are still open in the CRM are lost in
    the month they ended; an overdraft outside the pack's accounts is netted against the unit's closing cash."""
    known: dict = {"held_back": {}, "unclosed": {}, "overdraft": {}}
    both = [*prev_months, *cur_months]
    text = _ask(
        "annika",
        (
            "Before I finalise the board deck: is there anything commercial in the quarter that the KPI pack's "
            "revenue does not reflect - deals closed at the quarter end, orders invoiced but not yet delivered, or "
            "contract terms agreed since?"
        ),
    )
    found, unit = _eur_k(text), _unit_in(text, units)
    if unit and len(found) >= 2 and "revenue" in text and "cost of sales" in text:
        mo = _month_in(text, cur_months)
        known["held_back"][unit] = [[mo[0], mo[1], found[0], found[1]]]
    text = _ask(
        "sanne",
        (
            "Does the cash in the KPI pack cover all of the units' bank accounts at the quarter end, or are there "
            "accounts outside the cash pool, overdrafts or restricted balances that the export leaves out?"
        ),
    )
    unit = _unit_in(text, units)
    for name, amount in re.findall(r"at \d+ (\w+)(?: it was overdrawn)? by EUR ([\d,]+)k", text):
        mo = _month_called(name, both)
        if unit and mo:
            known["overdraft"].setdefault(unit, []).append([mo[0], mo[1], float(amount.replace(",", ""))])
    lost = sum(cust.get(unit_key(u), {}).get(mo, {}).get("lost", 0.0) for u in units for mo in cur_months)
    moved = sum(transferred.values())
    count = f"By my count the units in scope lost {lost - moved:.0f} customer accounts in the quarter"
    count += f", after taking out the {moved:.0f} accounts that went to the buyer." if moved else "."
    text = _ask(
        "lukas",
        (
            "Are the CRM's customer counts for the quarter complete, or are there accounts whose contracts ended in "
            f"the quarter that the CRM has not closed yet? {count}"
        ),
    )
    for u in units:  # still open in the CRM, and closed only the month after they ended
        ended = re.search(rf"(\d+) {re.escape(u)} accounts\b[^.]*?ended on \d+ (\w+)", text)
        late = re.search(
            rf"(\d+) of the {re.escape(u)} accounts the CRM closed in \w+ had \w+ that ended on \d+ (\w+)", text
        )
        for m, closed_next in ((ended, []), (late, [1])):
            mo = _month_called(m.group(2), both) if m else None
            if mo:
                known["unclosed"].setdefault(u, []).append([mo[0], mo[1], float(m.group(1)), *closed_next])
    return known
