"""What calibration solutions import inside the sandbox: `import worktrial_kit as kit` (docs/authoring.md).

This package is standard-library Python 3.11 (except `pdf_text`, which needs pypdf) and imports nothing else of
worktrial: the calibration agent copies it next to the solutions as /solution/worktrial_kit, where the scripts
find it.
"""

from .documents import TYPOGRAPHY, Block, document_text, documents_in, docx_blocks, docx_text, pdf_text, plain
from .files import (
    insert_once,
    merge_csv,
    query,
    read_csv,
    read_json,
    run,
    update_json,
    write_csv,
    write_json,
    write_text,
)
from .world import (
    WEEKDAYS,
    KitError,
    Reply,
    WorldUnavailable,
    ask,
    ask_when_in,
    duration_text,
    inbox,
    next_day_in,
    now,
    pilot,
    today,
    wait,
    wait_until,
    wait_until_in,
    who,
    workspace,
)

__all__ = [
    "TYPOGRAPHY",
    "WEEKDAYS",
    "Block",
    "KitError",
    "Reply",
    "WorldUnavailable",
    "ask",
    "ask_when_in",
    "document_text",
    "documents_in",
    "docx_blocks",
    "docx_text",
    "duration_text",
    "inbox",
    "insert_once",
    "merge_csv",
    "next_day_in",
    "now",
    "pdf_text",
    "pilot",
    "plain",
    "query",
    "read_csv",
    "read_json",
    "run",
    "today",
    "update_json",
    "wait",
    "wait_until",
    "wait_until_in",
    "who",
    "workspace",
    "write_csv",
    "write_json",
    "write_text",
]
