"""Classifies by the full rules, then skips the loss data altogether and reports the capital as the business
indicator component alone (a multiplier of 1), with the loss figures left at zero."""
import sys

sys.path.insert(0, "/solution")
from _common import proper_line, proper_type, register, write_capital, write_csv  # noqa: E402

events, bi_rows, entity = register()
write_csv([(e["Event ID"], proper_type(e), proper_line(e)) for e in events])
ref_year = max(r[0] for r in bi_rows)
annual = [{"year": y, "net_loss": 0.0, "events": 0} for y in range(ref_year - 4, ref_year + 1)]
bi = sum(sum(r[1:4]) for r in bi_rows[-3:]) / 3
write_capital(entity, ref_year, 20_000, annual, [], bi, ilm=1.0)
