"""The words of the public notice page in English, Spanish and Portuguese.

Bylaw quotations stay in English (the adopted text); the page says so. Amounts follow the same rules as
the texts: court maximums are "not a bill", withheld citation amounts read "pending the town's confirmation".
"""

from __future__ import annotations

from typing import Any

LANGUAGES = ("en", "es", "pt")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Notice from {town}",
        "courtesy": "This page is a courtesy copy. The legal notice or order is served on you by certified "
        "mail or by hand, and that document governs.",
        "english": "Bylaw text is quoted in English, as adopted.",
        "tilde": "A section number marked ~ is inferred from the structure of the bylaw; the quoted words "
        "are exact.",
        "violations": "Violations",
        "site": "Site",
        "found_on": "Found on",
        "found": "What was found",
        "provision": "Provision",
        "status": "Status",
        "open": "open",
        "corrected": "corrected",
        "closed": "closed",
        "photos": "Photos",
        "photo": "Photo {n}",
        "offense_days": "Offense-days recorded: {n} ({first} to {last}).",
        "citations": "Citations issued",
        "pending": "amount pending the town's confirmation",
        "payable": "Payable to {payee}",
        "criminal": "Criminal path: a court may fine up to {amount} per offense (court maximum). This is "
        "not a bill.",
        "orders": "Orders",
        "issued": "issued {date}",
        "lifted": "lifted {date}",
        "cease_and_desist": "Cease-and-desist order",
        "restoration_order": "Restoration order",
        "enforcement_order": "Enforcement order",
        "deadlines": "Deadlines",
        "due": "due {date}",
        "appeal": "How to appeal or ask questions",
        "appeal_text": "The order or notice served on you states your rights of appeal and their deadlines; "
        "the deadlines above come from the bylaw. To ask questions or to request a hearing, call "
        "{board} at {phone}.",
        "send": "Send to the town",
        "kind": "What are you sending?",
        "reinspection_request": "Photos of the correction - please re-inspect",
        "monthly_report": "Monthly report",
        "erc_90_day_report": "90-day report",
        "inspection_event_notice": "Notice of an inspection event",
        "month": "Month covered (monthly report)",
        "event_on": "Date of the event (notice)",
        "period_end": "Last day covered (90-day report)",
        "files": "Photos (JPEG, PNG, WebP or HEIC; up to {n})",
        "notes": "Notes",
        "submit": "Send",
        "received": "Received on {date}. The town has recorded what you sent (reference {ref}).",
        "reinspect": "An inspector will be asked to visit the site again.",
        "check": "Please check: {fields}",
        "back": "Back to the notice",
        "gone": "This link is not valid or has expired.",
        "expired_form": "This form has expired. Please open the link again.",
    },
    "es": {
        "title": "Aviso de {town}",
        "courtesy": "Esta página es una copia de cortesía. El aviso legal u orden se le entrega por correo "
        "certificado o en mano, y ese documento es el que rige.",
        "english": "El texto del reglamento se cita en inglés, tal como fue adoptado.",
        "tilde": "Un número de sección marcado con ~ se deduce de la estructura del reglamento; las palabras "
        "citadas son exactas.",
        "violations": "Infracciones",
        "site": "Sitio",
        "found_on": "Constatada el",
        "found": "Lo que se encontró",
        "provision": "Disposición",
        "status": "Estado",
        "open": "abierta",
        "corrected": "corregida",
        "closed": "cerrada",
        "photos": "Fotos",
        "photo": "Foto {n}",
        "offense_days": "Días de infracción registrados: {n} (del {first} al {last}).",
        "citations": "Citaciones emitidas",
        "pending": "monto pendiente de confirmación del municipio",
        "payable": "Pagadero a {payee}",
        "criminal": "Vía penal: un tribunal puede imponer una multa de hasta {amount} por infracción (máximo "
        "judicial). Esto no es una factura.",
        "orders": "Órdenes",
        "issued": "emitida el {date}",
        "lifted": "levantada el {date}",
        "cease_and_desist": "Orden de cese",
        "restoration_order": "Orden de restauración",
        "enforcement_order": "Orden de cumplimiento",
        "deadlines": "Plazos",
        "due": "vence el {date}",
        "appeal": "Cómo apelar o hacer preguntas",
        "appeal_text": "La orden o aviso que se le entregó indica sus derechos de apelación y sus plazos; "
        "los plazos de arriba provienen del reglamento. Para preguntas o para pedir una audiencia, "
        "llame a {board} al {phone}.",
        "send": "Enviar al municipio",
        "kind": "¿Qué envía?",
        "reinspection_request": "Fotos de la corrección - solicito una nueva inspección",
        "monthly_report": "Informe mensual",
        "erc_90_day_report": "Informe de 90 días",
        "inspection_event_notice": "Aviso de un evento de inspección",
        "month": "Mes que cubre (informe mensual)",
        "event_on": "Fecha del evento (aviso)",
        "period_end": "Último día cubierto (informe de 90 días)",
        "files": "Fotos (JPEG, PNG, WebP o HEIC; hasta {n})",
        "notes": "Notas",
        "submit": "Enviar",
        "received": "Recibido el {date}. El municipio registró lo que envió (referencia {ref}).",
        "reinspect": "Se pedirá a un inspector que vuelva a visitar el sitio.",
        "check": "Revise: {fields}",
        "back": "Volver al aviso",
        "gone": "Este enlace no es válido o ha vencido.",
        "expired_form": "Este formulario venció. Abra el enlace de nuevo.",
    },
    "pt": {
        "title": "Aviso de {town}",
        "courtesy": "Esta página é uma cópia de cortesia. A notificação legal ou ordem é entregue por "
        "correio certificado ou em mãos, e é esse documento que vale.",
        "english": "O texto do regulamento é citado em inglês, conforme adotado.",
        "tilde": "Um número de seção marcado com ~ é deduzido da estrutura do regulamento; as palavras "
        "citadas são exatas.",
        "violations": "Infrações",
        "site": "Local",
        "found_on": "Constatada em",
        "found": "O que foi encontrado",
        "provision": "Disposição",
        "status": "Situação",
        "open": "aberta",
        "corrected": "corrigida",
        "closed": "encerrada",
        "photos": "Fotos",
        "photo": "Foto {n}",
        "offense_days": "Dias de infração registrados: {n} (de {first} a {last}).",
        "citations": "Citações emitidas",
        "pending": "valor aguardando confirmação do município",
        "payable": "Pagável a {payee}",
        "criminal": "Via criminal: um tribunal pode aplicar multa de até {amount} por infração (máximo "
        "judicial). Isto não é uma cobrança.",
        "orders": "Ordens",
        "issued": "emitida em {date}",
        "lifted": "levantada em {date}",
        "cease_and_desist": "Ordem de cessação",
        "restoration_order": "Ordem de restauração",
        "enforcement_order": "Ordem de execução",
        "deadlines": "Prazos",
        "due": "vence em {date}",
        "appeal": "Como recorrer ou tirar dúvidas",
        "appeal_text": "A ordem ou notificação entregue a você indica seus direitos de recurso e os prazos; "
        "os prazos acima vêm do regulamento. Para dúvidas ou para pedir uma audiência, ligue para "
        "{board} no {phone}.",
        "send": "Enviar ao município",
        "kind": "O que você está enviando?",
        "reinspection_request": "Fotos da correção - peço nova inspeção",
        "monthly_report": "Relatório mensal",
        "erc_90_day_report": "Relatório de 90 dias",
        "inspection_event_notice": "Aviso de evento de inspeção",
        "month": "Mês coberto (relatório mensal)",
        "event_on": "Data do evento (aviso)",
        "period_end": "Último dia coberto (relatório de 90 dias)",
        "files": "Fotos (JPEG, PNG, WebP ou HEIC; até {n})",
        "notes": "Observações",
        "submit": "Enviar",
        "received": "Recebido em {date}. O município registrou o que você enviou (referência {ref}).",
        "reinspect": "Um fiscal será chamado para visitar o local novamente.",
        "check": "Verifique: {fields}",
        "back": "Voltar ao aviso",
        "gone": "Este link não é válido ou expirou.",
        "expired_form": "Este formulário expirou. Abra o link novamente.",
    },
}


class Words:
    """`t("key", n=1)` in one language (unknown keys fall back to English, then to the key itself)."""

    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else "en"

    def __call__(self, key: str, **values: Any) -> str:
        text = WORDS[self.language].get(key) or WORDS["en"].get(key) or key
        return text.format(**values) if values else text
