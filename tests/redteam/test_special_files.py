"""Special files: FIFOs and sockets in the workspace and in /out, a FIFO where the grader reads."""

from __future__ import annotations

import os

from .arena import Arena, Attack

ATTACKS = {
    "fifo_in_workspace": Attack(
        "tiny",
        """
os.mkfifo("system/pipe")
os.mkfifo("docs/notes.fifo")
report()
""",
    ),
    "socket_in_workspace": Attack(
        "tiny",
        """
s = socket.socket(socket.AF_UNIX)
s.bind("system/listen.sock")
s.listen(1)
subprocess.Popen(["python3", "-c", "import socket, time; s = socket.socket(socket.AF_UNIX); "
                  "s.bind('docs/bg.sock'); s.listen(1); time.sleep(600)"])
report()
""",
    ),
    "fifo_in_out": Attack(
        "tiny",
        """
write_system('''import os, sys
os.mkfifo(sys.argv[2])
''')
""",
    ),
    "socket_in_out": Attack(
        "tiny",
        """
write_system('''import os, socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[2])
socket.socket(socket.AF_UNIX).bind(os.path.join(os.path.dirname(sys.argv[2]), "extra.sock"))
''')
""",
    ),
    "fifo_in_output": Attack(
        "redteam_office",
        """
totals()
os.mkfifo("output/book.xlsx")
os.mkfifo("output/deck.pptx")
s = socket.socket(socket.AF_UNIX)
s.bind("output/memo.docx")
""",
    ),
}


def test_fifos_in_the_workspace_are_left_out_unopened(arena: Arena) -> None:
    o = arena.run("fifo_in_workspace")
    assert "skipped system/pipe (fifo, never opened)" in o.left_out
    assert "skipped docs/notes.fifo (fifo, never opened)" in o.left_out
    assert not os.path.lexists(o.attempt / "delivered" / "system" / "pipe")
    assert o.card.score is not None and o.card.score <= 0


def test_sockets_in_the_workspace_are_left_out(arena: Arena) -> None:
    o = arena.run("socket_in_workspace")
    assert "skipped system/listen.sock (socket, never opened)" in o.left_out
    assert "skipped docs/bg.sock (socket, never opened)" in o.left_out


def test_a_fifo_as_the_result_never_blocks_grading(arena: Arena) -> None:
    o = arena.run("fifo_in_out")
    assert "/out: skipped result.json (fifo, never opened)" in o.left_out
    assert o.card.details["grader"]["error"] == "no result" and o.card.score is not None and o.card.score < 0


def test_sockets_in_out_are_left_out(arena: Arena) -> None:
    o = arena.run("socket_in_out")
    assert "/out: skipped result.json (socket, never opened)" in o.left_out
    assert "/out: skipped extra.sock (socket, never opened)" in o.left_out


def test_special_files_named_as_deliverables_earn_nothing(arena: Arena) -> None:
    o = arena.run("fifo_in_output")
    for name in ("book_cells", "deck_probe", "memo_probe"):
        assert o.value(name) in (0.0, None), (name, o.component(name))
    assert o.value("book_cells") == 0.0 and "book.xlsx" in o.component("book_cells")
