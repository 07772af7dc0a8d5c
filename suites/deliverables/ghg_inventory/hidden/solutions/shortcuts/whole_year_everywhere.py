"""The right reading of the bills, fuel and refrigerant log, the right factors and GWPs, but no organisational or
instrument boundary: every site on the register for the whole year (Fernhill's months under its previous owner and
Brindle Cross's under the buyer included) and every certificate on the statement counted in 2026."""
import sys
from datetime import date

sys.path.insert(0, "/solution")
import reference

rd = reference.rd
_register, _certs = rd.site_register, rd.certificates


def site_register(path):
    sites, fleet, base = _register(path)
    for s in sites.values():
        s["from"], s["to"] = date(2026, 1, 1), date(2026, 12, 31)
    return sites, fleet, base


def certificates(path):
    out = _certs(path)
    for c in out:
        c["for"] = "Larchmont"
        c["from"], c["to"] = max(c["from"], date(2026, 1, 1)), min(c["to"], date(2026, 12, 31))
    return out


rd.site_register, rd.certificates = site_register, certificates
reference.ASK = False
reference.main()
