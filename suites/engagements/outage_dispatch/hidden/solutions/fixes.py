"""Story code the outage_dispatch solutions share: installing the dispatcher and writing its rules."""

import shutil
import sys
from pathlib import Path

sys.path.insert(0, "/solution")

import worktrial_kit as kit

DELIVERY = Path("/solution/delivery")
RULES = "system/config/rules.json"
AUTH = "system/config/hv_authorisations.csv"
MATRIX_HV = {"ASH": 5, "BRX": 6, "CLH": 5}  # crews 1..n of each depot hold HV switching on the 2024 matrix


def register_rows(lapsed: dict[str, str], mutual_aid: tuple[str, str] | None) -> list[dict]:
    """The authorisation register as the Safety Rules office gives it: lapsed crews with their last valid day."""
    rows = []
    for depot, n in MATRIX_HV.items():
        for i in range(1, n + 1):
            cid = f"{depot}-C{i}"
            rows.append(
                {
                    "crew_id": cid,
                    "authorisation": "HV-SAP",
                    "valid_from": "2024-04-01",
                    "valid_to": lapsed.get(cid, "2027-03-31"),
                }
            )
    if mutual_aid:
        for i in range(1, 5):
            rows.append(
                {
                    "crew_id": f"NFN-{i}",
                    "authorisation": "HV-SAP",
                    "valid_from": mutual_aid[0],
                    "valid_to": mutual_aid[1],
                }
            )
    return rows


def install(rules: dict, register: list[dict] | None, corrections: dict[str, float] | None = None) -> None:
    kit.write_text("system/dispatch.py", (DELIVERY / "dispatch.py").read_text())
    current = kit.read_json(RULES)
    current.update(rules)
    kit.write_json(RULES, current)
    if register is not None:
        kit.write_csv(AUTH, ["crew_id", "authorisation", "valid_from", "valid_to"], register)
    if corrections:
        kit.write_csv(
            "system/config/customer_corrections.csv",
            ["scope", "factor"],
            [{"scope": k, "factor": v} for k, v in corrections.items()],
        )


def dry_run() -> str:
    """Run the changed dispatcher on the winter's storms (into a scratch folder it removes again)."""
    out = kit.workspace() / "dry_run"
    try:
        return kit.run(["python3", "system/dispatch.py", "--data", "data", "--out", str(out)])
    finally:
        shutil.rmtree(out, ignore_errors=True)
