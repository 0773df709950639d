"""Print-and-play proxy sheets: card faces at real card size, nine to a page, with cut marks (ReportLab).

The faces are the catalogue's own rendered card images (`cards.images.card_png`, cached on disk), so a proxy looks
like the card page. A card is 63 × 88 mm (the common trading-card size); three by three fit an A4 or a US Letter
page with room for the cut marks, which stand outside each card's corners so cutting removes them.
"""
from __future__ import annotations

import io
from typing import Iterable

from django.http import HttpResponse
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

from cards.catalogue import get_catalogue
from cards.images import card_png  # the one renderer and its disk cache, as served at /cards/<slug>/image.png

CARD_W, CARD_H = 63 * mm, 88 * mm
PER_ROW, PER_COLUMN = 3, 3
PER_PAGE = PER_ROW * PER_COLUMN
PAPERS = {"a4": A4, "letter": LETTER}
MARK = 3 * mm     # length of a cut mark
GAP = 1 * mm      # between a card's edge and its cut mark


def proxy_pdf(faces: Iterable[bytes], *, paper: str = "a4", title: str = "Proxies") -> bytes:
    """Lay out PNG card faces, in order, nine to a page, centred, with cut marks; return the PDF's bytes."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}")
    width, height = PAPERS[paper]
    left = (width - PER_ROW * CARD_W) / 2
    top = (height + PER_COLUMN * CARD_H) / 2
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(width, height), pageCompression=1)
    pdf.setTitle(title)
    pdf.setCreator("Cataclysm Codex")
    readers: dict[int, ImageReader] = {}   # one embedded image per distinct face, reused for every copy
    count = 0
    for face in faces:
        slot = count % PER_PAGE
        if slot == 0 and count:
            pdf.showPage()
        x = left + (slot % PER_ROW) * CARD_W
        y = top - (slot // PER_ROW + 1) * CARD_H
        reader = readers.setdefault(id(face), ImageReader(io.BytesIO(face)))
        pdf.drawImage(reader, x, y, CARD_W, CARD_H)
        _cut_marks(pdf, x, y)
        count += 1
    if count == 0:
        raise ValueError("no card to print")
    pdf.showPage()
    pdf.save()
    return out.getvalue()


def _cut_marks(pdf: canvas.Canvas, x: float, y: float) -> None:
    """Short lines on the lines of the card's edges, just outside each corner."""
    pdf.setLineWidth(0.3)
    for cx in (x, x + CARD_W):
        for cy, direction in ((y, -1), (y + CARD_H, 1)):
            pdf.line(cx, cy + direction * GAP, cx, cy + direction * (GAP + MARK))
    for cy in (y, y + CARD_H):
        for cx, direction in ((x, -1), (x + CARD_W, 1)):
            pdf.line(cx + direction * GAP, cy, cx + direction * (GAP + MARK), cy)


def card_faces(cards: Iterable) -> list[bytes]:
    """The rendered face (PNG) of each catalogue card, in order; a card printed twice shares one image."""
    catalogue = get_catalogue()
    faces: dict[str, bytes] = {}
    out = []
    for card in cards:
        if card.slug not in faces:
            faces[card.slug] = card_png(card, catalogue, "full")
        out.append(faces[card.slug])
    return out


def paper_of(value: str | None) -> str:
    """The paper a request asks for (A4 unless told); ValueError for one we do not print on."""
    paper = (value or "a4").lower()
    if paper not in PAPERS:
        raise ValueError(f"Paper is one of: {', '.join(PAPERS)} (got '{value}').")
    return paper


def pdf_response(pdf: bytes, filename: str) -> HttpResponse:
    """The PDF as a download named `filename`."""
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
