"""A careful reading of every file with the plausible wrong method: the portal's UTC stamps taken as clock time (the
time bands shifted through the summer-time days and the first hour of the quarter lost), maximum demand taken as the
active power alone (kW, not kVA), every PP11 share apportioned (no 60% rule for VAT and CCL), and the estimated
invoice and its reversal validated like any other invoice."""

import sys

sys.path.insert(0, "/solution")
import reference

rd = reference.rd
_read_hh = rd.read_hh


def read_hh(folder, sites):
    data = _read_hh(folder, sites)
    for code, s in sites.items():
        if "pulse" in s["data"].lower() and "meterwise" not in s["data"].lower():
            shifted = {rd.to_utc(u): v for u, v in data[code].items()}
            data[code] = dict(sorted((u, v) for u, v in shifted.items() if u is not None))
    return data


_usage = reference.Books.usage


def usage(self, code, y, m):
    u = _usage(self, code, y, m)
    u["md"] = reference.tenth(reference.D(repr(max((2 * p / 10 for p, _ in u["pairs"]), default=0.0))))
    return u


_register = reference.register


def register(books, known):
    for inv in books.invoices:
        inv["ref"] = ""
    return _register(books, known)


rd.read_hh = read_hh
reference.Books.usage = usage
reference.qualifying = lambda q: q
reference.register = register
reference.ASK = False
reference.main()
