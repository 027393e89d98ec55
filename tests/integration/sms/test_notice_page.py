"""The public notice page /n/<id>: the party's own violations only, EXIF-free previews, no oracle, expiry."""

from __future__ import annotations

import datetime as dt
import re
import uuid

import pytest

from backend.audit import acting_as
from backend.extensions import db
from backend.models import Violation
from backend.models.sms import ShortLink
from backend.services.photo_files import photo_store
from media.keys import derivative_key
from tests.integration.sms.conftest import (
    evidence_photos,
    link_of,
    new_violation,
    notifications,
    photo,
    send_notice,
)


@pytest.fixture
def notice(app, client, world, agent):
    """A violation of Cedar Brook Homes with two photos (the second not for public), texted with its link."""
    violation = new_violation(client, agent, description="Silt fence down <b>along</b> lots 4-6")
    evidence = evidence_photos(client, agent, violation["id"], count=2, not_for_public=(1,))
    send_notice(client, agent, violation["id"])
    link = link_of(notifications("sms")[0])
    return {"violation": violation, "evidence": evidence, "link": link.id}


def page(client, link_id, **query):
    return client.get(f"/n/{link_id}", query_string=query)


def test_the_page_is_in_the_partys_language_with_the_bylaws_words_and_private_headers(client, notice):
    resp = page(client, notice["link"])
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    assert (
        resp.headers["X-Robots-Tag"].startswith("noindex")
        and resp.headers["Referrer-Policy"] == "no-referrer"
    )
    assert resp.headers["Cache-Control"] == "private, no-store"
    assert '<meta name="robots" content="noindex' in html and '<html lang="es">' in html
    assert "Infracciones" in html and "copia de cortesía" in html
    assert "reglamento de Carver § 247-7B(7)" in html and "~§" not in html  # cited as people write it
    assert "Install and maintain all erosion and sediment control measures" in html  # the rule pack's quote
    assert "Silt fence down &lt;b&gt;along&lt;/b&gt; lots 4-6" in html  # escaped, never markup
    assert "Carver Planning Board" in html and "tel:+15088663400" in html


def test_the_page_needs_no_script_and_no_other_site(client, notice):
    html = page(client, notice["link"]).get_data(as_text=True)
    assert "<script" not in html
    assert not [
        u for u in re.findall(r'(?:src|href|action)="([^"]+)"', html) if not u.startswith(("/n/", "tel:"))
    ]
    with client.get("/n/static/notice.css") as css:
        assert css.status_code == 200 and css.mimetype == "text/css"


def test_a_reader_may_switch_to_one_of_the_three_languages(client, notice):
    assert "Violations" in page(client, notice["link"], lang="en").get_data(as_text=True)
    assert "Infrações" in page(client, notice["link"], lang="pt").get_data(as_text=True)
    assert "Infracciones" in page(client, notice["link"], lang="fr").get_data(as_text=True)


def test_only_public_photos_are_shown_as_exif_free_derivatives_addressed_by_position(client, notice):
    html = page(client, notice["link"]).get_data(as_text=True)
    assert "/photo/1/thumb" in html and "/photo/2/" not in html
    assert not any(pid in html for pid in notice["evidence"].photo_ids)
    public = photo(notice["evidence"].photo_ids[0])
    resp = client.get(f"/n/{notice['link']}/photo/1/preview")
    assert resp.status_code == 200 and resp.mimetype == "image/jpeg"
    assert resp.data == photo_store().get(derivative_key("carver", public.sha256, "preview.jpg"))
    assert b"Exif" not in resp.data[:4096] and resp.headers["Cache-Control"] == "private, no-store"


def _gone(resp):
    assert resp.status_code == 404
    return resp.get_data()


def test_unknown_malformed_and_neighbouring_ids_all_get_the_same_404(client, notice):
    link_id = notice["link"]
    neighbour = link_id[:-1] + ("A" if link_id[-1] != "A" else "B")
    bodies = {
        _gone(page(client, other))
        for other in (
            neighbour,
            link_id.lower() if link_id.lower() != link_id else link_id.upper(),
            "x" * 10,
            "short",
            link_id + "0",
            "abc.def.gh",
            "%C3%A9" * 10,
        )
    }
    assert len(bodies) == 1 and b"no es v\xc3\xa1lido" in bodies.pop()


def test_nothing_else_of_the_town_is_reachable_through_a_link(client, world, notice):
    link_id = notice["link"]
    upton = world.headers("upton", "agent")
    foreign = new_violation(
        client,
        upton,
        site_name="Mechanic St",
        offender="Mechanic Street Realty Trust",
        chapter="UPTON-280",
        provision="UPTON-280-ZONE-100FT",
    )
    foreign_photo = evidence_photos(client, upton, foreign["id"], count=1).photo_ids[0]
    reference = _gone(page(client, "Zz" * 5))
    for path in (
        f"/n/{link_id}/photo/2/preview",
        f"/n/{link_id}/photo/0/thumb",
        f"/n/{link_id}/photo/3/preview",
        f"/n/{link_id}/photo/1/original",
        f"/n/{link_id}/photo/{foreign_photo}/preview",
        f"/n/{link_id}/photo/{notice['evidence'].photo_ids[1]}/preview",
    ):
        resp = client.get(path)
        assert resp.status_code == 404, path
        if resp.mimetype == "text/html":
            assert resp.get_data() == reference
    other_mine = new_violation(
        client, world.headers("carver", "agent"), description="Dust blowing onto Route 58"
    )
    html = page(client, link_id).get_data(as_text=True)
    assert "Dust blowing" not in html and other_mine["id"] not in html and "Mechanic" not in html


def test_an_open_violations_link_never_expires_and_a_closed_one_lasts_thirty_days(app, client, world, agent,
                                                                                  notice):
    link = db.session.get(ShortLink, notice["link"])
    assert link.expires_at is None
    v = notice["violation"]
    assert (
        client.post(
            f"/api/v1/violations/{v['id']}/transition", headers=agent, json={"to": "corrected"}
        ).status_code
        == 200
    )
    db.session.expire_all()
    assert db.session.get(ShortLink, notice["link"]).expires_at is None
    planning_board = world.headers("carver", "board_member", "planning")  # CARVER-247: the Board, by vote
    resp = client.post(f"/api/v1/violations/{v['id']}/transition", headers=planning_board,
                       json={"to": "closed", "authorization": {"vote": {"yes": 3}}})
    assert resp.status_code == 200, resp.json
    db.session.expire_all()
    closed_at = db.session.get(Violation, uuid.UUID(v["id"])).closed_at
    assert db.session.get(ShortLink, notice["link"]).expires_at == closed_at + dt.timedelta(days=30)
    app.extensions["clock"].at = closed_at + dt.timedelta(days=29, hours=23)
    assert page(client, notice["link"]).status_code == 200
    app.extensions["clock"].at = closed_at + dt.timedelta(days=30)
    assert _gone(page(client, notice["link"])) == _gone(page(client, "Zz" * 5))


def test_correcting_a_violation_texts_the_permittee_with_the_cases_one_link(client, agent, notice):
    client.post(
        f"/api/v1/violations/{notice['violation']['id']}/transition", headers=agent, json={"to": "corrected"}
    )
    [corrected] = notifications("sms", "sms.violation_corrected")
    assert "consta como corregida el 6 abr 2026" in corrected.payload["text"]
    assert link_of(corrected).id == notice["link"]  # the same URL as the violation notice's: one per case
    assert notice["link"] in corrected.payload["text"]


def test_a_revoked_link_answers_like_an_unknown_one_and_only_its_town_may_revoke_it(client, world, notice):
    link_id = notice["link"]
    upton_board = world.headers("upton", "board_member")
    resp = client.post(
        f"/api/v1/sms/links/{link_id}/revoke", headers=upton_board, json={"reason": "wrong town"}
    )
    assert resp.status_code == 404 and page(client, link_id).status_code == 200
    board = world.headers("carver", "board_member", "planning")
    assert client.post(f"/api/v1/sms/links/{link_id}/revoke", headers=board, json={}).status_code == 422
    resp = client.post(
        f"/api/v1/sms/links/{link_id}/revoke", headers=board, json={"reason": "sent to a wrong number"}
    )
    assert resp.status_code == 200 and resp.json["revoked_reason"] == "sent to a wrong number"
    assert _gone(page(client, link_id)) == _gone(page(client, "Zz" * 5))
    assert client.get(f"/n/{link_id}/photo/1/thumb").status_code == 404


def test_lookups_are_rate_limited_per_address(app, client, notice, monkeypatch):
    monkeypatch.setitem(app.config["SETTINGS"].extra, "notice_rate_limit", "5 per minute")
    codes = [page(client, notice["link"] if n % 2 else "Zz" * 5).status_code for n in range(7)]
    assert codes[:5] == [404, 200, 404, 200, 404] and codes[5:] == [429, 429]


def test_a_link_of_a_deleted_party_or_other_town_record_opens_nothing(client, notice):
    with acting_as("test:tamper"):
        link = db.session.get(ShortLink, notice["link"])
        link.violation_ids = [str(uuid.uuid4())]
        db.session.commit()
    html = page(client, notice["link"]).get_data(as_text=True)
    assert "Silt fence" not in html and "/photo/1/" not in html
