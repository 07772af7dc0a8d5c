"""A thorough pass that reads every file, e-mails included, but takes the bookkeeper's crib sheet as the
standard: cheques go stale only after twelve months, every cheque written up to the last day is unpresented
whatever the payables register says, and euro differences are small keying differences for bank charges. With
the sheet as its standard it asks no one."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"register", "fx", "stale", "ask"}},
               run_name="__main__")
