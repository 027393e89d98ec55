// Every tap target at least 48 x 48 CSS px and 8 px from the next (Material 48 dp; Apple 44 pt). A radio or
// checkbox is tapped through its label, so the label (or the control's wrapper) is the target. Links inside a
// sentence (a <p>'s running text) are exempt, as WCAG 2.5.8 exempts inline links.
// Called by phone.tap_target_problems with [minSize, minGap]; returns {count, problems}.
([minSize, minGap]) => {
  const seen = new Set();
  const targets = [];
  const visible = (el) => { const s = getComputedStyle(el); return s.visibility !== 'hidden' && s.display !== 'none'; };
  for (const el of document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], .leaflet-marker-icon')) {
    let target = el;
    if (el.matches('input[type=radio], input[type=checkbox]')) target = el.closest('label') || el;
    if (el.matches('input[type=file]')) target = el.closest('label') || el.labels[0] || el;
    if (target.matches('p a') || seen.has(target) || !visible(target)) continue;
    const r = target.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= 0 || r.left >= innerWidth + 1) continue;
    if (el.closest('[hidden], .skip, .leaflet-control-attribution')) continue;
    seen.add(target);
    const name = (target.getAttribute('aria-label') || target.innerText || target.value || target.name || target.tagName)
      .trim().split('\n')[0].slice(0, 40);
    targets.push({ name, r: { l: r.left + scrollX, t: r.top + scrollY, w: r.width, h: r.height } });
  }
  const problems = [];
  for (const t of targets) {
    if (t.r.w < minSize - 0.5 || t.r.h < minSize - 0.5) problems.push(`${t.name}: ${t.r.w.toFixed(0)}x${t.r.h.toFixed(0)} px`);
  }
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const a = targets[i].r; const b = targets[j].r;
      const inside = (p, q) => p.l >= q.l && p.t >= q.t && p.l + p.w <= q.l + q.w && p.t + p.h <= q.t + q.h;
      if (inside(a, b) || inside(b, a)) continue;
      const dx = Math.max(b.l - (a.l + a.w), a.l - (b.l + b.w), 0);
      const dy = Math.max(b.t - (a.t + a.h), a.t - (b.t + b.h), 0);
      const gap = dx && dy ? Math.hypot(dx, dy) : Math.max(dx, dy);
      if (gap < minGap - 0.5) problems.push(`${targets[i].name} / ${targets[j].name}: ${gap.toFixed(1)} px apart`);
    }
  }
  return { count: targets.length, problems };
}
