"""Deterministic generator of the committed historical data of the oil_npt family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)

Writes (paths relative to the family folder):
  workspace/data/drilling.db                          Sep 2025 - Feb 2026 daily drilling reports, 3 rigs; BR-17's
                                                      new reporting app books after-midnight NPT twice from 9 Feb
  workspace/system/config/attribution_rules.csv       the shipped (legacy) keyword table
  workspace/system/config/recovery_rates.csv          recovery rates per contractor
  variants/notice_clause/workspace/system/config/attribution_rules.csv   table already corrected (CR-2025-19)
  variants/sg_feed/workspace/data/drilling.db         same history, BR-17 mud weights in SG since 12 Jan 2026 and
                                                      the new app on BR-14 from 19 Jan

The world model (rigs, wells, events, mud checks) lives in grader.py so that the unseen months are drawn
from the same distribution.
"""

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent


def _grader():
    spec = importlib.util.spec_from_file_location("_oil_npt_grader", HERE / "grader.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def main() -> int:
    g = _grader()
    ws = FAMILY / "workspace"
    g.build_history(ws / "data" / "drilling.db", dup_rig="BR-17", dup_from="2026-02-09")
    (ws / "system" / "config").mkdir(parents=True, exist_ok=True)
    (ws / "system" / "config" / "attribution_rules.csv").write_text(g.LEGACY_RULES_CSV, encoding="utf-8")
    (ws / "system" / "config" / "recovery_rates.csv").write_text(g.rates_csv(), encoding="utf-8")

    notice = FAMILY / "variants" / "notice_clause" / "workspace" / "system" / "config"
    notice.mkdir(parents=True, exist_ok=True)
    (notice / "attribution_rules.csv").write_text(g.CORRECTED_RULES_CSV, encoding="utf-8")

    sg = FAMILY / "variants" / "sg_feed" / "workspace" / "data"
    g.build_history(sg / "drilling.db", sg_rig="BR-17", sg_from="2026-01-12", dup_rig="BR-14", dup_from="2026-01-19")
    for p in (ws / "data" / "drilling.db", sg / "drilling.db"):
        print(f"{p.relative_to(FAMILY)}: {p.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
