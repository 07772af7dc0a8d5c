"""Shift planner of the Brackwater cell scheduler (extended).

For one picking shift it decides, for every order line, which station picks it (robot cell RC1-RC4 or a
staffed manual station) and in which position of that station's queue.

1. Batches. Lines are grouped into pick batches that share a source bin:
   - objective "cutoff": one batch per SKU and pick deadline; batches ordered by pick deadline, then first
     come first served (the earliest order in the batch);
   - objective "pph": one batch per SKU for the whole shift, in pick-path (SKU location) order.
2. Stations. Each batch goes to the least-loaded robot cell that may pick its SKU (see `eligible`; limits can
   be set per cell) if that cell's planned load stays within `robot_plan_min`; otherwise to the least-loaded
   staffed manual station.
3. Cup sequencing (optional, `sequence_within_deadline` = "cup"): within each run of batches with the same
   pick deadline, a cell's queue is grouped by the gripper cup the cell will use (`cup_rule`), alternating
   the order between runs, so the tool changer changes cups a few times a shift instead of every other batch.

Configuration keys beyond the original ones (all optional; absent = original behaviour):
  weight_kg_below           20     a weight_g under this is the PIM feed's kilograms (x 1000)
  cell_payload_limit_g      {"RC1": 3500, ...}  payload limit per cell (default payload_limit_g)
  robot_exclusions          [{"packaging": ["SHRINK", "FILM"], "min_units_per_pack": 2}, ...]  never on a
                            robot cell; packaging codes compare on their letters only (Shrink-wrap = SHRINKWRAP)
  manual_absent             (read by scheduler.py) stations without a picker, see staffed_for() there
  collection_changes        (read by scheduler.py) carriers' collection times from a date, see collection_time()
  cell_outages              (read by scheduler.py) cells out of service on a date, passed here as cells_down
  robot_excluded_skus       ["PWH-1034", ...]                                        never on a robot cell
  robot_cells_enabled       true
  sequence_within_deadline  "fcfs" | "cup"
  cup_rule                  {"large_cup_over_g": 900, "large_cup_face_mm2": 24000}
"""

CELLS = ["RC1", "RC2", "RC3", "RC4"]


def weight_g(sku, cfg):
    w = float(sku["weight_g"] or 0)
    below = cfg.get("weight_kg_below")
    return w * 1000.0 if below and w < below else w


def pack_code(text):
    return "".join(ch for ch in str(text or "").upper() if ch.isalpha())



def payload_limit(cfg, cell=None):
    per_cell = cfg.get("cell_payload_limit_g") or {}
    if cell is not None and cell in per_cell:
        return per_cell[cell]
    return cfg["payload_limit_g"]


def excluded(sku, cfg):
    if sku["sku_id"] in set(cfg.get("robot_excluded_skus") or []):
        return True
    for rule in cfg.get("robot_exclusions") or []:
        codes = rule.get("packaging") or []
        codes = {pack_code(c) for c in ([codes] if isinstance(codes, str) else codes)}
        if codes and pack_code(sku["packaging"]) not in codes:
            continue
        if int(sku["units_per_pack"] or 1) < int(rule.get("min_units_per_pack", 1)):
            continue
        return True
    return False


def eligible(sku, cfg, cell=None):
    """Can this robot cell (or, without a cell, the commissioned envelope) pick this SKU?"""
    if not cfg.get("robot_cells_enabled", True):
        return False
    if cell is not None and cell in (cfg.get("cells_down") or []):
        return False
    dims = (sku["length_mm"], sku["width_mm"], sku["height_mm"])
    if weight_g(sku, cfg) > payload_limit(cfg, cell):
        return False
    if max(dims) > cfg["max_dimension_mm"] or min(dims) < cfg["min_dimension_mm"]:
        return False
    if cfg.get("exclude_fragile", True) and sku["fragile"]:
        return False
    if sku["packaging"] in (cfg.get("excluded_packaging") or []):
        return False
    if excluded(sku, cfg):
        return False
    return True


def cup(sku, cfg):
    rule = cfg.get("cup_rule") or {}
    big_g = rule.get("large_cup_over_g", 900)
    big_face = rule.get("large_cup_face_mm2", 24000)
    return "L" if weight_g(sku, cfg) > big_g or sku["length_mm"] * sku["width_mm"] > big_face else "S"


def std_times(cfg):
    st = cfg["std_times_s"]
    speed = float(cfg["speed_pct"])
    return {
        "robot_line": st["present_new"] + st["robot_motion_at_85"] * 85.0 / speed,
        "robot_unit": st["robot_extra_unit_at_85"] * 85.0 / speed,
        "manual_line": st["present_new"] + st["manual_pick"],
        "manual_unit": st["manual_extra_unit"],
        "same_bin_saving": st["present_new"] - st["present_same"],
    }


def make_batches(lines, objective):
    groups = {}
    for ln in lines:
        key = (ln["sku_id"],) if objective == "pph" else (ln["deadline_min"], ln["sku_id"])
        groups.setdefault(key, []).append(ln)
    batches = [sorted(g, key=lambda ln: (ln["deadline_min"], ln["order_id"], ln["line_no"])) for g in groups.values()]
    if objective == "pph":
        batches.sort(key=lambda b: b[0]["sku_id"])
    else:
        batches.sort(key=lambda b: (b[0]["deadline_min"], b[0]["order_id"], b[0]["sku_id"]))
    return batches


def _cup_sequence(queue, skus, cfg):
    out, run, flip = [], [], False

    def flush():
        nonlocal flip
        order = ("L", "S") if flip else ("S", "L")
        for c in order:
            out.extend(ln for ln in run if cup(skus[ln["sku_id"]], cfg) == c)
        if run:
            flip = not flip

    for ln in queue:
        if run and ln["deadline_min"] != run[-1]["deadline_min"]:
            flush()
            run = []
        run.append(ln)
    flush()
    return out


def plan_shift(lines, skus, cfg, staffed_manual):
    """Returns {station_id: [line dicts in queue order]} and {station_id: planned seconds}."""
    t = std_times(cfg)
    stations = CELLS + list(staffed_manual)
    load = {s: 0.0 for s in stations}
    queues = {s: [] for s in stations}
    robot_cap = cfg["robot_plan_min"] * 60.0
    for batch in make_batches(lines, cfg["objective"]):
        sku = skus[batch[0]["sku_id"]]
        n = len(batch)
        extra_units = sum(ln["qty"] - 1 for ln in batch)
        cells = [c for c in CELLS if eligible(sku, cfg, c)]
        if cells:
            need = n * t["robot_line"] + extra_units * t["robot_unit"] - (n - 1) * t["same_bin_saving"]
            cell = min(cells, key=lambda s: (load[s], s))
            if load[cell] + need <= robot_cap:
                load[cell] += need
                queues[cell].extend(batch)
                continue
        need = n * t["manual_line"] + extra_units * t["manual_unit"] - (n - 1) * t["same_bin_saving"]
        station = min(staffed_manual, key=lambda s: (load[s], s))
        load[station] += need
        queues[station].extend(batch)
    if cfg.get("sequence_within_deadline", "fcfs") == "cup":
        for c in CELLS:
            queues[c] = _cup_sequence(queues[c], skus, cfg)
    return queues, load


def cell_recipe(cfg, cell):
    """The recipe the WCS downloads to a robot cell for the shift."""
    return {
        "speed_pct": cfg["speed_pct"],
        "payload_limit_g": payload_limit(cfg, cell),
        "restart_mode": cfg["restart_mode"],
        "drop_detection": "true" if cfg["drop_detection"] else "false",
    }
