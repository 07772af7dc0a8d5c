"""Resources: fork bombs, disk fills of the workspace and of /out, memory, output floods, shared memory, survivors."""

from __future__ import annotations

import os
import time

from .arena import Arena, Attack

FORK_BOMB = """
import time
children = 0
failed = ""
for _ in range(5000):
    try:
        pid = os.fork()
    except OSError as e:
        failed = errno.errorcode.get(e.errno, "?")
        break
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    children += 1
note("children", children)
note("failed", failed)
report()
"""

ATTACKS = {
    "fork_bomb_session": Attack("tiny", FORK_BOMB),
    "fork_bomb_production": Attack("tiny", "write_system(" + repr(FORK_BOMB) + ")\n"),
    "disk_fill_workspace": Attack(
        "tiny",
        """
import time
for i in range(100):
    open(f"docs/fill{i}.bin", "wb").write(b"z" * (4 << 20))
    time.sleep(0.02)
report()
""",
    ),
    "disk_fill_out": Attack(
        "tiny",
        """
write_system('''import os, sys, time
out = os.path.dirname(sys.argv[2])
for i in range(100):
    open(os.path.join(out, f"fill{i}.bin"), "wb").write(b"z" * (4 << 20))
    time.sleep(0.02)
''')
""",
    ),
    "memory_hog": Attack(
        "tiny",
        """
def hog():
    blocks = []
    for _ in range(64):
        blocks.append(bytearray(256 << 20))
attempt("allocate_16gb", hog)
report()
""",
    ),
    "output_flood": Attack(
        "tiny",
        """
chunk = "x" * (1 << 20) + "\\n"
for _ in range(300):
    sys.stdout.write(chunk)
sys.stdout.flush()
report()
""",
    ),
    "shm_fill": Attack(
        "tiny",
        """
def fill():
    with open("/dev/shm/fill", "wb") as f:
        for _ in range(100):
            f.write(b"s" * (1 << 20))
attempt("fill_shm", fill)
note("shm_bytes", os.path.getsize("/dev/shm/fill"))
report()
""",
    ),
    "background_survivor": Attack(
        "tiny",
        """
subprocess.Popen(["sh", "-c", "sleep 4; echo late > /workspace/docs/late.txt"], start_new_session=True)
pid = os.fork()
if pid == 0:
    os.setsid()
    if os.fork() == 0:
        import time
        time.sleep(4)
        open("/workspace/docs/late2.txt", "w").write("late")
    os._exit(0)
report()
""",
    ),
    "cpu_spin_production": Attack("tiny", "write_system('while True:\\n    pass\\n')\n"),
}


def test_a_fork_bomb_in_the_session_hits_the_process_limit(arena: Arena) -> None:
    o = arena.run("fork_bomb_session")
    assert o.report["failed"] == "EAGAIN" and int(o.report["children"]) < 300  # type: ignore[call-overload]


def test_a_fork_bomb_at_grading_is_bounded(arena: Arena) -> None:
    o = arena.run("fork_bomb_production")
    assert o.report["failed"] == "EAGAIN"
    assert o.card.details["grader"]["error"] == "no result" and o.card.score is not None and o.card.score < 0


def test_a_workspace_over_its_quota_is_stopped_and_still_graded(arena: Arena) -> None:
    o = arena.run("disk_fill_workspace")
    assert "workspace: disk quota exceeded" in o.left_out and "limit of 64 MB" in o.left_out
    assert "REDTEAM" not in str(o.report)  # the script never finished
    assert o.card.score is not None and o.card.score <= 0


def test_a_system_filling_out_is_stopped_with_evidence(arena: Arena) -> None:
    o = arena.run("disk_fill_out")
    assert "production run: disk quota exceeded" in o.left_out
    assert o.card.details["production_run"]["stopped"].startswith("disk quota exceeded")
    assert o.card.score is not None and o.card.score < 0


def test_memory_is_bounded(arena: Arena) -> None:
    assert arena.run("memory_hog").report["allocate_16gb"] == "MemoryError"


def test_an_output_flood_is_cut(arena: Arena) -> None:
    o = arena.run("output_flood")
    assert o.card.score is not None and o.card.score <= 0
    assert (o.attempt / "trajectory.jsonl").stat().st_size < 4 << 20


def test_shared_memory_is_capped(arena: Arena) -> None:
    o = arena.run("shm_fill")
    assert o.report["fill_shm"] == "ENOSPC" and int(o.report["shm_bytes"]) <= 64 << 20  # type: ignore[call-overload]


def test_nothing_survives_the_hand_in(arena: Arena) -> None:
    o = arena.run("background_survivor")
    time.sleep(5)
    for name in ("late.txt", "late2.txt"):
        assert not os.path.lexists(o.attempt / "delivered" / "docs" / name)
        assert not os.path.lexists(o.attempt / "workspace" / "docs" / name)


def test_a_spinning_system_times_out(arena: Arena) -> None:
    o = arena.run("cpu_spin_production")
    assert o.card.details["production_run"]["timed_out"] is True and o.card.score is not None and o.card.score < 0
