"""tolerance_stackup's engineering model: the drawings of the ISA-160 intermediate shaft assembly per instance, the
critical gaps and their dimension loops, the inspection lots, and the stack-up itself (worst case, RSS and the
capability-based prediction), which the generator uses to write the truth the reference must reach from the files."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

INCH = 25.4
ALPHA = {  # 1e-6 per K, the design standard's table
    "EN AC-42100 T6 aluminium alloy": 23.0,
    "ASTM A48 Class 35 grey iron": 10.5,
    "42CrMo4 steel": 11.5,
    "C45 steel": 11.5,
    "18CrNiMo7-6 case-hardening steel": 11.5,
    "100Cr6 bearing steel": 12.0,
    "Compressed aramid fibre": 0.0,
}
PP_DEFAULT = 1.33  # the standard's assumption for a contributor without inspection data


@dataclass
class Dim:
    ref: str
    desc: str
    nominal: float
    upper: float  # deviations from nominal, mm
    lower: float
    diameter: bool = False

    @property
    def mid(self) -> float:
        return self.nominal + (self.upper + self.lower) / 2

    @property
    def half(self) -> float:
        return (self.upper - self.lower) / 2

    @property
    def max(self) -> float:
        return self.nominal + self.upper

    @property
    def min(self) -> float:
        return self.nominal + self.lower


@dataclass
class Control:
    ref: str
    kind: str  # position, flatness, perpendicularity, runout
    of: str  # the feature it controls
    tol: float
    datums: list[tuple[str, bool]]  # (datum letter, referenced at MMB)


@dataclass
class Drawing:
    part: str
    title: str
    rev: str
    material: str
    dims: list[Dim]
    controls: list[Control] = field(default_factory=list)
    datums: dict[str, str] = field(default_factory=dict)  # letter -> feature ref
    supersedes: str = ""
    ecn: str = ""
    released: str = ""
    status: str = "RELEASED"  # as printed on the extract
    current: bool = True  # the released revision today

    def dim(self, ref: str) -> Dim:
        return next(d for d in self.dims if d.ref == ref)

    def control(self, ref: str) -> Control:
        return next(c for c in self.controls if c.ref == ref)


@dataclass
class Gap:
    gid: str
    name: str
    lower: float
    upper: float
    temperature: float  # the temperature the limits apply at, degC
    temp_text: str  # how the assembly drawing states it
    loop: list[tuple[str, str, float]]  # (part, ref, sensitivity)


@dataclass
class Contributor:
    gap: str
    part: str
    ref: str
    desc: str
    rev: str
    nominal: float
    upper: float
    lower: float
    sens: float
    material: str
    data: list[float] | None = None  # accepted measurements in mm
    stats: tuple[float, float, int] | None = None  # (mean, sd, n) known only as a summary (goods-in's lab records)

    @property
    def mean(self) -> float:
        return self.sens * (self.nominal + (self.upper + self.lower) / 2)

    @property
    def tol(self) -> float:
        return abs(self.sens) * (self.upper - self.lower) / 2

    @property
    def measured(self) -> tuple[float, float, int] | None:
        if self.stats:
            return self.stats
        if not self.data:
            return None
        n = len(self.data)
        m = sum(self.data) / n
        sd = math.sqrt(sum((x - m) ** 2 for x in self.data) / (n - 1))
        return m, sd, n


def phi(z: float) -> float:
    return 0.5 * (1 + math.erf(z / math.sqrt(2)))


def stack(gap: Gap, rows: list[Contributor]) -> dict:
    """Worst case and RSS on equal-bilateral contributors, thermal growth to the gap's temperature, and the
    capability-based prediction of the share outside the limits."""
    dt = gap.temperature - 20.0
    thermal = sum(c.mean * ALPHA.get(c.material, 0.0) * 1e-6 * dt for c in rows)
    mean = sum(c.mean for c in rows) + thermal
    wc = sum(c.tol for c in rows)
    rss = math.sqrt(sum(c.tol**2 for c in rows))
    mu, var = thermal, 0.0
    for c in rows:
        got = c.measured
        if got:
            mu += c.sens * got[0]
            var += (c.sens * got[1]) ** 2
        else:
            mu += c.mean
            var += (c.tol / (3 * PP_DEFAULT)) ** 2
    sd = math.sqrt(var)
    out = phi((gap.lower - mu) / sd) + 1 - phi((gap.upper - mu) / sd)
    r = {
        "lower_limit_mm": gap.lower,
        "upper_limit_mm": gap.upper,
        "temperature_c": gap.temperature,
        "mean_mm": round(mean, 4),
        "worst_case_min_mm": round(mean - wc, 4),
        "worst_case_max_mm": round(mean + wc, 4),
        "rss_min_mm": round(mean - rss, 4),
        "rss_max_mm": round(mean + rss, 4),
        "predicted_mean_mm": round(mu, 4),
        "predicted_sd_mm": round(sd, 5),
        "predicted_out_of_limits_pct": round(100 * out, 4),
    }
    r["meets_worst_case"] = r["worst_case_min_mm"] >= gap.lower and r["worst_case_max_mm"] <= gap.upper
    r["meets_rss"] = r["rss_min_mm"] >= gap.lower and r["rss_max_mm"] <= gap.upper
    return r


# ------------------------------------------------------------------------------------------------ instances


def drawings(hard: bool) -> list[Drawing]:
    d2 = 83.84 if hard else 83.90
    sp_c = Dim("D1", "Overall length", 40.12, 0.0, -0.05)
    out = [
        Drawing("H-160-01", "Gear housing, machined", "F", "EN AC-42100 T6 aluminium alloy", [
            Dim("D1", "Overall length, mounting face to cover face", 182.00, 0.20, -0.20),
            Dim("D2", "Bearing seat shoulder (drive end) to cover face", d2, 0.05, -0.05),
            Dim("D3", "Bearing seat shoulder (drive end) to inner wall", 31.50, 0.10, -0.10),
            Dim("D4", "Cover spigot bore", 110.000, 0.035, 0.0, True),
            Dim("D5", "Bearing bore (drive end)", 85.000, 0.022, -0.013, True),
        ], [
            Control("G1", "position", "D4", 0.05, [("B", False)]),
            Control("G2", "perpendicularity", "cover face", 0.03, [("B", False)]),
        ], {"A": "mounting face", "B": "D5"}, supersedes="E", ecn="ECN-2240", released="2026-06-08"),
        Drawing("C-160-02", "Bearing end cover", "D", "ASTM A48 Class 35 grey iron", [
            Dim("D1", "Flange thickness", 12.00, 0.10, -0.10),
            Dim("D2", "Spigot diameter", 110.000, -0.036, -0.071, True),
            Dim("D3", "Spigot length (flange face to spigot face)", 6.00, 0.05, 0.0),
            Dim("D5", "Labyrinth bore", 52.40, 0.06, 0.0, True),
        ], [
            Control("G1", "position", "D5", 0.08, [("A", True)]),
            Control("G2", "flatness", "flange face", 0.05, []),
        ], {"A": "D2"}, supersedes="C", ecn="ECN-2187", released="2026-04-20"),
        Drawing("S-160-03", "Intermediate shaft", "C", "42CrMo4 steel", [
            Dim("D1", "Overall length", 260.00, 0.20, -0.20),
            Dim("D2", "Collar length, bearing shoulder to gear seat shoulder", 3.00, 0.05, -0.05),
            Dim("D3", "Bearing journal", 45.000, 0.013, 0.002, True),
            Dim("D4", "Seal journal", 52.00, 0.0, -0.03, True),
        ], [
            Control("G1", "runout", "D4", 0.02, [("A", False)]),
        ], {"A": "D3"}, supersedes="B", ecn="ECN-2101", released="2026-02-16"),
        Drawing("SP-160-04", "Bearing spacer", "C", "C45 steel", [
            sp_c,
            Dim("D2", "Bore", 45.20, 0.10, 0.0, True),
        ], supersedes="B", ecn="ECN-2291", released="2026-09-14"),
        Drawing("SP-160-04", "Bearing spacer", "B", "C45 steel", [
            Dim("D1", "Overall length", 40.10, 0.05, -0.05),
            Dim("D2", "Bore", 45.20, 0.10, 0.0, True),
        ], supersedes="A", ecn="ECN-2055", released="2025-11-03",
                status="RELEASED" if hard else "SUPERSEDED by rev C (ECN-2291)", current=False),
        Drawing("G-160-06", "Helical gear z=47, m=2.5", "B", "18CrNiMo7-6 case-hardening steel", [
            Dim("D1", "Hub face to rim face offset", 8.20, 0.10, -0.10),
            Dim("D2", "Face width", 40.00, 0.0, -0.10),
        ], supersedes="A", ecn="ECN-2077", released="2026-01-12"),
        Drawing("GK-160-05", "Cover gasket", "A", "Compressed aramid fibre", [
            Dim("D1", "Thickness, compressed at bolt torque", 0.30, 0.03, -0.03),
        ], released="2025-08-04"),
    ]
    if hard:  # a second superseded drawing: the housing's previous revision is in the pack too
        out.insert(1, Drawing("H-160-01", "Gear housing, machined", "E", "EN AC-42100 T6 aluminium alloy", [
            Dim("D1", "Overall length, mounting face to cover face", 182.00, 0.20, -0.20),
            Dim("D2", "Bearing seat shoulder (drive end) to cover face", 83.85, 0.08, -0.08),
            Dim("D3", "Bearing seat shoulder (drive end) to inner wall", 31.50, 0.15, -0.15),
            Dim("D4", "Cover spigot bore", 110.000, 0.035, 0.0, True),
            Dim("D5", "Bearing bore (drive end)", 85.000, 0.022, -0.013, True),
        ], [
            Control("G1", "position", "D4", 0.08, [("B", False)]),
        ], {"A": "mounting face", "B": "D5"}, supersedes="D", ecn="ECN-2130", released="2026-03-02",
            current=False))  # printed before ECN-2240, so the extract still reads RELEASED
    return out


BEARINGS = {  # purchased: width from the catalogue (ISO 492 normal tolerance class)
    "BRG-6209-C3": ("Deep groove ball bearing 6209 C3, drive end", 19.00, 0.0, -0.12),
    "BRG-6209-2Z": ("Deep groove ball bearing 6209-2Z, non-drive end", 19.00, 0.0, -0.12),
}
# the hard instance: goods-in has measured the ring width of a sample of every bearing delivery since the May
# hot-running returns; the results sit in the goods-in lab's records, in no input, and only Supplier Quality knows them
BEARING_WIDTHS = {"BRG-6209-C3": (18.9712, 0.0072, 60), "BRG-6209-2Z": (18.9688, 0.0079, 60)}
# the hard instance: the full shaft drawing's note N3 (the extracts carry only the tables) has the seal journal D4
# hard-chrome plated after grinding, 0.07 +/-0.01 mm per side, D4 being the ground size; only Mechanical Design knows
PLATING = ("S-160-03", "N3", "Hard chrome on seal journal D4, per side (drawing note N3)", 0.07, 0.01, -0.01, "")
SHIM = ("SH-160-09", "D1", "Cover shim, line fitted", 0.10, 0.01, -0.01, "C45 steel")
# the hard instance: Sealwell discontinued the sheet the gasket was cut from; since November the gasket comes from their
# 0.40 mm sheet under concession CN-0126, compressed 0.37 +/-0.03 mm at the bolt torque. Nothing in the pack shows it;
# Supplier Quality knows, and is named for it only by the Engineering Manager, who hears of the line's end-float
# rejects and points there once shown a G1 figure worked out from the drawings
GASKET_CONCESSION = ("GK-160-05", "D1", 0.37, 0.03, -0.03, "CN-0126")
# the hard instance: since their new boring machine went in, Tarnwick bore the housing's cover spigot bore D4 under
# deviation DV-0331 to 110.000 +0.050/0 instead of +0.035/0; Supplier Quality signed it off with Mechanical Design, and
# the designer points there only when shown a G3 figure (the extracts and the CMM file show the drawing's tolerance)
SPIGOT_DEVIATION = ("H-160-01", "D4", 0.050, 0.0, "DV-0331")


def gaps(hard: bool) -> list[Gap]:
    return [
        Gap("G1", "Axial end float of the intermediate shaft", 0.05, 0.30, 20.0, "20 °C", [
            ("H-160-01", "D2", 1), ("GK-160-05", "D1", 1), ("C-160-02", "D3", -1), ("BRG-6209-C3", "B", -1),
            ("BRG-6209-2Z", "B", -1), ("SP-160-04", "D1", -1)]),
        Gap("G2", "Axial clearance, gear hub to housing inner wall", 0.90, 1.53 if hard else 1.60,
            90.0 if hard else 80.0,
            "operating temperature, see test specification TS-160-3" if hard else "operating temperature 80 °C", [
                ("H-160-01", "D3", 1), ("BRG-6209-C3", "B", -1), ("S-160-03", "D2", -1), ("G-160-06", "D1", -1)]),
        Gap("G3", "Radial clearance, labyrinth bore to seal journal", 0.10, 0.35, 20.0, "20 °C", [
            ("C-160-02", "D5", 0.5), ("S-160-03", "D4", -0.5), ("C-160-02", "G1", -1), ("H-160-01", "G1", -1)]),
    ]


FITS = [("C-160-02", "D2", "H-160-01", "D4", "cover spigot locates the cover in the housing")]


@dataclass
class Lot:
    part: str
    lot: str
    supplier: str
    chars: dict[str, tuple[float, float]]  # ref -> (offset from mid, sd)
    n: int
    disposition: str
    received: str
    values: dict[str, list[float]] = field(default_factory=dict)  # as written, in mm


def lots(hard: bool) -> list[Lot]:
    o = [
        Lot("H-160-01", "T2401", "Tarnwick Castings", {"D2": (0.020, 0.011), "D3": (-0.02, 0.02), "D4": (0.006, 0.004)},
            6, "Accepted", "2026-09-02"),
        Lot("H-160-01", "T2402", "Tarnwick Castings", {"D2": (0.016, 0.012), "D3": (-0.03, 0.02), "D4": (0.004, 0.004)},
            6, "Accepted", "2026-09-16"),
        Lot("H-160-01", "T2403", "Tarnwick Castings", {"D2": (0.068, 0.012), "D3": (0.00, 0.02), "D4": (0.008, 0.004)},
            6, "Rejected - returned to supplier (NCR-5518)", "2026-09-30"),
        Lot("H-160-01", "T2404", "Tarnwick Castings", {"D2": (0.024, 0.010), "D3": (-0.01, 0.02), "D4": (0.005, 0.004)},
            6, "Accepted", "2026-10-14"),
        Lot("H-160-01", "T2405", "Tarnwick Castings", {"D2": (0.019, 0.012), "D3": (-0.02, 0.02), "D4": (0.006, 0.004)},
            6, "Accepted on concession CN-0117 (D1 overall length)", "2026-10-28"),
        Lot("C-160-02", "B4468", "Bellwood Machining Inc.",
            {"D2": (0.0, 0.006), "D3": (0.005, 0.005), "D5": (-0.006, 0.006)},
            5, "Accepted", "2026-09-09"),
        Lot("C-160-02", "B4469", "Bellwood Machining Inc.",
            {"D2": (0.002, 0.006), "D3": (0.006, 0.005), "D5": (-0.004, 0.006)},
            5, "Accepted", "2026-09-23"),
        Lot("C-160-02", "B4470", "Bellwood Machining Inc.",
            {"D2": (0.0, 0.006), "D3": (0.004, 0.005), "D5": (0.024, 0.006)},
            5, "Accepted on concession CN-0121 (D5 labyrinth bore up to +0.065)", "2026-10-07"),
        Lot("C-160-02", "B4471", "Bellwood Machining Inc.",
            {"D2": (-0.002, 0.006), "D3": (0.005, 0.005), "D5": (-0.005, 0.006)},
            5, "Accepted", "2026-10-21"),
        Lot("S-160-03", "R0912", "Ryecroft Precision", {"D2": (0.006, 0.010), "D4": (0.004, 0.003)}, 8, "Accepted",
            "2026-09-07"),
        Lot("S-160-03", "R0931", "Ryecroft Precision", {"D2": (0.004, 0.010), "D4": (0.005, 0.003)}, 8, "Accepted",
            "2026-10-05"),
        Lot("S-160-03", "R0950", "Ryecroft Precision", {"D2": (0.008, 0.010), "D4": (0.003, 0.003)}, 8, "Accepted",
            "2026-11-02"),
        Lot("SP-160-04", "7730", "Brannock Turned Parts", {"D1": (0.034, 0.006)}, 8,
            "Rejected - scrapped at supplier (NCR-5502)", "2026-09-21"),
        Lot("SP-160-04", "7731", "Brannock Turned Parts", {"D1": (-0.019, 0.007)}, 8, "Accepted", "2026-09-28"),
        Lot("SP-160-04", "7732", "Brannock Turned Parts", {"D1": (-0.021, 0.006)}, 8, "Accepted", "2026-10-12"),
        Lot("SP-160-04", "7733", "Brannock Turned Parts", {"D1": (-0.018, 0.007)}, 8, "Accepted", "2026-10-26"),
        Lot("SP-160-04", "7734", "Brannock Turned Parts", {"D1": (-0.022, 0.006)}, 8, "Accepted", "2026-11-09"),
        Lot("G-160-06", "RG-233", "Ryecroft Precision", {"D1": (0.02, 0.02)}, 6, "Accepted", "2026-09-14"),
        Lot("G-160-06", "RG-241", "Ryecroft Precision", {"D1": (0.03, 0.02)}, 6, "Accepted", "2026-10-19"),
    ]
    for lot in o:  # goods-in samples more parts of every lot for the hard instance's bigger build
        lot.n *= 3 if hard else 2
    if hard:  # the hard instance's gears come with the hub offset running short, which opens G2
        for lot in o:
            if lot.part == "G-160-06":
                lot.chars = {"D1": (lot.chars["D1"][0] - 0.075, lot.chars["D1"][1])}
        o += [  # the cover's new supplier: first production lots, in mm
            Lot("C-160-02", "KP-0102", "Kilnsey Precision", {"D2": (-0.004, 0.004), "D3": (0.021, 0.003),
                                                             "D5": (0.019, 0.004)}, 6, "Accepted", "2026-11-04"),
            Lot("C-160-02", "KP-0107", "Kilnsey Precision", {"D2": (-0.003, 0.004), "D3": (0.020, 0.003),
                                                             "D5": (0.021, 0.004)}, 6, "Accepted", "2026-11-18"),
            Lot("SP-160-04", "7735", "Brannock Turned Parts", {"D1": (-0.016, 0.006)}, 8, "Accepted", "2026-11-23"),
        ]
    return o


def measure(lot_list: list[Lot], dwgs: dict[tuple[str, str], Drawing], seed: int) -> None:
    """Fill each lot's measurements (mm), rounded as each supplier's gauge reports them."""
    rng = random.Random(seed)
    for lot in lot_list:
        dwg = dwgs[(lot.part, "current")]
        inch = lot.supplier.startswith("Bellwood") or (lot.part == "SP-160-04" and lot.lot in ("7733", "7735"))
        for ref, (off, sd) in lot.chars.items():
            mid = dwg.dim(ref).mid
            vals = []
            for _ in range(lot.n):
                x = mid + off + rng.gauss(0, sd)
                vals.append(round(x / INCH, 5) * INCH if inch else round(x, 3))
            lot.values[ref] = vals
