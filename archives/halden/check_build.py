"""Builds the archive twice and checks the funnel against PLANTED.json.

    PYTHONPATH=src python archives/halden/check_build.py SCRATCH_DIR [ARCHIVE_DIR]

Every planted session must stop at its planted stage with its planted reason (a recoverable redaction must be
recovered the planted way, to the planted value), every other session must be built, each built task must have at
least three derived figures, and the two builds must be byte-identical trees. Exit status 1 on any mismatch.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from worktrial.authoring.sessions import build

HERE = Path(__file__).resolve().parent
YEAR = re.compile(r"^20[0-9]{2}$")


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def main(scratch: Path, archive: Path = HERE) -> int:
    planted = json.loads((archive / "PLANTED.json").read_text(encoding="utf-8"))
    funnel = build(archive, scratch / "suite")
    print(funnel.table())
    decided = json.loads((scratch / "suite" / "BUILD.json").read_text(encoding="utf-8"))["decisions"]
    problems = []
    for d in decided:
        want = planted.get(d["session"], {"stage": "built", "reason": "ok"})
        if (d["stage"], d["reason"]) != (want["stage"], want["reason"]):
            problems.append(
                f"{d['session']}: {d['stage']}/{d['reason']} ({d['detail']}), planted {want['stage']}/{want['reason']}"
            )
        for placeholder, how in want.get("recovered", {}).items():
            if d["recovered"].get(placeholder) != how["value"]:
                problems.append(f"{d['session']}: {placeholder} recovered as {d['recovered'].get(placeholder)!r}")
        if d["stage"] == "built":
            toml = (scratch / "suite" / d["task"] / "task.toml").read_text(encoding="utf-8")
            terms = json.loads(re.search(r"^terms = (\[.*\])$", toml, re.M).group(1))  # type: ignore[union-attr]
            years = [t for t in terms if YEAR.match(t)]
            if len(terms) < 3 or years:
                problems.append(f"{d['session']}: derived figures {terms}")
    built = sum(d["stage"] == "built" for d in decided)
    build(archive, scratch / "suite2")
    a, b = _tree(scratch / "suite"), _tree(scratch / "suite2")
    same = a == b
    if not same:
        diff = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
        problems.append(f"the two builds differ in {len(diff)} files, e.g. {diff[:5]}")
    print(f"{len(decided)} sessions, {built} built, {len(planted)} planted; builds identical: {same}")
    for p in problems:
        print("MISMATCH", p)
    print("all planted sessions stop where planted" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), *[Path(a) for a in sys.argv[2:3]]))
