"""Passwords, names and the request checks of the web app.

Passwords are hashed with argon2id (argon2-cffi's defaults); session tokens and CSRF tokens are random and compared
in constant time. A form that changes anything carries the session's CSRF token, and a request without it is
refused before any work is done.
"""

from __future__ import annotations

import hmac
import re

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

NAME_RX = re.compile(r"^[a-z0-9][a-z0-9._-]{1,31}$")
MIN_PASSWORD = 10
_hasher = PasswordHasher()


def check_name(name: str) -> str | None:
    """Why `name` cannot be a user name, or None."""
    if not NAME_RX.match(name):
        return "a name is 2-32 characters: lower-case letters, digits, '.', '_' or '-', starting with a letter or digit"
    return None


def check_password(password: str) -> str | None:
    if len(password) < MIN_PASSWORD:
        return f"a password needs at least {MIN_PASSWORD} characters"
    return None


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def password_matches(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def same_token(expected: str, given: str | None) -> bool:
    return given is not None and hmac.compare_digest(expected.encode(), given.encode())


__all__ = ["MIN_PASSWORD", "check_name", "check_password", "hash_password", "password_matches", "same_token"]
