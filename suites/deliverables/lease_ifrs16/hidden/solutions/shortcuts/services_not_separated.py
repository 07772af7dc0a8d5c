"""Shortcut: careful in every respect but one: the property service charges stay in the lease payments (the
register's gross amounts), against the policy's separation of non-lease components."""
import sys

sys.path.insert(0, "/solution")
from _short import run

sys.exit(run("# Notes\n\nProperty leases measured on the register's periodic payments.\n", separate_services=False))
