"""The documents of vat_return: text PDFs with fixed bytes (the June return as submitted, supplier invoices), Word
files (the VAT code lists, the property schedule) and e-mails, written by the kit's `DocumentWriter`."""

from __future__ import annotations

from datetime import datetime

from worktrial.kit.documents import DocumentWriter

COMPANY = "Brackenridge Training Ltd"
VAT_NO = "GB 284 6190 37"
FIXED_TIME = (2026, 10, 12, 9, 0, 0)

DOCS = DocumentWriter(COMPANY, datetime(*FIXED_TIME), utc_offset="+0100", transfer_encoding="8bit")
write_pdf = DOCS.write_pdf
normalise_zip = DOCS.normalise_zip
save_docx = DOCS.save_docx
save_xlsx = DOCS.save_workbook
write_table_doc = DOCS.write_table_doc
write_emails = DOCS.write_emails
