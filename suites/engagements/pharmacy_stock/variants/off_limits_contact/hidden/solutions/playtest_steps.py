"""The first questions the shortcuts that follow the blind playtests share: the scope from the sponsor with the
cost of February's stock-outs, then Medway's deliveries, the respiratory surge and next month's ward changes, each
put to its owner with the figures the history shows."""

import worktrial_kit as kit


def ask_first_round() -> None:
    kit.ask(
        "fiona",
        "Fiona, the stock-outs come from what the par review is fed, not from par levels that are too low: lines "
        "whose product code changed when they moved to Medway lost their usage history, and Medway's deliveries "
        "take longer than the rules assume. In February that cost us GBP 23,700 in emergency purchases, "
        "couriers and write-offs. May I fix the par review job itself?",
    )
    kit.ask(
        "priya",
        "Priya, Medway's lines keep running out at the store: 143 emergency purchases of Medway products in "
        "February, although the rules give them 2 days to deliver. Are their deliveries taking longer?",
    )
    kit.ask(
        "sunil",
        "Sunil, salbutamol use on Ward 7 rose from 7.1 packs a day in December to 11.0 in February - up 55 % - "
        "and on Ward 9 it has doubled. Is this the respiratory surge, and what should we plan on for March?",
    )
    kit.ask("bev", "Bev, is anything changing on the wards next month that the par review should know about?")
