"""The e-mails that come with royalty_statements' files, and the matters the note to the managing director must
raise (`hidden/reference/issues.json`, read by checks.py:note_issues)."""

from __future__ import annotations

KL = "kestrel-lane.example"
MIRIAM = f"Miriam Coulthard <m.coulthard@{KL}>"


def mails_for(inst: dict) -> list[tuple[str, str, str, str, str, str]]:
    """(file, from, to, when, subject, body)."""
    hard = inst["hard"]
    rep = inst["repeat"]
    month = {"2026-08": "August", "2026-09": "September"}[rep]
    mails = []
    if not hard:
        mails.append(
            (
                "01_pellham_reissue.eml",
                "Pellham Client Services <clients@pellham-distribution.example>",
                MIRIAM,
                "2026-10-07 11:20",
                f"Re-issued: {month} 2026 sales report",
                f"Dear Kestrel Lane,\n\nFollowing the portal fault on 5 October we have re-issued your {month} "
                "2026 client sales report. The figures are unchanged; please use whichever copy you have, "
                "but not both.\n\nPellham Client Services\n",
            )
        )
    mails.append(
        (
            "02_special_sales.eml",
            f"Jonah Whitlock <j.whitlock@{KL}>",
            MIRIAM,
            "2027-01-12 16:05",
            "Special sales H2",
            "Miriam,\n\nAttached is our record of the special sales for July to December - the orders we "
            "invoice ourselves."
            + (
                " Pellham despatches them for us, so they turn up on its reports as despatches at nil value; "
                "the money and the discount are on our record."
                if not hard
                else ""
            )
            + "\n\nJonah\n",
        )
    )
    mails.append(
        (
            "03_inkstream_receipts.eml",
            f"Beatrice Oduya <b.oduya@{KL}>",
            MIRIAM,
            "2027-02-16 10:40",
            "Inkstream receipts for the royalty run",
            "Hi Miriam,\n\nInkstream's report is in US dollars, as always. I've put what they actually remitted "
            "for each month's sales, and the sterling that reached our account, in the receipts PDF."
            + (" December's sales were paid on 12 February, so everything for the half-year is in." if not hard else "")
            + "\n\nBeatrice\nFinance Manager\n",
        )
    )
    mails.append(
        (
            "04_rights_register.eml",
            f"Priyanka Dev <p.dev@{KL}>",
            MIRIAM,
            "2027-02-10 14:15",
            "Rights income register 2026",
            "Miriam,\n\nHere's the rights income register for 2026. It covers the whole year, so the "
            "receipts up to June were already on the June statements."
            + (" A couple of deals were invoiced but the money had not come in by the year end." if not hard else "")
            + "\n\nPriyanka\n",
        )
    )
    ac = inst["agent_change"]
    mails.append(
        (
            "05_change_of_agent.eml",
            "Clara Bellweather <clara.bellweather@example.net>",
            MIRIAM,
            "2027-01-29 09:12",
            "Change of agent",
            "Dear Miriam,\n\nA quick note to let you know that I have left Corvid Literary and am now "
            f"represented by {ac['new']}. Please send my statements, and anything you owe me, to them from "
            "now on.\n\nWith best wishes,\nClara Bellweather\n",
        )
    )
    return mails


def issues_for(inst: dict) -> list[dict]:
    hard = inst["hard"]
    rep = inst["repeat"]
    month = {"2026-08": "august", "2026-09": "september"}[rep]
    issues = [
        {
            "id": "repeated_report",
            "what": f"Pellham's {month} report is in the folder twice and was counted once",
            "all_of": [[month, rep]],
            "any_of": [
                "twice",
                "duplicate",
                "re-issued",
                "reissued",
                "repeat",
                "once",
                "same report",
                "copy",
                "double",
            ],
        },
        {
            "id": "ireland_home",
            "what": "Irish accounts are coded export by Pellham but are home sales under the contracts",
            "all_of": [["ireland", "irish"]],
            "any_of": ["home"],
        },
        {
            "id": "direct_invoices",
            "what": "special sales appear on Pellham's reports as nil-value despatches and were "
            "counted once, from the special sales record",
            "all_of": [["special sales", "direct inv", "nil value", "nil-value", "zero value", "despatch"]],
            "any_of": ["once", "twice", "double", "exclud", "not counted", "left out", "ignored", "nil"],
        },
        {
            "id": "amendment",
            "what": "the amendment to KL-2021-006 (Counting Rooks) supersedes the paperback royalty",
            "all_of": [["kl-2021-006", "counting rooks", "dálaigh", "dalaigh"]],
            "any_of": ["amend", "8.5%", "supersed"],
        },
        {
            "id": "joint_account",
            "what": "Ruth Kessington's two agreements are accounted jointly, so The Salt "
            "Orchard's earnings recoup the Winter Lamps advance",
            "all_of": [["kessington", "salt orchard", "winter lamps", "kl-2024-017", "kl-2019-004"]],
            "any_of": ["joint", "basket", "cross-collateral", "together", "recoup"],
        },
        {
            "id": "separate_accounts",
            "what": "other authors' unearned advances are not set against their other contracts (no joint accounting)",
            "all_of": [
                [
                    "wren",
                    "glasshouse",
                    "cartographer",
                    "kl-2020-009",
                    "kl-2023-005",
                    "farrier",
                    "drowned bell",
                    "bell, book",
                    "kl-2024-021",
                    "kl-2019-015",
                ]
            ],
            "any_of": [
                "separate",
                "not joint",
                "no joint",
                "not cross",
                "not set against",
                "not recouped",
                "on its own",
                "stands alone",
                "not accounted jointly",
                "own account",
                "independent",
            ],
        },
        {
            "id": "subrights_timing",
            "what": "sub-rights invoiced but not received by 31 December (Paper Tigers' "
            "Dutch and Spanish deals) go on a later statement",
            "all_of": [["paper tigers", "sr-26-012", "sr-26-014", "duinroos", "marea", "dutch", "spanish"]],
            "any_of": [
                "not yet received",
                "not received",
                "next statement",
                "january",
                "outstanding",
                "awaiting",
                "after the year",
                "after 31 december",
                "later statement",
                "june 2027",
            ],
        },
        {
            "id": "agent_change",
            "what": "Clara Bellweather has changed agents: where to send her statement and "
            "payment must be settled (Corvid negotiated the agreement)",
            "all_of": [
                ["bellweather"],
                [
                    "halden",
                    "new agent",
                    "changed agent",
                    "change of agent",
                    "left corvid",
                    "changed agency",
                    "new agency",
                ],
            ],
            "any_of": ["pay", "statement", "instruct", "written", "confirm", "direct", "decide", "corvid"],
        },
        {
            "id": "reserves",
            "what": "reserves against returns held on the new editions and the June reserves released",
            "weight": 0.5,
            "all_of": [["reserve"]],
            "any_of": ["held", "withh", "released", "release"],
        },
    ]
    if hard:
        issues += [
            {
                "id": "consignment",
                "what": "Fenwick's Summer Reads order was a consignment: only the copies sold through count",
                "all_of": [["fenwick", "summer reads"]],
                "any_of": ["consign", "sell-through", "sold through", "sale or return", "not a firm sale", "firm sale"],
            },
            {
                "id": "withholding",
                "what": "Haneul Media's advances arrived net of Korean withholding tax; the "
                "authors need the tax certificates",
                "all_of": [["haneul", "korean"]],
                "any_of": ["withh", "tax certificate", "tax deducted", "10%"],
            },
            {
                "id": "side_letter",
                "what": "the side letter of September 2026 raises Pym & Hale clients' ebook "
                "royalty to 30% from 1 July 2026",
                "all_of": [["pym", "side letter"]],
                "any_of": ["30%", "ebook", "e-book"],
            },
            {
                "id": "lanyard",
                "what": "Lanyard Books' administration: its returns credited after the December "
                "report are on these statements",
                "all_of": [["lanyard"]],
                "any_of": ["administration", "credit note", "pcn-26-1207", "returned", "returns"],
            },
            {
                "id": "late_receipts",
                "what": "Editora Brisa's Brazilian advances reached us on 18 December, before the deals were in the "
                "rights register: they are on these statements",
                "all_of": [["brisa", "brazil", "sr-26-026", "sr-26-027", "sr-26-028"]],
                "any_of": [
                    "register",
                    "18 december",
                    "received",
                    "not in the",
                    "missing",
                    "added",
                    "entered",
                    "late",
                ],
            },
            {
                "id": "remainders",
                "what": "surplus hardbacks remaindered in November (invoiced by us, in no sales file) are on the "
                "statements at the high-discount rate, and the authors should be told",
                "all_of": [
                    ["remaindered", "remainder dealer", "remainder sale", "as remainders", "marlowe", "klr-26-007"]
                ],
                "any_of": ["high discount", "high-discount", "net receipts", "price received", "royalt", "hardback"],
            },
            {
                "id": "reserve_policy",
                "what": "no reserve against returns is held on these statements, following the decision of 12 "
                "January; June's reserves are released",
                "all_of": [["reserve"], ["decision", "decided", "12 january", "dominic", "no longer", "policy"]],
                "any_of": [
                    "no reserve",
                    "no new reserve",
                    "not held",
                    "none held",
                    "no longer",
                    "nil",
                    "not withh",
                    "stop",
                    "without a reserve",
                    "without reserve",
                    "zero",
                ],
            },
            {
                "id": "reversion",
                "what": "Station Road sold fewer than 150 copies in each of the last two periods: "
                "Marcus Ilori may ask for his rights back",
                "all_of": [["station road", "ilori", "kl-2020-018"]],
                "any_of": ["revert", "reversion", "150", "clause 10", "rights back"],
            },
        ]
    return issues
