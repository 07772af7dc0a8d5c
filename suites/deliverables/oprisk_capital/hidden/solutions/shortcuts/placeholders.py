"""The requested files with every value left to be filled in."""
import sys

sys.path.insert(0, "/solution")
import worktrial_kit as kit
from _pipeline import OUTPUT, register_as_listed, write_events

events, _, entity = register_as_listed()
write_events([(e["Event ID"], "TBD", "TBD") for e in events])
keys = ["average_annual_loss", "loss_component", "business_indicator", "business_indicator_component",
        "internal_loss_multiplier", "capital_requirement", "rwa"]
doc = {"entity": entity, "reference_date": "TBD", "currency": "EUR", "loss_threshold": "TBD",
       "annual_net_losses": [], "events_in_capital": [], **{k: "TBD" for k in keys}}
kit.write_json(OUTPUT / "capital.json", doc)
