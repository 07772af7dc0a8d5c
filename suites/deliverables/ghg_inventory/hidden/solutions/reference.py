"""Reference: net sales per region, each order once, cancelled orders out, refunds netted, regions mapped."""
import csv
import sys
from collections import defaultdict
from decimal import Decimal

sys.path.insert(0, "/solution")  # the kit (worktrial_kit), also for scripts in shortcuts/

import worktrial_kit as kit  # noqa: E402


def amount(text: str) -> Decimal:
    return Decimal(text.replace("EUR", "").replace("€", "").replace(",", "").strip() or "0")


def main() -> int:
    with open("input/regions.csv", newline="", encoding="utf-8") as f:
        names = {}
        for row in csv.DictReader(f):
            for alias in [row["region"], *row["aliases"].split("|")]:
                names[" ".join(alias.split()).lower()] = row["region"]
    latest: dict[str, dict] = {}
    with open("input/orders_2026-02.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            latest[row["order_id"].strip()] = row  # the export repeats orders; the last line is the current one
    net: dict[str, Decimal] = defaultdict(Decimal)
    orders: dict[str, int] = defaultdict(int)
    for row in latest.values():
        region = names[" ".join(row["region"].split()).lower()]
        status = row["status"].strip().lower()
        if status == "cancelled":
            continue
        orders[region] += 1
        if status != "refunded":
            net[region] += amount(row["amount"])
    regions = sorted(set(names.values()))
    kit.write_csv("output/region_totals.csv", ["region", "net_sales_eur", "orders"],
                  [{"region": r, "net_sales_eur": f"{net[r]:.2f}", "orders": orders[r]} for r in regions])
    kit.write_json("output/summary.json", {"month": "2026-02", "net_sales_eur": float(sum(net.values())),
                                           "orders": sum(orders.values())})
    return 0


if __name__ == "__main__":
    sys.exit(main())
