"""The right slide titles and JSON shape, with placeholder text where the numbers should be."""
import json

from pptx import Presentation

TITLES = ["Executive summary", "Revenue by business unit", "Gross margin and churn", "Cash position",
          "Quarter-over-quarter summary", "Key risks"]
prs = Presentation()
s = prs.slides.add_slide(prs.slide_layouts[0])
s.shapes.title.text = "Halvard Lab Systems — Board performance review"
s.placeholders[1].text = "Quarter: TBD"
for t in TITLES:
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.shapes.title.text = t
    s.placeholders[1].text = "TBD — figures to follow from FP&A"
prs.save("output/board_deck.pptx")
fields = ["revenue_eur_m", "revenue_prior_eur_m", "revenue_change_pct", "gross_margin_pct", "gross_margin_prior_pct",
          "churn_pct", "churn_prior_pct", "closing_cash_eur_m", "closing_cash_prior_eur_m"]
with open("output/figures.json", "w") as f:
    json.dump({"quarter": "TBD", "comparison_quarter": "TBD", "group": {k: 0.0 for k in fields},
               "business_units": [], "risks": []}, f, indent=2)
