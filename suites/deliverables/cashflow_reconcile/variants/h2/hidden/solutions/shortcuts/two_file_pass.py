"""The careful pass that solved the earlier hard instance: both bank exports merged once, the signed-off prior
reconciliation used, the reversal paired, text amounts and broken formulas handled, the returned and the stale
cheque raised, the next period's lines left out. It reads the bank and ledger files and the prior
reconciliation only: never the cheque register or the e-mails beyond the handover, and it treats the euro
receipts' differences as keying errors. It asks no one."""
import runpy

runpy.run_path("/solution/reference.py", init_globals={"SKIP": {"emails", "register", "fx", "ask"}},
               run_name="__main__")
