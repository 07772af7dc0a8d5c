"""Deterministic generator of the committed historical data of the warranty_refunds family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)

Writes (paths relative to the family folder):
  workspace/data/claims.db                          Sep 2025 - Feb 2026 warranty claims, base variant facts
  variants/<id>/workspace/data/claims.db            the same six months under each variant's facts

Each variant's history follows its own truth (which refusals were overturned at the Consumer Disputes Board,
which refunds the audit flagged, whether refusal letters went out, how Southgate's feed coded the claims), so
the evidence a worker can find in the data matches what the staff of that variant know. The world model
(products, serials, codes, repair centres) lives in grader.py so that the unseen months are drawn from the
same distribution. Parameters are read from task.toml and variants/<id>/variant.toml.
"""

import importlib.util
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _shipped():
    """The shipped triage job (workspace/system) as a decider: (conn, month) -> {claim_id: (decision, reason)}.

    History records what the real system decided, so nothing here re-implements its rules."""
    system = FAMILY / "workspace" / "system"
    sys.path.insert(0, str(system))
    triage = _load("triage", system / "triage.py")
    rules = sys.modules["rules"]

    def decide(conn, month):
        ctx = rules.Context(conn, system / "config")
        claims, reports = triage.load_claims(conn, month)
        return {c["claim_id"]: rules.decide(c, reports.get(c["claim_id"]), ctx) for c in claims}

    return decide


def _params(variant: str) -> dict:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text(encoding="utf-8")).get("params", {}))
    vt = FAMILY / "variants" / variant / "variant.toml"
    if vt.is_file():
        params.update(tomllib.loads(vt.read_text(encoding="utf-8")).get("params", {}))
    return params


def main() -> int:
    g = _load("_warranty_refunds_grader", HERE / "grader.py")
    shipped = _shipped()
    targets = [("base", FAMILY / "workspace" / "data" / "claims.db")]
    for v in sorted(p.name for p in (FAMILY / "variants").iterdir() if p.is_dir() and p.name != "base"):
        targets.append((v, FAMILY / "variants" / v / "workspace" / "data" / "claims.db"))
    for variant, path in targets:
        g.build_history(path, _params(variant), shipped)
        print(f"{path.relative_to(FAMILY)}: {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
