"""The document writers of discharge_permit_compliance: the kit's `DocumentWriter` (a text-only PDF with fixed bytes,
Word files and workbooks with fixed timestamps, and e-mails) with the family's company, date and page layout."""

from __future__ import annotations

from datetime import datetime

from worktrial.kit.documents import DocumentWriter, PdfStyle

COMPANY = "Tarnvale Water Services Ltd"
AGENCY = "Rivers and Environment Agency"
FIXED_TIME = (2026, 2, 9, 9, 0, 0)

DOCS = DocumentWriter(COMPANY, datetime(*FIXED_TIME), pdf_style=PdfStyle(wrap=96, margin=40, fixed_size=7.6))
write_pdf = DOCS.write_pdf
save_docx = DOCS.save_docx
save_xlsx = DOCS.save_workbook
write_emails = DOCS.write_emails
