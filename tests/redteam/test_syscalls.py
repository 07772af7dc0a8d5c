"""The seccomp filter in whole trials: the denied calls fail with EPERM in the session and in grading runs."""

from __future__ import annotations

from .arena import Arena, Attack

CALLS = """
note("unshare_user", syscall(NR["unshare"], 0x10000000))
note("clone_user", syscall(NR["clone"], 0x10000000 | 17, 0, 0, 0, 0))
note("unshare_cli", subprocess.run(["unshare", "-U", "-r", "true"], capture_output=True).returncode)
note("setns", syscall(NR["setns"], 0, 0))
note("ptrace_traceme", syscall(NR["ptrace"], 0, 0, 0, 0))
note("ptrace_parent", syscall(NR["ptrace"], 16, os.getppid(), 0, 0))
note("process_vm_readv", syscall(NR["process_vm_readv"], os.getppid(), 0, 0, 0, 0, 0))
note("process_vm_writev", syscall(NR["process_vm_writev"], os.getppid(), 0, 0, 0, 0, 0))
note("add_key", syscall(NR["add_key"], 0, 0, 0, 0, 0))
note("request_key", syscall(NR["request_key"], 0, 0, 0, 0))
note("keyctl", syscall(NR["keyctl"], 0, 0, 0, 0, 0))
note("bpf", syscall(NR["bpf"], 0, 0, 0))
note("perf_event_open", syscall(NR["perf_event_open"], 0, 0, 0, 0, 0))
note("kexec_load", syscall(NR["kexec_load"], 0, 0, 0, 0))
note("mount", syscall(NR["mount"], 0, 0, 0, 0, 0))
note("fsopen", syscall(NR["fsopen"], 0, 0))
attempt("vsock", lambda: socket.socket(40, socket.SOCK_STREAM))
report()
"""
DENIED = ["unshare_user", "clone_user", "setns", "ptrace_traceme", "ptrace_parent", "process_vm_readv",
          "process_vm_writev", "add_key", "request_key", "keyctl", "bpf", "perf_event_open", "kexec_load", "mount",
          "fsopen", "vsock"]  # fmt: skip

ATTACKS = {
    "syscalls_in_session": Attack("tiny", CALLS),
    "syscalls_at_grading": Attack("tiny", "write_system(" + repr(CALLS) + ")\n"),
}


def _denied(report: dict[str, object]) -> None:
    assert {name: report[name] for name in DENIED} == dict.fromkeys(DENIED, "EPERM")
    assert report["unshare_cli"] != 0


def test_denied_calls_fail_in_the_session(arena: Arena) -> None:
    _denied(arena.run("syscalls_in_session").report)


def test_denied_calls_fail_in_grading_runs(arena: Arena) -> None:
    o = arena.run("syscalls_at_grading")
    _denied(o.report)
    assert o.card.score is not None and o.card.score < 0
