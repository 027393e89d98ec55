// The site map (Leaflet, vendored; loaded only here): boundary, resource areas, the engine's bylaw lines in
// plain words, the agent's live position with its accuracy circle, photo pins (clustered when closer than a
// tap target), and "measure to the line". Vector layers only, from one cached GET per site: works offline.
import { getJson } from './api.js';
import { measure } from './lines.js';
import { fmtTime, h } from './ui.js';

const LEAFLET = '/static/app/vendor/leaflet-1.9.4/';
const COLORS = ['#a4161a', '#8a4b00', '#1a5fb4', '#5e2d91', '#0e6b5c', '#6b4f00'];
const TARGET_PX = 56; // 48 px pins, 8 px apart
let loading = null;

export function loadLeaflet() {
  if (window.L) return Promise.resolve(window.L);
  loading = loading || new Promise((resolve, reject) => {
    document.head.append(h('link', { rel: 'stylesheet', href: `${LEAFLET}leaflet.css` }),
      h('link', { rel: 'stylesheet', href: '/static/app/css/map.css' }));
    const script = h('script', { src: `${LEAFLET}leaflet.js` });
    script.onload = () => resolve(window.L);
    script.onerror = () => { loading = null; reject(new Error('the map could not load')); };
    document.head.append(script);
  });
  return loading;
}

// The map block: a map, its legend, and the measure action. Returns the element; drawing starts at once.
export function siteMap(siteId) {
  const box = h('div', { class: 'map', id: 'site-map', role: 'region', 'aria-label': 'Map of the site' });
  const legend = h('ul', { class: 'legend' });
  const out = h('p', { class: 'measure', role: 'status', id: 'measure-out' });
  const state = { fix: null, lines: [] };
  const button = h('button', { type: 'button', onclick: () => { out.textContent = answer(state); } }, 'Measure to the line');
  const wrap = h('section', { 'aria-labelledby': 'map-h' }, h('h2', { id: 'map-h' }, 'Map'), box,
    h('p', { class: 'muted', id: 'fix-out', role: 'status' }, 'Finding your position…'), button, out, legend);
  draw(siteId, box, legend, state).catch((error) => {
    box.replaceChildren(h('p', { class: 'note' }, `The map is not on this phone yet (${error.message}); connect once and open this site.`));
  });
  return wrap;
}

function answer(state) {
  if (!state.fix) return 'No position yet: wait for the phone to find you, outdoors.';
  const m = measure(state.fix.lon, state.fix.lat, state.fix.accuracy_m, state.lines);
  return m.words;
}

async function draw(siteId, box, legend, state) {
  const [L, { data }] = await Promise.all([loadLeaflet(), getJson(`/api/v1/sites/${siteId}/map`)]);
  const map = L.map(box, { zoomSnap: 0.5, attributionControl: false, tap: true });
  const by = (kind) => data.features.filter((f) => f.properties.kind === kind);
  const boundary = L.geoJSON(by('boundary'), { style: { color: '#1d1d1b', weight: 2, dashArray: '6 4', fill: false }, interactive: false });
  const areas = L.geoJSON(by('area'), { style: { color: '#1a5fb4', weight: 2, fillOpacity: 0.25 }, interactive: false });
  const buffers = L.layerGroup();
  state.lines = by('buffer').map((f, i) => {
    const color = COLORS[i % COLORS.length];
    L.geoJSON(f, { style: { color, weight: 3, dashArray: f.properties.inward ? '2 6' : null }, interactive: false }).addTo(buffers);
    legend.append(h('li', {}, h('span', { class: 'swatch', 'data-color': String(i % COLORS.length) }), f.properties.label));
    return f.properties;
  });
  const photos = L.layerGroup();
  const you = L.layerGroup();
  [boundary, areas, buffers, photos, you].forEach((layer) => layer.addTo(map));
  const bounds = L.featureGroup([boundary, areas]).getBounds();
  if (bounds.isValid()) map.fitBounds(bounds.pad(0.05)); else map.setView([0, 0], 2);
  L.control.layers(null, { 'Site boundary': boundary, 'Resource areas': areas, 'Bylaw lines': buffers,
    Photos: photos, 'Your position': you }, { collapsed: true }).addTo(map);
  locateControl(L, map, state).addTo(map);
  const pins = by('photo');
  const cluster = () => drawPins(L, map, photos, pins);
  map.on('zoomend', cluster);
  cluster();
  follow(L, map, you, state);
}

function locateControl(L, map, state) {
  const Locate = L.Control.extend({ options: { position: 'topleft' }, onAdd() {
    const button = L.DomUtil.create('button', 'locate');
    button.type = 'button';
    button.textContent = '◎';
    button.setAttribute('aria-label', 'Show my position');
    L.DomEvent.disableClickPropagation(button);
    button.addEventListener('click', () => state.fix && map.setView([state.fix.lat, state.fix.lon], Math.max(map.getZoom(), 18)));
    return button;
  } });
  return new Locate();
}

// Pins closer than a tap target on screen become one numbered pin (tap it to zoom in).
function drawPins(L, map, layer, pins) {
  layer.clearLayers();
  const groups = [];
  for (const pin of pins) {
    const [lon, lat] = pin.geometry.coordinates;
    const at = map.latLngToLayerPoint([lat, lon]);
    const near = groups.find((g) => g.at.distanceTo(at) < TARGET_PX);
    if (near) near.pins.push(pin); else groups.push({ at, lat, lon, pins: [pin] });
  }
  for (const g of groups) {
    const many = g.pins.length > 1;
    const icon = L.divIcon({ className: `pin${many ? ' pin-many' : ''}`, html: many ? String(g.pins.length) : '', iconSize: [48, 48] });
    const marker = L.marker([g.lat, g.lon], { icon, keyboard: true, title: many ? `${g.pins.length} photos here` : 'Photo' });
    if (many) marker.on('click', () => map.setView([g.lat, g.lon], map.getZoom() + 2));
    else marker.bindPopup(photoWords(g.pins[0].properties));
    marker.addTo(layer);
  }
}

function photoWords(p) {
  const accuracy = p.accuracy_m !== null && p.accuracy_m !== undefined ? ` ±${Math.round(p.accuracy_m)} m,` : '';
  const div = document.createElement('div');
  div.textContent = `Photo taken ${fmtTime(p.taken_at)},${accuracy} ${p.provenance}.`;
  return div;
}

function follow(L, map, layer, state) {
  const text = document.getElementById('fix-out');
  if (!('geolocation' in navigator)) { text.textContent = 'This phone gives no position.'; return; }
  const id = navigator.geolocation.watchPosition((p) => {
    if (!document.body.contains(map.getContainer())) { navigator.geolocation.clearWatch(id); return; }
    state.fix = { lat: p.coords.latitude, lon: p.coords.longitude, accuracy_m: p.coords.accuracy };
    layer.clearLayers();
    L.circle([state.fix.lat, state.fix.lon], { radius: state.fix.accuracy_m, color: '#1a5fb4', weight: 1, fillOpacity: 0.15, interactive: false }).addTo(layer);
    L.circleMarker([state.fix.lat, state.fix.lon], { radius: 8, color: '#fff', weight: 3, fillColor: '#1a5fb4', fillOpacity: 1, interactive: false }).addTo(layer);
    text.textContent = `You are here, ±${Math.round(state.fix.accuracy_m)} m (${Math.round(state.fix.accuracy_m * 3.28084)} ft).`;
  }, () => { text.textContent = 'Position unavailable: allow location for this app.'; },
  { enableHighAccuracy: true, maximumAge: 5000, timeout: 20000 });
}
