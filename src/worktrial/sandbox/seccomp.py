"""The seccomp filter of every bubblewrap sandbox: a classic BPF program, built here, handed to `bwrap --seccomp`.

It denies, with `EPERM`, the system calls a sandboxed command never needs and an escape would: new user namespaces
(`unshare` or `clone` with `CLONE_NEWUSER`) and joining namespaces (`setns`), looking into other processes
(`ptrace`, `process_vm_readv`/`writev`), the kernel keyring (`add_key`, `request_key`, `keyctl`), `kexec_*`,
`bpf`, `perf_event_open`, every way of mounting (`mount`, `umount2`, `pivot_root`, the new mount API) and
`AF_VSOCK` sockets (a door to the hypervisor's host). `clone3` answers `ENOSYS`: its flags sit in memory a filter
cannot read, and the C library then falls back to `clone`, whose flags it can. Everything else is allowed.

The program checks the architecture first: it is built for the machine's own (x86_64 or aarch64). A call made
through another ABI (32-bit `int 0x80` on x86_64, x32 numbers) is denied outright, since its numbers differ.
"""

from __future__ import annotations

import errno
import platform
import struct
from dataclasses import dataclass

# struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6]
_NR, _ARCH, _ARG0_LOW = 0, 4, 16
# BPF opcodes (linux/filter.h) and seccomp return values (linux/seccomp.h).
_LD_W_ABS = 0x20
_JEQ_K = 0x15
_JSET_K = 0x45
_JGE_K = 0x35
_RET_K = 0x06
_ALLOW = 0x7FFF0000
_ERRNO = 0x00050000
CLONE_NEWUSER = 0x10000000
AF_VSOCK = 40
X32_SYSCALL_BIT = 0x40000000


@dataclass(frozen=True)
class Arch:
    audit: int  # AUDIT_ARCH_* as the kernel reports it in seccomp_data.arch
    denied: dict[str, int]  # system call name -> number
    clone: int
    clone3: int
    unshare: int
    socket: int
    x32: bool = False  # numbers with X32_SYSCALL_BIT set reach the same kernel through another ABI


_MOUNT_API = {"open_tree": 428, "move_mount": 429, "fsopen": 430, "fsconfig": 431, "fsmount": 432, "fspick": 433,
              "mount_setattr": 442}  # fmt: skip
_X86_64_DENIED = {"ptrace": 101, "process_vm_readv": 310, "process_vm_writev": 311, "add_key": 248,
                  "request_key": 249, "keyctl": 250, "kexec_load": 246, "kexec_file_load": 320, "bpf": 321,
                  "perf_event_open": 298, "setns": 308, "mount": 165, "umount2": 166, "pivot_root": 155,
                  **_MOUNT_API}  # fmt: skip
_AARCH64_DENIED = {"ptrace": 117, "process_vm_readv": 270, "process_vm_writev": 271, "add_key": 217,
                   "request_key": 218, "keyctl": 219, "kexec_load": 104, "kexec_file_load": 294, "bpf": 280,
                   "perf_event_open": 241, "setns": 268, "mount": 40, "umount2": 39, "pivot_root": 41,
                   **_MOUNT_API}  # fmt: skip
ARCHES = {
    "x86_64": Arch(audit=0xC000003E, denied=_X86_64_DENIED, clone=56, clone3=435, unshare=272, socket=41, x32=True),
    "aarch64": Arch(audit=0xC00000B7, denied=_AARCH64_DENIED, clone=220, clone3=435, unshare=97, socket=198),
}
ARCHES["arm64"] = ARCHES["aarch64"]


class UnsupportedArch(RuntimeError):
    """No filter is known for this machine's architecture."""


def _insn(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def program(machine: str | None = None) -> bytes:
    """The filter for `machine` (default: this one) as the bytes of a `struct sock_filter` array."""
    name = machine or platform.machine()
    arch = ARCHES.get(name)
    if arch is None:
        raise UnsupportedArch(f"no seccomp filter for the {name} architecture (known: x86_64, aarch64)")
    eperm = _ERRNO | errno.EPERM
    # Each block is a list of instructions whose jumps are relative; `ret` blocks end the program.
    code: list[bytes] = [
        _insn(_LD_W_ABS, _ARCH),
        _insn(_JEQ_K, arch.audit, jt=1, jf=0),
        _insn(_RET_K, eperm),  # a foreign ABI: nothing of it is allowed
        _insn(_LD_W_ABS, _NR),
    ]
    if arch.x32:
        code += [_insn(_JGE_K, X32_SYSCALL_BIT, jt=0, jf=1), _insn(_RET_K, eperm)]
    for nr in sorted(arch.denied.values()):
        code += [_insn(_JEQ_K, nr, jt=0, jf=1), _insn(_RET_K, eperm)]
    code += [_insn(_JEQ_K, arch.clone3, jt=0, jf=1), _insn(_RET_K, _ERRNO | errno.ENOSYS)]
    # clone and unshare: denied when their flags (the first argument) ask for a new user namespace.
    code += [
        _insn(_JEQ_K, arch.clone, jt=1, jf=0),
        _insn(_JEQ_K, arch.unshare, jt=0, jf=3),
        _insn(_LD_W_ABS, _ARG0_LOW),
        _insn(_JSET_K, CLONE_NEWUSER, jt=0, jf=1),
        _insn(_RET_K, eperm),
        _insn(_LD_W_ABS, _NR),  # reload: the accumulator may hold an argument now
    ]
    code += [
        _insn(_JEQ_K, arch.socket, jt=0, jf=3),
        _insn(_LD_W_ABS, _ARG0_LOW),
        _insn(_JEQ_K, AF_VSOCK, jt=0, jf=1),
        _insn(_RET_K, eperm),
        _insn(_RET_K, _ALLOW),
    ]
    return b"".join(code)
