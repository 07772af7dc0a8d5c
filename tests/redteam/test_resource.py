"""placeholder"""

from .arena import Attack

ATTACKS: dict[str, Attack] = {}
