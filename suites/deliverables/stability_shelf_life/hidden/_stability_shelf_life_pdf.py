"""The documents of stability_shelf_life: the kit's `DocumentWriter` (a small PDF writer with fixed bytes, Word files
and e-mails with fixed timestamps) with the family's company, date and page layout."""

from __future__ import annotations

from datetime import datetime

from worktrial.kit.documents import LARGER_PRINT, DocumentWriter

COMPANY = "Brackenridge Generics Ltd"
FIXED_TIME = (2025, 5, 27, 9, 0, 0)

DOCS = DocumentWriter(COMPANY, datetime(*FIXED_TIME), pdf_style=LARGER_PRINT)
write_pdf = DOCS.write_pdf
save_docx = DOCS.save_docx
save_xlsx = DOCS.save_workbook
write_emails = DOCS.write_emails
