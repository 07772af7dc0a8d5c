"""The words of vat_return: the VAT code lists (two versions), the property schedule, the June return as submitted,
the e-mails that came with the files, and the matters the note to the Finance Director must raise
(`hidden/reference/issues.json`, read by checks.py:note_issues)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from _vat_return_docs import COMPANY, VAT_NO, write_pdf, write_table_doc
from _vat_return_model import Story

FIN = "Tom Haverley <t.haverley@brackenridge-training.example>"
ACC = "Tax accountant <tax@brackenridge-group.example>"

SALES_CODES_V3 = [
    ["Code", "Meaning", "VAT the system posts"],
    ["S20", "Standard-rated supply", "20% of the net"],
    ["Z00", "Zero-rated supply (printed course manuals and books)", "none"],
    ["E00", "Exempt supply (university examination services; rent of the Dock House ground floor)", "none"],
    ["DEP", "Receipt on account: booking deposit taken by the booking system", "none - receipts carry no VAT posting"],
    ["O00", "Outside the scope", "none"],
]
PURCHASE_CODES_V3 = [
    ["Code", "Meaning", "VAT the system posts"],
    ["P20", "Standard-rated purchase", "the VAT on the supplier's invoice"],
    ["P00", "Zero-rated purchase", "none"],
    ["PEX", "Exempt purchase (insurance, postage, bank charges, hall hire where the owner has not opted)", "none"],
    ["POS", "Outside the scope (business rates and other fees to public bodies)", "none"],
    [
        "PRC",
        "Services from a supplier belonging outside the UK (reverse charge)",
        "none - VAT accounted for on the return",
    ],
    [
        "PDR",
        "Construction services invoiced under the domestic reverse charge",
        "none - VAT accounted for on the return",
    ],
    ["PNR", "VAT not recoverable", "the invoice's VAT, charged to cost"],
]
CENTRES_V3 = [
    ["Cost centre", "Activity", "Use of the costs for VAT"],
    ["CC10", "Head office and central services", "all activities (overheads)"],
    ["CC20", "Open courses", "standard-rated training"],
    ["CC25", "In-house corporate training", "standard-rated training"],
    ["CC28", "Publications", "zero-rated course manuals"],
    ["CC30", "University examination services", "exempt examination services"],
    ["CC45", "Corporate assessment centres (from 1 April 2026)", "standard-rated assessment centres"],
    ["CC50", "Dock House common costs", "the whole building: our offices and the let ground floor"],
    ["CC51", "Dock House ground floor (let)", "the exempt letting of the ground floor"],
    [
        "CC60",
        "Wharf Road Unit 3",
        "vacant from April 2026 and being refurbished to let: follows the VAT status of "
        "the letting (see the property schedule)",
    ],
]


def write_code_lists(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    write_table_doc(
        folder / "VAT_codes_and_cost_centres_v3_2026.docx",
        "VAT codes and cost centres - version 3",
        [
            f"{COMPANY} (VAT registration {VAT_NO}). Version 3, effective from 1 April 2026. It supersedes version 2 "
            "(May 2024) for every posting from that date.",
            "Owner: Financial Controller.",
        ],
        [("Sales tax codes", SALES_CODES_V3), ("Purchase tax codes", PURCHASE_CODES_V3), ("Cost centres", CENTRES_V3)],
        [
            "Changes from version 2: CC45 reused for the corporate assessment centres launched in April 2026; CC60 "
            "changed when the Wharf Road training centre closed; DEP added for the booking system (live 1 July 2026); "
            "PRC now covers every overseas supplier; PDR added."
        ],
    )
    v2_centres = [r[:] for r in CENTRES_V3 if r[0] not in ("CC45", "CC60")]
    v2_centres.insert(6, ["CC45", "Scottish examinations (closing 2025)", "exempt examination services"])
    v2_centres.append(["CC60", "Wharf Road training centre", "standard-rated training"])
    v2_purch = [r for r in PURCHASE_CODES_V3 if r[0] != "PDR"]
    v2_purch = [
        ["PRC", "Services from EU suppliers (reverse charge)", "none"] if r[0] == "PRC" else r for r in v2_purch
    ]
    write_table_doc(
        folder / "VAT_codes_and_cost_centres_v2.docx",
        "VAT codes and cost centres - version 2",
        [f"{COMPANY}. Version 2, May 2024.", "Owner: Financial Controller."],
        [
            ("Sales tax codes", [r for r in SALES_CODES_V3 if r[0] != "DEP"]),
            ("Purchase tax codes", v2_purch),
            ("Cost centres", v2_centres),
        ],
        [],
    )


def write_property_schedule(path: Path, inst: dict) -> None:
    write_table_doc(
        path,
        "Property schedule",
        [f"{COMPANY}: properties owned, 15 March 2026. Prepared by the Property Manager."],
        [
            (
                "Properties",
                [
                    ["Property", "Held since", "Use", "Tenant and rent", "Option to tax", "Notes"],
                    [
                        "Dock House, 14 Quay Street, Northfield",
                        "2012 (freehold)",
                        "Head office; ground floor let",
                        f"Harbour Pilates Studio Ltd, lease 2021-2031, GBP {inst['rent']:,.2f} a month",
                        "None",
                        "Rent exempt. Common costs on CC50, ground-floor repairs on CC51.",
                    ],
                    [
                        "Wharf Road Unit 3, Northfield",
                        "2009 (freehold)",
                        "Our training centre until 31 March 2026; vacant",
                        "-",
                        "None made",
                        "Refurbishment and re-letting planned from July 2026; the VAT position of the "
                        "letting to be settled before the works start.",
                    ],
                ],
            )
        ],
        [
            "Neither building is a capital item under the capital goods scheme: Dock House was bought in 2012 "
            "without VAT and Wharf Road more than ten years ago."
        ],
    )


def write_prior_return(path: Path, story: Story) -> None:
    pr = story.prior
    b = pr["boxes"]
    write_pdf(
        path,
        f"VAT return 06/26 - {COMPANY} ({VAT_NO})",
        [
            (
                "p",
                "Period 1 April 2026 to 30 June 2026. Submitted through the company's MTD bridging software on "
                f"{pr['submitted']} by T. Haverley. Payment due by 7 August 2026.",
            ),
            ("h", "The nine boxes"),
            *[
                ("t", f"Box {k}  {label:<58}{b[k]:>14,.2f}")
                for k, label in (
                    ("1", "VAT due on sales and other outputs"),
                    ("2", "VAT due on acquisitions (NI only)"),
                    ("3", "Total VAT due"),
                    ("4", "VAT reclaimed on purchases and other inputs"),
                    ("5", "Net VAT to pay to HMRC"),
                    ("6", "Total value of sales excluding VAT"),
                    ("7", "Total value of purchases excluding VAT"),
                    ("8", "Supplies of goods to EU (NI only)"),
                    ("9", "Acquisitions of goods from EU (NI only)"),
                )
            ],
            ("h", "Partial exemption working (standard method)"),
            ("t", f"Taxable supplies                                     {pr['taxable']:>14,.2f}"),
            ("t", f"Exempt supplies                                      {pr['exempt']:>14,.2f}"),
            ("t", f"Recovery percentage (taxable / total)                {pr['rec']:>13.2f}%"),
            ("t", f"Residual input tax                                   {pr['residual']:>14,.2f}"),
            ("t", f"Residual input tax recovered                         {pr['residual'] * pr['rec'] / 100:>14,.2f}"),
            ("t", f"Exempt input tax (direct and residual share)         {pr['exempt_input']:>14,.2f}"),
            ("p", "De minimis: not met (exempt input tax above GBP 1,875 for the quarter)."),
            ("h", "Annual adjustment"),
            (
                "p",
                "The annual adjustment for the partial exemption year 1 April 2025 to 31 March 2026 is included in box "
                f"4: GBP {pr['annual_adjustment']:,.2f} due to the company (annual recovery percentage "
                f"{pr['annual_rec']}%; the company was not de minimis for the year).",
            ),
            ("p", "Prepared from the sales and purchase ledger exports of 3 July 2026."),
        ],
    )


def mails_for(story: Story) -> list[tuple[str, str, str, str, str, str]]:
    inst, f = story.inst, story.facts
    mails = [
        (
            "01_exports.eml",
            FIN,
            ACC,
            "2026-10-12 16:20",
            "Q3 VAT return - the exports",
            "Hi,\n\nEverything for the September quarter is in the folder: the sales ledger export (postings up to "
            "today, 12 October), the purchase ledger postings for the quarter, the bank statement, the aged debtors at "
            "30 September, our VAT code list and the June return as we submitted it. Version 3 of the code list is the "
            "one in use since April; I left version 2 in the folder because some of the old cost centres still show up "
            "in reports.\n\nThe return is due on 7 November.\n\nTom Haverley\nFinancial Controller\n",
        ),
        (
            "02_end_user_notice.eml",
            "Fiona Strachan <f.strachan@brackenridge-training.example>",
            "accounts@voltedge-electrical.example",
            "2026-06-30 11:05",
            "Wharf Road Unit 3 - VAT on your invoices",
            "Dear Sirs,\n\nAhead of the rewiring at Wharf Road Unit 3: Brackenridge Training Ltd is an end user for "
            "the purposes of the VAT domestic reverse charge for building and construction services. We do not make "
            "onward supplies of construction services. Please charge VAT at the normal rate on your invoices to us.\n\n"
            "Fiona Strachan\nProperty Manager, Brackenridge Training Ltd\n",
        ),
        (
            "03_booking_system.eml",
            "Nina Achterberg <n.achterberg@brackenridge-training.example>",
            "All staff",
            "2026-07-01 08:30",
            "New booking system live today",
            "Hello all,\n\nThe new booking system for open courses is live from today. Delegates pay a 25% deposit "
            "when they book; the system invoices the balance 14 days before the course, showing the deposit as already "
            "paid, so the invoice charges VAT on the balance. Deposits are refunded in full if a booking is cancelled "
            "more than 14 days before the course.\n\nNina Achterberg\nHead of Training Operations\n",
        ),
        (
            "04_registration.eml",
            "Graham Lister <g.lister@brackenridge-group.example>",
            ACC,
            "2026-09-02 10:00",
            "Group VAT registration",
            "Hi,\n\nFor your files: the group VAT registration still covers only the parent and the two property "
            "companies. Brackenridge Training Ltd is registered on its own (VAT number " + VAT_NO + "), quarterly, "
            "periods ending March, June, September and December.\n\nGraham Lister\nGroup Company Secretary\n",
        ),
    ]
    if not inst["hard"]:
        pe, os_, ub = f["prior_error"], f["overseas_supplier"], f["unbilled"]
        mails += [
            (
                "05_property.eml",
                "Fiona Strachan <f.strachan@brackenridge-training.example>",
                FIN,
                "2026-08-06 14:10",
                "Wharf Road Unit 3 - option to tax",
                "Tom,\n\nHMRC have acknowledged our option to tax Wharf Road Unit 3. We decided to opt on 1 July 2026 "
                "and sent the notification on 20 July, so the option has effect from 1 July 2026. The new letting will "
                "be standard-rated, and the refurbishment is for that letting.\n\nFiona\n",
            ),
            (
                "06_procurement.eml",
                "Dev Kallis <d.kallis@brackenridge-training.example>",
                FIN,
                "2026-09-10 09:45",
                "Castellan - supplier set-up",
                "Hi Tom,\n\nFor the supplier file: " + os_["supplier"] + " is Castellan Assessment Partners LLC of "
                "Boston, Massachusetts. The London address on their invoices is a mail-forwarding office; they have no "
                "establishment in the UK and are not registered for UK VAT. Their platform runs our university exam "
                "sessions.\n\nDev Kallis\nProcurement Manager\n",
            ),
            (
                "07_finance.eml",
                FIN,
                ACC,
                "2026-10-09 12:30",
                "Error in the June return",
                f"Hi,\n\nWhile reconciling the VAT control account I found that invoice {pe['invoice']} "
                f"({pe['customer']}, dated {pe['date']}) had its VAT of GBP {pe['vat']:,.2f} posted to the suspense "
                "account, so it was left out of box 1 of the June return. The net was in box 6. It was a posting "
                "error. Please put it right on the September return if we can.\n\nTom\n",
            ),
            (
                "08_training_ops.eml",
                "Nina Achterberg <n.achterberg@brackenridge-training.example>",
                FIN,
                "2026-10-12 11:15",
                f"{ub['customer']} resits - not invoiced yet",
                f"Tom,\n\nThe {ub['customer']} resit session ran from {ub['session']} and was delivered in full "
                "(setting, invigilation and marking). Their finance office still has not issued the purchase order, so "
                f"it is not invoiced yet; it will go out when the PO arrives. The fee is GBP {ub['net']:,.2f} - "
                "examination services for a university, so no VAT.\n\nNina\n",
            ),
        ]
    else:  # the same files in the hard instance, saying nothing of the staff's facts
        mails += [
            (
                "05_property.eml",
                "Fiona Strachan <f.strachan@brackenridge-training.example>",
                FIN,
                "2026-07-15 10:40",
                "Wharf Road works started",
                "Tom,\n\nBrackley Build started on site at Wharf Road Unit 3 on 13 July; Voltedge start the rewiring "
                "in August. Please code everything for the building to CC60. Guardline keep it secure while it is "
                "empty, and the rates continue at the empty-property rate.\n\nFiona\n",
            ),
            (
                "06_procurement.eml",
                "Dev Kallis <d.kallis@brackenridge-training.example>",
                FIN,
                "2026-07-02 09:20",
                "New supplier: Castellan Assessment Partners",
                "Hi Tom,\n\nPlease set up Castellan Assessment Partners, 71 Kingsway, London WC2B 6ST: the online "
                "proctoring platform for the university resit sessions. They invoice quarterly in arrears, payment by "
                "wire transfer.\n\nDev Kallis\nProcurement Manager\n",
            ),
            (
                "07_finance.eml",
                FIN,
                "Claire Okonedo <c.okonedo@brackenridge-training.example>",
                "2026-08-07 17:55",
                "June VAT return submitted",
                "Claire,\n\nThe June return went in today through the bridging software. The payment will go out "
                "with the next supplier payment run.\n\nTom\n",
            ),
            (
                "08_training_ops.eml",
                "Nina Achterberg <n.achterberg@brackenridge-training.example>",
                "All staff",
                "2026-10-05 08:45",
                "Booking system - first quarter",
                "Hello all,\n\nThe booking system has now run for a full quarter. Bookings are up on last year and the "
                "deposit and refund process is working; a handful of bookings were cancelled and refunded in the "
                "quarter. Thank you for your patience with the change.\n\nNina\n",
            ),
        ]
    return mails


def issues_for(story: Story) -> list[dict]:
    f = story.facts
    pe = f["prior_error"]
    ub = f["unbilled"]
    mb = "de minimis"
    th = next(d for d in story.debts if d.customer.startswith("Thornbury"))
    due = date.fromordinal(th.inv_day.toordinal() + th.terms_true)
    return [
        {
            "id": "option_to_tax",
            "what": "Wharf Road Unit 3 is opted to tax from 1 July, so the refurbishment's VAT is taxable input tax",
            "all_of": [["wharf"]],
            "any_of": [
                "opted to tax",
                "has effect from",
                "effect from 1 july",
                "notified",
                "effective from 1 july",
                "from 1 july 2026",
                "2026-07-01",
                "01/07/2026",
            ],
        },
        {
            "id": "drc_end_user",
            "what": "Voltedge applied the domestic reverse charge although the company is an end "
            "user: no reverse charge, ask for a VAT invoice",
            "all_of": [["voltedge"]],
            "any_of": ["end user", "end-user"],
        },
        {
            "id": "deposits",
            "what": "booking deposits create a tax point when received; the booking system never "
            "accounts for their VAT",
            "all_of": [["deposit"]],
            "any_of": [
                "tax point",
                "on receipt",
                "when received",
                "when they are received",
                "date of receipt",
                "1/6",
                "one sixth",
                "one-sixth",
                "vat fraction",
            ],
        },
        {
            "id": "bad_debts",
            "what": "bad debt relief on the written-off debts six months past their due date; Thornbury's debt not yet",
            "all_of": [["bad debt"], ["thornbury"]],
            "any_of": [
                f"{due:%d %B}".lower(),
                f"{due.day} {due:%B}".lower(),
                f"{due:%Y-%m-%d}",
                f"{due:%d/%m/%Y}",
                "90 days",
                "90-day",
                "framework",
            ],
        },
        {
            "id": "error_correction",
            "what": f"the June return's omitted output tax of GBP {pe['vat']:,.2f} corrected "
            "on this return (below the error threshold)",
            "all_of": [[f"{pe['vat']:,.2f}", f"{pe['vat']:,.0f}", f"{pe['vat']:.2f}", pe["invoice"].lower()]],
            "any_of": ["error", "omitted", "left out", "under-declar", "underdeclar", "correct", "suspense", "missed"],
            "weight": 2,
        },
        {
            "id": "partial_exemption",
            "what": "the partial exemption outcome: recovery percentage and the de minimis test",
            "all_of": [[mb]],
            "any_of": ["625", "1,875", "1875", "recovery percentage", "rounded up", "round up"],
        },
        {
            "id": "supplier_vat",
            "what": "Pennant's invoice shows too much VAT; only 20% of the net is claimed",
            "all_of": [["pennant"]],
            "any_of": [
                "overcharg",
                "incorrect",
                "wrong",
                "too much",
                "miscalcul",
                "excess",
                "credit note",
                "corrected invoice",
            ],
        },
        {
            "id": "castellan",
            "what": "Castellan belongs in the US: reverse charge, used for the exempt examinations",
            "all_of": [["castellan"]],
            "any_of": [
                "reverse charge",
                "overseas",
                "united states",
                "boston",
                "outside the uk",
                "abroad",
                "us company",
                "usa",
            ],
        },
        {
            "id": "unbilled",
            "what": f"the {ub['customer']} resit session delivered in September but not invoiced: an "
            "exempt supply of this quarter",
            "all_of": [[ub["customer"].split()[0].lower()]],
            "any_of": [
                "not yet invoiced",
                "not invoiced",
                "uninvoiced",
                "not been invoiced",
                "tax point",
                "when performed",
                "performed",
            ],
            "weight": 2,
        },
        {
            "id": "blocked",
            "what": "blocked input tax: client entertainment and the managing director's car",
            "all_of": [["entertain", "hospitality", "bmw"]],
            "any_of": [
                "blocked",
                "not recoverable",
                "irrecoverable",
                "cannot be recovered",
                "cannot recover",
                "disallow",
                "no input tax",
                "not reclaim",
            ],
        },
        {
            "id": "late_payment",
            "what": "the June return's VAT was paid after its due date of 7 August",
            "all_of": [
                ["june", "06/26", "previous return", "last return", "prior return"],
                ["late", "overdue", "after the due date"],
            ],
            "any_of": ["interest", "penalt", "7 august", "19 august", "due date"],
        },
        {
            "id": "prior_rounding",
            "what": "the June return used a two-decimal recovery percentage instead of rounding up",
            "all_of": [[f"{story.prior['rec']:.2f}", "two decimal", "2 decimal", "decimal places", "2dp", "2 dp"]],
            "any_of": ["round up", "rounded up", "whole number", "annual adjustment", "under-recover", "underclaim"],
        },
    ]
