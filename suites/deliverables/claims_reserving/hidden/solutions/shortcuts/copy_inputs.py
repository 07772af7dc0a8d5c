"""Delivers the inputs under the output names: the new system's extract as the triangles, the earned premium
workbook as the reserves and an e-mail as the note."""
import shutil

shutil.copy("input/claims/claimsys_transactions_extract_2027-01-04.csv", "output/triangles.csv")
shutil.copy("input/earned_premium_by_accident_year.xlsx", "output/reserves.json")
shutil.copy("input/emails/01_claims_extract.eml", "output/note_to_reserving_committee.md")
