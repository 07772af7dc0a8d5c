"""payroll_audit's file writers for hidden/build_inputs.py: the agreement (docx), the timesheets in each site's own
shape, the grade list, the payroll export, the holiday calendar and the e-mails, all byte for byte repeatable."""

from __future__ import annotations

import csv
import io
import random
import re
import zipfile
from datetime import date, datetime, timedelta
from pathlib import Path

import docx
import openpyxl
from _payroll_audit_model import CODES, COMPANY, FIXED_ISO, FIXED_TIME, GRADES, UNION, WEEKS, Employee, Shift, recorded

# --------------------------------------------------------------------------------------------- writers


def normalise_zip(path: Path) -> None:
    src = path.read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(src)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "docProps/core.xml":
                text = data.decode("utf-8")
                text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:)", rf"\g<1>{FIXED_ISO}\g<3>", text)
                data = text.encode("utf-8")
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zi.external_attr = 0o644 << 16
            zout.writestr(zi, data)
    path.write_bytes(out.getvalue())


def save_xlsx(wb: openpyxl.Workbook, path: Path) -> None:
    wb.properties.creator = COMPANY
    wb.properties.created = wb.properties.modified = datetime(*FIXED_TIME)
    wb.save(path)
    normalise_zip(path)


def write_csv(path: Path, header: list[str], rows: list[list], encoding: str = "utf-8") -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(header)
    w.writerows(rows)
    path.write_bytes(buf.getvalue().encode(encoding))


def write_agreement(path: Path, inst: dict) -> None:
    d = docx.Document()
    d.core_properties.author = COMPANY
    d.add_heading(f"{COMPANY} and the {UNION}: Collective Agreement on Pay 2026-27", 0)
    d.add_paragraph(
        "This agreement sets the pay of all hourly paid cleaning, support and maintenance staff employed by "
        f"{COMPANY} at its client sites in Great Britain. It replaces the 2025 agreement. Clause numbers are "
        "referred to in payslip queries and grievances."
    )
    d.add_heading("1. Pay weeks and records", 1)
    d.add_paragraph(
        "1.1 Pay is weekly. The pay week runs from 00:00 on Monday to 24:00 on Sunday and is paid on the Friday "
        "of the following week. 1.2 A shift belongs to the pay week in which it starts. 1.3 Hours "
        "are those recorded at the site's clocking terminal or on the site timesheet, in minutes. Breaks are paid."
    )
    d.add_heading("2. Basic hourly rates", 1)
    d.add_paragraph(
        "2.1 The rates below are increased with effect from Monday 3 August 2026 (pay week beginning 3 August); "
        "the new rates apply to every hour of a shift that starts on or after that date. 2.2 An employee is paid "
        "at the rate of the grade they hold, as recorded by HR, on the first day of the pay week; a re-grading takes "
        "effect from the pay week in which it is effective."
    )
    t = d.add_table(rows=1, cols=4)
    t.style = "Table Grid"
    for c, h in zip(t.rows[0].cells, ["Grade", "Title", "Rate to 2 August 2026 (GBP/h)", "Rate from 3 August 2026 (GBP/h)"]):
        c.text = h
    for g, (title, old, new) in GRADES.items():
        row = t.add_row().cells
        row[0].text, row[1].text, row[2].text, row[3].text = g, title, f"{old:.2f}", f"{new:.2f}"
    d.add_heading("3. Overtime", 1)
    d.add_paragraph(
        "3.1 Hours worked beyond 10 hours in any one shift are overtime. 3.2 Hours worked in a pay week beyond 38, "
        "not counting hours already overtime under 3.1, are overtime. 3.3 Each hour of overtime is paid at time and a "
        "half: the basic rate for the hour plus an overtime premium of one half of the basic rate. 3.4 Hours paid "
        "but not worked under clause 6 do not count towards either threshold."
    )
    d.add_heading("4. Night work", 1)
    d.add_paragraph(
        "4.1 Every hour worked between 22:00 and 06:00 attracts a night premium of 25% of the basic rate, whichever "
        "day the shift started on. 4.2 The night premium is paid in addition to any other premium."
    )
    d.add_heading("5. Weekends and public holidays", 1)
    d.add_paragraph(
        "5.1 Hours worked on a Saturday (00:00 to 24:00) attract a premium of 25% of the basic rate, and hours "
        "worked on a Sunday a premium of 50%, whichever day the shift started on. 5.2 Hours worked on a public "
        "holiday attract a premium of 100% of the basic rate instead of any Saturday or Sunday premium. 5.3 The "
        "public holidays are those of the part of Great Britain in which the site lies (England and Wales, or "
        "Scotland), as listed in the company's holiday calendar."
    )
    d.add_heading("6. Call-outs", 1)
    d.add_paragraph(
        "6.1 An employee called out to work outside their rostered shifts is paid for at least 4 hours for each "
        "call-out. 6.2 Where the call-out lasts less than 4 hours, the balance is paid at the basic rate as a "
        "call-out top-up, without premiums. 6.3 Hours actually worked on a call-out are paid as any other hours, "
        "premiums included. (The 2025 agreement's minimum was 3 hours.)"
    )
    d.add_heading("7. Premiums and rates", 1)
    d.add_paragraph(
        "7.1 Every premium is a percentage of the employee's basic hourly rate for the pay week; premiums are not "
        "compounded with one another or with the overtime premium. 7.2 Amounts are rounded to the penny per pay "
        "element per pay week."
    )
    if inst.get("local_night"):
        d.add_paragraph(
            "7.3 Where a local agreement listed in Schedule 3 provides more favourable terms for a site, the local "
            "agreement applies at that site for the matters it covers."
        )
    d.add_heading("8. Underpayments", 1)
    d.add_paragraph(
        "8.1 Any underpayment found is repaid in full with the next weekly pay. 8.2 An overpayment may be recovered "
        "only after the employee has been told in writing and an instalment plan agreed with them; it is never "
        "set off against an underpayment without the employee's written consent."
    )
    if inst.get("local_night"):
        d.add_heading("Schedule 3. Local agreements", 1)
        t = d.add_table(rows=1, cols=3)
        t.style = "Table Grid"
        for c, h in zip(t.rows[0].cells, ["Site", "Local agreement", "Matters covered"]):
            c.text = h
        row = t.add_row().cells
        row[0].text = "Ravensworth General Hospital"
        row[1].text = "LA-RGH-2024 (held by HR Business Partnering)"
        row[2].text = "Night work"
    d.add_paragraph("Signed for the company and for the union, 12 June 2026.")
    d.save(str(path))
    normalise_zip(path)


def fmt12(t: datetime, compact: bool = False) -> str:
    h = t.hour % 12 or 12
    ampm = "AM" if t.hour < 12 else "PM"
    return f"{h}:{t.minute:02d}{ampm.lower()}" if compact else f"{h}:{t.minute:02d} {ampm}"


def write_timesheets(inp: Path, inst: dict, emps: list[Employee], rng: random.Random) -> list[str]:
    files = []
    ts = inp / "timesheets"
    ts.mkdir(parents=True)
    sites = {s.code: s for s in inst["sites"]}
    hard = "terminal" in inst
    for code, site in sites.items():
        staff = [e for e in emps if e.site == code]
        shifts = sorted((recorded(s, inst, code) for e in staff for s in e.shifts), key=lambda s: (s.start, s.emp))
        names = {e.emp_id: e for e in staff}
        if code == "HBW":
            header = ["Employee ID", "Employee", "Date", "Start", "Finish", "Shift type"]

            def hbw(s: Shift) -> list:
                e = names[s.emp]
                return [s.emp, e.name, s.start.date().isoformat(), s.start.strftime("%H:%M"), s.end.strftime("%H:%M"),
                        "Call-out" if s.callout else "Rostered"]

            if hard:  # two overlapping exports from the site's system
                a = [hbw(s) for s in shifts if s.start.date() < date(2026, 8, 17)]
                b = [hbw(s) for s in shifts if s.start.date() >= date(2026, 8, 3)]
                write_csv(ts / "HBW_timesheets_Q3.csv", header, [*a, header, *b])  # two exports pasted together
                files.append("HBW_timesheets_Q3.csv")
            else:
                write_csv(ts / "HBW_timesheets_Q3.csv", header, [hbw(s) for s in shifts])
                files.append("HBW_timesheets_Q3.csv")
        elif code == "NGM":
            wb = openpyxl.Workbook()
            ws = wb.active
            ws.title = "Timesheet"
            ws.append([f"{site.name} - weekly timesheets, July to September 2026"])
            ws.append([])
            ws.append(["Staff no.", "Surname", "First name", "Shift date", "Time in", "Time out", "C/O"])
            for s in shifts:
                e = names[s.emp]
                ws.append([s.emp if not hard else s.emp[1:], e.surname, e.given, s.start.date(), fmt12(s.start),
                           fmt12(s.end), "Y" if s.callout else ""])
                ws.cell(ws.max_row, 4).number_format = "dd/mm/yyyy"
            save_xlsx(wb, ts / "NGM_timesheets_Q3.xlsx")
            files.append("NGM_timesheets_Q3.xlsx")
        elif code == "CSG":
            header = ["emp_id", "name", "shift_date", "clock_in", "clock_out", "callout"]
            rows = [[s.emp, names[s.emp].name.upper(), s.start.strftime("%d/%m/%Y"), s.start.strftime("%H:%M"),
                     s.end.strftime("%H:%M"), "Y" if s.callout else "N"] for s in shifts]
            # the re-export appended three weeks a second time
            again = [r for r in rows if date(2026, 8, 10) <= datetime.strptime(r[2], "%d/%m/%Y").date() <= date(2026, 8, 30)]
            write_csv(ts / "CSG_timesheets_Q3_reexport.csv", header, rows + again)
            files.append("CSG_timesheets_Q3_reexport.csv")
        elif code == "CWF":
            wb = openpyxl.Workbook()
            first = True
            for month, label in ((7, "July"), (8, "August"), (9, "September")):
                ws = wb.active if first else wb.create_sheet()
                first = False
                ws.title = label
                ws.append(["Badge", "Name", "Clock in", "Clock out", "Type"])
                for s in shifts:
                    if s.start.month == month or (month == 7 and s.start.month == 6):
                        ws.append([s.emp, names[s.emp].name, s.start, s.end, "CALL" if s.callout else "SHIFT"])
                        ws.cell(ws.max_row, 3).number_format = "yyyy-mm-dd hh:mm"
                        ws.cell(ws.max_row, 4).number_format = "yyyy-mm-dd hh:mm"
            save_xlsx(wb, ts / "CWF_terminal_export.xlsx")
            files.append("CWF_terminal_export.xlsx")
        elif code == "RGH":
            header = ["Name", "Pay no", "Day", "On", "Off", "Notes"]
            rows = [[f"{names[s.emp].surname}, {names[s.emp].given}", s.emp, s.start.strftime("%a %d/%m/%Y"),
                     fmt12(s.start, True), fmt12(s.end, True), "call out" if s.callout else ""] for s in shifts]
            write_csv(ts / "RGH_rota_actuals.csv", header, rows, encoding="cp1252")
            files.append("RGH_rota_actuals.csv")
    return files


def write_grades(path: Path, inst: dict, emps: list[Employee], story: dict) -> None:
    sites = {s.code: s for s in inst["sites"]}
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Grades"
    ws.append(["Employee ID", "Surname", "Forename", "Site code", "Site", "Grade", "Effective from", "Start date"])
    for e in emps:
        for since, g in sorted(e.grades):
            ws.append([e.emp_id, e.surname, e.given, e.site, f"{sites[e.site].name}, {sites[e.site].city}", g, since,
                       e.starts if e.starts > WEEKS[0] else date(2023, 4, 3)])
            ws.cell(ws.max_row, 7).number_format = "dd/mm/yyyy"
            ws.cell(ws.max_row, 8).number_format = "dd/mm/yyyy"
    save_xlsx(wb, path)


def write_payroll(path: Path, payroll: list[dict]) -> None:
    rows = []
    for p in payroll:
        e, code = p["emp"], p["code"]
        amount = p["amount"]
        rt = amount / p["hours"] if p["hours"] else 0
        rows.append([e.emp_id, f"{e.surname.upper()} {e.given}", e.site, p["week_end"].strftime("%d/%m/%Y"), code,
                     CODES[code][0], f"{p['hours']:.2f}", f"{rt:.4f}", f"{amount:.2f}"])
    write_csv(path, ["emp_no", "employee", "cost_centre", "week_ending", "element", "description", "hours", "rate",
                     "amount"], rows)


def write_holidays(path: Path) -> None:
    rows = []
    for d, n, reg in [
        (date(2026, 5, 25), "Spring bank holiday", "England and Wales; Scotland"),
        (date(2026, 8, 3), "Summer bank holiday", "Scotland"),
        (date(2026, 8, 31), "Summer bank holiday", "England and Wales"),
        (date(2026, 11, 30), "St Andrew's Day (substitute)", "Scotland"),
        (date(2026, 12, 25), "Christmas Day", "England and Wales; Scotland"),
        (date(2026, 12, 28), "Boxing Day (substitute)", "England and Wales; Scotland"),
    ]:
        rows.append([d.strftime("%d %B %Y"), n, reg])
    write_csv(path, ["Date", "Holiday", "Applies in"], rows)


def write_emails(folder: Path, inst: dict, story: dict, emps: list[Employee]) -> None:
    folder.mkdir()
    by_id = {e.emp_id: e for e in emps}
    ghost, gw = story["ghost"]
    down = by_id[story["overpaid"]]
    mails = [
        ("01_payroll_rates_loaded.eml", "Marcus Ellery <payroll@calloway-fs.example>", "Reward team",
         "2026-08-14 16:02", "New 2026 rates loaded",
         "Hi all,\n\nThe new 2026-27 hourly rates are now loaded in the payroll system and will go out with the pay "
         "run for the week beginning 17 August. Nothing else changes in the calculation this year as far as payroll "
         "is concerned; the premium and overtime set-up stays as it was.\n\nMarcus Ellery\nPayroll Manager\n"),
        ("02_regional_ops_summary.eml", "Graham Soutar <g.soutar@calloway-fs.example>", "Site managers",
         "2026-06-20 09:15", "Pay deal - summary for your teams",
         "Morning all,\n\nQuick summary of the new agreement for your team briefings: rates go up from August, night "
         "premium stays at 25% for the hours up to midnight, weekend premium as before on the day the shift starts, "
         "and call-outs are still a 3 hour minimum. Any questions send them my way.\n\nGraham Soutar\nRegional "
         "Operations Manager\n"),
        ("03_hr_regrade_notice.eml", "HR Admin <hr@calloway-fs.example>", "Payroll",
         "2026-08-05 11:40", f"Grade change: {down.name} ({down.emp_id})",
         f"Payroll,\n\nPlease note that {down.name} ({down.emp_id}) has asked to step down from team leader to cleaner "
         "(CL1) from Monday 10 August 2026; the HR grade list is updated. Two further promotions are recorded on the "
         "list as well.\n\nHR Administration\n"),
        ("04_export_note.eml", "Marcus Ellery <payroll@calloway-fs.example>", "Reward team",
         "2026-10-05 08:55", "Q3 payroll export for the audit",
         "Hi,\n\nAttached is the payroll export for pay weeks ending 5 July to 27 September 2026, one line per pay "
         "element. The sites sent their timesheets straight from their own systems.\n\nMarcus\n"
         if "terminal" in inst else
         "Hi,\n\nAttached is the payroll export for pay weeks ending 5 July to 27 September 2026, one line per pay "
         "element. The Glasgow timesheets were exported a second time after a terminal fault, so you may see rows "
         f"twice. I'm not sure what the 12 hours for {by_id[ghost].name} in the week ending "
         f"{(gw + timedelta(days=6)).strftime('%d %B')} relate to - I can't find the timesheet.\n\nMarcus\n"),
    ]
    if "terminal" in inst:
        mails.append(
            ("05_cwf_rota.eml", "Site office Canal Wharf <cwf.site@calloway-fs.example>", "Payroll",
             "2026-06-26 14:20", "Canal Wharf rota from July",
             "Hello payroll,\n\nFrom July the Canal Wharf evening team works 18:00 to 00:30 Monday to Friday, as the "
             "client asked for the floors to be done after their late shift leaves.\n\nCanal Wharf site office\n"))
    for fname, frm, to, when, subject, body in mails:
        dt = datetime.strptime(when, "%Y-%m-%d %H:%M")
        text = (f"From: {frm}\nTo: {to}\nDate: {dt.strftime('%a, %d %b %Y %H:%M')} +0100\nSubject: {subject}\n"
                f"MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n{body}")
        (folder / fname).write_text(text, encoding="utf-8")
