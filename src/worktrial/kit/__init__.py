"""The authoring kit: what task content imports, so a family holds only its story, data and KPI.

- `worktrial.kit.solution`: calibration solutions' side, run inside the sandbox as `import worktrial_kit`
  (ask / wait / inbox / pilot with reply status, simulated dates, atomic file edits);
- `worktrial.kit.grader`: graders' side on the host (bounded readers of /out, change detection against the
  shipped system's output, metrics, a generator toolkit for unseen traffic);
- `worktrial.kit.documents`: input generators' side (`hidden/build_inputs.py`): PDFs, Word and Excel files and
  e-mails with fixed bytes (`DocumentWriter`, `PdfStyle`); `worktrial.kit.overlay`: which family files a variant's
  overlay lets through (`overlay_leaks`).

See docs/authoring.md.
"""

from .documents import LARGER_PRINT, DocumentWriter, LinePdf, PdfStyle, paginate, pdf_bytes
from .overlay import overlay_leaks
from .staging import SOLUTION_PACKAGE, solution_kit_dir, stage_solution_kit

__all__ = [
    "LARGER_PRINT",
    "SOLUTION_PACKAGE",
    "DocumentWriter",
    "LinePdf",
    "PdfStyle",
    "overlay_leaks",
    "paginate",
    "pdf_bytes",
    "solution_kit_dir",
    "stage_solution_kit",
]
