"""The e-mails that came with construction_valuation's files and the matters the note to the Commercial Director must
raise (`hidden/reference/issues.json`, read by checks.py:note_issues)."""

from __future__ import annotations

from _construction_valuation_model import Project

OWEN = "Owen Latimer <o.latimer@aireside-living.example>"
QS = "Commercial team <commercial@aireside-living.example>"
BRK = "Dean Rowley <d.rowley@brackenridge-construction.example>"


def mails_for(p: Project, app: dict) -> list[tuple[str, str, str, str, str, str]]:
    hard = p.inst["hard"]
    h11 = p.history[-1]
    short = h11["pn"] - h11["pln"]
    render = ", ".join(p.inst["defective"])
    mails = [
        (
            "01_interim_application_12.eml",
            BRK,
            QS,
            "2026-03-24 16:20",
            f"{p.name} - Interim Application No. 12",
            f"Dear all,\n\nPlease find our Interim Application No. 12 for {p.name} (valuation date 25 March 2026) in "
            f"the application folder, with the vesting certificates and the off-site insurance certificate. The sum "
            f"applied for is £{app['applied']:,.2f} plus VAT.\n\nWe also note that Interim Payment No. 11 was paid "
            f"£{short:,.2f} short of your Payment Notice; please explain.\n\nRegards,\nDean Rowley\nCommercial "
            "Manager, Brackenridge Construction Ltd\n",
        ),
        (
            "02_notice_of_delay_section_2.eml",
            BRK,
            "Helen Marsh <h.marsh@aireside-living.example>",
            "2026-03-20 11:05",
            f"{p.name} - notice of delay, Section 2",
            "Helen,\n\nUnder clause 2.24 we give notice that the progress of Section 2 is being and is likely to be "
            "delayed by the late connection of the permanent electricity supply (Relevant Event: statutory "
            "undertaker's work). We estimate a delay of three weeks to the Completion Date of 22 April 2026 and will "
            "send the required particulars with our programme update.\n\nDean Rowley\n",
        ),
        (
            "03_materials_on_site.eml",
            "Gareth Pryce <g.pryce@aireside-living.example>",
            QS,
            "2026-03-25 17:40",
            "Materials on site at 25 March",
            "Hi,\n\nMy materials on site check for the valuation date is in the site folder. Statuses as I found "
            "them on the walk round.\n\n"
            + (
                f"One more thing for the valuation: the through-coloured render on Block B ({render}) failed the "
                "pull-off adhesion tests on 18 March and I have issued defect notice DN-09. It all has to come off and "
                "be re-applied, so it is not properly executed work and should not be valued.\n\n"
                if not hard
                else ""
            )
            + "Gareth Pryce\nClerk of Works\n",
        ),
        (
            "04_offsite_inspection.eml",
            "Priyanka Shah <p.shah@aireside-living.example>",
            QS,
            "2026-03-20 09:15",
            "Harwood Precast yard inspection",
            "Hi,\n\n"
            + (
                "I inspected Harwood Precast's Pontefract yard on 19 March. All the stair flights (LI-01) and balcony "
                "units (LI-02) on the Contractor's list were there, complete, marked with Aireside's name and the "
                "project, and set apart from Harwood's other stock. I did not visit the brick merchant or Alufab.\n\n"
                if not hard
                else "I went to Harwood Precast's Pontefract yard on 19 March to look at the off-site units. Report to "
                "follow.\n\n"
            )
            + "Priyanka Shah\nTechnical Manager\n",
        ),
        (
            "05_liquidated_damages.eml",
            "Fiona Castleton <f.castleton@aireside-living.example>",
            QS,
            "2026-03-26 08:30",
            "LDs on this valuation",
            "Owen,\n\nBrackenridge are late on Section 1 and on Section 3 (the highway works were due on 13 March and "
            "are nowhere near finished). I want liquidated damages on both taken off this payment.\n\nFiona\n",
        ),
        (
            "06_section_1_notices.eml",
            "Helen Marsh <h.marsh@aireside-living.example>",
            QS,
            "2026-03-23 14:10",
            "Section 1 notices",
            "Hi,\n\nFor the file: the Non-Completion Notice for Section 1 went out on 2 March (copy in the contract "
            "folder). "
            + (
                "I issued the Practical Completion Statement for Section 1 today; practical completion was achieved "
                "on 20 March. "
                if not hard
                else ""
            )
            + "Nothing has been issued for Section 3.\n\nHelen Marsh\nEmployer's Agent\n",
        ),
    ]
    if hard:
        mails.append(
            (
                "07_steel_surcharge.eml",
                BRK,
                "Declan Moss <d.moss@aireside-living.example>",
                "2026-01-14 10:00",
                "Structural steel mill surcharge",
                "Declan,\n\nAs discussed, our steel supplier has applied a mill surcharge of £22,450 to the frame and "
                "roof steel for Blocks B and C. We will include it in our applications.\n\nDean Rowley\n",
            )
        )
    return mails


def issues_for(p: Project, exp: dict) -> list[dict]:
    hard = p.inst["hard"]
    h11 = p.history[-1]
    ld1 = exp["liquidated_damages"]["section_1"]
    issues = [
        {
            "id": "late_pay_less",
            "what": "the Pay Less Notice on Interim Payment 11 was given after its deadline, so "
            "the notified sum stood and the shortfall is owed",
            "all_of": [["pay less", "pay-less", "payless"]],
            "any_of": [
                "late",
                "out of time",
                "invalid",
                "not valid",
                "ineffective",
                "13 march",
                "16 march",
                f"{h11['pn'] - h11['pln']:,.0f}",
                "deadline",
                "too late",
            ],
        },
        {
            "id": "payment_notice",
            "what": "the Payment Notice deadline has passed, so the application is the notified "
            "sum and only a Pay Less Notice by 12 April can reduce it"
            if not exp["notices"]["payment_notice_in_time"]
            else "the Payment Notice can still be given until 8 April (the Easter holidays do not count)",
            "all_of": [["pay less", "pay-less", "payless"], ["12 april", "2026-04-12", "12/04"]]
            if not exp["notices"]["payment_notice_in_time"]
            else [["payment notice"], ["8 april", "2026-04-08", "08/04"]],
            "any_of": ["notified sum", "application", "missed", "default", "too late", "passed", "stands"]
            if not exp["notices"]["payment_notice_in_time"]
            else [
                "good friday",
                "easter",
                "bank holiday",
                "public holiday",
                "tomorrow",
                "still",
                "in time",
                "deadline",
                "must",
                "latest",
                "not later",
                "no later",
            ],
        },
        {
            "id": "section3_no_ncn",
            "what": "no liquidated damages on Section 3 without a Non-Completion Notice",
            "all_of": [["section 3"], ["non-completion", "non completion", "ncn"]],
            "any_of": ["liquidated", "damages", "lds", "ld ", "cannot", "not deduct", "no deduction", "issue"],
        },
        {
            "id": "section1_lds",
            "what": "Section 1 liquidated damages to practical completion",
            "all_of": [["section 1"], ["liquidated", "damages", "lds"]],
            "any_of": [f"{ld1:,.2f}", f"{ld1:,.0f}", "practical completion", "pay less"],
        },
        {
            "id": "offsite_materials",
            "what": "off-site materials not payable: the bricks without the bond, the windows "
            "(and kitchens) not Listed Items",
            "all_of": [["off-site", "off site", "offsite", "listed item"]],
            "any_of": ["bond", "not listed", "not a listed", "li-03", "os-04", "brick", "window"],
        },
        {
            "id": "fluctuations",
            "what": "the steel surcharge is not recoverable under Fluctuations Option A"
            + (", except the half agreed by letter on 10 March" if hard else ""),
            "all_of": [["steel", "surcharge"]],
            "any_of": ["agreed", "half", "50%", "11,225", "letter"]
            if hard
            else ["option a", "fluctuation", "not recoverable", "excluded", "not payable", "firm price"],
            "weight": 1.5 if hard else 1,
        },
        {
            "id": "defective_work",
            "what": "the failed Block B render is not properly executed work and is not valued",
            "all_of": [["render"]],
            "any_of": ["defect", "dn-09", "adhesion", "not properly executed", "failed", "excluded", "not valued"],
            "weight": 1.5 if hard else 1,
        },
        {
            "id": "retention_release",
            "what": "half the retention released on Section 1 at practical completion",
            "all_of": [["retention"]],
            "any_of": ["half", "1.5%", "1.5 %", "50%", "released", "release"],
        },
        {
            "id": "instructions",
            "what": "superseded revisions, withdrawn instructions and contractor's notifications not valued",
            "all_of": [["supersed", "withdrawn", "notification", "not instructed", "cn-"]],
            "any_of": ["not valued", "nil", "excluded", "zero", "no value", "rev b", "only", "£0", "0.00"],
        },
        {
            "id": "delay_notice",
            "what": "the Contractor's notice of delay to Section 2 needs the Employer's "
            "decision on an extension of time",
            "all_of": [["section 2"], ["delay", "extension of time", "eot"]],
            "any_of": [
                "12 weeks",
                "twelve weeks",
                "decision",
                "respond",
                "assess",
                "particulars",
                "22 april",
                "notice",
            ],
        },
        {
            "id": "insurance_expiry",
            "what": "the off-site materials insurance expires on 30 April",
            "all_of": [["insurance"]],
            "any_of": ["30 april", "expire", "expiry", "renew", "lapse"],
        },
    ]
    if hard:
        issues += [
            {
                "id": "verbal_instruction",
                "what": "V21 was instructed verbally and confirmed; the EA should issue the instruction",
                "all_of": [["v21", "cn-31", "cvi-07"]],
                "any_of": ["verbal", "confirm", "instruct", "dissent", "valued"],
                "weight": 1.5,
            },
            {
                "id": "offsite_inspection",
                "what": "only 30 of the 48 balcony units met the conditions at the inspection",
                "all_of": [["li-02", "balcony"]],
                "any_of": ["30 of", "30 units", "18 ", "inspection", "not cast", "marked", "set apart"],
                "weight": 1.5,
            },
            {
                "id": "section1_pc",
                "what": "Section 1 reached practical completion on 12 March",
                "all_of": [["section 1"], ["practical completion"]],
                "any_of": ["12 march", "2026-03-12", "12/03"],
                "weight": 1.5,
            },
            {
                "id": "deed_of_variation",
                "what": "the deed of variation of 1 April settles CN-14 (V07) at £18,500 and "
                "moves Section 1's Completion Date to 6 March",
                "all_of": [["deed", "cn-14", "v07", "acceleration"]],
                "any_of": ["6 march", "2026-03-06", "06/03", "18,500", "settle"],
                "weight": 1.5,
            },
            {
                "id": "supplier_insolvency",
                "what": "the bathroom pod maker (LI-04) is in administration and claims "
                "the pods, so LI-04 is not valued off site",
                "all_of": [["li-04", "bathroom pod", "pods", "calder"]],
                "any_of": [
                    "administration",
                    "administrator",
                    "insolven",
                    "retention of title",
                    "title",
                    "not valued",
                    "excluded",
                ],
                "weight": 1.5,
            },
            {
                "id": "crane_standing",
                "what": "the Block A tower crane is still standing, so its dismantling (P/20) is not valued",
                "all_of": [["crane", "p/20", "p20"]],
                "any_of": [
                    "still standing",
                    "not dismantled",
                    "not been dismantled",
                    "still up",
                    "not come down",
                    "hasn't come down",
                    "not valued",
                    "nil",
                    "excluded",
                    "14 april",
                ],
                "weight": 1.5,
            },
            {
                "id": "contra_charge",
                "what": "Brackenridge accepted a contra-charge for the Block A flood on 31 March, "
                "deducted in this payment",
                "all_of": [["contra", "flood"]],
                "any_of": [f"{p.inst['contra']['sum']:,.0f}", "31 march", "accepted", "deduct", "agreed"],
                "weight": 1.5,
            },
            {
                "id": "loss_and_expense",
                "what": "the Employer's Agent ascertained the loss and expense on CN-26 (V18), "
                "included outside retention",
                "all_of": [["loss and expense", "cn-26", "v18"]],
                "any_of": [f"{p.inst['loss_expense']['sum']:,.0f}", "ascertain", "retention", "included", "valued"],
                "weight": 1.5,
            },
        ]
    return issues
