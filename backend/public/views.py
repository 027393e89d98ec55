"""Views of the public notice page: parse the request, call one service function, render HTML."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template, request

from backend.audit import acting_as
from backend.clock import now
from backend.extensions import db, limiter
from backend.public import notice as service
from backend.public.i18n import LANGUAGES, MESSAGES, Phrase, Words
from backend.public.submit import MAX_PHOTOS, FormError, csrf_token, csrf_valid, parse, record
from backend.services.photo_files import photo_store
from backend.sms import links
from inspections.calendar import local_date
from inspections.formats import format_date as shown_date
from media.errors import ObjectMissing
from media.keys import derivative_key

bp = Blueprint("public_notice", __name__, url_prefix="/n", static_folder="static", static_url_path="/static")
HEADERS = {
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "private, no-store",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'self'; "
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}


def lookup_limit() -> str:
    return str(current_app.config["SETTINGS"].extra.get("notice_rate_limit", "30 per minute"))


def photo_limit() -> str:
    return str(current_app.config["SETTINGS"].extra.get("notice_photo_rate_limit", "120 per minute"))


@bp.after_request
def _private(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers[name] = value
    return response


def gone() -> tuple[str, int]:
    """The one answer for every id that does not open a notice: no oracle."""
    return render_template("notice/gone.html", words=[Words(lang)("gone") for lang in LANGUAGES]), 404


def _language() -> str | None:
    wanted = request.args.get("lang")
    return wanted if wanted in LANGUAGES else None


def _open(link_id: str) -> service.Notice | None:
    link = links.resolve(db.session, link_id, now())
    return service.load(db.session, link, _language()) if link is not None else None


def _page(
    notice: service.Notice,
    status: int = 200,
    errors: dict[str, str] | None = None,
    sent: dict[str, str] | None = None,
) -> tuple[str, int]:
    ctx = service.context(db.session, notice, len(service.public_photos(db.session, notice)))
    t = notice.words
    return render_template(
        "notice/page.html",
        **ctx,
        csrf=csrf_token(notice.link.id),
        errors={t(name): t.say(message) for name, message in (errors or {}).items()},
        sent=sent,
        max_photos=MAX_PHOTOS,
    ), status


@bp.get("/<link_id>")
@limiter.shared_limit(lookup_limit, scope="public-notice")
def notice_page(link_id: str):  # type: ignore[no-untyped-def]
    notice = _open(link_id)
    return gone() if notice is None else _page(notice)


@bp.get("/<link_id>/photo/<int:n>/<any(thumb, preview):size>")
@limiter.shared_limit(photo_limit, scope="public-notice-photo")
def notice_photo(link_id: str, n: int, size: str):  # type: ignore[no-untyped-def]
    """The n-th public photo of this notice, as its EXIF-free derivative (never the original)."""
    notice = _open(link_id)
    photos = service.public_photos(db.session, notice) if notice is not None else []
    if notice is None or not 1 <= n <= len(photos):
        return gone()
    try:
        data = photo_store().get(derivative_key(notice.town.slug, photos[n - 1].sha256, f"{size}.jpg"))
    except ObjectMissing:  # `flask media verify` reports it; the page just shows no picture
        return gone()
    return Response(data, mimetype="image/jpeg", headers={"X-Content-Type-Options": "nosniff"})


@bp.post("/<link_id>/submit")
@limiter.shared_limit(lookup_limit, scope="public-notice")
def notice_submit(link_id: str):  # type: ignore[no-untyped-def]
    """A report, a notice of an inspection event, or photos of the correction with "please re-inspect"."""
    notice = _open(link_id)
    if notice is None:
        return gone()
    if not csrf_valid(request.form.get("csrf"), notice.link.id):
        return _page(notice, 403, {"csrf": Phrase(MESSAGES["expired_form"])})
    try:
        parsed = parse(
            request.form, request.files, service.offered_kinds(db.session, notice), local_date(now())
        )
        with acting_as(f"party:{notice.party.id} (notice link {notice.link.id})"):
            sub = record(db.session, notice, parsed)
    except FormError as exc:
        db.session.rollback()
        return _page(notice, 422, exc.fields)
    received = notice.words(
        "received", date=shown_date(local_date(sub.received_at), notice.words.language), ref=str(sub.id)[:8]
    )
    return _page(notice, 201, sent={"text": received, "reinspect": sub.kind == "reinspection_request"})
