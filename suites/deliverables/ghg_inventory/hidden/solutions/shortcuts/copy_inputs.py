"""Delivers the inputs under the output names: a fuel export as the inventory, an e-mail as the totals and as the
note."""
import shutil

shutil.copy("input/fleet/fuellink_transactions_2026.csv", "output/inventory.csv")
shutil.copy("input/emails/03_property_changes.eml", "output/totals.json")
shutil.copy("input/emails/01_factor_workbook_v2.eml", "output/note_to_audit_committee.md")
