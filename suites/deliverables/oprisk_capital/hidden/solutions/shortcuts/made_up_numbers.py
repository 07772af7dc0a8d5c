"""Plausible-looking output without the work: types and lines guessed from the words of each title, capital
figures of a typical size."""
import random
import sys

sys.path.insert(0, "/solution")
import worktrial_kit as kit
from _pipeline import OUTPUT, bic_of, ilm_of, register_as_listed, write_events

rng = random.Random(3)
events, years, entity = register_as_listed()
words = {"fraud": "EF", "fine": "CP", "outage": "SD", "payment": "PE", "damage": "PD", "claim": "EW"}
rows = []
for e in events:
    title = str(e["Title"]).lower()
    t = next((v for k, v in words.items() if k in title), rng.choice(["EF", "PE", "CP"]))
    rows.append((e["Event ID"], t, rng.choice(["RB", "CB", "PS", "TM"])))
write_events(rows)
ref_year = max(years)
annual = [{"year": y, "net_loss": round(rng.uniform(2e6, 6e6), 2), "events": rng.randint(15, 30)}
          for y in range(ref_year - 4, ref_year + 1)]
ids = [e["Event ID"] for e in rng.sample(events, 100)]
bi = 1.2e9
ala = sum(a["net_loss"] for a in annual) / len(annual)
lc, bic = 15 * ala, bic_of(bi)
ilm = ilm_of(lc, bic)
kit.write_json(OUTPUT / "capital.json", {
    "entity": entity, "reference_date": f"{ref_year}-12-31", "currency": "EUR", "loss_threshold": 20_000,
    "annual_net_losses": annual, "events_in_capital": sorted(ids), "average_annual_loss": round(ala, 2),
    "loss_component": round(lc, 2), "business_indicator": round(bi, 2),
    "business_indicator_component": round(bic, 2), "internal_loss_multiplier": round(ilm, 6),
    "capital_requirement": round(bic * ilm, 2), "rwa": round(12.5 * bic * ilm, 2),
})
