"""Shortcut: everything read, but the remeasurement rules confused: index changes at a revised rate, the
extension at the old rate, the scope decrease as a plain payment change without derecognition, and the index
notice that arrived after year end applied; the notes raise nothing."""
import sys

sys.path.insert(0, "/solution")
from _short import run

sys.exit(run("# Notes\n\nAll events of the year and the latest notices applied.\n", index_old_rate=False,
             reassess_new_rate=False, partial_derecognition=False, post_year_end_cpi=True))
