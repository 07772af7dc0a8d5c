"""Shared by the shortcut scripts: write a report .docx with the five required section headings."""

from docx import Document


def write_report(path, title, sections, timeline_rows=()):
    """sections: list of (heading, [paragraphs]); the Timeline section also gets a table of timeline_rows."""
    doc = Document()
    doc.add_heading(title, level=0)
    for heading, paragraphs in sections:
        doc.add_heading(heading, level=1)
        if heading == "Timeline" and timeline_rows:
            table = doc.add_table(rows=1, cols=3)
            for cell, text in zip(table.rows[0].cells, ["Time (UTC)", "Component", "Event"]):
                cell.text = text
            for row in timeline_rows:
                cells = table.add_row().cells
                for cell, text in zip(cells, row):
                    cell.text = str(text)
        for p in paragraphs:
            doc.add_paragraph(p)
    doc.save(path)
