"""The requested files with every value left to be filled in."""
import sys

sys.path.insert(0, "/solution")
import worktrial_kit as kit
from _common import OUTPUT, register, write_csv

events, _, entity = register()
write_csv([(e["Event ID"], "TBD", "TBD") for e in events])
keys = ["average_annual_loss", "loss_component", "business_indicator", "business_indicator_component",
        "internal_loss_multiplier", "capital_requirement", "rwa"]
doc = {"entity": entity, "reference_date": "TBD", "currency": "EUR", "loss_threshold": "TBD",
       "annual_net_losses": [], "events_in_capital": [], **{k: "TBD" for k in keys}}
kit.write_json(OUTPUT / "capital.json", doc)
