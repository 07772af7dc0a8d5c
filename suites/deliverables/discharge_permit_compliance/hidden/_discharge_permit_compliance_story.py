"""The story of discharge_permit_compliance: Tarnvale Water's wastewater treatment works in two areas, their permits
(as issued, reissued and varied), and what happened at each works in 2025 that decides its compliance.

Each works has a list of `tweaks`, the events the generator (`_discharge_permit_compliance_model.py`) places on the
works' compliance samples: failing results, resamples, audit samples (split or standalone), cancellations,
re-analyses, invalidation requests and their outcomes, a storm the agency agreed to disregard, results the
subcontract laboratory reported as ammonium, iron in micrograms, a moved sampling point; its `flow` says how its
meters and overflow behaved, with (hard instance) a meter that read low all year and spills the telemetry missed.
Everything not tweaked is a normal result well inside the limits. Values are the truth in mg/l (ammoniacal
nitrogen as N, phosphorus as P); the files report them as each laboratory does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

YEAR = 2025
DETS = ("BOD", "SS", "NH3", "TP", "FE")
NAMES = {
    "BOD": "BOD (5 day, ATU)",
    "SS": "suspended solids",
    "NH3": "ammoniacal nitrogen (as N)",
    "TP": "total phosphorus (as P)",
    "FE": "total iron",
}
LOD = {"BOD": 2.0, "SS": 3.0, "NH3": 0.2, "TP": 0.05, "FE": 0.05}
NH4_PER_N = 18.038 / 14.007  # mg/l of ammonium (NH4) per mg/l of ammoniacal nitrogen as N

# Directive 91/271/EEC, Annex I, Table 3: samples taken in the year -> failures allowed (fewer than 4: none)
LUT = [
    (4, 7, 1),
    (8, 16, 2),
    (17, 28, 3),
    (29, 40, 4),
    (41, 53, 5),
    (54, 67, 6),
    (68, 81, 7),
    (82, 95, 8),
    (96, 110, 9),
    (111, 125, 10),
    (126, 140, 11),
    (141, 155, 12),
    (156, 171, 13),
    (172, 187, 14),
    (188, 203, 15),
    (204, 219, 16),
    (220, 235, 17),
    (236, 251, 18),
    (252, 268, 19),
    (269, 284, 20),
    (285, 300, 21),
    (301, 317, 22),
    (318, 334, 23),
    (335, 350, 24),
    (351, 365, 25),
]


def allowed(n: int) -> int:
    return next((a for lo, hi, a in LUT if lo <= n <= hi), 0 if n < 4 else 25)


@dataclass(frozen=True)
class Limits:
    """One version of a permit's conditions. bod/ss/nh3: (look-up-table limit, upper tier limit), mg/l; tp: annual
    average, mg/l; fe: upper tier, mg/l; dwf: m3/d; fft: l/s; required: compliance samples a year."""

    bod: tuple[float, float] | None
    ss: tuple[float, float] | None
    nh3: tuple[float, float] | None
    tp: float | None
    fe: float | None
    dwf: int
    fft: float
    required: int


@dataclass
class Works:
    code: str
    name: str
    aliases: tuple[str, ...]  # how LIMS spells the site
    pe: int
    river: str
    ngr: str
    permit_no: str
    issued: str
    limits: Limits
    flow: dict
    tweaks: list = field(default_factory=list)
    tp_target: dict = field(default_factory=dict)  # "all", or "H1"/"H2" where the permit was varied
    variation: tuple[date, Limits, str, str] | None = None  # effective, limits, reference, issued
    superseded: tuple[str, str, Limits] | None = None  # (permit version, issued, limits) replaced by `issued`


# ------------------------------------------------------------------------------------------------ tweak constructors


def val(month: int, det: str, value: float, idx: int = 0) -> tuple:
    return ("val", month, idx, det, value)


def audit(month: int, split: bool, idx: int = 0, **values: float) -> tuple:
    return ("audit", month, idx, split, values)


def resample(month: int, idx: int = 0, **values: float) -> tuple:
    return ("resample", month, idx, values)


def cancel(month: int, idx: int = 0, replaced: bool = True) -> tuple:
    return ("cancel", month, idx, replaced)


def retest(month: int, det: str, first: float, final: float, idx: int = 0) -> tuple:
    return ("retest", month, idx, det, first, final)


def invalid(month: int, det: str, value: float, ref: str, outcome: str, reason: str, idx: int = 0) -> tuple:
    """outcome: accepted / refused as the log shows it, or pending:accepted / pending:refused (the log says the
    agency has not decided; the Sampling Coordinator knows what it decided), or pending:refused:appeal (refused, as
    the Sampling Coordinator knows, and then accepted on an appeal only the Head of Compliance knows of)."""
    return ("invalid", month, idx, det, value, ref, outcome, reason)


def storm(month: int, day: int, **values: float) -> tuple:
    """The month's compliance sample, taken on `day` during a storm the agency agreed to disregard."""
    return ("storm", month, day, values)


def incident(month: int, day: int, **values: float) -> tuple:
    """The month's compliance sample, taken on `day` just after a contractor's incident upstream of the sampler that
    the agency agreed to disregard; the agreement came to the capital scheme's team, so only the Capital Delivery
    Manager knows, and the Area Operations Manager names him for it only when shown the failure it causes."""
    return ("incident", month, day, values)


def provisional(month: int, det: str) -> tuple:
    """The agency's audit result of that month, marked provisional in its schedule; the agency withdrew it later
    (the Environmental Regulation Manager knows)."""
    return ("provisional", month, det)


def nh4(month: int) -> tuple:
    return ("nh4", month)


def ops(n: int, **high: list) -> tuple:
    return ("ops", n, high)


def fe_ug(from_month: int) -> tuple:
    return ("fe_ug", from_month)


def fe2(moved: date, agreed: date) -> tuple:
    return ("fe2", moved, agreed)


def inv_samples(month: int, **values: float) -> tuple:
    return ("investigation", month, values)


def flow(
    q80: float,
    events: list,
    units: str = "l/s",
    volume: str = "m3",
    wet: float = 0.28,
    e1: list = (),
    meter: float | None = None,
    unlogged: list[tuple[date, float]] = (),
) -> dict:
    """q80: measured DWF, as the meter recorded it, as a share of the permitted DWF; events: pass-forward flows at
    the start of each storm overflow spill (in `units`); e1: spills from the inlet emergency overflow (not a storm
    overflow); meter: the factor the meter's recorded volumes must be multiplied by, the meter having read low all
    year (the Flow Monitoring Engineer knows); unlogged: storm overflow spills (day, pass-forward flow in l/s) the
    telemetry did not log while a capital scheme had the overflow's monitor disconnected (the Capital Delivery
    Manager knows)."""
    return {
        "q80": q80,
        "events": events,
        "units": units,
        "volume": volume,
        "wet": wet,
        "e1": list(e1),
        "meter": meter,
        "unlogged": list(unlogged),
    }
