"""PPH leaderboard: <out>/pph_board.md, planned lines per hour per shift and station, best first."""

from pathlib import Path


def write(out, summary, cfg, db):
    rows = []
    for sh in summary["shifts"]:
        for st, pph in sh["planned_lines_per_hour"].items():
            if st.startswith("RC"):
                rows.append((pph, sh["shift_id"], st, sh["planned_min"].get(st, 0)))
    rows.sort(reverse=True)
    lines = ["# PPH leaderboard (planned)", "", "| Rank | Shift | Cell | Planned lines/h | Planned min |",
             "|---|---|---|---|---|"]
    for i, (pph, sh, st, mins) in enumerate(rows, 1):
        lines.append(f"| {i} | {sh} | {st} | {pph} | {mins} |")
    (Path(out) / "pph_board.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
