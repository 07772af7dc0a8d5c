"""A capable reviewer who reads every input with code and asks the client's people about every anomaly the files
show (the migrated events' insurance records, the two Group IDs of one story, account 5300, the draft letter), but
asks no routine question of diligence: the insurers' December settlement the register does not hold yet and the
consolidated company outside the trial-balance export stay unknown."""
import sys

sys.path.insert(0, "/solution")
from _pipeline import run

run(open_questions=False)
