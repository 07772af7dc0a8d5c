"""Plausible-looking output without the work: types and lines guessed from the words of each title, capital
figures of a typical size."""
import random
import sys

sys.path.insert(0, "/solution")
from _common import register, write_capital, write_csv

rng = random.Random(3)
events, bi_rows, entity = register()
words = {"fraud": "EF", "fine": "CP", "outage": "SD", "payment": "PE", "damage": "PD", "claim": "EW"}
rows = []
for e in events:
    title = str(e["Title"]).lower()
    t = next((v for k, v in words.items() if k in title), rng.choice(["EF", "PE", "CP"]))
    rows.append((e["Event ID"], t, rng.choice(["RB", "CB", "PS", "TM"])))
write_csv(rows)
ref_year = max(r[0] for r in bi_rows)
annual = [{"year": y, "net_loss": round(rng.uniform(2e6, 6e6), 2), "events": rng.randint(15, 30)}
          for y in range(ref_year - 4, ref_year + 1)]
ids = [e["Event ID"] for e in rng.sample(events, 100)]
write_capital(entity, ref_year, 20_000, annual, ids, 1.2e9)
