"""The reference's note to the managing director: the total payable and the larger statements, how the statements
were prepared, and what needs his decision or must be told to authors and agents. Each matter is one paragraph."""

from __future__ import annotations

import re
from pathlib import Path

MONTHS = {"07": "July", "08": "August", "09": "September", "10": "October", "11": "November", "12": "December"}


def _gbp(x: float) -> str:
    return f"£{x:,.2f}"


def _repeated(data: dict) -> list[str]:
    """Pellham reports whose every line is in another report of the folder."""
    import _royalty_read as rd

    folder = Path("input/sales/pellham")
    keys = {}
    for path in sorted(folder.glob("*.csv")):
        keys[path.name] = {(x["doc"], x["isbn"], x["qty"]) for x in rd.read_pellham_file(path)}
    out = []
    names = sorted(keys)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if keys[a] and keys[a] == keys[b]:
                month = re.search(r"2026-(\d\d)", a).group(1)
                out.append(
                    f"Pellham's {MONTHS[month]} 2026 report (2026-{month}) is in the folder twice, as {a} and "
                    f"{b}, with the same lines: each line was counted once."
                )
    return out


def text(data: dict, st: dict, known: dict) -> str:
    led, contracts = data["ledger"], data["contracts"]
    authors = led["authors"]
    figs = st["authors"]
    lines = [
        "# Royalty statements for the half-year to 31 December 2026",
        "",
        "To: Dominic Achterberg, Managing Director",
        "",
        f"The statements pay {_gbp(st['total_payable_gbp'])} in total for July to December 2026. Payments go in full "
        "to whoever each agreement names: the agent where there is one (agents deduct their own commission), "
        "otherwise the author.",
        "",
        "| Author | Sales royalties | Sub-rights | Reserve held | Reserve released | Unearned advance | Payable |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for aid, f in sorted(figs.items(), key=lambda kv: -kv[1]["payable_gbp"]):
        lines.append(
            f"| {authors[aid]['name']} ({aid}) | {_gbp(f['sales_royalties_gbp'])} | {_gbp(f['subrights_gbp'])}"
            f" | {_gbp(f['reserve_held_gbp'])} | {_gbp(f['reserve_released_gbp'])} | "
            f"{_gbp(f['unearned_advance_gbp'])} | {_gbp(f['payable_gbp'])} |"
        )
    top = sorted(figs.items(), key=lambda kv: -kv[1]["payable_gbp"])[:3]
    lines += [
        "",
        "The larger statements: " + "; ".join(f"{authors[a]['name']} {_gbp(f['payable_gbp'])}" for a, f in top) + ".",
        "",
        "## How the figures were reached",
        "",
    ]
    paras = list(_repeated(data))
    irish = sorted({s["name"] for s in data["pellham"] if s["country"] == "IE"})
    paras.append(
        f"Pellham codes its Irish accounts ({', '.join(irish)}) as export, but the agreements define the home "
        "market as the United Kingdom and the Republic of Ireland, so Irish sales are home sales: on the "
        "recommended retail price, or at high discount where the discount reaches the agreement's threshold."
    )
    paras.append(
        "The special sales we invoice ourselves appear on Pellham's reports as nil-value despatches (DSP); "
        "those lines were left out and each order counted once, from the special sales record, at its own "
        "discount."
    )
    paras.append(
        "Escalators run on the cumulative copies sold at full royalty in the home market, carried forward "
        "from the ledger; high-discount and export copies do not count towards them. Home sales are on the "
        "recommended retail price; export, high-discount, ebook and audio sales on net receipts, ebooks at "
        "the sterling Inkstream's remittances brought."
    )
    for cid, c in contracts.items():
        if c.get("amended"):
            a = c["amended"]
            bands = ", ".join(f"{r:g}%" for _, r in a["bands"])
            title = next(t["title"] for t in led["titles"].values() if t["cid"] == cid)
            paras.append(
                f"{cid} ({title}): Amendment No. 1 supersedes the paperback royalty from "
                f"{a['from'].day} {a['from']:%B %Y}: {bands} of the recommended retail price on all copies."
            )
    for a in st["accounts"].values():
        if len(a["contracts"]) > 1:
            titles = [next(t["title"] for t in led["titles"].values() if t["cid"] == cid) for cid in a["contracts"]]
            paras.append(
                f"{authors[a['author']]['name']}'s agreements {' and '.join(a['contracts'])} "
                f"({' and '.join(titles)}) are accounted jointly, as the later agreement provides: the "
                f"royalties of both recoup both advances; {_gbp(a['unearned'])} remains unearned and "
                f"{_gbp(a['payable'])} is payable."
            )
    by_author: dict[str, list[dict]] = {}
    for a in st["accounts"].values():
        by_author.setdefault(a["author"], []).append(a)
    for aid, accs in by_author.items():
        if len(accs) > 1 and any(a["unearned"] > 0 for a in accs) and any(a["payable"] > 0 for a in accs):
            paying = [a for a in accs if a["payable"] > 0]
            owing = [a for a in accs if a["unearned"] > 0]
            paras.append(
                f"{authors[aid]['name']}: {', '.join(a['contracts'][0] for a in paying)} pays "
                f"{_gbp(sum(a['payable'] for a in paying))} while {', '.join(a['contracts'][0] for a in owing)} "
                f"still has {_gbp(sum(a['unearned'] for a in owing))} unearned. The agreements are not "
                "accounted jointly, so the unearned advance is not set against the other agreement's "
                "royalties; it is carried forward, not repayable."
            )
    for g in data["register"]:
        if g["received"] is None or g["received"].year > 2026:
            when = (
                f"received on {g['received'].day} {g['received']:%B %Y}, after the half-year"
                if g["received"]
                else "invoiced but not yet received"
            )
            paras.append(
                f"{g['ref']} ({g['title']}, {g['territory']}, {g['licensee']}): {when}, so it is not on "
                "these statements; the author's share goes on a later statement once the money is in."
            )
    held = sum(f["reserve_held_gbp"] for f in figs.values())
    released = sum(f["reserve_released_gbp"] for f in figs.values())
    if "reserve_policy" in known:
        paras.append(
            "Reserves against returns: no reserve is held on these statements, following your decision of 12 "
            "January that we no longer withhold reserves (Miriam Coulthard); the "
            f"{_gbp(released)} held on the June statements is released."
        )
    else:
        paras.append(
            f"Reserves against returns: {_gbp(held)} held on the print editions still in their reserve periods, "
            f"and {_gbp(released)} held on the June statements released."
        )
    if known.get("late_receipts"):
        late = known["late_receipts"]
        titles = {t["cid"]: t["title"] for t in led["titles"].values()}
        deals = ", ".join(f"{ref} ({titles.get(g['cid'], g['cid'])}) {_gbp(g['gbp'])}" for ref, g in late.items())
        first = next(iter(late.values()))
        paras.append(
            f"{first['licensee']}'s {first['territory']} translation advances reached us on 18 December, before "
            f"the deals were entered in the rights register (Priyanka Dev): {deals}. They were received in the "
            "half-year, so the authors' shares are on these statements; the register should be reissued."
        )
    if known.get("remainders"):
        rem = known["remainders"]
        titles = {isbn: t["title"] for isbn, t in led["titles"].items()}
        sold = ", ".join(f"{titles[isbn]} hardback {n:,} copies at {_gbp(p)}" for isbn, (n, p) in rem.items())
        paras.append(
            "Surplus hardbacks held at the printer's store were remaindered in November and invoiced by us "
            f"(Carys Lloyd): {sold}. At those prices they are sold far above the high-discount threshold, so "
            "they are on the high-discount lines at the agreements' rate of the price received; the authors "
            "should be told that their hardbacks have been remaindered."
        )
    if known.get("consignment"):
        sold = ", ".join(f"{ref} {n:,} copies" for ref, n in known["consignment"].items())
        paras.append(
            f"Fenwick Stores plc's Summer Reads order was a consignment, not a firm sale (Jonah Whitlock): "
            f"only the copies sold through by 31 December count as sales ({sold}); the rest comes back."
        )
    if known.get("withholding"):
        refs = ", ".join(known["withholding"])
        paras.append(
            f"Haneul Media's Korean translation advances ({refs}) arrived net of 10% Korean withholding tax "
            "(Priyanka Dev): the authors' shares are on what we actually received, and the tax certificates "
            "should go to their agents so the authors can claim credit for the tax."
        )
    if known.get("side_letter"):
        paras.append(
            f"The side letter of September 2026 (Alasdair Kerr) raises every Pym & Hale client's ebook royalty "
            f"to {known['side_letter']['ebook']:g}% of net receipts from 1 July 2026; it is applied to their "
            "ebook lines and should be filed with the agreements."
        )
    if known.get("returns_credit"):
        n = sum(c for c, _ in known["returns_credit"]["copies"].values())
        paras.append(
            f"Lanyard Books went into administration in December; Pellham's credit note PCN-26-1207 of 23 "
            f"December for {n:,} returned copies came after the December report and is on these statements "
            "(Beatrice Oduya)."
        )
    lines += paras_to_md(paras)
    lines += ["", "## For your decision, or to tell authors and agents", ""]
    asks = []
    for path in sorted(Path("input/emails").glob("*.eml")):
        body = path.read_text(encoding="utf-8")
        m = re.search(r"I have left (.+?) and am now\s+represented by (.+?)\.", body, re.S)
        if m:
            who = re.search(r"^From: (.+?) <", body, re.M).group(1)
            asks.append(
                f"{who} has changed agents: she has left {m.group(1)} and is now represented by "
                f"{m.group(2)}. Her agreement directs payment to {m.group(1)}, who negotiated it and may "
                "claim its commission on it: please confirm in writing with her and both agencies where this "
                "statement and payment go before we pay."
            )
    for cid in contracts:
        h2 = sum(v[0] for k, v in st["lines"].items() if k[0] == cid and k[1])
        h1 = led["h1_units"].get(cid, 0)
        if h1 < 150 and h2 < 150:
            title = next(t["title"] for t in led["titles"].values() if t["cid"] == cid)
            name = authors[next(t["author"] for t in led["titles"].values() if t["cid"] == cid)]["name"]
            asks.append(
                f"{title} ({cid}, {name}) sold {h1} copies in the first half of 2026 and {h2} in the second, "
                "fewer than 150 in each of two consecutive periods: under clause 10 the author may give "
                "notice for the rights to revert. Please decide whether we reissue or promote it."
            )
    unearned = sorted(
        ((a["unearned"], authors[a["author"]]["name"], acc) for acc, a in st["accounts"].items() if a["unearned"] > 0),
        reverse=True,
    )
    if unearned:
        asks.append(
            "Advances still unearned at 31 December: "
            + "; ".join(f"{n} ({acc}) {_gbp(u)}" for u, n, acc in unearned)
            + "."
        )
    lines += paras_to_md(asks)
    return "\n".join(lines) + "\n"


def paras_to_md(paras: list[str]) -> list[str]:
    out = []
    for p in paras:
        out += [f"- {p}", ""]
    return out
