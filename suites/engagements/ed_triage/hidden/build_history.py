"""Deterministic generator of the committed historical data of the ed_triage family.

    python3 hidden/build_history.py            # rewrite every generated file (base + variant overlays)

For the base and for every variant whose parameters change the history (shipped protocol, staffing,
terminal feed) it writes, relative to the family folder:
  [variants/<id>/]workspace/data/ed.db                          Sep 2025 - Feb 2026 attendances
  [variants/<id>/]workspace/system/config/streaming_protocol.json  the protocol the variant ships with (only
                                                                   where it differs from the base's)

Parameters come from task.toml [params] overlaid with variants/<id>/variant.toml [params]. The world model
(patients, needs, capacity) lives in grader.py so that the unseen months are drawn from the same distribution.
"""

import importlib.util
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
FAMILY = HERE.parent
HISTORY_KEYS = ("shipped_protocol", "majors_day", "majors_night", "majors_day_before", "majors_night_before",
                "capacity_change", "fahrenheit_terminal", "fahrenheit_from")


def _grader():
    spec = importlib.util.spec_from_file_location("_ed_triage_grader", HERE / "grader.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _params(variant: str | None) -> dict:
    params = dict(tomllib.loads((FAMILY / "task.toml").read_text(encoding="utf-8")).get("params", {}))
    if variant:
        vt = FAMILY / "variants" / variant / "variant.toml"
        params.update(tomllib.loads(vt.read_text(encoding="utf-8")).get("params", {}))
    return params


def main() -> int:
    g = _grader()
    base = _params(None)
    targets = [(None, FAMILY / "workspace")]
    for vdir in sorted((FAMILY / "variants").iterdir()):
        if (vdir / "variant.toml").is_file() and vdir.name != "base":
            p = _params(vdir.name)
            if any(p.get(k) != base.get(k) for k in HISTORY_KEYS):
                targets.append((vdir.name, vdir / "workspace"))
    for variant, ws in targets:
        params = _params(variant)
        db = ws / "data" / "ed.db"
        g.build_history(db, params)
        if variant is None or params.get("shipped_protocol") != base.get("shipped_protocol"):
            cfg = ws / "system" / "config"
            cfg.mkdir(parents=True, exist_ok=True)
            (cfg / "streaming_protocol.json").write_text(g.protocol_json(g.shipped_protocol(params)),
                                                         encoding="utf-8")
        print(f"{db.relative_to(FAMILY)}: {db.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
