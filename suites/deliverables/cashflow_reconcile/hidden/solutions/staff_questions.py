"""What the reference solution asks the client's people, and how it reads their answers. Where the data shows an
anomaly only the staff can explain (a credit from a stranger, cheques unpresented while their suppliers were paid
again, a till posting that never reaches the bank), it asks the person who would know, naming what it found and,
for the till, the month's card settlements added up. Four questions are open ones, each in its holder's area:
the purchase ledger (anything changed since the exports), the controller (anything agreed with the bank outside
the files; whether every payment in the ledger had been released by the year end) and the group treasurer (money
group treasury moved on the account). A shortcut may hand over replies it heard (`heard`) instead of asking."""

import datetime as dt
import re
from pathlib import Path

import worktrial_kit as kit

OPEN = {"ask_since", "ask_bank", "ask_pool", "ask_release"}  # the open questions, each skippable on its own


def norm_ref(ref):
    return re.sub(r"[^A-Z0-9]", "", str(ref or "").upper())


def gbp(p):
    return f"£{p / 100:,.2f}" if p >= 0 else f"-£{-p / 100:,.2f}"


def _pence(text):
    return round(float(text.replace(",", "")) * 100)


class Staff:
    """The replies of one run: asked here, or heard by a shortcut and handed over."""

    def __init__(self, skip, heard=None):
        self.skip = set(skip)
        self.heard = heard
        self.found = {
            "misdirected": [],
            "spoiled": [],
            "till": [],
            "mandate": [],
            "agreed": [],
            "pool": [],
            "release": [],
        }

    def _open(self, flag):
        if self.heard is not None:
            return True
        return Path("bin/ask").is_file() and not self.skip & {"ask", "ask_open", flag}  # only h2 has staff

    def _replies(self, person, question, flag=None):
        """The replies to read for one fact: the one to this question, or every reply a shortcut heard."""
        if self.heard is not None:
            return list(self.heard)
        if "ask" in self.skip or (flag and not self._open(flag)):
            return []
        r = kit.ask(person, question)
        return [r.text] if r.answered else []

    # ------------------------------------------------------------------ before matching: the statement itself
    def pool_lines(self):
        """Bank lines the exports do not carry: the group treasurer's year-end sweep of the cash pool."""
        if not self._open("ask_pool"):
            return []
        lines = []
        for text in self._replies(
            "astrid",
            "Has group treasury moved any money in or out of this account around the "
            "year end - cash-pool sweeps, intercompany transfers or funding - that "
            "the bank exports or our ledger would not show?",
            "ask_pool",
        ):
            m = re.search(r"(HCB(\d{6})-\d{3}), ([A-Z][A-Z0-9 ]+?), £([\d,]+\.\d\d) (out|in)\b", text)
            if "sweep" in text.lower() and m:
                y, mo, d = int(m.group(2)[:2]), int(m.group(2)[2:4]), int(m.group(2)[4:])
                sign = -1 if m.group(5) == "out" else 1
                lines.append(
                    {
                        "id": m.group(1),
                        "date": dt.date(2000 + y, mo, d),
                        "ref": "POOL SWEEP",
                        "desc": m.group(3),
                        "amount": sign * _pence(m.group(4)),
                    }
                )
                self.found["pool"] = lines
                break
        return lines

    # ------------------------------------------------------------------ after matching: what the items are
    def settle(self, units, period_end):
        """Ask about what the data shows and the open questions; change the units' statuses by the answers."""

        def restatus(pick, status):
            for k, (b, g, s) in enumerate(units):
                if pick(b, g, s):
                    units[k] = (b, g, status)

        # credits from payers who are not customers, under references that are not our invoice numbers
        strangers = [
            b
            for b, g, s in units
            if s == "bank_only"
            and b["amount"] > 0
            and norm_ref(b["ref"])
            and not re.match(r"^(INV|MS)\d", norm_ref(b["ref"]))
        ]
        if strangers:
            listed = " and ".join(f"{b['id']} ({b['desc']}, {b['ref']}, {gbp(b['amount'])})" for b in strangers)
            for text in self._replies(
                "lena",
                f"{len(strangers)} credits on the statement match nothing of ours: "
                f"{listed}. Neither payer is in the sales ledger and the references are "
                "not our invoice numbering. Do you know what they are?",
            ):
                if re.search(r"\bin error\b|\btheir error\b", text) and "recall" in text:
                    named = {norm_ref(x) for x in re.findall(r"\b[A-Z]{2,4}-\d{4,}\b", text)}
                    self.found["misdirected"] = [b for b in strangers if norm_ref(b["ref"]) in named]
                    refs = {b["id"] for b in self.found["misdirected"]}
                    restatus(
                        lambda b, g, s, refs=refs: b is not None and b["id"] in refs and s == "bank_only", "bank_error"
                    )
                    break
        # cheques unpresented for weeks whose suppliers were paid the same amount again by BACS
        paid_again = {
            (g["counterparty"], g["amount"])
            for b, g, s in units
            if s == "matched" and g and not norm_ref(g["ref"]).startswith("CHQ")
        }
        doubles = [
            g
            for b, g, s in units
            if s == "gl_only"
            and g["amount"] < 0
            and norm_ref(g["ref"]).startswith("CHQ")
            and (period_end - g["date"]).days > 28
            and (g.get("counterparty"), g["amount"]) in paid_again
        ]
        if doubles:
            chqs = ", ".join(g["ref"] for g in sorted(doubles, key=lambda g: g["ref"]))
            for text in self._replies(
                "callum",
                f"Cheques {chqs}, written on {doubles[0]['date']:%d %B} to "
                f"{', '.join(sorted({g['counterparty'] for g in doubles}))}, are still unpresented at "
                f"{period_end:%d %B %Y}, and the same suppliers were paid the same amounts by BACS a few "
                "days later. Were the cheques ever sent?",
            ):
                if re.search(r"never (?:went out|left|sent)|shredded|never sent", text):
                    named = {norm_ref(x) for x in re.findall(r"CHQ-\d{6}", text)}
                    self.found["spoiled"] = [g for g in doubles if norm_ref(g["ref"]) in named]
                    entries = {g["entry"] for g in self.found["spoiled"]}
                    restatus(
                        lambda b, g, s, entries=entries: g is not None and g["entry"] in entries and s == "gl_only",
                        "not_released",
                    )
                    break
        # a receipt in the ledger that is not an invoice receipt, posted from the till, never on the statement
        tills = [
            g
            for b, g, s in units
            if s == "gl_only"
            and g["amount"] > 0
            and norm_ref(g["ref"])
            and not norm_ref(g["ref"]).startswith("INV")
            and re.search(r"till|z-report", g["narrative"], re.I)
        ]
        for g in tills:
            weekly = sum(
                b["amount"]
                for b, h, s in units
                if s == "matched"
                and norm_ref(b["ref"]).startswith("MS")
                and (h["date"].year, h["date"].month) == (g["date"].year, g["date"].month)
            )
            for text in self._replies(
                "sian",
                f"The ledger has {g['ref']}, '{g['narrative']}', {gbp(g['amount'])} on {g['date']:%d %B}. "
                "It is not on the statement or in January. The month's weekly Cardnet settlements are "
                f"posted and on the statement, and together they come to {gbp(weekly)}. Is it the same "
                "money posted twice?",
            ):
                if re.search(r"twice|same money|duplicat", text) and g["ref"] in text:
                    self.found["till"].append(g)
                    restatus(
                        lambda b, h, s, g=g: h is not None and h["entry"] == g["entry"] and s == "gl_only",
                        "duplicate_in_gl",
                    )
                    break

        def bank_errors(texts, key, pattern, must):
            for text in texts:
                if re.search(r"\btheir error\b|\bin error\b", text) and re.search(must, text):
                    named = {norm_ref(x) for x in re.findall(pattern, text)}
                    self.found[key] = [b for b, g, s in units if s == "bank_only" and norm_ref(b["ref"]) in named]
                    refs = {b["id"] for b in self.found[key]}
                    restatus(
                        lambda b, g, s, refs=refs: b is not None and b["id"] in refs and s == "bank_only", "bank_error"
                    )
                    return

        # nothing in the files hints at these: the open questions, each to the person whose area it is
        if self._open("ask_since"):
            bank_errors(
                self._replies(
                    "callum",
                    "Before I finalise the reconciliation at "
                    f"{period_end:%d %B %Y}: has anything changed on the payments side "
                    "since the bank and ledger exports were produced - a correction, a "
                    "cancellation, anything the bank has told you?",
                    "ask_since",
                ),
                "mandate",
                r"\b[A-Z]{2,4}-\d{4}(?:-[A-Z])?\b",
                r"mandate",
            )
        if self._open("ask_bank"):
            bank_errors(
                self._replies(
                    "rafael",
                    "Is there anything agreed with the bank outside these files - a "
                    "facility, a fee or tariff arrangement, a set-off - that the statement "
                    "would not show?",
                    "ask_bank",
                ),
                "agreed",
                r"\b[A-Z]{2,4}-\d{4}\b",
                r"facility|\bfee\b",
            )
        if self._open("ask_release"):
            for text in self._replies(
                "rafael",
                "Were all the payment runs posted in the ledger up to "
                f"{period_end:%d %B %Y} authorised and released to the bank by then?",
                "ask_release",
            ):
                if re.search(r"approved|authoris", text) and re.search(r"had not left|hadn't left", text):
                    m = re.search(r"(BP-\d{6})-(\d\d) to (?:BP-\d{6}-)?-?(\d\d)", text)
                    if not m:
                        continue
                    refs = {norm_ref(f"{m.group(1)}-{k:02d}") for k in range(int(m.group(2)), int(m.group(3)) + 1)}
                    self.found["release"] = [g for b, g, s in units if s == "gl_only" and norm_ref(g["ref"]) in refs]
                    entries = {g["entry"] for g in self.found["release"]}
                    restatus(
                        lambda b, g, s, entries=entries: g is not None and g["entry"] in entries and s == "gl_only",
                        "not_released",
                    )
                    break
        return self.found

    # ------------------------------------------------------------------ the memo
    def settled_bank_lines(self):
        return {b["id"] for key in ("misdirected", "mandate", "agreed") for b in self.found[key]}

    def matters(self):
        """The memo's paragraphs for what the staff settled."""
        f, out = self.found, []
        if f["misdirected"]:
            out.append(
                f"Credits {' and '.join(b['ref'] for b in f['misdirected'])} "
                f"({gbp(sum(b['amount'] for b in f['misdirected']))}) are not ours: credit control confirmed "
                "the bank applied another company's receipts to this account in error and is recalling them; "
                "they are not posted to the ledger."
            )
        if f["spoiled"]:
            out.append(
                f"Cheques {', '.join(g['ref'] for g in sorted(f['spoiled'], key=lambda g: g['ref']))} "
                f"({gbp(-sum(g['amount'] for g in f['spoiled']))}) were spoiled and never sent (the purchase "
                "ledger paid the suppliers by BACS instead): they are written back and should be voided and "
                "stopped with the bank."
            )
        for b in f["mandate"]:
            out.append(
                f"Bank line {b['id']} ({b['desc']}, {b['ref']}, {gbp(b['amount'])}) was paid by the bank on a "
                "direct debit mandate the purchase ledger had cancelled when the rental ended; the bank "
                "confirmed its error after the exports and is re-crediting it, so it is not posted to the "
                "ledger."
            )
        for b in f["agreed"]:
            out.append(
                f"Bank line {b['id']} ({b['desc']}, {b['ref']}, {gbp(b['amount'])}) is a renewal fee the bank "
                "charged in error: the controller had agreed with the bank that the unused facility would "
                "lapse with no fee, and the bank is reversing it, so it is not posted to the ledger."
            )
        for g in f["till"]:
            out.append(
                f"Receipt {g['ref']} ({gbp(g['amount'])}) is the till's month-end posting of card takings "
                "already posted weekly from Cardnet's settlements: a duplicate, to be reversed, and the till's "
                "posting switched off."
            )
        for b in f["pool"]:
            out.append(
                f"Bank line {b['id']} ({b['desc']}, {gbp(b['amount'])}) is the group cash pool's year-end "
                "sweep to the header account: the bank ran it after the export was taken, value-dated "
                f"{b['date']:%d %B %Y}, so it is on the statement but in neither export, and group treasury "
                "booked it at group level only. It is added to the statement's lines and must be posted to "
                "1010 against the intercompany account with the group."
            )
        if f["release"]:
            run = sorted(f["release"], key=lambda g: g["ref"])
            out.append(
                f"Supplier run {run[0]['ref']} to {run[-1]['ref']} ({gbp(-sum(g['amount'] for g in run))}) "
                f"was posted on {run[0]['date']:%d %B} but authorised in the bank portal and paid only after "
                "the period end: the money had not left the company, so the run is not released and written "
                "back, a payment of the next period."
            )
        return out
