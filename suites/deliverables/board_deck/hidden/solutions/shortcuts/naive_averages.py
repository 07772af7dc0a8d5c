"""A plausible but wrong analyst: the full deck, built with the usual spreadsheet shortcuts.

Gross margin is the average of the monthly margins, churn the average monthly churn, closing cash the average
month-end balance, every unit in the workbook is reported whatever the brief says about scope, and the risk
thresholds are last quarter's (revenue 5%, margin 2 points, churn 6%, cash EUR 1.5m).
"""
import sys

sys.path.insert(0, "/solution")
import reference

_read_brief = reference.read_brief


def read_brief(path):
    brief = _read_brief(path)
    brief["kv"] = {k: ("" if "scope" in k else v) for k, v in brief["kv"].items()}
    brief["thresholds"] = {"revenue": 5.0, "gross_margin": 2.0, "churn": 6.0, "cash": 1.5}
    return brief


def quarter_amounts(months, rev, gp, cash, cust):
    revs = [rev.get(m, 0.0) for m in months]
    margins = [gp.get(m, 0.0) / rev[m] for m in months if rev.get(m)]
    avg_margin = sum(margins) / len(margins) if margins else 0.0
    rates = [cust[m]["lost"] / cust[m]["opening"] for m in months if cust.get(m, {}).get("opening")]
    avg_rate = sum(rates) / len(rates) if rates else 0.0
    opening = cust.get(months[0], {}).get("opening", 0.0)
    return {
        "revenue": sum(revs),
        "gross_profit": avg_margin * sum(revs),
        "cash": sum(cash.get(m, 0.0) for m in months) / len(months),
        "opening": opening,
        "lost": avg_rate * opening,
    }


reference.read_brief = read_brief
reference.quarter_amounts = quarter_amounts
reference.main(ask=False)
