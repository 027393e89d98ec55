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
        "meeting": "{town}: reminder: the review meeting of the {order} for {site} is on {date} at {time}.",
        "permit_expiry": "{town}: reminder: permit {permit} for {site} expires {date}.",
        "help": "{town} enforcement texts. Questions: call {phone}. Reply STOP to stop texts, START to "
        "resume, HELP for help. Msg & data rates may apply.",
        "stopped": "{town}: you will get no more texts from this number. Legal notices still come by mail. "
        "Reply START to resume.",
        "started": "{town}: texts resumed. Reply STOP to stop, HELP for help.",
        "cease_and_desist": "cease-and-desist order",
        "restoration_order": "restoration order",
        "enforcement_order": "enforcement order",
        "the_site": "the site",
        # the enforcement texts (issue 18): who, what was found, where, what to do by when, what follows
        "v_head": "{town}: on {date} we found a problem at {site}: {found}{cited}.",
        "v_head_bare": "{town}: on {date} we found a problem at {site}{cited}.",
        "v_todo_by": "Fix it by {date}: {label}.",
        "v_todo_date": "Fix it by {date}.",
        "v_todo": "Please fix it promptly.",
        "if_crim_daily": "If not, a court can fine up to {amount} for each day it continues (a maximum, "
        "not a bill).",
        "if_crim_daily_min": "If not, a court can fine up to {amount} a day (a maximum, not a bill).",
        "if_crim_daily_tiny": "Court fine: up to {amount}/day (a maximum).",
        "if_crim_once_tiny": "Court fine: up to {amount} (a maximum).",
        "if_crim_once": "If not, a court can fine up to {amount} (a maximum, not a bill).",
        "if_crim_none": "If not, a court can impose fines.",
        "if_noncrim_daily": "If not, the town can issue a fine for each day it continues.",
        "if_noncrim_once": "If not, the town can issue a fine.",
        "if_none": "If not, the town can issue an order and seek fines.",
        "call_us": "Questions: call {phone}.",
        "o_head": "{town}: on {date} the town issued a {order} for {site}.",
        "o_found": "Found: {found}.",
        "o_do_cease_and_desist": "Stop the work now.",
        "o_if_none": "If not, the town can seek fines.",
        "o_do_restoration_order": "Restore the site as the order says.",
        "o_do_enforcement_order": "Do what the order requires.",
        "remind": "{town}: reminder: {label} at {site}, due {date} ({citation}).",
        "overdue": "{town}: OVERDUE: {label} at {site} was due {date}, and nothing has been recorded "
        "({citation}).",
        "fines_one": "{town}: the town issued you 1 fine (a citation under MGL c. 40 § 21D): {lines}.",
        "fines_many": "{town}: the town issued you {n} fines (citations under MGL c. 40 § 21D): {lines}.",
        "fines_count_one": "{town}: the town issued you 1 fine (a citation under MGL c. 40 § 21D).",
        "fines_count_many": "{town}: the town issued you {n} fines (citations under MGL c. 40 § 21D).",
        "fine_line": "{date}, {amount}",
        "fine_pending": "amount to be confirmed",
        "fine_none": "no amount stated",
        "pay_to": "Pay to {payee}.",
        "by_mail": "Each one comes by mail with its amount.",
        "reissued": "{town}: after a change in the record, the town voided and reissued fines (citations): "
        "{lines}.",
        "reissued_count": "{town}: after a change in the record, the town voided and reissued {n} fine(s) "
        "(citations).",
        "reissued_line": "{date}, {old} is now {new}",
        "courtesy_mail": "Courtesy text; the mailed citation is the legal notice.",
    },
    "es": {
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
        "meeting": "{town}: recordatorio: la reunión de revisión de la {order} de {site} es el {date} a las "
        "{time}.",
        "permit_expiry": "{town}: recordatorio: el permiso {permit} de {site} vence el {date}.",
        "help": "{town}: avisos de cumplimiento. Preguntas: llame al {phone}. Responda PARAR para no recibir "
        "más, START para reanudar, AYUDA para ayuda. Pueden aplicarse tarifas.",
        "stopped": "{town}: no recibirá más mensajes de este número. Los avisos legales siguen llegando por "
        "correo. Responda START para reanudar.",
        "started": "{town}: mensajes reanudados. Responda PARAR para detenerlos, AYUDA para ayuda.",
        "cease_and_desist": "orden de cese y desistimiento",
        "restoration_order": "orden de restauración",
        "enforcement_order": "orden de cumplimiento",
        "the_site": "el sitio",
        # the enforcement texts (issue 18); terms per docs/glossary-es.md
        "v_head": "{town}: infracción del {date} en {site}: {found}{cited}.",
        "v_head_bare": "{town}: infracción del {date} en {site}{cited}.",
        "v_todo_by": "Hasta el {date}: {label}.",
        "v_todo_date": "Corríjala a más tardar el {date}.",
        "v_todo": "Corríjala cuanto antes.",
        "if_crim_daily": "Si no, un tribunal puede multar hasta {amount} por cada día que siga (es un "
        "máximo, no una factura).",
        "if_crim_daily_min": "Si no, un tribunal puede multar hasta {amount} al día (es un máximo, no una "
        "factura).",
        "if_crim_daily_tiny": "Multa judicial: máx. {amount}/día.",
        "if_crim_once_tiny": "Multa judicial: máx. {amount}.",
        "if_crim_once": "Si no, un tribunal puede multar hasta {amount} (es un máximo, no una factura).",
        "if_crim_none": "Si no, un tribunal puede imponer multas.",
        "if_noncrim_daily": "Si no, el municipio puede poner una multa por cada día que siga.",
        "if_noncrim_once": "Si no, el municipio puede poner una multa.",
        "if_none": "Si no, el municipio puede dictar una orden y pedir multas.",
        "call_us": "Preguntas: llame al {phone}.",
        "o_head": "{town}: {order} del {date} para {site}.",
        "o_found": "{found}.",
        "o_do_cease_and_desist": "Detenga la obra ya.",
        "o_if_none": "Si no, el municipio puede pedir multas.",
        "o_do_restoration_order": "Restaure el sitio como dice la orden.",
        "o_do_enforcement_order": "Cumpla lo que exige la orden.",
        "remind": "{town}: recordatorio: {label} en {site}, plazo hasta el {date} ({citation}).",
        "overdue": "{town}: VENCIDO: el plazo de {label} en {site} venció el {date} y no consta nada "
        "({citation}).",
        "fines_one": "{town}: el municipio le puso 1 multa (MGL c. 40 § 21D): {lines}.",
        "fines_many": "{town}: el municipio le puso {n} multas (MGL c. 40 § 21D): {lines}.",
        "fines_count_one": "{town}: el municipio le puso 1 multa (MGL c. 40 § 21D).",
        "fines_count_many": "{town}: el municipio le puso {n} multas (MGL c. 40 § 21D).",
        "fine_line": "{date}, {amount}",
        "fine_pending": "monto por confirmar",
        "fine_none": "sin monto indicado",
        "pay_to": "Pague a {payee}.",
        "by_mail": "Cada una llega por correo con su monto.",
        "reissued": "{town}: tras un cambio en el expediente, el municipio anuló y volvió a emitir multas: "
        "{lines}.",
        "reissued_count": "{town}: tras un cambio en el expediente, el municipio anuló y volvió a emitir {n} "
        "multa(s).",
        "reissued_line": "{date}, {old} pasa a {new}",
        "courtesy_mail": "Cortesía; la multa enviada por correo es el aviso legal.",
    },
    "pt": {
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
        "meeting": "{town}: lembrete: a reunião de revisão da {order} de {site} é em {date} às {time}.",
        "permit_expiry": "{town}: lembrete: a licença {permit} de {site} vence em {date}.",
        "help": "{town}: avisos de fiscalização. Dúvidas: ligue {phone}. Responda PARAR para não receber "
        "mais, START para retomar, AJUDA para ajuda. Podem ser cobradas tarifas.",
        "stopped": "{town}: você não receberá mais mensagens deste número. As notificações legais continuam "
        "por correio. Responda START para retomar.",
        "started": "{town}: mensagens retomadas. Responda PARAR para parar, AJUDA para ajuda.",
        "cease_and_desist": "ordem de paralisação",
        "restoration_order": "ordem de restauração",
        "enforcement_order": "ordem de cumprimento",
        "the_site": "o local",
        # the enforcement texts (issue 18); terms per docs/glossary-pt.md
        "v_head": "{town}: infração de {date} em {site}: {found}{cited}.",
        "v_head_bare": "{town}: infração de {date} em {site}{cited}.",
        "v_todo_by": "Até {date}: {label}.",
        "v_todo_date": "Corrija até {date}.",
        "v_todo": "Corrija o quanto antes.",
        "if_crim_daily": "Se não, um tribunal pode multar até {amount} por cada dia em que continuar (é um "
        "valor máximo, não uma cobrança).",
        "if_crim_daily_min": "Se não, um tribunal pode multar até {amount} por dia (é um valor máximo, não "
        "uma cobrança).",
        "if_crim_daily_tiny": "Multa judicial: até {amount}/dia.",
        "if_crim_once_tiny": "Multa judicial: até {amount}.",
        "if_crim_once": "Se não, um tribunal pode multar até {amount} (é um valor máximo, não uma cobrança).",
        "if_crim_none": "Se não, um tribunal pode aplicar multas.",
        "if_noncrim_daily": "Se não, o município pode aplicar uma multa por cada dia em que continuar.",
        "if_noncrim_once": "Se não, o município pode aplicar uma multa.",
        "if_none": "Se não, o município pode emitir uma ordem e pedir multas.",
        "call_us": "Dúvidas: ligue {phone}.",
        "o_head": "{town}: {order} de {date} para {site}.",
        "o_found": "{found}.",
        "o_do_cease_and_desist": "Pare a obra agora.",
        "o_if_none": "Se não, o município pode pedir multas.",
        "o_do_restoration_order": "Restaure o local como diz a ordem.",
        "o_do_enforcement_order": "Cumpra o que a ordem exige.",
        "remind": "{town}: lembrete: {label} em {site}, prazo até {date} ({citation}).",
        "overdue": "{town}: VENCIDO: o prazo de {label} em {site} venceu em {date} e nada foi registrado "
        "({citation}).",
        "fines_one": "{town}: o município aplicou 1 multa a você (MGL c. 40 § 21D): {lines}.",
        "fines_many": "{town}: o município aplicou {n} multas a você (MGL c. 40 § 21D): {lines}.",
        "fines_count_one": "{town}: o município aplicou 1 multa a você (MGL c. 40 § 21D).",
        "fines_count_many": "{town}: o município aplicou {n} multas a você (MGL c. 40 § 21D).",
        "fine_line": "{date}, {amount}",
        "fine_pending": "valor a confirmar",
        "fine_none": "sem valor indicado",
        "pay_to": "Pague a {payee}.",
        "by_mail": "Cada uma chega por correio com o valor.",
        "reissued": "{town}: após uma mudança no processo, o município anulou e reemitiu multas: {lines}.",
        "reissued_count": "{town}: após uma mudança no processo, o município anulou e reemitiu {n} multa(s).",
        "reissued_line": "{date}, {old} passa a {new}",
        "courtesy_mail": "Cortesia; a multa enviada por correio é a notificação legal.",
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
