"""Classifies by the full rules, but builds the loss data from gross losses by accounting year with the
threshold applied per entry: no recoveries, no linked-event grouping, no boundary or status exclusions."""
import sys

sys.path.insert(0, "/solution")
from _common import day, proper_line, proper_type, register, write_capital, write_csv  # noqa: E402

events, bi_rows, entity = register()
write_csv([(e["Event ID"], proper_type(e), proper_line(e)) for e in events])
ref_year = max(r[0] for r in bi_rows)
threshold = 20_000
years = range(ref_year - 4, ref_year + 1)
used = [e for e in events if day(e["Accounting date"]).year in years and (e["Gross loss (EUR)"] or 0) >= threshold]
annual = [{"year": y, "net_loss": round(sum(e["Gross loss (EUR)"] for e in used
                                            if day(e["Accounting date"]).year == y), 2),
           "events": sum(1 for e in used if day(e["Accounting date"]).year == y)} for y in years]
bi = sum(sum(r[1:4]) for r in bi_rows[-3:]) / 3
write_capital(entity, ref_year, threshold, annual, [e["Event ID"] for e in used], bi)
