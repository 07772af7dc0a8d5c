"""The right files and layout, with placeholder marks to be filled in later."""

import csv

import docx

with open("input/class_list.csv", newline="") as f:
    students = list(csv.DictReader(f))
with open("output/marks.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["student_id", "name", "q1", "total", "grade"])
    for s in students:
        w.writerow([s["student_id"], f"{s['given_name']} {s['surname']}", "TBD", "TBD", "TBD"])
d = docx.Document()
d.add_heading("Class summary", level=1)
d.add_paragraph("Mean mark: TBD")
for s in students:
    d.add_heading(f"{s['student_id']} — {s['given_name']} {s['surname']}", level=1)
    d.add_paragraph("Total: TBD — Grade TBD")
d.save("output/feedback.docx")
