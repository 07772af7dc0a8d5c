"""Asks everybody everything: the same general questions to each of the client's staff, whatever their role, then
the reference's assessment with whatever the answers gave. A fact hinted nowhere is given only to an open question
that names the person's own area: the general questions that happen to name the laboratory or what the agency agreed
reach the suspended accreditation and the storm samples, none names the flow meters or the capital schemes (so the
meter that read low and the spills the telemetry missed stay unknown), and questions that name no request, no
sampling point and no audit result reach none of the hinted facts; the questions cost what they cost."""

import calendar
import re
import runpy
import sys
from datetime import date

sys.path.insert(0, "/solution")

import dpc_read as rd
import worktrial_kit as kit

QUESTIONS = [
    "Is there anything I should know before I finalise the 2025 compliance assessment?",
    "Has anything changed since these files were produced?",
    "Are there any samples that should be excluded from the assessment?",
    "Which of the 2025 results are valid compliance results?",
    "Were there any problems with the sampling or the laboratory in 2025?",
    "Has the REA agreed or decided anything about 2025 that isn't in the files?",
    "What units are the results in?",
    "Which permits are current?",
]
MONTHS = list(calendar.month_name)[1:]


def main() -> int:
    people = [p["id"] for p in kit.who()]
    text = ""
    for person in people:
        for q in QUESTIONS:
            r = kit.ask(person, q)
            if r.answered:
                text += "\n" + r.text
    known: dict = {}
    m = re.search(r"suspended our accreditation for ([^(]+?) \(.*?from (\d+) to (\d+) (\w+) (\d{4})", text)
    if m:
        dets = [d for d, w in (("NH3", "ammonia"), ("TP", "phosphorus")) if w in m.group(1)]
        month = MONTHS.index(m.group(4)) + 1
        y = int(m.group(5))
        known["lapse"] = {
            "dets": dets,
            "start": date(y, month, int(m.group(2))).isoformat(),
            "end": date(y, month, int(m.group(3))).isoformat(),
        }
    storm = re.search(r"agreed[^.]*to disregard[^:]*:([^.]*)\.", text)
    if storm:
        known["storm"] = sorted(set(re.findall(r"W25-\d{6}", storm.group(1))))
    code = {n: c for c, n in rd.calendar()[0].items()}
    meter = re.search(r"(\w[\w ]*?)'s final effluent meter[^.]*reading low.*?multiplied by (\d+(?:\.\d+)?)", text)
    if meter and meter.group(1).split()[-1] in " ".join(code):
        name = next(n for n in code if n.endswith(meter.group(1).split()[-1]))
        known["meter"] = {"works": code[name], "factor": float(meter.group(2))}
    spills = re.findall(r"on (\d{1,2}) (\w+) at (\d+(?:\.\d+)?) l/s", text)
    where = re.search(r"rebuilt (\w[\w ]*?)'s inlet", text)
    if spills and where and where.group(1) in code:
        known["unlogged"] = {
            "works": code[where.group(1)],
            "spills": [[date(2025, MONTHS.index(m) + 1, int(d)).isoformat(), float(v)] for d, m, v in spills],
        }
    runpy.run_path("/solution/reference.py", init_globals={"KNOWN": known}, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
