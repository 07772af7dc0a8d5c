"""Shift planner of the Brackwater cell scheduler.

For one picking shift it decides, for every order line, which station picks it (robot cell RC1-RC4 or a
staffed manual station) and in which position of that station's queue.

1. Batches. Lines are grouped into pick batches that share a source bin:
   - objective "cutoff": one batch per SKU and pick deadline; batches ordered by pick deadline, then first
     come first served (the earliest order in the batch);
   - objective "pph": one batch per SKU for the whole shift, in pick-path order (SKU location order), which
     maximises picks per hour.
   The pick deadline of a line is its carrier's collection time for the shift minus the pack buffer.
2. Stations. Each batch goes to the least-loaded robot cell if its SKU is robot-eligible (payload, size,
   fragile, excluded packaging - see `eligible`) and the cell's planned load stays within `robot_plan_min`;
   otherwise to the least-loaded staffed manual station.
3. Planned load uses the engineered standard times in config (`std_times_s`).

Everything here is deterministic: the same data and config always give the same plan.
"""

CELLS = ["RC1", "RC2", "RC3", "RC4"]


def eligible(sku, cfg):
    """Can a robot cell pick this SKU? (commissioning spec section 4 / config)."""
    dims = (sku["length_mm"], sku["width_mm"], sku["height_mm"])
    if sku["weight_g"] > cfg["payload_limit_g"]:
        return False
    if max(dims) > cfg["max_dimension_mm"] or min(dims) < cfg["min_dimension_mm"]:
        return False
    if cfg.get("exclude_fragile", True) and sku["fragile"]:
        return False
    if sku["packaging"] in (cfg.get("excluded_packaging") or []):
        return False
    return True


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
    """lines: dicts with line_id, order_id, line_no, sku_id, qty, deadline_min."""
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
        if eligible(sku, cfg):
            need = n * t["robot_line"] + extra_units * t["robot_unit"] - (n - 1) * t["same_bin_saving"]
            cell = min(CELLS, key=lambda s: (load[s], s))
            if load[cell] + need <= robot_cap:
                load[cell] += need
                queues[cell].extend(batch)
                continue
        need = n * t["manual_line"] + extra_units * t["manual_unit"] - (n - 1) * t["same_bin_saving"]
        station = min(staffed_manual, key=lambda s: (load[s], s))
        load[station] += need
        queues[station].extend(batch)
    return queues, load


def cell_recipe(cfg, cell):
    """The recipe the WCS downloads to a robot cell for the shift."""
    return {
        "speed_pct": cfg["speed_pct"],
        "payload_limit_g": cfg["payload_limit_g"],
        "restart_mode": cfg["restart_mode"],
        "drop_detection": "true" if cfg["drop_detection"] else "false",
    }
