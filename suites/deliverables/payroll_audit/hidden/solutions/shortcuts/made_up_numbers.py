"""Plausible invented entitlements: the reference's reading of the files, but each pay element's entitlement a few
per cent either side of a guess instead of worked out under the agreement."""
import random
import sys

sys.path.insert(0, "/solution")
import reference  # noqa: E402

rng = random.Random(7)
_real = reference.entitlement


def entitlement(week, rate, holidays, night):
    return {k: round(v * rng.uniform(0.95, 1.10), 2) for k, v in _real(week, rate, holidays, night).items()}


reference.entitlement = entitlement
reference.ASK = False
reference.main()
