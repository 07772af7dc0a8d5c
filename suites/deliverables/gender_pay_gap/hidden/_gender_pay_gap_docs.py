"""Document writers of gender_pay_gap with fixed bytes: the kit's `DocumentWriter` (a text-only PDF, Word and Excel
files with fixed timestamps, and e-mails) with the family's company and date."""

from __future__ import annotations

from datetime import datetime

from worktrial.kit.documents import DocumentWriter

COMPANY = "Calderbrook Distribution Ltd"
FIXED_TIME = (2026, 5, 11, 9, 0, 0)

DOCS = DocumentWriter(COMPANY, datetime(*FIXED_TIME), sort_members=True, utc_offset="+0100", transfer_encoding="8bit")
write_pdf = DOCS.write_pdf
save_workbook = DOCS.save_workbook
write_table_doc = DOCS.write_table_doc
write_emails = DOCS.write_emails
