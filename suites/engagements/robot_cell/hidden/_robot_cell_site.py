"""robot_cell's site: money and time, stations, the SKU master (with the PIM feed's SKUs), the
variant's physics (`Truth`). Part of the grader (grader.py), split out for length."""

import datetime as dt
import math
import random
from typing import Any

# ----------------------------------------------------------------------------- money and time

CURRENCY = "EUR"
ORDER_MARGIN = 1.80
LINE_MARGIN = 0.55
EXPRESS_CHARGEBACK = 6.00
STANDARD_CHARGEBACK = 2.50
STOP_COST = 180.0
MISPICK_COST = 16.0

PRESENT_NEW_S = 14.0
PRESENT_SAME_S = 8.0
ROBOT_MOTION_S = 9.0       # at 85 % speed
ROBOT_EXTRA_UNIT_S = 4.5   # at 85 % speed
MANUAL_PICK_S = 12.0
MANUAL_EXTRA_UNIT_S = 4.0
STOP_DOWNTIME_S = 900.0    # manual reset: team leader walk-round, curtain check, restart
AUTO_RESTART_S = 60.0

VALIDATED_SPEED = 85
COMMISSIONED_PAYLOAD_G = 2000
MAX_DIM_MM = 400
MIN_DIM_MM = 15
BASE_STOP_P = 0.0006
OVERWEIGHT_HAZARD = 0.10
SIZE_HAZARD = 0.10
ROBOT_MISPICK_P = 0.0010
POLYBAG_MISPICK_P = 0.0030
FRAGILE_DAMAGE_P = 0.05
MANUAL_MISPICK_P = 0.0030

SIGNOFF_FACT = "moc_signoff"
APPROVAL_FACT = "change_approval"

CELLS = ["RC1", "RC2", "RC3", "RC4"]
MANUAL = ["MS1", "MS2", "MS3", "MS4", "MS5", "MS6"]
STATIONS = CELLS + MANUAL

SHIFT_STARTS = {"E": "06:00", "L": "14:00"}
SHIFT_NAMES = {"E": "early", "L": "late"}

CLIENTS = [
    ("BRS", "Brisa Beauty", 0.24),
    ("PWH", "Pennywort Home", 0.28),
    ("HLD", "Halden Outdoor", 0.20),
    ("CVP", "Corvid Pet Supplies", 0.28),
]
CLIENT_NAMES = {c[0]: c[1] for c in CLIENTS}

CARRIERS = [
    # id, name, service, collection (minutes after shift start), share of orders
    ("PXP", "Parcelink Express", "EXPRESS", 300, 0.30),
    ("ARD", "Ardent Freight", "STANDARD", 450, 0.18),
    ("SWP", "Swiftpost", "STANDARD", 465, 0.52),
]
PACK_BUFFER_MIN = 30

# ----------------------------------------------------------------------------- SKU catalogue

# client, description, packaging, units per pack, weight g, (length, width, height) mm, fragile, variants, pop
_T = [
    ("BRS", "Shampoo {v} 250 ml", "BOTTLE", 1, 290, (65, 45, 185), 0,
     ["Argan", "Citrus", "Oat", "Volume", "Repair", "Mint", "Keratin", "Coconut"], 1.0),
    ("BRS", "Conditioner {v} 250 ml", "BOTTLE", 1, 290, (65, 45, 185), 0,
     ["Argan", "Citrus", "Oat", "Volume", "Repair", "Coconut"], 0.8),
    ("BRS", "Face cream {v} 50 ml", "TUB", 1, 140, (70, 70, 55), 0,
     ["Day", "Night", "SPF30", "Hydra", "Calm", "Retinol"], 1.0),
    ("BRS", "Lipstick {v}", "BLISTER", 1, 40, (95, 35, 25), 0,
     ["Ruby", "Coral", "Nude", "Plum", "Rose", "Berry", "Mocha", "Fig"], 0.9),
    ("BRS", "Eau de parfum {v} 50 ml", "CARTON", 1, 320, (90, 55, 130), 1, ["Noir", "Bloom", "Azure", "Amber"], 0.7),
    ("BRS", "Body lotion {v} 400 ml", "BOTTLE", 1, 450, (75, 55, 210), 0, ["Shea", "Aloe", "Cocoa", "Almond"], 0.9),
    ("BRS", "Travel minis gift set {v} (4 pcs)", "SHRINK", 4, 360, (160, 110, 60), 0,
     ["Spa", "Citrus", "Men", "Kids"], 0.8),
    ("BRS", "Nail polish trio {v}", "SHRINK", 3, 150, (110, 80, 40), 0, ["Pastel", "Bold", "Classic"], 0.8),
    ("BRS", "Hair brush {v}", "POLYBAG", 1, 120, (240, 70, 50), 0, ["Paddle", "Round", "Detangle"], 0.6),
    ("BRS", "Cotton pads {v}", "POLYBAG", 1, 70, (90, 90, 140), 0, ["80 pcs", "150 pcs"], 0.7),
    ("BRS", "Eyeshadow palette {v}", "SHRINK", 1, 130, (150, 110, 20), 0, ["Nude", "Smoky", "Sunset", "Jewel"], 0.8),
    ("BRS", "Hand cream duo {v}", "SHRINK", 2, 180, (130, 90, 40), 0, ["Rose", "Unscented", "Verbena"], 0.8),
    ("BRS", "Sheet masks {v} 5-pack", "POUCH", 1, 150, (190, 130, 25), 0, ["Calm", "Glow", "Detox"], 0.7),
    ("PWH", "Sponge scourers {v} 6-pack", "SHRINK", 6, 110, (200, 140, 45), 0, ["Green", "Non-scratch"], 1.0),
    ("PWH", "Dish soap twin pack {v} 2 x 500 ml", "SHRINK", 2, 1080, (150, 60, 230), 0,
     ["Lemon", "Original", "Sensitive"], 1.0),
    ("PWH", "Tealight candles {v}", "POLYBAG", 1, 1150, (200, 200, 80), 0, ["100 pcs", "8h 50 pcs"], 0.6),
    ("PWH", "Scented candle {v}", "CARTON", 1, 420, (90, 90, 110), 1, ["Fig", "Linen", "Cedar", "Amber"], 0.7),
    ("PWH", "Glass tumbler set 4 pcs {v}", "CARTON", 1, 1300, (200, 200, 120), 1, ["Clear", "Smoke"], 0.5),
    ("PWH", "Bath towel {v}", "POLYBAG", 1, 620, (300, 220, 60), 0, ["White", "Grey", "Navy", "Sage"], 0.8),
    ("PWH", "Storage box 30 L {v}", "CARTON", 1, 1400, (590, 390, 120), 0, ["Clear", "White"], 0.5),
    ("PWH", "Laundry liquid 2.5 L {v}", "BOTTLE", 1, 2750, (170, 110, 290), 0, ["Bio", "Non-bio", "Colour"], 1.0),
    ("PWH", "Cleaning spray {v} 750 ml", "BOTTLE", 1, 850, (110, 65, 280), 0,
     ["Kitchen", "Bathroom", "Glass", "Multi-surface"], 1.0),
    ("PWH", "Dishwasher tablets {v}", "POUCH", 1, 820, (220, 150, 90), 0, ["Classic 40", "All-in-one 40"], 1.0),
    ("PWH", "Kitchen roll 4-pack", "SHRINK", 4, 520, (260, 230, 240), 0, [""], 0.9),
    ("PWH", "Bin liners {v}", "POLYBAG", 1, 480, (200, 130, 70), 0, ["50 L drawstring", "30 L tie"], 0.8),
    ("PWH", "Cleaning spray twin pack {v}", "SHRINK", 2, 1720, (220, 75, 280), 0, ["Kitchen", "Bathroom"], 0.8),
    ("PWH", "Fabric softener 3 L {v}", "BOTTLE", 1, 3250, (180, 120, 300), 0, ["Fresh", "Sensitive"], 0.7),
    ("PWH", "Microfibre cloths {v}", "POLYBAG", 1, 300, (250, 180, 40), 0, ["10-pack", "20-pack"], 0.7),
    ("PWH", "Doormat {v}", "POLYBAG", 1, 1900, (600, 400, 15), 0, ["Coir", "Rubber"], 0.4),
    ("HLD", "Hiking socks 2-pack {v}", "POLYBAG", 1, 160, (250, 120, 40), 0, ["S", "M", "L", "XL"], 0.9),
    ("HLD", "Merino base layer {v}", "POLYBAG", 1, 230, (300, 230, 30), 0, ["XS", "S", "M", "L", "XL"], 0.8),
    ("HLD", "Rain jacket {v}", "POLYBAG", 1, 480, (350, 280, 60), 0, ["S", "M", "L", "XL"], 0.8),
    ("HLD", "Water bottle 750 ml {v}", "CARTON", 1, 240, (85, 85, 260), 0, ["Steel", "Sage", "Navy"], 0.9),
    ("HLD", "Gas canister twin pack {v}", "SHRINK", 2, 780, (220, 110, 110), 0, ["230 g", "450 g"], 0.9),
    ("HLD", "Head torch {v}", "BLISTER", 1, 140, (180, 120, 60), 0, ["300 lm", "500 lm"], 0.8),
    ("HLD", "Camping mug set 2 pcs {v}", "SHRINK", 2, 420, (180, 95, 110), 0, ["Enamel", "Steel"], 0.8),
    ("HLD", "Tent pegs {v}", "POLYBAG", 1, 360, (240, 80, 30), 0, ["10 pcs", "20 pcs"], 0.6),
    ("HLD", "Trekking poles pair {v}", "CARTON", 1, 560, (680, 90, 70), 0, ["Alu", "Carbon"], 0.5),
    ("HLD", "Sleeping mat {v}", "POLYBAG", 1, 900, (560, 160, 160), 0, ["Foam", "Self-inflating"], 0.5),
    ("HLD", "Energy bars {v} 12-pack", "SHRINK", 12, 720, (200, 140, 60), 0, ["Oat", "Nut", "Berry"], 1.0),
    ("HLD", "First aid kit {v}", "POUCH", 1, 310, (180, 130, 70), 0, ["Hiker", "Family"], 0.6),
    ("HLD", "Insulated flask 1 L {v}", "CARTON", 1, 780, (110, 110, 320), 0, ["Black", "Olive"], 0.7),
    ("HLD", "Trail shoes {v}", "CARTON", 1, 920, (330, 210, 120), 0, ["40", "41", "42", "43", "44", "45"], 0.7),
    ("HLD", "Camping stove {v}", "CARTON", 1, 1150, (200, 200, 140), 0, ["Compact", "Twin"], 0.5),
    ("HLD", "Dry bag 20 L {v}", "POLYBAG", 1, 260, (250, 180, 40), 0, ["Orange", "Blue"], 0.6),
    ("CVP", "Cat food tins 12 x 85 g {v}", "SHRINK", 12, 1180, (230, 150, 70), 0,
     ["Tuna", "Chicken", "Salmon", "Mixed"], 1.2),
    ("CVP", "Dog food tins 6 x 400 g {v}", "SHRINK", 6, 2560, (230, 155, 110), 0, ["Beef", "Lamb", "Chicken"], 1.0),
    ("CVP", "Dry dog food 2.5 kg {v}", "POUCH", 1, 2580, (280, 110, 390), 0, ["Adult", "Puppy", "Senior"], 1.0),
    ("CVP", "Dry cat food 1.5 kg {v}", "POUCH", 1, 1560, (220, 90, 330), 0, ["Adult", "Indoor", "Kitten"], 1.1),
    ("CVP", "Dry dog food 3 kg {v}", "POUCH", 1, 3080, (300, 120, 390), 0, ["Adult", "Light"], 0.9),
    ("CVP", "Cat litter 5 kg {v}", "POLYBAG", 1, 5100, (350, 250, 120), 0, ["Clumping", "Wood"], 0.7),
    ("CVP", "Dog treats {v} 200 g", "POUCH", 1, 220, (160, 60, 230), 0, ["Chicken", "Liver", "Dental"], 1.0),
    ("CVP", "Pet shampoo 250 ml {v}", "BOTTLE", 1, 290, (65, 45, 185), 0, ["Oatmeal", "Puppy"], 0.6),
    ("CVP", "Chew toy {v}", "BLISTER", 1, 180, (200, 120, 50), 0, ["Bone", "Ring", "Rope"], 0.7),
    ("CVP", "Ceramic pet bowl {v}", "CARTON", 1, 650, (180, 180, 80), 1, ["Small", "Large"], 0.5),
    ("CVP", "Cat treats multipack 4 x 60 g {v}", "SHRINK", 4, 270, (170, 120, 60), 0, ["Salmon", "Chicken"], 0.9),
    ("CVP", "Wet dog food pouches 12 x 100 g {v}", "CARTON", 1, 1300, (250, 170, 90), 0, ["Beef", "Chicken"], 0.9),
    ("CVP", "Bird seed 2 kg {v}", "POUCH", 1, 2050, (250, 90, 330), 0, ["Wild", "Finch"], 0.6),
    ("CVP", "Dog lead {v}", "POLYBAG", 1, 150, (220, 110, 30), 0, ["1.2 m", "2 m", "Reflective"], 0.6),
]


BRANDS = {
    "BRS": ["Brisa", "Brisa Pro", "Lumea"],
    "PWH": ["Pennywort", "Pennywort Eco", "Hearthly"],
    "HLD": ["Halden", "Halden Trail", "Fjelbo"],
    "CVP": ["Corvid", "Corvid Select", "Vetra"],
}


def sku_master() -> list[dict]:
    """The SKU master, identical in every variant and every split."""
    rng = random.Random("robot_cell/skus/v1")
    out: list[dict] = []
    counters: dict[str, int] = {}
    for client, desc, pack, units, weight, dims, fragile, variants, pop in _T:
        ranges = BRANDS[client][:rng.choice([2, 3, 3])]
        for v, brand in [(v, b) for b in ranges for v in variants]:
            if rng.random() < 0.15:
                continue
            counters[client] = counters.get(client, 1000) + rng.randint(1, 9)
            sku_id = f"{client}-{counters[client]:04d}"
            jitter = lambda x: int(round(x * rng.uniform(0.95, 1.05)))  # noqa: E731
            l, w, h = (jitter(d) for d in dims)
            if max(dims) <= MAX_DIM_MM:
                l, w, h = (min(d, MAX_DIM_MM - 5) for d in (l, w, h))
            wt = jitter(weight)
            if weight <= COMMISSIONED_PAYLOAD_G:
                wt = min(wt, COMMISSIONED_PAYLOAD_G - 40)
            elif weight <= 3500:
                wt = max(COMMISSIONED_PAYLOAD_G + 30, min(wt, 3460))
            out.append({
                "sku_id": sku_id, "description": (brand + " " + desc.replace("{v}", v)).replace("  ", " ").strip(),
                "client_id": client, "packaging": pack, "units_per_pack": units, "weight_g": wt,
                "length_mm": l, "width_mm": w, "height_mm": h, "fragile": fragile,
                "pop": pop * math.exp(rng.gauss(0, 0.7)) / len(ranges),
            })
    return out + feed_skus(rng_seed="robot_cell/skus/feed/v1", first_id=1600, templates=_FEED_T)


# New SKUs that arrive through the PIM feed (live from FEED_FROM): the feed passes the supplier's weight in
# kilograms into `weight_g` and the supplier's packaging code unmapped. The skus table says grams.
FEED_FROM = "2026-02-02"
FEED_POP = 0.3  # the feed's SKUs are a small share of the lines
# client, description, packaging, units per pack, TRUE weight g, dims mm, pop
_FEED_T = [
    ("HLD", "Trail Camping kettle 1 L {v}", "CARTON", 1, 640, (170, 150, 160), ["Steel", "Alu"], 0.7),
    ("HLD", "Trail Cast iron pan 20 cm {v}", "CARTON", 1, 2450, (360, 215, 60), ["Plain", "Enamel"], 0.6),
    ("HLD", "Trail Power bank 20000 mAh {v}", "BLISTER", 1, 430, (160, 85, 35), ["Black", "Orange"], 0.8),
    ("HLD", "Trail Water filter jug 3 L {v}", "CARTON", 1, 2180, (280, 140, 270), ["Clear"], 0.5),
    ("PWH", "Hearthly Stoneware dinner plates 2 pcs {v}", "CARTON", 1, 2860, (290, 285, 60), ["Sand", "Slate"], 0.5),
    ("PWH", "Hearthly Bamboo chopping board {v}", "POLYBAG", 1, 1240, (380, 260, 20), ["M", "L"], 0.6),
    ("CVP", "Vetra Wet cat food trays 8 x 100 g {v}", "CARTON", 1, 890, (210, 160, 80), ["Fish", "Meat"], 0.8),
    ("CVP", "Vetra Grain-free dog food 2.2 kg {v}", "POUCH", 1, 2290, (270, 110, 360), ["Lamb", "Duck"], 0.6),
]


def feed_skus(rng_seed: str, first_id: int, templates: list, kg_share: float = 1.0,
              packaging_map: dict | None = None) -> list[dict]:
    """SKUs of the PIM feed: weight written in kg (a decimal) with probability `kg_share`."""
    rng = random.Random(rng_seed)
    out: list[dict] = []
    n = first_id
    for client, desc, pack, units, weight, dims, variants, pop in templates:
        for v in variants:
            n += rng.randint(1, 5)
            true_w = int(round(weight * rng.uniform(0.96, 1.04)))
            if weight <= COMMISSIONED_PAYLOAD_G:
                true_w = min(true_w, COMMISSIONED_PAYLOAD_G - 60)
            elif weight <= 3500:
                true_w = max(COMMISSIONED_PAYLOAD_G + 90, min(true_w, 3420))
            in_kg = rng.random() < kg_share
            l, w, h = (int(round(d * rng.uniform(0.97, 1.03))) for d in dims)
            l, w, h = (min(d, MAX_DIM_MM - 5) for d in (l, w, h))
            out.append({
                "sku_id": f"{client}-{n:04d}", "description": desc.replace("{v}", v).strip(),
                "client_id": client, "packaging": (packaging_map or {}).get(pack, pack), "units_per_pack": units,
                "weight_g": round(true_w / 1000.0, 2) if in_kg else true_w,
                "length_mm": l, "width_mm": w, "height_mm": h, "fragile": 0,
                "pop": FEED_POP * pop * math.exp(rng.gauss(0, 0.5)), "feed": True,
            })
    return out


def true_weight_g(s: dict) -> float:
    """What an item really weighs: the PIM feed's kilograms read as such (no item weighs under 20 g)."""
    w = float(s["weight_g"] or 0)
    return w * 1000.0 if w < 20 else w


SHRINK_CODES = {"SHRINK", "SHRINKWRAP", "FILM", "FILMWRAP", "SHRINKFILM"}


def is_shrink_multipack(s: dict) -> bool:
    code = "".join(ch for ch in str(s["packaging"] or "").upper() if ch.isalpha())
    return code in SHRINK_CODES and int(s["units_per_pack"] or 1) >= 2


def tool_of(s: dict) -> str:
    """Gripper tool the dual-tool head uses (variant with tool changers): bellows cup L or small cup S."""
    return "L" if s["weight_g"] > 900 or s["length_mm"] * s["width_mm"] > 24000 else "S"


# ----------------------------------------------------------------------------- parameters

def _p(params: dict, key: str, default: Any) -> Any:
    v = params.get(key, default)
    return default if v is None else v


def true_payloads(params: dict) -> dict[str, int]:
    spec = str(_p(params, "true_payload", "RC1:2000,RC2:2000,RC3:2000,RC4:2000"))
    out = {c: COMMISSIONED_PAYLOAD_G for c in CELLS}
    for part in spec.split(","):
        if ":" in part:
            k, v = part.split(":", 1)
            out[k.strip()] = int(v)
    return out


def _d(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


class Truth:
    """The physics of this variant's site at a date: what makes a robot cell stop, how long lines take."""

    def __init__(self, params: dict, when: str = "9999-12-31"):
        self.stop_class = str(_p(params, "stop_class", ""))
        self.payload = true_payloads(params)
        if when < str(_p(params, "payload_from", "2000-01-01")):
            self.payload = {c: COMMISSIONED_PAYLOAD_G for c in CELLS}
        tc_from = str(_p(params, "tool_change_from", "2000-01-01"))
        self.tool_change_s = float(_p(params, "tool_change_s", 0)) if when >= tc_from else 0.0
        # the agency picker missing on weekday late shifts of the production week (only the shift lead knows)
        self.absent = str(_p(params, "absent_station", "")) if when >= ABSENT_FROM else ""
        # cells locked out for whole days of the production week (variant; only H&S knows): "RC1@2026-03-17,..."
        self.outages: set[tuple[str, str]] = set()
        for part in str(_p(params, "cell_outages", "")).split(","):
            if "@" in part:
                cell, day = (x.strip() for x in part.split("@", 1))
                self.outages.add((cell, day))

    def staffed(self, sh: dict) -> set[str]:
        out = {x for x in str(sh["staffed_manual"] or "").split(",") if x}
        if self.absent and sh["shift_code"] == "L" and _d(sh["shift_date"]).weekday() < 5 \
                and sh["shift_date"] >= ABSENT_FROM:
            out.discard(self.absent)
        return out

    def cell_down(self, sh: dict, cell: str) -> bool:
        return (cell, sh["shift_date"]) in self.outages

    def overweight(self, s: dict, cell: str) -> bool:
        return true_weight_g(s) > self.payload.get(cell, COMMISSIONED_PAYLOAD_G)

    def hazard(self, s: dict, cell: str) -> float:
        hz = 0.0
        if self.overweight(s, cell):
            hz += OVERWEIGHT_HAZARD
        dims = (s["length_mm"], s["width_mm"], s["height_mm"])
        if max(dims) > MAX_DIM_MM or min(dims) < MIN_DIM_MM:
            hz += SIZE_HAZARD
        if self.stop_class == "shrink_multipack" and is_shrink_multipack(s):
            hz += SHRINK_HAZARD
        return hz

    def p_stop_parts(self, s: dict, cell: str, speed: float) -> tuple[float, float]:
        """(base stop probability, item hazard probability) for one line at this cell and speed."""
        g = math.exp((speed - VALIDATED_SPEED) / 8.0) if speed > VALIDATED_SPEED else 1.0
        h = (speed / VALIDATED_SPEED) ** 2
        return BASE_STOP_P * g, min(0.5, self.hazard(s, cell) * h)

    def p_stop(self, s: dict, cell: str, speed: float) -> float:
        a, b = self.p_stop_parts(s, cell, speed)
        return min(0.6, a + b)

    @staticmethod
    def p_mispick_robot(s: dict) -> float:
        p = ROBOT_MISPICK_P
        if s["packaging"] == "POLYBAG":
            p += POLYBAG_MISPICK_P
        if s["fragile"]:
            p += FRAGILE_DAMAGE_P
        return p


SHRINK_HAZARD = 0.012
ABSENT_FROM = "2026-03-16"


def collection_changes(params: dict) -> dict[tuple[str, str], str]:
    """Carrier collection times that differ in the production week from carrier_collections (variant; the
    WMS table is not updated): "ARD:E=09:00,ARD:L=17:00" -> {("ARD", "E"): "09:00", ...}."""
    out = {}
    for part in str(_p(params, "collection_changes", "")).split(","):
        if "=" in part and ":" in part.split("=", 1)[0]:
            key, t = part.split("=", 1)
            car, code = key.split(":", 1)
            out[(car.strip(), code.strip())] = t.strip()
    return out
