"""The two instances of stability_shelf_life: their batches, the true behaviour of each attribute, the faults of
the laboratory data and the staff's facts. Seeds were chosen so that the pooling tests fall where the story needs
them (hidden/DESIGN.md); the build asserts every one of those outcomes."""

from __future__ import annotations

from datetime import date


def _p(assay, imp, tot, diss):
    """attribute -> (intercept, slope per month at 25C/60%RH, noise sd)."""
    return {"assay": assay, "impurity_b": imp, "total_impurities": tot, "dissolution": diss}


BASE = {
    "seed": 116,
    "rid_start": 4_410_000,
    "late_share": 0.3,
    "hard": False,
    "export_date": date(2025, 5, 19),
    "batches": [
        {
            "batch_id": "C10-2301",
            "strength": "10mg",
            "site": "carrow",
            "start": date(2023, 2, 6),
            "pack": "PK-2240",
            "params": _p((100.5, -0.13, 0.55), (0.040, 0.0092, 0.022), (0.16, 0.019, 0.035), (92.0, -0.05, 1.2)),
        },
        {
            "batch_id": "C10-2302",
            "strength": "10mg",
            "site": "carrow",
            "start": date(2023, 3, 13),
            "pack": "PK-2240",
            "params": _p((100.7, -0.13, 0.55), (0.062, 0.0092, 0.022), (0.17, 0.019, 0.035), (93.0, -0.05, 1.2)),
        },
        {
            "batch_id": "C10-2303",
            "strength": "10mg",
            "site": "carrow",
            "start": date(2023, 4, 17),
            "pack": "PK-2240",
            "params": _p((100.4, -0.13, 0.55), (0.050, 0.0092, 0.022), (0.16, 0.019, 0.035), (91.5, -0.05, 1.2)),
        },
        {
            "batch_id": "O20-2311",
            "strength": "20mg",
            "site": "oderberg",
            "start": date(2023, 1, 23),
            "pack": "PK-2240",
            "params": _p((100.2, -0.11, 0.55), (0.060, 0.0085, 0.022), (0.18, 0.018, 0.035), (90.5, -0.06, 1.2)),
        },
        {
            "batch_id": "O20-2312",
            "strength": "20mg",
            "site": "oderberg",
            "start": date(2023, 3, 2),
            "pack": "PK-2240",
            "params": _p((100.4, -0.11, 0.55), (0.060, 0.0098, 0.022), (0.18, 0.019, 0.035), (91.0, -0.06, 1.2)),
        },
        {
            "batch_id": "O20-2313",
            "strength": "20mg",
            "site": "oderberg",
            "start": date(2023, 4, 3),
            "pack": "PK-2240",
            "params": _p((100.0, -0.11, 0.55), (0.060, 0.0112, 0.022), (0.19, 0.020, 0.035), (90.0, -0.06, 1.2)),
        },
    ],
    "oos": {"batch": "C10-2302", "id": "OOS-25-014", "drop": 5.6, "retest_after": 9},
    "specs": {
        "current": "4.0",
        "assay": 95.0,
        "impurity_b": 0.40,
        "total_impurities": 1.0,
        "dissolution": 80.0,
        "old_impurity_b": 0.50,
        "old_total": 1.5,
    },
}

HARD = {
    "seed": 70,
    "rid_start": 5_120_000,
    "late_share": 0.35,
    "hard": True,
    "export_date": date(2025, 5, 26),
    "batches": [
        {
            "batch_id": "C10-2307",
            "strength": "10mg",
            "site": "carrow",
            "start": date(2023, 3, 6),
            "pack": "PK-2240",
            "params": _p((100.6, -0.12, 0.55), (0.045, 0.0090, 0.022), (0.15, 0.019, 0.035), (92.0, -0.05, 1.2)),
        },
        {
            "batch_id": "C10-2308",
            "strength": "10mg",
            "site": "carrow",
            "start": date(2023, 4, 11),
            "pack": "PK-2240",
            "params": _p((100.8, -0.12, 0.55), (0.055, 0.0090, 0.022), (0.16, 0.019, 0.035), (93.0, -0.05, 1.2)),
        },
        {
            "batch_id": "C10-2309",
            "strength": "10mg",
            "site": "carrow",
            "start": date(2023, 5, 15),
            "pack": "PK-2240",
            "params": _p((100.5, -0.12, 0.55), (0.050, 0.0090, 0.022), (0.16, 0.019, 0.035), (91.5, -0.05, 1.2)),
        },
        {
            "batch_id": "O20-2314",
            "strength": "20mg",
            "site": "oderberg",
            "start": date(2023, 1, 9),
            "pack": "PK-1180",
            "old_pack": True,
            "params": _p((100.3, -0.16, 0.55), (0.060, 0.0150, 0.022), (0.18, 0.028, 0.035), (90.5, -0.09, 1.2)),
        },
        {
            "batch_id": "O20-2315",
            "strength": "20mg",
            "site": "oderberg",
            "start": date(2023, 2, 20),
            "pack": "PK-2240",
            "params": _p((100.2, -0.11, 0.55), (0.060, 0.0090, 0.022), (0.18, 0.0175, 0.035), (90.5, -0.06, 1.2)),
        },
        {
            "batch_id": "O20-2316",
            "strength": "20mg",
            "site": "oderberg",
            "start": date(2023, 3, 27),
            "pack": "PK-2240",
            "params": _p((100.4, -0.11, 0.55), (0.060, 0.0100, 0.022), (0.18, 0.0180, 0.035), (91.0, -0.06, 1.2)),
        },
        {
            "batch_id": "O20-2317",
            "strength": "20mg",
            "site": "oderberg",
            "start": date(2023, 5, 2),
            "pack": "PK-2240",
            "params": _p((100.0, -0.11, 0.55), (0.060, 0.0110, 0.022), (0.19, 0.0185, 0.035), (90.0, -0.06, 1.2)),
        },
    ],
    "oos": {"batch": "C10-2308", "id": "OOS-25-031", "drop": 5.4, "retest_after": 8, "biased": "C10-2309", "bias": 1.1},
    "rrf": 0.80,
    "specs": {
        "current": "4.0",
        "assay": 95.0,
        "impurity_b": 0.40,
        "total_impurities": 1.0,
        "dissolution": 80.0,
        "old_impurity_b": 0.50,
        "old_total": 1.5,
    },
    "commitment_total": 0.80,
}

INSTANCES = {"base": BASE, "stability_review": HARD}
