"""Energy use per oven from the telemetry export: total and daily average kWh, per-site totals, and
ovens whose daily average is more than 25% above the fleet median.

On the April export it printed:

    Brackwater General Hospital: 1013.7 kWh
    Harrowgate Prison Catering: 2238.0 kWh
    Kestrel Schools Trust: 1125.6 kWh
    Linden Grill Group: 1178.4 kWh
    Orrin & Daughters Bakery: 1047.8 kWh
    Pellbrook Leisure Centres: 882.8 kWh
    Quayside Canteens: 757.5 kWh
    Saltmarsh Brewing Co: 1144.9 kWh
    Tidewell Hotels: 1614.1 kWh
    Wrenfield Garden Cafés: 1871.8 kWh
    fleet median 25.69 kWh/day
"""

import csv
import json
import statistics
import sys

data = json.load(open(sys.argv[1]))
ovens = [(o["serial"], o["site"], sum(o["kwh"]), sum(o["kwh"]) / len(o["kwh"])) for o in data["ovens"]]
median = statistics.median(avg for _s, _site, _t, avg in ovens)
with open("oven_energy.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["serial", "site", "total_kwh", "avg_kwh_per_day", "above_median_25pct"])
    for serial, site, total, avg in sorted(ovens):
        w.writerow([serial, site, f"{total:.1f}", f"{avg:.2f}", "yes" if avg > median + median / 4 else "no"])
sites = {}
for _serial, site, total, _avg in ovens:
    sites[site] = sites.get(site, 0) + total
for site, total in sorted(sites.items()):
    print(f"{site}: {total:.1f} kWh")
print(f"fleet median {median:.2f} kWh/day")
