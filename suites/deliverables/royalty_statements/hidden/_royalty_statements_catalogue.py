"""The authors, agents, contracts and editions of each instance of royalty_statements, as the publisher's files
should know them, and the staff-held facts of the hard instance. `_royalty_statements_model.py` simulates the
half-year's sales from them and works out the statements the contracts give."""

from __future__ import annotations

COMPANY = "Kestrel Lane Books Ltd"
AGENCIES = {
    "TV": ("Thornbury & Vance Ltd", 15.0),
    "PH": ("Pym & Hale Associates", 15.0),
    "CL": ("Corvid Literary Agency", 15.0),
    "ML": ("Marlow Lane Agency", 12.5),
}

# royalty terms: bands are (copies in the band or None for "thereafter", rate %); rates of net receipts in %
STANDARD = {
    "hb": [(5000, 10.0), (5000, 12.5), (None, 15.0)],
    "pb": [(20000, 7.5), (None, 10.0)],
    "export": {"HB": 10.0, "PB": 7.5},
    "hd_threshold": 52.5,
    "hd": {"HB": 10.0, "PB": 6.0},
    "ebook": 25.0,
    "audio": 20.0,
    "sub": {"translation": 80.0, "serial": 90.0, "audio_licence": 50.0},
    "reserve": (20.0, 2),
}


def terms(**changes) -> dict:
    t = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in STANDARD.items()}
    t.update(changes)
    return t


OLDER = terms(
    pb=[(None, 7.5)],
    hd_threshold=55.0,
    hd={"HB": 10.0, "PB": 7.5},
    reserve=(15.0, 3),
    sub={"translation": 75.0, "serial": 90.0, "audio_licence": 50.0},
)
PBO = terms(hb=None, pb=[(10000, 7.5), (None, 10.0)], audio=25.0)  # a paperback original

# fmt: off
# Each contract: editions are (format, RRP, publication date, home copies a month, cumulative home copies sold at
# full royalty to 30 June 2026) for print; (format, units a month, price) for ebook (USD list) and audio (GBP net).
# advance: instalments (stage, amount, date paid); unearned: the advance still unearned at 30 June 2026.
BASE_CONTRACTS: list[dict] = [
    dict(cid="KL-2019-004", author="A0107", title="The Salt Orchard", signed="2019-03-12", terms=terms(),
         editions=[("HB", 18.99, "2020-04-02", 40, 9630), ("PB", 9.99, "2021-03-04", 540, 18480),
                   ("EB", 310, 8.99), ("AU", 120, 5.40)],
         advance=[("signature", 4000, "2019-03-20"), ("delivery", 4000, "2019-11-04"),
                  ("publication", 4000, "2020-04-02")],
         unearned=0.0, joint="KL-2024-017"),
    dict(cid="KL-2024-017", author="A0107", title="Winter Lamps", signed="2024-02-08", terms=terms(),
         editions=[("HB", 20.00, "2026-04-16", 610, 3420), ("EB", 420, 11.99), ("AU", 150, 6.80)],
         advance=[("signature", 10000, "2024-02-19"), ("delivery", 10000, "2025-07-01"),
                  ("publication", 10000, "2026-04-16")],
         unearned=24180.0, joint="KL-2019-004"),
    dict(cid="KL-2020-009", author="A0112", title="Glasshouse Weather", signed="2020-05-21", terms=terms(),
         editions=[("HB", 16.99, "2021-05-06", 25, 7010), ("PB", 8.99, "2022-04-07", 300, 14650), ("EB", 150, 6.99)],
         advance=[("signature", 3000, "2020-06-01"), ("publication", 3000, "2021-05-06")],
         unearned=0.0),
    dict(cid="KL-2023-005", author="A0112", title="The Cartographer's Daughter", signed="2023-01-17", terms=terms(),
         editions=[("HB", 18.99, "2025-09-11", 150, 4610), ("PB", 9.99, "2026-09-10", 420, 0),
                   ("EB", 210, 9.99)],
         advance=[("signature", 7500, "2023-01-30"), ("delivery", 7500, "2024-10-14"),
                  ("publication", 7500, "2025-09-11")],
         unearned=13920.0),
    dict(cid="KL-2021-006", author="A0118", title="Counting Rooks", signed="2021-06-03", terms=terms(),
         amended={"date": "2026-03-16", "from": "2026-04-01", "pb": [(None, 8.5)]},
         editions=[("PB", 9.99, "2022-02-03", 460, 16720), ("EB", 260, 7.99)],
         advance=[("signature", 5000, "2021-06-14"), ("publication", 5000, "2022-02-03")],
         unearned=0.0),
    dict(cid="KL-2018-002", author="A0121", title="Ironbridge", signed="2018-01-22", terms=OLDER,
         editions=[("HB", 16.99, "2018-10-04", 6, 3905), ("PB", 8.99, "2019-09-05", 140, 12290), ("EB", 60, 5.99)],
         advance=[("signature", 2500, "2018-02-01"), ("publication", 2500, "2018-10-04")],
         unearned=0.0),
    dict(cid="KL-2022-014", author="A0125", title="Small Hours", signed="2022-03-09", terms=PBO,
         editions=[("PB", 9.99, "2023-05-04", 720, 23860), ("EB", 520, 7.99), ("AU", 180, 5.10)],
         advance=[("signature", 6000, "2022-03-21"), ("publication", 6000, "2023-05-04")],
         unearned=0.0),
    dict(cid="KL-2025-003", author="A0131", title="The Long Field", signed="2025-01-28", terms=terms(),
         editions=[("HB", 18.99, "2026-09-03", 520, 0), ("EB", 300, 10.99), ("AU", 90, 6.20)],
         advance=[("signature", 6000, "2025-02-10"), ("delivery", 6000, "2026-02-23"),
                  ("publication", 6000, "2026-09-03")],
         unearned=12000.0),
    dict(cid="KL-2020-011", author="A0136", title="Paper Tigers", signed="2020-09-14",
         terms=terms(hd_threshold=55.0, hd={"HB": 10.0, "PB": 7.5}),
         editions=[("HB", 16.99, "2021-09-02", 30, 6480), ("PB", 8.99, "2022-08-04", 380, 15210), ("EB", 180, 6.99)],
         advance=[("signature", 4000, "2020-09-28"), ("publication", 4000, "2021-09-02")],
         unearned=0.0),
    dict(cid="KL-2022-008", author="A0140", title="North of Nowhere", signed="2022-06-27", terms=terms(audio=None),
         editions=[("PB", 9.99, "2023-06-01", 330, 11840), ("EB", 240, 7.49)],
         advance=[("signature", 3500, "2022-07-11"), ("publication", 3500, "2023-06-01")],
         unearned=0.0),
    dict(cid="KL-2023-010", author="A0144", title="The Quiet Year", signed="2023-04-05", terms=terms(),
         editions=[("HB", 16.99, "2024-03-07", 35, 5280), ("PB", 9.99, "2025-02-06", 260, 8120), ("EB", 140, 7.99)],
         advance=[("signature", 4500, "2023-04-17"), ("publication", 4500, "2024-03-07")],
         unearned=1840.0),
]

BASE_AUTHORS = [
    ("A0107", "Ruth Kessington", "TV"),
    ("A0112", "Tobias Wren", "PH"),
    ("A0118", "Maeve Ó Dálaigh", "CL"),
    ("A0121", "Samuel Okoro-Pratt", None),
    ("A0125", "Isla Rennard", "TV"),
    ("A0131", "Dev Malhotra", "ML"),
    ("A0136", "Clara Bellweather", "CL"),
    ("A0140", "Owen Tallis", "PH"),
    ("A0144", "Nora Ashdown", None),
]

# sub-rights deals: (ref, contract, right, licensee, territory, stage, currency, amount, co-agent, co-agent %,
# GBP received, date received (None: not yet received))
BASE_DEALS: list[tuple] = [
    ("SR-26-003", "KL-2019-004", "translation", "Edizioni Corallo", "Italian", "signature", "EUR", 4000.0,
     "Agenzia Bruni", 10.0, 3088.80, "2026-03-19"),
    ("SR-26-009", "KL-2021-006", "translation", "Edizioni Corallo", "Italian", "signature", "EUR", 3000.0,
     "Agenzia Bruni", 10.0, 2327.40, "2026-08-12"),
    ("SR-26-011", "KL-2022-014", "serial", "The Sunday Ledger", "UK first serial", "on publication of extract",
     "GBP", 2500.0, None, 0.0, 2500.00, "2026-09-28"),
    ("SR-26-012", "KL-2020-011", "translation", "Uitgeverij Duinroos", "Dutch", "signature", "EUR", 3500.0,
     "Agence Lemaire", 10.0, None, None),
    ("SR-26-014", "KL-2020-011", "translation", "Editorial Marea", "Spanish", "signature", "EUR", 2000.0,
     "Agence Lemaire", 10.0, 1551.60, "2027-01-14"),
    ("SR-26-015", "KL-2022-008", "audio_licence", "Brightwave Audio Ltd", "World English audio", "royalties H1",
     "GBP", 1186.42, None, 0.0, 1186.42, "2026-10-30"),
    ("SR-26-017", "KL-2019-004", "translation", "Wydawnictwo Sosna", "Polish", "signature", "EUR", 2500.0,
     "Agenzia Bruni", 10.0, 1935.00, "2026-11-24"),
]

BASE_SPECIAL = [
    # (order ref, date, customer, country, isbn key (cid, fmt), copies, discount %, note)
    ("SS-26-041", "2026-07-22", "Readers' Circle Book Club", "GB", ("KL-2022-014", "PB"), 1200, 65.0,
     "Club edition run-on, firm sale"),
    ("SS-26-047", "2026-09-08", "Hartwell Building Society", "GB", ("KL-2019-004", "PB"), 400, 35.0,
     "Staff gift scheme, firm sale"),
    ("SS-26-052", "2026-10-15", "Skyline Duty Free", "AE", ("KL-2024-017", "HB"), 300, 55.0, "Airport promotion"),
    ("SS-26-058", "2026-11-19", "Readers' Circle Book Club", "GB", ("KL-2021-006", "PB"), 800, 65.0,
     "Christmas catalogue, firm sale"),
]

# ------------------------------------------------------------------------------------------- the hard instance

# the hard instance's Winter Lamps account carries a little less unearned advance into the half-year, so that
# the joint account's reserve decides whether it pays out
HARD_CONTRACTS: list[dict] = [
    *({**c, "unearned": 22400.0} if c["cid"] == "KL-2024-017" else c for c in BASE_CONTRACTS),
    dict(cid="KL-2021-013", author="A0151", title="Hollow Crown Street", signed="2021-08-19", terms=PBO,
         editions=[("PB", 9.99, "2022-09-01", 410, 12960), ("EB", 640, 6.99), ("AU", 140, 5.60)],
         advance=[("signature", 5000, "2021-08-30"), ("publication", 5000, "2022-09-01")],
         unearned=0.0),
    dict(cid="KL-2019-015", author="A0156", title="The Drowned Bell", signed="2019-10-02", terms=terms(),
         editions=[("HB", 17.99, "2020-10-01", 20, 8820), ("PB", 9.99, "2021-09-02", 350, 20650), ("EB", 190, 7.49)],
         advance=[("signature", 4000, "2019-10-14"), ("publication", 4000, "2020-10-01")],
         unearned=0.0),
    dict(cid="KL-2024-002", author="A0160", title="Afterlight", signed="2024-01-11", terms=PBO,
         editions=[("PB", 9.99, "2026-06-18", 480, 410), ("EB", 230, 8.99)],
         advance=[("signature", 4000, "2024-01-22"), ("delivery", 4000, "2025-09-01"),
                  ("publication", 4000, "2026-06-18")],
         unearned=11580.0),
    dict(cid="KL-2020-018", author="A0163", title="Station Road", signed="2020-02-13", terms=OLDER,
         editions=[("PB", 8.99, "2021-01-07", 9, 4120), ("EB", 5, 4.99)],
         advance=[("signature", 1500, "2020-02-24"), ("publication", 1500, "2021-01-07")],
         unearned=1630.0),
    dict(cid="KL-2023-019", author="A0167", title="The Weight of Snow", signed="2023-06-08", terms=terms(),
         editions=[("HB", 18.99, "2025-01-09", 60, 5920), ("PB", 9.99, "2025-11-06", 380, 3610), ("EB", 350, 8.49),
                   ("AU", 110, 6.10)],
         advance=[("signature", 6000, "2023-06-19"), ("delivery", 6000, "2024-05-13"),
                  ("publication", 6000, "2025-01-09")],
         unearned=3260.0),
    dict(cid="KL-2022-020", author="A0170", title="Saltmarsh", signed="2022-11-03", terms=terms(),
         editions=[("PB", 9.99, "2023-10-05", 290, 9870), ("EB", 160, 7.99)],
         advance=[("signature", 3000, "2022-11-14"), ("publication", 3000, "2023-10-05")],
         unearned=0.0),
    dict(cid="KL-2024-021", author="A0156", title="Bell, Book and Candle", signed="2024-09-12", terms=terms(),
         editions=[("HB", 18.99, "2026-10-01", 330, 0), ("EB", 170, 10.99)],
         advance=[("signature", 5000, "2024-09-23"), ("publication", 5000, "2026-10-01")],
         unearned=5000.0),
]

HARD_AUTHORS = [
    *BASE_AUTHORS,
    ("A0151", "Priya Castellane", "PH"),
    ("A0156", "Gideon Farrier", "TV"),
    ("A0160", "Lucía Brennan", "CL"),
    ("A0163", "Marcus Ilori", None),
    ("A0167", "Hannah Vosper", "PH"),
    ("A0170", "Felix Aronsen", "PH"),
]

HARD_DEALS: list[tuple] = [
    *BASE_DEALS,
    ("SR-26-019", "KL-2019-015", "translation", "Haneul Media", "Korean", "signature", "USD", 5000.0, "Shinwon Agency",
     10.0, 3537.00, "2026-10-09"),
    ("SR-26-020", "KL-2022-020", "translation", "Haneul Media", "Korean", "signature", "USD", 4000.0, "Shinwon Agency",
     10.0, 2829.60, "2026-10-09"),
    ("SR-26-021", "KL-2019-004", "translation", "Haneul Media", "Korean", "signature", "USD", 6000.0, "Shinwon Agency",
     10.0, 4244.40, "2026-10-09"),
    ("SR-26-022", "KL-2022-014", "translation", "Haneul Media", "Korean", "signature", "USD", 4500.0, "Shinwon Agency",
     10.0, 3183.30, "2026-10-09"),
    ("SR-26-023", "KL-2021-013", "serial", "Harbour Weekly", "UK first serial", "on publication of extract", "GBP",
     1800.0, None, 0.0, 1800.00, "2026-08-20"),
]

HARD_SPECIAL = [
    *BASE_SPECIAL,
    ("SS-26-044", "2026-07-06", "Fenwick Stores plc", "GB", ("KL-2022-014", "PB"), 3000, 62.0,
     "Summer Reads promotion - see JW"),
    ("SS-26-045", "2026-07-06", "Fenwick Stores plc", "GB", ("KL-2021-006", "PB"), 2500, 62.0,
     "Summer Reads promotion - see JW"),
    ("SS-26-046", "2026-07-06", "Fenwick Stores plc", "GB", ("KL-2024-002", "PB"), 3500, 62.0,
     "Summer Reads promotion - see JW"),
    ("SS-26-048", "2026-07-06", "Fenwick Stores plc", "GB", ("KL-2020-011", "PB"), 2000, 62.0,
     "Summer Reads promotion - see JW"),
    ("SS-26-049", "2026-07-06", "Fenwick Stores plc", "GB", ("KL-2023-019", "PB"), 2000, 62.0,
     "Summer Reads promotion - see JW"),
]

# The staff's facts of the hard instance: in no input.
HARD_FACTS = {
    # the Summer Reads order was a consignment: only the copies Fenwick sold through by 31 December are sales
    "consignment": {"customer": "Fenwick Stores plc",
                    "refs": ["SS-26-044", "SS-26-045", "SS-26-046", "SS-26-048", "SS-26-049"],
                    "sold": {"SS-26-044": 1412, "SS-26-045": 968, "SS-26-046": 1655, "SS-26-048": 731,
                             "SS-26-049": 1104}},
    # Haneul Media withheld 10% Korean tax: what arrived is 90% of what the register books
    "withholding": {"licensee": "Haneul Media", "refs": ["SR-26-019", "SR-26-020", "SR-26-021", "SR-26-022"],
                    "rate": 10.0},
    # a side letter of September 2026: every Pym & Hale client's ebook royalty at 30% of net receipts from 1 July
    "side_letter": {"agency": "PH", "ebook": 30.0, "from": "2026-07-01", "dated": "2026-09-18"},
    # Lanyard Books went into administration; Pellham's credit note for its returned stock, dated 23 December,
    # was raised after the December report
    "lanyard_returns": {"note": "PCN-26-1207", "dated": "2026-12-23",
                        "copies": {("KL-2025-003", "HB"): 212, ("KL-2023-010", "PB"): 96, ("KL-2018-002", "PB"): 64,
                                   ("KL-2019-015", "PB"): 118, ("KL-2022-014", "PB"): 143,
                                   ("KL-2024-017", "HB"): 171}},
    # Editora Brisa paid four Brazilian signature advances on 18 December, before its countersigned contracts came
    # back; Finance held the money unallocated and the Rights Executive entered the deals in the register only on
    # 17 February, after she had sent her copy (the deals are in no input): the deal rows as the register holds them
    "late_receipts": {"entered": "2027-02-17", "deals": [
        ("SR-26-026", "KL-2021-006", "translation", "Editora Brisa", "Brazilian Portuguese", "signature", "USD",
         3500.0, "Agência Luzes", 10.0, 2484.41, "2026-12-18"),
        ("SR-26-027", "KL-2025-003", "translation", "Editora Brisa", "Brazilian Portuguese", "signature", "USD",
         5000.0, "Agência Luzes", 10.0, 3549.15, "2026-12-18"),
        ("SR-26-028", "KL-2024-002", "translation", "Editora Brisa", "Brazilian Portuguese", "signature", "USD",
         3000.0, "Agência Luzes", 10.0, 2129.49, "2026-12-18"),
        ("SR-26-029", "KL-2022-014", "translation", "Editora Brisa", "Brazilian Portuguese", "signature", "USD",
         6000.0, "Agência Luzes", 10.0, 4258.98, "2026-12-18"),
    ]},
    # the Production & Inventory Manager cleared the surplus first-printing hardbacks held at the printer's store to a
    # remainder dealer in November, invoiced by Kestrel Lane (never at Pellham, not on the special sales record):
    # (copies, price a copy); at that price the copies are sold in the home market far above the high-discount
    # threshold
    "remainders": {"dealer": "Marlowe Clearance Books Ltd", "invoice": "KLR-26-007", "dated": "2026-11-12",
                   "copies": {("KL-2020-011", "HB"): (1150, 1.25), ("KL-2019-015", "HB"): (980, 1.25),
                              ("KL-2018-002", "HB"): (640, 1.00), ("KL-2023-010", "HB"): (720, 1.25),
                              ("KL-2023-019", "HB"): (860, 1.50)}},
    # the Managing Director decided on 12 January 2027, after the agents' complaints at the autumn agents' meeting,
    # that no reserve against returns is withheld from the December 2026 statements on; June's are released as usual
    "reserve_policy": {"decided": "2027-01-12", "hold": 0.0},
}

# fmt: on

INSTANCES = {
    "base": {
        "seed": 2026_07,
        "contracts": BASE_CONTRACTS,
        "authors": BASE_AUTHORS,
        "deals": BASE_DEALS,
        "special": BASE_SPECIAL,
        "facts": {},
        "hard": False,
        "repeat": "2026-09",
        "agent_change": {"author": "A0136", "new": "Halden Rowe Literary"},
    },
    "full_list": {
        "seed": 2026_12,
        "contracts": HARD_CONTRACTS,
        "authors": HARD_AUTHORS,
        "deals": HARD_DEALS,
        "special": HARD_SPECIAL,
        "facts": HARD_FACTS,
        "hard": True,
        "repeat": "2026-08",
        "agent_change": {"author": "A0136", "new": "Halden Rowe Literary"},
        "lanyard_closed": "2026-12-14",
        "new_layout_from": "2026-10",
        "reversion": "KL-2020-018",
    },
}
