"""Shortcut: the sponsor's replies without asking anyone - one English e-mail per decision in replies/, for
every claim, whether or not the customer has an e-mail address or wrote in Swedish."""
import sys

sys.path.insert(0, "/solution")  # the kit and fixes.py, also for scripts in shortcuts/

import fixes  # noqa: E402
import worktrial_kit as kit  # noqa: E402


def main() -> int:
    fixes.install_replies_and_dashboard()
    kit.insert_once(fixes.SYSTEM / "replies.py", "def write_replies(rows, folder, db_path=None):\n",
                    "    return write_all_as_email(rows, folder, db_path)\n", marker="write_all_as_email(rows")
    kit.write_text(fixes.SYSTEM / "replies.py", (fixes.SYSTEM / "replies.py").read_text(encoding="utf-8") + '''

def write_all_as_email(rows, folder, db_path=None):
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for row in rows:
        (folder / f"{row['claim_id']}.txt").write_text(render(row, db_path), encoding="utf-8")
    return len(rows)
''')
    return 0


if __name__ == "__main__":
    sys.exit(main())
