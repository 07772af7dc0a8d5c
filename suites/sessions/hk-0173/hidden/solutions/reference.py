"""The accepted deliverable of the session this task was built from, delivered as it was."""

import shutil
from pathlib import Path

for f in sorted(Path("/solution/accepted").iterdir()):
    shutil.copyfile(f, Path("output") / f.name)
