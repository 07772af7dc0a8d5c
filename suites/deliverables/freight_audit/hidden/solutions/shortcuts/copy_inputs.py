"""Delivers the inputs under the output names: the shipment export as the register, the diesel index as the totals
and an e-mail as the note."""
import shutil

shutil.copy("input/wms_shipments_Q3_2026.csv", "output/claim_register.csv")
shutil.copy("input/diesel_index_weekly.csv", "output/totals.json")
shutil.copy("input/emails/04_dc_shipment_export.eml", "output/note_to_finance_manager.md")
