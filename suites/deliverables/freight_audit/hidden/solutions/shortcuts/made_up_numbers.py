"""Plausible invented agreed charges: the reference's reading of the files, but each line's agreed components a few
per cent either side of a guess instead of rated under the agreement."""
import random
import sys

sys.path.insert(0, "/solution")
import reference

rng = random.Random(11)


def jitter(rate):
    def rated(*args):
        want, cause = rate(*args)
        return {k: round(v * rng.uniform(0.93, 1.08), 2) for k, v in want.items()}, cause

    return rated


reference.rate_brackenford = jitter(reference.rate_brackenford)
reference.rate_quillon = jitter(reference.rate_quillon)
reference.rate_tern = jitter(reference.rate_tern)
reference.ASK = False
reference.main()
