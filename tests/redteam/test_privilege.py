"""Privilege: setuid and setgid copies, device nodes, root's setuid programs."""

from __future__ import annotations

import os
import stat

from .arena import Arena, Attack

ATTACKS = {
    "setuid_copy": Attack(
        "tiny",
        """
import shutil
shutil.copy("/bin/sh", "system/sh")
os.chmod("system/sh", 0o6755)
os.makedirs("docs/shared", exist_ok=True)
os.chmod("docs/shared", 0o3777)
note("mode", oct(os.stat("system/sh").st_mode))
report()
""",
    ),
    "setuid_in_out": Attack(
        "tiny",
        """
write_system('''import os, shutil, sys
out = os.path.dirname(sys.argv[2])
shutil.copy("/bin/sh", os.path.join(out, "sh"))
os.chmod(os.path.join(out, "sh"), 0o4755)
''')
""",
    ),
    "device_nodes": Attack(
        "tiny",
        """
attempt("mknod_char", lambda: os.mknod("system/mem", 0o666 | 0o020000, os.makedev(1, 1)))
attempt("mknod_block", lambda: os.mknod("system/disk", 0o666 | 0o060000, os.makedev(8, 0)))
attempt("open_dev_mem", lambda: open("/dev/mem", "rb"))
note("dev", sorted(os.listdir("/dev")))
report()
""",
    ),
    "device_in_out": Attack(
        "tiny",
        """
write_system('''import os, sys
out = os.path.dirname(sys.argv[2])
try:
    os.mknod(os.path.join(out, "result.json"), 0o666 | 0o020000, os.makedev(1, 3))
except OSError as e:
    open(os.path.join(out, "why.txt"), "w").write(str(e.errno))
''')
""",
    ),
    "root_setuid_programs": Attack(
        "tiny",
        """
for tool in ("/usr/bin/su", "/usr/bin/mount", "/usr/bin/newgrp", "/usr/bin/passwd", "/usr/bin/sudo"):
    if os.path.exists(tool):
        done = subprocess.run([tool, "--help"] if tool.endswith("mount") else [tool, "root", "-c", "id -u"],
                              capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=20)
        note(tool, done.returncode)
done = subprocess.run(["/usr/bin/mount", "-t", "tmpfs", "none", "/tmp"], capture_output=True, text=True)
note("mount_tmpfs", done.returncode)
note("euid", os.geteuid())
note("caps", [l for l in open("/proc/self/status") if l.startswith("CapEff")][0].split()[1])
report()
""",
    ),
}


def test_setuid_and_setgid_copies_lose_their_bits(arena: Arena) -> None:
    o = arena.run("setuid_copy")
    copied = o.attempt / "delivered" / "system" / "sh"
    assert copied.is_file() and not copied.stat().st_mode & (stat.S_ISUID | stat.S_ISGID)
    assert "copied without privilege: system/sh (setuid, setgid bit dropped)" in o.left_out
    assert "copied without privilege: docs/shared (setgid, sticky bit dropped)" in o.left_out
    assert o.card.score is not None and o.card.score <= 0


def test_a_setuid_file_written_to_out_is_copied_plain(arena: Arena) -> None:
    o = arena.run("setuid_in_out")
    assert "/out: copied without privilege: sh (setuid bit dropped)" in o.left_out
    assert o.card.details["grader"]["error"] == "no result" and o.card.score is not None and o.card.score < 0


def test_no_device_node_can_be_made_or_opened(arena: Arena) -> None:
    o = arena.run("device_nodes")
    assert o.report["mknod_char"] == "EPERM" and o.report["mknod_block"] == "EPERM"
    assert o.report["open_dev_mem"] in ("ENOENT", "EACCES", "EPERM")
    assert "mem" not in o.report["dev"]  # type: ignore[operator]
    assert not os.path.lexists(o.attempt / "delivered" / "system" / "mem")


def test_no_device_node_in_out_either(arena: Arena) -> None:
    o = arena.run("device_in_out")
    assert o.card.details["grader"]["error"] == "no result"
    assert o.card.score is not None and o.card.score < 0


def test_root_setuid_programs_give_no_privilege(arena: Arena) -> None:
    o = arena.run("root_setuid_programs")
    assert o.report["euid"] != 0 and o.report["caps"] == "0000000000000000"
    assert o.report["mount_tmpfs"] != 0
    for tool in ("/usr/bin/su", "/usr/bin/sudo", "/usr/bin/newgrp"):
        assert o.report.get(tool, 1) != 0, tool
