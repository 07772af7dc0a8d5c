"""A separate process that holds locks or uid leases until it is killed (used by the locking tests).

    python -m tests.run.holder lock PATH        hold a FileLock on PATH
    python -m tests.run.holder uids DIR N BASE  lease N uids from BASE with lock files in DIR
Prints one JSON line once it holds what it was asked for, then sleeps.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from worktrial.locking import FileLock
from worktrial.run import lease_uids


def main(argv: list[str]) -> None:
    kind = argv[0]
    held: object
    if kind == "lock":
        lock = FileLock(Path(argv[1]), purpose="test holder")
        lock.acquire()
        held, report = lock, {"held": argv[1]}
    else:
        lease = lease_uids(int(argv[2]), Path(argv[1]), base=int(argv[3]), count=64)
        held, report = lease, {"uids": lease.uids}
    print(json.dumps(report), flush=True)
    while held is not None:
        time.sleep(1)


if __name__ == "__main__":
    main(sys.argv[1:])
