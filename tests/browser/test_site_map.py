"""The site map in the field: boundary, the bylaw's lines from the engine, the agent's live position and
photo pins, online and after a cold start with no signal; "measure to the line" with an answer and with an
indeterminate answer; the phone's measuring agrees with the engine's for the same points (CONV-DIST, ties
included, READ-DIST-TIE)."""
from __future__ import annotations

import random
import time
from decimal import Decimal

import pytest

from inspections.distance import round_accuracy_ft, round_ft
from tests.browser.phone import GRAVEL_PIT, assert_glove_sized
from tests.browser.records import PIT, photos_at_the_pit, site_and_permit, token, violation_at_the_pit
from tests.browser.steps import logged_in, open_site, start_inspection

pytestmark = pytest.mark.browser
PROPERTY_LINE = "50-ft undisturbed buffer along the property line (Carver earth removal bylaw)"


def _map_drawn(phone, pins: int) -> None:  # type: ignore[no-untyped-def]
    page = phone.page
    page.locator("#site-map .leaflet-overlay-pane path").first.wait_for()
    page.get_by_text("You are here").wait_for()
    assert page.locator("#site-map .leaflet-overlay-pane path").count() >= 6  # boundary, area, lines, you
    assert page.locator(".legend").get_by_text(PROPERTY_LINE).count() == 1
    assert page.locator("#site-map .pin").count() == pins


def test_the_site_map_shows_the_lines_position_and_photos_online_and_offline_after_a_cold_start(
        live, phones, proxy):
    violation_at_the_pit(live)
    photos_at_the_pit(live, [(100, 100), (101, 101), (-200, -150)])  # two within a tap target: one pin
    phone = logged_in(phones, live, "map", "agent")
    phone.ready_offline()
    loaded: list[str] = []
    phone.page.on("request", lambda r: loaded.append(r.url))
    open_site(phone)
    _map_drawn(phone, pins=2)
    assert phone.page.locator("#site-map .pin-many").inner_text() == "2"
    assert [u for u in loaded if u.endswith("/leaflet.js")], "the map library loads on the site page"
    phone.check_accessibility("site with map")
    assert_glove_sized(phone, "site map")  # zoom, layers, locate and pins included
    phone.page.get_by_role("button", name="Measure to the line").click()
    said = phone.page.locator("#measure-out").inner_text()
    headers = token(live, "carver", "agent")
    site, _ = site_and_permit(live, headers, PIT)
    fix = {"lat": GRAVEL_PIT["latitude"], "lon": GRAVEL_PIT["longitude"],
           "accuracy_m": GRAVEL_PIT["accuracy"]}
    engine = live.app.test_client().get(f"/api/v1/sites/{site['id']}/measure", headers=headers,
                                        query_string=fix).json
    assert said == engine["words"] and not engine["indeterminate"], (said, engine)
    phone.page.locator("#site-map").scroll_into_view_if_needed()
    phone.shot("11-site-map")
    url = phone.page.url
    phone.close()

    proxy.offline()
    went_offline = time.time()
    phone = phones.open("map", geolocation={**GRAVEL_PIT, "accuracy": 200})
    phone.page.goto(url)
    phone.heading(PIT)
    _map_drawn(phone, pins=2)
    phone.page.get_by_role("button", name="Measure to the line").click()
    said = phone.page.locator("#measure-out").inner_text()
    assert said.startswith("Indeterminate within ±656.2 ft of the "), said
    phone.shot("12-site-map-offline-indeterminate")
    assert not [s for s in proxy.seen("GET", "/") if s.at > went_offline and s.outcome == "forwarded"]


def test_the_phone_measures_to_the_line_as_the_engine_does_for_the_same_points_ties_included(live, phones):
    """READ-DIST-TIE: the phone rounds the decimal form half-even (50.15 -> 50.2, 30.05 -> 30.0) and the
    accuracy up, like round_ft and round_accuracy_ft; and for a grid of fixes around the pit, its answer
    (line, distance, side or indeterminate) is the engine's."""
    phone = logged_in(phones, live, "measure", "agent")
    phone.heading("Today")
    rng = random.Random(20)
    values = [50.15, 30.05, 0.05, 0.15, 0.25, 99.95, 123.45, 1e-7, 0.0, 50.149999999, 65.05, 100.05, 200.25]
    values += [rng.randrange(0, 400_000) / 1000 for _ in range(300)]  # three decimals: many exact ties
    values += [rng.uniform(0, 500) for _ in range(300)]
    phone_rounded = phone.page.evaluate("""async (values) => {
        const { roundTenth } = await import('/static/app/js/lines.js');
        return values.map((v) => [roundTenth(v), roundTenth(v, 'ceiling')]);
    }""", values)
    assert phone_rounded == [[str(round_ft(v)), str(round_accuracy_ft(v))] for v in values]
    assert phone_rounded[0][0] == "50.2" and phone_rounded[1][0] == "30.0"

    headers = token(live, "carver", "agent")
    site, _ = site_and_permit(live, headers, PIT)
    client = live.app.test_client()
    layers = client.get(f"/api/v1/sites/{site['id']}/map", headers=headers).json["features"]
    lines = [f["properties"] for f in layers if f["properties"]["kind"] == "buffer"]
    fixes = [(site["lat"] + dy / 364_000, site["lon"] + dx / 271_000, acc)
             for dy in (-700, -420, -360, -120, 0, 333, 390) for dx in (-900, -610, -560, -45, 0, 380)
             for acc in (1.5, 40)]
    phone_says = phone.page.evaluate("""async ([fixes, lines]) => {
        const { measure } = await import('/static/app/js/lines.js');
        return fixes.map(([lat, lon, acc]) => measure(lon, lat, acc, lines));
    }""", [fixes, lines])
    answers = {True: 0, False: 0}
    for (lat, lon, acc), said in zip(fixes, phone_says, strict=True):
        engine = client.get(f"/api/v1/sites/{site['id']}/measure", headers=headers,
                            query_string={"lat": lat, "lon": lon, "accuracy_m": acc}).json
        assert said["words"] == engine["words"], (lat, lon, acc)
        assert Decimal(said["distance_ft"]) == Decimal(str(engine["distance_ft"]))
        answers[said["indeterminate"]] += 1
    assert answers[True] and answers[False], answers


def test_the_map_opens_beside_the_checklist(live, phones):
    phone = logged_in(phones, live, "map-beside", "agent")
    phone.ready_offline()
    start_inspection(phone)
    phone.page.get_by_text("Map of the site and its bylaw lines").click()
    _map_drawn(phone, pins=0)
    phone.page.get_by_role("button", name="Measure to the line").click()
    said = phone.page.locator("#measure-out").inner_text()
    assert said.endswith("ft outside the 100-ft line of the bordering vegetated wetland (100-ft buffer zone, "
                         "Carver wetlands bylaw)."), said
