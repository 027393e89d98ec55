"""The words of every SMS in English, Spanish and Portuguese (reviewed for what they promise, see RULES.md).

What the texts may say, and must not:
* SMS is a courtesy beside the legal notice (certified mail, hand delivery): every enforcement text says so.
* Criminal figures are court maximums ("up to … (court maximum)"), never a debt; noncriminal figures are
  the amounts of citations actually issued. Amounts the engine withholds are never printed ("pending").
* A date is only printed when a stored deadline gives it; otherwise the text asks for a prompt correction.
"""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "notice": "{town}: violation found {date} at {site}",
        "found": ": {found}",
        "todo_by": "Please correct it. Next deadline {date}: {label}.",
        "todo_by_short": "Please correct it. Next deadline: {date}.",
        "todo": "Please correct it promptly.",
        "crim_daily": "Each day is a separate offense; a court may fine up to {amount} per day.",
        "crim_once": "A court may fine up to {amount}.",
        "crim_none": "A court may impose fines.",
        "noncrim_from": "Each day may bring a citation (MGL c.40 §21D) from {amount}.",
        "noncrim": "Each day may bring a citation (MGL c.40 §21D).",
        "no_path": "If it continues, the town may order fines.",
        "details": "Details and how to respond: {link}",
        "details_short": "Details: {link}",
        "courtesy": "Courtesy text; the legal notice comes by mail or hand delivery.",
        "courtesy_short": "Courtesy text; legal notice comes by mail or hand.",
        "call": "Questions: {phone}",
        "accrual_day": "Day {n} of the violation at {site}",
        "accrual_day_at": "Day {n} at {site}",
        "accrual_days": "Day {n} of the {k} violations at {site}",
        "accrual_no_order": " (no order yet)",
        "accrual_max": "up to {amount} so far (court maximum)",
        "accrual_next": "If it continues, the town may order the work stopped and fines may follow.",
        "accrual_next_all": "If they continue, the town may order the work stopped and fines may follow.",
        "accrual_next_some": "Where there is no order yet, the town may order the work stopped and fines may "
        "follow.",
        "accrual_next_min": "The town may order the work stopped; fines may follow.",
        "accrual_count": "{town}: {n} violations continue; days so far: {days}.",
        "accrual_max_total": "Court maximum so far: up to {amount} in all.",
        "citations": "Citations issued to date: {n}, {amount}.",
        "citations_pending": "Citations issued to date: {n}, {amount}; {k} amount(s) pending confirmation.",
        "citations_short": "Citations issued: {n}, {amount}.",
        "citations_pending_short": "Citations issued: {n}, {amount}; {k} amount(s) pending.",
        "citations_min": "Citations: {n}, {amount}.",
        "citations_pending_min": "Citations: {n}, {amount}; {k} pending.",
        "crim_daily_min": "Court fine up to {amount}/day.",
        "crim_once_min": "Court fine up to {amount}.",
        "noncrim_from_min": "Citations from {amount} (c.40 §21D).",
        "noncrim_min": "Citations possible (c.40 §21D).",
        "corrected": "{town}: the violation at {site} ({citation}) was recorded as corrected on {date}.",
        "lifted": "{town}: the {order} for {site} was lifted on {date}.",
        "issued": "{town}: {order} issued {date} for {site}.",
        "reminder": "{town}: reminder: {label} at {site} is due {date} ({citation}).",
        "meeting": "{town}: reminder: the review meeting of the {order} for {site} is on {date} at {time}.",
        "permit_expiry": "{town}: reminder: permit {permit} for {site} expires {date}.",
        "help": "{town} enforcement texts. Questions: call {phone}. Reply STOP to stop texts, START to "
        "resume. Msg & data rates may apply.",
        "stopped": "{town}: you will get no more texts from this number. Legal notices still come by mail. "
        "Reply START to resume.",
        "started": "{town}: texts resumed. Reply STOP to stop, HELP for help.",
        "cease_and_desist": "cease-and-desist order",
        "restoration_order": "restoration order",
        "enforcement_order": "enforcement order",
        "the_site": "the site",
    },
    "es": {
        "notice": "{town}: infracción del {date} en {site}",
        "found": ": {found}",
        "todo_by": "Corríjala. Próximo plazo: {date}.",
        "todo_by_short": "Corríjala. Próximo plazo: {date}.",
        "todo": "Corríjala cuanto antes.",
        "crim_daily": "Un juez puede multar hasta {amount} por día.",
        "crim_once": "Un juez puede multar hasta {amount}.",
        "crim_none": "Un tribunal puede imponer multas.",
        "noncrim_from": "Puede haber una multa por día (MGL c.40 §21D), desde {amount}.",
        "noncrim": "Puede haber una multa por día (MGL c.40 §21D).",
        "no_path": "Si continúa, el municipio puede imponer multas.",
        "details": "Detalles y respuesta: {link}",
        "details_short": "Ver: {link}",
        "courtesy": "Cortesía; el aviso legal llega por correo o en mano.",
        "courtesy_short": "Cortesía; aviso legal por correo o en mano.",
        "call": "Preguntas: {phone}",
        "accrual_day": "Día {n} de la infracción en {site}",
        "accrual_day_at": "Día {n} en {site}",
        "accrual_days": "Día {n} de las {k} infracciones en {site}",
        "accrual_no_order": " (aún sin orden)",
        "accrual_max": "hasta {amount} a la fecha (máximo judicial)",
        "accrual_next": "Si continúa, el municipio puede ordenar que se detengan las obras y podría haber "
        "multas.",
        "accrual_next_all": "Si continúan, el municipio puede ordenar que se detengan las obras y podría "
        "haber multas.",
        "accrual_next_some": "Donde aún no hay orden, el municipio puede ordenar que se detengan las obras y "
        "podría haber multas.",
        "accrual_next_min": "El municipio puede ordenar detener las obras; podría haber multas.",
        "accrual_count": "{town}: {n} infracciones continúan; días a la fecha: {days}.",
        "accrual_max_total": "Máximo judicial a la fecha: hasta {amount} en total.",
        "citations": "Multas emitidas hasta hoy: {n}, {amount}.",
        "citations_pending": "Multas emitidas hasta hoy: {n}, {amount}; {k} monto(s) por confirmar.",
        "citations_short": "Multas emitidas: {n}, {amount}.",
        "citations_pending_short": "Multas emitidas: {n}, {amount}; {k} por confirmar.",
        "citations_min": "Multas: {n}, {amount}.",
        "citations_pending_min": "Multas: {n}, {amount}; {k} por confirmar.",
        "crim_daily_min": "Multa judicial máx. {amount}/día.",
        "crim_once_min": "Multa judicial máx. {amount}.",
        "noncrim_from_min": "Multas desde {amount} (c.40 §21D).",
        "noncrim_min": "Puede haber multas (c.40 §21D).",
        "corrected": "{town}: la infracción en {site} ({citation}) consta como corregida el {date}.",
        "lifted": "{town}: la {order} de {site} fue revocada el {date}.",
        "issued": "{town}: se emitió una {order} el {date} para {site}.",
        "reminder": "{town}: recordatorio: plazo en {site} ({citation}) vence el {date}.",
        "meeting": "{town}: recordatorio: la reunión de revisión de la {order} de {site} es el {date} a las "
        "{time}.",
        "permit_expiry": "{town}: recordatorio: el permiso {permit} de {site} vence el {date}.",
        "help": "{town}: avisos de cumplimiento. Preguntas: llame al {phone}. Responda STOP para no recibir "
        "más, START para reanudar. Pueden aplicarse tarifas.",
        "stopped": "{town}: no recibirá más mensajes de este número. Los avisos legales siguen llegando por "
        "correo. Responda START para reanudar.",
        "started": "{town}: mensajes reanudados. Responda STOP para detenerlos, HELP para ayuda.",
        "cease_and_desist": "orden de cese y desistimiento",
        "restoration_order": "orden de restauración",
        "enforcement_order": "orden de cumplimiento",
        "the_site": "el sitio",
    },
    "pt": {
        "notice": "{town}: infração de {date} em {site}",
        "found": ": {found}",
        "todo_by": "Corrija. Próximo prazo: {date}.",
        "todo_by_short": "Corrija. Próximo prazo: {date}.",
        "todo": "Corrija o quanto antes.",
        "crim_daily": "Um juiz pode multar até {amount} por dia.",
        "crim_once": "Um juiz pode multar até {amount}.",
        "crim_none": "Um tribunal pode aplicar multas.",
        "noncrim_from": "Pode haver multa por dia (MGL c.40 §21D), a partir de {amount}.",
        "noncrim": "Pode haver multa por dia (MGL c.40 §21D).",
        "no_path": "Se continuar, o município pode aplicar multas.",
        "details": "Detalhes e resposta: {link}",
        "details_short": "Ver: {link}",
        "courtesy": "Cortesia; a notificação legal chega por correio ou em mãos.",
        "courtesy_short": "Cortesia; notificação legal por correio ou em mãos.",
        "call": "Dúvidas: {phone}",
        "accrual_day": "Dia {n} da infração em {site}",
        "accrual_day_at": "Dia {n} em {site}",
        "accrual_days": "Dia {n} das {k} infrações em {site}",
        "accrual_no_order": " (ainda sem ordem)",
        "accrual_max": "até {amount} acumulados (máximo judicial)",
        "accrual_next": "Se continuar, o município pode mandar parar a obra e multas podem ser aplicadas.",
        "accrual_next_all": "Se continuarem, o município pode mandar parar as obras e multas podem ser "
        "aplicadas.",
        "accrual_next_some": "Onde ainda não há ordem, o município pode mandar parar a obra e multas podem "
        "ser aplicadas.",
        "accrual_next_min": "O município pode mandar parar a obra; multas podem ser aplicadas.",
        "accrual_count": "{town}: {n} infrações continuam; dias até hoje: {days}.",
        "accrual_max_total": "Máximo judicial acumulado: até {amount} no total.",
        "citations": "Multas emitidas até hoje: {n}, {amount}.",
        "citations_pending": "Multas emitidas até hoje: {n}, {amount}; {k} valor(es) a confirmar.",
        "citations_short": "Multas emitidas: {n}, {amount}.",
        "citations_pending_short": "Multas emitidas: {n}, {amount}; {k} a confirmar.",
        "citations_min": "Multas: {n}, {amount}.",
        "citations_pending_min": "Multas: {n}, {amount}; {k} a confirmar.",
        "crim_daily_min": "Multa judicial até {amount}/dia.",
        "crim_once_min": "Multa judicial até {amount}.",
        "noncrim_from_min": "Multas a partir de {amount} (c.40 §21D).",
        "noncrim_min": "Pode haver multas (c.40 §21D).",
        "corrected": "{town}: a infração em {site} ({citation}) foi registrada como corrigida em {date}.",
        "lifted": "{town}: a {order} de {site} foi revogada em {date}.",
        "issued": "{town}: foi emitida uma {order} em {date} para {site}.",
        "reminder": "{town}: lembrete: prazo em {site} ({citation}) vence em {date}.",
        "meeting": "{town}: lembrete: a reunião de revisão da {order} de {site} é em {date} às {time}.",
        "permit_expiry": "{town}: lembrete: a licença {permit} de {site} vence em {date}.",
        "help": "{town}: avisos de fiscalização. Dúvidas: ligue {phone}. Responda STOP para parar, START "
        "para retomar. Podem ser cobradas tarifas.",
        "stopped": "{town}: você não receberá mais mensagens deste número. As notificações legais continuam "
        "por correio. Responda START para retomar.",
        "started": "{town}: mensagens retomadas. Responda STOP para parar, HELP para ajuda.",
        "cease_and_desist": "ordem de paralisação",
        "restoration_order": "ordem de restauração",
        "enforcement_order": "ordem de cumprimento",
        "the_site": "o local",
    },
}


def phrase(language: str, key: str, **values: object) -> str:
    table = PHRASES.get(language, PHRASES["en"])
    return table[key].format(**values)


def local_time(hhmm: str, language: str) -> str:
    """'18:30' -> '6:30 PM' in English; the 24-hour clock in Spanish and Portuguese."""
    hour, minute = (int(part) for part in hhmm.split(":"))
    if language in ("es", "pt"):
        return f"{hour:02d}:{minute:02d}"
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def phone(e164: str | None) -> str:
    """+15088663400 -> 508-866-3400 (North American numbers); others as given."""
    if e164 and len(e164) == 12 and e164.startswith("+1") and e164[1:].isdigit():
        return f"{e164[2:5]}-{e164[5:8]}-{e164[8:]}"
    return e164 or ""
