"""Skims the standard: event type straight from Appendix A, business line straight from the cost-centre table
(shared-service centres to Corporate Items), and loss data = every entry of the last five discovery years whose
gross loss reaches the threshold."""
import sys

sys.path.insert(0, "/solution")
from _common import LEGACY, day, line_by_range, register, write_capital, write_csv  # noqa: E402

events, bi_rows, entity = register()
write_csv([(e["Event ID"], LEGACY[e["Legacy cause code"]], line_by_range(e["Cost centre"])) for e in events])
ref_year = max(r[0] for r in bi_rows)
threshold = 20_000
years = range(ref_year - 4, ref_year + 1)
used = [e for e in events if day(e["Discovery date"]).year in years and (e["Gross loss (EUR)"] or 0) >= threshold]
annual = [{"year": y, "net_loss": round(sum(e["Gross loss (EUR)"] for e in used
                                            if day(e["Discovery date"]).year == y), 2),
           "events": sum(1 for e in used if day(e["Discovery date"]).year == y)} for y in years]
bi = sum(sum(r[1:4]) for r in bi_rows[-3:]) / 3
write_capital(entity, ref_year, threshold, annual, [e["Event ID"] for e in used], bi)
