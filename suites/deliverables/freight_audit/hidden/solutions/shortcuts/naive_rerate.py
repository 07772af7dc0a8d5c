"""A naive audit that re-rates base charges and accessorials from the agreements but takes the carriers' word on
everything else: each fuel surcharge as billed, Quillon's chargeable weight with the volumetric factor its billing
team quotes (4000), and the re-sent Tern invoice re-rated line by line like any other."""
import sys

sys.path.insert(0, "/solution")
import reference

_brk, _q, _t, _read_q = reference.rate_brackenford, reference.rate_quillon, reference.rate_tern, reference.read_quillon


def billed_fuel(rate):
    def rated(ln, *args):
        want, cause = rate(ln, *args)
        return want | {"fuel": ln["fuel"]}, cause

    return rated


def read_quillon(path):
    return _read_q(path) | {"divisor": 4000}


reference.rate_brackenford = billed_fuel(_brk)
reference.rate_quillon = billed_fuel(_q)
reference.rate_tern = billed_fuel(_t)
reference.read_quillon = read_quillon
reference.DEDUPE = False
reference.ASK = False
reference.main()
