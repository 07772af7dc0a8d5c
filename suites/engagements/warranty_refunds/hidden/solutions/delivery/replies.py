"""Customer auto-replies: one e-mail per decided claim, written to <out>/replies/<claim_id>.txt.

The CRM mailer sends every file in <out>/replies/ to the claimant's e-mail address that night; the first
line "Subject: ..." is the subject. Each reply says what we decided, why in plain words, what happens next
and, for a refusal, how the customer can contest it (our own review, or the Consumer Disputes Board).
"""

import sqlite3
from pathlib import Path

MODEL_NAMES = {}

PLAIN = {
    "SERIAL_UNKNOWN": "we could not find the serial number {serial_no} in our production records, so we cannot "
                      "confirm that the appliance was made by Vellmar",
    "GREY_IMPORT": "your appliance (serial {serial_no}) was built for a market outside this country, and our "
                   "domestic guarantee does not cover it - please contact the seller about the guarantee of the "
                   "country it was made for",
    "DUPLICATE_REFUND": "we have already paid a refund for this appliance (serial {serial_no})",
    "OUT_OF_WARRANTY": "the fault was reported more than 24 months after the purchase date, so it is outside the "
                       "guarantee period",
    "NO_FAULT_FOUND": "the repair centre tested your appliance and could not find a fault",
    "EXCLUSION_X01": "the repair centre found a foreign object (such as a coin or other item) in the pump, drum or "
                     "sump, which caused the damage",
    "EXCLUSION_X02": "the repair centre found that liquid had got into the electrical parts",
    "EXCLUSION_X03": "the repair centre found impact or transport damage",
    "EXCLUSION_X04": "the repair centre found that the appliance had not been installed according to the "
                     "instructions",
    "EXCLUSION_X05": "the repair centre found heavy limescale because the appliance had not been descaled",
}


def _model_names(db_path):
    if MODEL_NAMES or not db_path:
        return MODEL_NAMES
    try:
        conn = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True)
        for code, name in conn.execute("SELECT model_code, model_name FROM models"):
            MODEL_NAMES[code] = name
        conn.close()
    except sqlite3.Error:
        pass
    return MODEL_NAMES


def _reason(row):
    rc = row["reason_code"]
    text = PLAIN.get(rc)
    if text is None and rc.startswith("EXCLUSION_"):
        text = "the repair centre found a cause that our guarantee does not cover: " + row["reason_text"]
    if text is None:
        text = row["reason_text"]
    return text.format(**row)


def render(row, db_path=None):
    names = _model_names(db_path)
    product = names.get(row["model_code"], "Vellmar appliance")
    cid = row["claim_id"]
    amount = f"EUR {float(row['refund_eur']):,.2f}"
    d = row["decision"]
    if d == "approve":
        subject = f"Your Vellmar warranty claim {cid}: approved"
        body = (f"Good news: we have approved your warranty claim {cid} for your {product} (serial "
                f"{row['serial_no']}).\n\nReason: the repair centre confirmed a fault that our guarantee covers.\n\n"
                f"What happens next: the refund of {amount} will be paid to you within 5 working days. "
                "You do not need to do anything else.")
    elif d == "inspect":
        subject = f"Your Vellmar warranty claim {cid}: we need to look at your appliance"
        body = (f"Thank you for your warranty claim {cid} for your {product} (serial {row['serial_no']}).\n\n"
                "Before we can decide, one of our technicians needs to inspect the appliance. A courier will "
                "contact you within 2 working days to arrange a free collection.\n\nWhat happens next: you will "
                "have our decision within 14 days of your claim.")
    else:
        subject = f"Your Vellmar warranty claim {cid}: our decision"
        body = (f"Thank you for your warranty claim {cid} for your {product} (serial {row['serial_no']}). "
                "We are sorry, but we cannot approve it.\n\n"
                f"Reason: {_reason(row)}.\n\n"
                "If you disagree: reply to this e-mail within 8 weeks and a senior claims handler will review "
                "the decision with you. You can also refer it, free of charge, to the Consumer Disputes Board "
                f"(www.consumer-disputes-board.example), quoting claim {cid}.")
    return (f"Subject: {subject}\n\nDear customer,\n\n{body}\n\nKind regards,\n"
            "Vellmar Customer Care\nClaim reference: " + cid + "\n")


SV_REFUSAL = ("Ditt garantiärende {cid} har fått avslag.\nSkäl: {reason}.\n"
              "Du kan kostnadsfritt hänskjuta beslutet till Konsumenttvistnämnden inom 8 veckor.\n\n")


def _contacts(db_path):
    """claim_id -> (e-mail or '', language) from the claims table."""
    if not db_path:
        return {}
    try:
        conn = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True)
        try:
            return {cid: ((mail or "").strip(), (lang or "en").strip().lower()) for cid, mail, lang in
                    conn.execute("SELECT claim_id, contact_email, language FROM claims")}
        finally:
            conn.close()
    except sqlite3.Error:
        return {}


def write_replies(rows, folder, db_path=None):
    """One file per claim: replies/<id>.txt (e-mailed) where the claim has an address, else post/<id>.txt
    (printed and posted); refusals to claimants who wrote in Swedish open with the Swedish decision."""
    folder = Path(folder)
    post = folder.parent / "post"
    folder.mkdir(parents=True, exist_ok=True)
    post.mkdir(parents=True, exist_ok=True)
    contacts = _contacts(db_path)
    n = 0
    for row in rows:
        mail, lang = contacts.get(row["claim_id"], ("?", "en"))
        text = render(row, db_path)
        if row["decision"] == "deny" and lang == "sv":
            subject, _, body = text.partition("\n")
            text = subject + "\n\n" + SV_REFUSAL.format(cid=row["claim_id"], reason=_reason(row)) + body.lstrip("\n")
        (folder if mail else post).joinpath(f"{row['claim_id']}.txt").write_text(text, encoding="utf-8")
        n += 1
    return n
