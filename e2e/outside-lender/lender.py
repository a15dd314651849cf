#!/usr/bin/env python3
"""An outside bank's implementation of the nordloan lender API, written only from the document nordloan
serves at /lender-api/openapi.json (standard library only, no nordloan code).

It checks nordloan's signature on every request, keeps each application once per Idempotency-Key, answers
the operations of the document, and sends its offer to nordloan as a signed `offer` callback. Every request
it receives and every callback it sends is written as one JSON line to --record, so that a test can read what
it verified.

  python3 lender.py --port 0 --secret <shared secret> --lender-id <our id at nordloan> \
      --callback-base http://127.0.0.1:3000 --record /tmp/lender-records.jsonl

It prints `listening on <port>` once it accepts connections.
"""

import argparse
import base64
import hashlib
import hmac
import json
import re
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

REPLAY_WINDOW_SECONDS = 300
SIGNATURE_HEADER = "nordloan-signature"
IDEMPOTENCY_HEADER = "idempotency-key"
UUID_PATTERN = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
APPLICATION_PATH = re.compile(
    r"^/applications/(?P<reference>[^/]+)/(?P<operation>decision|offer-change|acceptance|disbursement-decision"
    r"|disbursement|agreement|agreement/signed|human-review|withdrawal)$"
)


def now_iso():
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def sign(secret, timestamp, raw_body):
    message = str(timestamp).encode("ascii") + b"." + raw_body
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def verify_signature(secret, header, raw_body, clock=time.time):
    """(True, None) when one v1= of the header is our HMAC of `<t>.<raw body>` and t is within the window."""
    if not header:
        return False, "missing signature"
    timestamp = None
    candidates = []
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t":
            timestamp = value
        elif key == "v1":
            candidates.append(value)
    if timestamp is None or not timestamp.isdigit() or not candidates:
        return False, "malformed signature"
    if abs(clock() - int(timestamp)) > REPLAY_WINDOW_SECONDS:
        return False, "timestamp outside the replay window"
    expected = sign(secret, timestamp, raw_body)
    if any(hmac.compare_digest(expected, candidate.lower()) for candidate in candidates):
        return True, None
    return False, "wrong signature"


class Records:
    """Append-only JSON lines: what the test reads back."""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def write(self, entry):
        if not self.path:
            return
        line = json.dumps({"At": now_iso(), **entry})
        with self.lock, open(self.path, "a", encoding="utf-8") as file:
            file.write(line + "\n")


class Bank:
    """The bank's state: applications by our ApplicationReference, answers by Idempotency-Key."""

    def __init__(self, config, records):
        self.config = config
        self.records = records
        self.lock = threading.Lock()
        self.applications = {}
        self.answers = {}
        self.next_reference = 1

    # -- idempotency ------------------------------------------------------------------------------------

    @staticmethod
    def fingerprint(path, body):
        # The document: a repeat keeps its first answer "whatever MessageId and SentAt the repeat has".
        significant = {key: value for key, value in body.items() if key not in ("MessageId", "SentAt")}
        return hashlib.sha256((path + "\n" + json.dumps(significant, sort_keys=True)).encode()).hexdigest()

    def once(self, key, path, body, answer):
        """The first answer for this key, or (422, ...) when the key was used for a different request."""
        fingerprint = self.fingerprint(path, body)
        with self.lock:
            stored = self.answers.get(key)
            if stored is not None:
                if stored["fingerprint"] != fingerprint:
                    return 422, error("Idempotency-Key used for a different request", "IDEMPOTENCY_MISMATCH"), True
                return stored["status"], stored["body"], True
            status, payload = answer()
            self.answers[key] = {"fingerprint": fingerprint, "status": status, "body": payload}
            return status, payload, False

    # -- operations -------------------------------------------------------------------------------------

    def register(self, body):
        reference = body["ApplicationReference"]
        application = body["Application"]
        lender_reference = f"OL-{self.next_reference:06d}"
        self.next_reference += 1
        self.applications[reference] = {
            "LenderReference": lender_reference,
            "Application": application,
            "CallbackUrl": body.get("CallbackUrl"),
            "Offers": [],
        }
        return 200, {**envelope(reference), "Status": "registered", "LenderReference": lender_reference}

    def decide(self, reference):
        stored = self.applications.get(reference)
        if stored is None:
            return 404, error("Unknown application", "UNKNOWN_APPLICATION")
        # The decision comes later as an `offer` or `decline` callback, as the document allows.
        threading.Timer(self.config.callback_delay, self.send_decision, args=(reference,)).start()
        return 200, {**envelope(reference), "Status": "pending"}

    def change_offer(self, reference, body):
        stored = self.applications.get(reference)
        if stored is None:
            return 404, error("Unknown application", "UNKNOWN_APPLICATION")
        application = stored["Application"]
        offer = self.offer_for(application, body["Amount"], body["DurationMonths"])
        return 200, {**envelope(reference), "QuoteId": body["QuoteId"], "Status": "changed", "Offer": offer}

    def accept(self, reference, body):
        stored = self.applications.get(reference)
        if stored is None:
            return 404, error("Unknown application", "UNKNOWN_APPLICATION")
        stored["AcceptedQuoteId"] = body["QuoteId"]
        signing_url = f"https://sign.outside-lender.example/agreements/{stored['LenderReference']}"
        return 200, {**envelope(reference), "QuoteId": body["QuoteId"], "Status": "accepted", "SigningUrl": signing_url}

    def disbursement_decision(self, reference, body):
        if reference not in self.applications:
            return 404, error("Unknown application", "UNKNOWN_APPLICATION")
        return 200, {**envelope(reference), "QuoteId": body["QuoteId"], "Status": "approved"}

    def disburse(self, reference, body):
        stored = self.applications.get(reference)
        if stored is None:
            return 404, error("Unknown application", "UNKNOWN_APPLICATION")
        payout = f"PAY-{stored['LenderReference']}"
        return 200, {**envelope(reference), "QuoteId": body["QuoteId"], "Status": "disbursed", "Reference": payout}

    def agreement(self, reference, body):
        stored = self.applications.get(reference)
        if stored is None:
            return 404, error("Unknown application", "UNKNOWN_APPLICATION")
        pdf = agreement_pdf(f"Credit agreement {stored['LenderReference']}: {body['Amount']} {body['Currency']}, "
                            f"{body['DurationMonths']} months, {body['NominalRate']} %")
        return 200, {
            **envelope(reference),
            "QuoteId": body["QuoteId"],
            "Status": "ready",
            "FileName": f"agreement-{stored['LenderReference']}.pdf",
            "ContentType": "application/pdf",
            "ContentBase64": base64.b64encode(pdf).decode("ascii"),
        }

    def received(self, reference, body):
        if reference not in self.applications:
            return 404, error("Unknown application", "UNKNOWN_APPLICATION")
        return 200, {**envelope(reference), "QuoteId": body["QuoteId"], "Status": "received"}

    def human_review(self, reference, body):
        if reference not in self.applications:
            return 404, error("Unknown application", "UNKNOWN_APPLICATION")
        explanation = "A credit officer looked at the application again with what you wrote; the decision stands."
        return 200, {**envelope(reference), "ReviewId": body["ReviewId"], "Outcome": "upheld",
                     "Explanation": explanation}

    # -- credit policy ----------------------------------------------------------------------------------

    def offer_for(self, application, amount, months):
        band = application.get("RateBand") or {"Low": 5.0, "High": 15.0}
        # The bank prices inside the brand's band, a third of the way up.
        rate = round(band["Low"] + (band["High"] - band["Low"]) / 3, 2)
        refinances = any(debt.get("IsRefinanced") for debt in application.get("Debts", []))
        return {
            "Amount": amount,
            "DurationMonths": months,
            "NominalRatePercent": rate,
            "StartupFee": self.config.startup_fee,
            "MonthlyFee": self.config.monthly_fee,
            "FeeHandling": "upfront",
            "OfferType": "Annuity",
            "LoanKind": "Refinance" if refinances else "Consumer",
        }

    def send_decision(self, reference):
        stored = self.applications[reference]
        application = stored["Application"]
        common = {
            "MessageId": str(uuid.uuid4()),
            "SentAt": now_iso(),
            "LenderId": self.config.lender_id,
            "ApplicationReference": reference,
        }
        if any(applicant.get("HasPaymentRemarks") for applicant in application["Applicants"]):
            callback = {
                **common,
                "Type": "decline",
                "Code": 369,
                "ReasonCode": "PAYMENT_REMARKS",
                "Reason": "An applicant has a payment remark",
            }
        else:
            offer = self.offer_for(application, application["Amount"], application["DurationMonths"])
            stored["Offers"].append(offer)
            callback = {**common, "Type": "offer", "Decision": "approved", "Offers": [offer]}
        self.send_callback(stored.get("CallbackUrl") or self.callback_url(), callback)

    def callback_url(self):
        return f"{self.config.callback_base.rstrip('/')}/lender-api/callbacks/{self.config.lender_id}"

    def send_callback(self, url, callback):
        raw = json.dumps(callback, separators=(",", ":")).encode("utf-8")
        # A delivery that fails for a passing reason (network, 5xx) is sent again, the same message.
        for attempt in range(1, 6):
            timestamp = int(time.time())
            request = urllib.request.Request(
                url,
                data=raw,
                method="POST",
                headers={
                    "content-type": "application/json",
                    SIGNATURE_HEADER: f"t={timestamp},v1={sign(self.config.secret, timestamp, raw)}",
                },
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    status, answer = response.status, response.read().decode("utf-8", "replace")
            except urllib.error.HTTPError as failure:
                status, answer = failure.code, failure.read().decode("utf-8", "replace")
            except (urllib.error.URLError, OSError) as failure:
                status, answer = None, str(failure)
            self.records.write(
                {
                    "Kind": "callback-sent",
                    "Type": callback["Type"],
                    "Url": url,
                    "MessageId": callback["MessageId"],
                    "ApplicationReference": callback["ApplicationReference"],
                    "Attempt": attempt,
                    "Status": status,
                    "Answer": answer[:500],
                }
            )
            if status is not None and status < 500:
                return
            time.sleep(min(2**attempt * 0.2, 3))


def agreement_pdf(text):
    """A one-page PDF with the agreement's terms on it (hand-written objects, byte offsets counted)."""
    safe = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    stream = f"BT /F1 11 Tf 50 780 Td ({safe}) Tj ET".encode("latin-1", "replace")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, content in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + content + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out


def envelope(reference):
    return {"MessageId": str(uuid.uuid4()), "SentAt": now_iso(), "ApplicationReference": reference}


def error(message, code):
    return {"Message": message, "Code": code}


REQUIRED = {
    "registerApplication": ["MessageId", "SentAt", "ApplicationReference", "Application"],
    "decision": ["MessageId", "SentAt", "ApplicationReference"],
    "offer-change": ["MessageId", "SentAt", "ApplicationReference", "QuoteId", "CurrentOffer", "Amount", "DurationMonths"],
    "acceptance": ["MessageId", "SentAt", "ApplicationReference", "QuoteId", "Offer"],
    "disbursement-decision": ["MessageId", "SentAt", "ApplicationReference", "QuoteId"],
    "disbursement": ["MessageId", "SentAt", "ApplicationReference", "QuoteId"],
    "agreement": ["MessageId", "SentAt", "ApplicationReference", "QuoteId", "Amount", "DurationMonths", "NominalRate", "Currency"],
    "agreement/signed": ["MessageId", "SentAt", "ApplicationReference", "QuoteId", "DocumentSha256", "Signatures"],
    "human-review": ["MessageId", "SentAt", "ApplicationReference", "ReviewId", "Code", "ApplicantView", "AnswerBy"],
    "withdrawal": ["MessageId", "SentAt", "ApplicationReference", "QuoteId", "WithdrawnAt", "Total", "PayBackBy"],
}
APPLICATION_REQUIRED = ["Country", "Currency", "Product", "Amount", "DurationMonths", "Applicants", "Debts", "RateBand"]


def schema_problem(operation, body):
    if not isinstance(body, dict):
        return "the body is not a JSON object"
    missing = [field for field in REQUIRED[operation] if field not in body]
    if missing:
        return "missing " + ", ".join(missing)
    if not UUID_PATTERN.match(str(body["MessageId"])) or not UUID_PATTERN.match(str(body["ApplicationReference"])):
        return "MessageId and ApplicationReference must be UUIDs"
    if operation == "registerApplication":
        application = body["Application"]
        if not isinstance(application, dict):
            return "Application is not an object"
        missing = [field for field in APPLICATION_REQUIRED if field not in application]
        if missing:
            return "Application misses " + ", ".join(missing)
        if not isinstance(application["Amount"], int) or not isinstance(application["DurationMonths"], int):
            return "Amount and DurationMonths must be integers"
        if not application["Applicants"]:
            return "no applicant"
    if operation == "offer-change" and (not isinstance(body["Amount"], int) or not isinstance(body["DurationMonths"], int)):
        return "Amount and DurationMonths must be integers"
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    bank = None  # set in main()

    def log_message(self, format, *args):  # noqa: A002 - the standard library's name
        pass

    def reply(self, status, payload):
        raw = json.dumps(payload).encode("utf-8")
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_GET(self):
        self.reply(404, error("Not found", "NOT_FOUND"))

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        bank = self.bank
        path = self.path.split("?", 1)[0]
        if path == "/applications":
            operation, reference = "registerApplication", None
        elif path == "/prequalifications":
            operation, reference = "prequalify", None
        else:
            match = APPLICATION_PATH.match(path)
            if not match:
                self.reply(404, error("No such operation", "NOT_FOUND"))
                return
            operation, reference = match.group("operation"), match.group("reference")
        valid, why = verify_signature(bank.config.secret, self.headers.get(SIGNATURE_HEADER), raw)
        key = self.headers.get(IDEMPOTENCY_HEADER)
        record = {"Kind": "request", "Operation": operation, "Path": path, "SignatureValid": valid, "IdempotencyKey": key}
        if not valid:
            bank.records.write({**record, "Status": 401, "Refused": why})
            self.reply(401, error(f"Signature refused: {why}", "BAD_SIGNATURE"))
            return
        if operation == "prequalify":
            # Optional in the document: this bank offers no soft pre-qualification.
            bank.records.write({**record, "Status": 404})
            self.reply(404, error("This lender offers no pre-qualification", "NOT_OFFERED"))
            return
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        problem = schema_problem(operation, body)
        if problem is None and reference is not None and body["ApplicationReference"] != reference:
            problem = "the path and the body name different applications"
        if problem is None and not key:
            problem = "missing Idempotency-Key"
        if problem is not None:
            bank.records.write({**record, "Status": 400, "Refused": problem})
            self.reply(400, error(problem, "SCHEMA"))
            return
        reference = body["ApplicationReference"]
        handlers = {
            "registerApplication": lambda: bank.register(body),
            "decision": lambda: bank.decide(reference),
            "offer-change": lambda: bank.change_offer(reference, body),
            "acceptance": lambda: bank.accept(reference, body),
            "disbursement-decision": lambda: bank.disbursement_decision(reference, body),
            "disbursement": lambda: bank.disburse(reference, body),
            "agreement": lambda: bank.agreement(reference, body),
            "agreement/signed": lambda: bank.received(reference, body),
            "human-review": lambda: bank.human_review(reference, body),
            "withdrawal": lambda: bank.received(reference, body),
        }
        status, payload, repeated = bank.once(key, path, body, handlers[operation])
        entry = {**record, "ApplicationReference": reference, "MessageId": body["MessageId"], "Status": status}
        entry["Repeat"] = repeated
        if operation == "registerApplication":
            application = body["Application"]
            entry["Application"] = {field: application.get(field) for field in ("Country", "Product", "Amount", "DurationMonths")}
            entry["Fields"] = sorted(application.keys())
        with bank.lock:
            entry["Applications"] = len(bank.applications)
        bank.records.write(entry)
        self.reply(status, payload)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--secret", required=True)
    parser.add_argument("--lender-id", required=True, help="our LenderId at nordloan (given at onboarding)")
    parser.add_argument("--callback-base", required=True, help="nordloan's API base URL (given at onboarding)")
    parser.add_argument("--record", default=None, help="a JSON-lines file of every request and callback")
    parser.add_argument("--callback-delay", type=float, default=0.3, help="seconds before the decision callback")
    parser.add_argument("--startup-fee", type=float, default=495.0)
    parser.add_argument("--monthly-fee", type=float, default=35.0)
    config = parser.parse_args(argv)
    Handler.bank = Bank(config, Records(config.record))
    server = ThreadingHTTPServer((config.host, config.port), Handler)
    server.daemon_threads = True
    print(f"listening on {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
