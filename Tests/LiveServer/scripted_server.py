#!/usr/bin/env python3
"""A scripted HTTP server for filmstrip's live bench: tests and demos, on 127.0.0.1 only.

    python3 Tests/LiveServer/scripted_server.py --script SCRIPT.json [--port 0] [--port-file FILE] [--log FILE] [--tls]
    python3 Tests/LiveServer/scripted_server.py --plan PLAN.json [--port 0] [--port-file FILE] [--log FILE] [--tls]

Listens on 127.0.0.1 (port 0: an ephemeral port), prints `listening on 127.0.0.1:PORT` and
writes PORT to --port-file once it accepts connections. Standard library only
(http.server.ThreadingHTTPServer). Stops on SIGTERM or SIGINT.

--tls speaks HTTPS (the ssl module) with a self-signed certificate for 127.0.0.1 that the
`openssl` command makes at start, valid one day, in a temporary folder removed on exit: nothing
that expires is kept. A client that checks certificates refuses it, which is what a test of a
failed TLS connection needs.

The script maps each path to one answer or a list of answers; a list is served in order and
starts again after its last answer, so every run of a plan sees the same sequence:

    {"/inbox": {"status": 200, "json": [{"title": "2.4.0 (118)", "detail": "Ready for Review"}]},
     "/refresh": [{"json": [...]}, {"status": 500, "json": {"message": "database offline"}}]}

An answer's members (all optional):
    status        HTTP status (200)
    headers       extra headers, {"Name": "value"}
    json          a JSON body (sent as application/json), or
    body          a text body (sent as text/plain unless headers say otherwise), or
    bodyBase64    the body's bytes, base64 (sent as they are: another character set, or a body
                  compressed ahead of time with a coding the standard library lacks, br or zstd,
                  sent with "encoding": "br")
    delayMs       wait before sending the status line and headers
    chunks        the body in pieces: [{"delayMs": 200, "bytes": 100}, ...]; each waits, then sends
                  the next `bytes` bytes; what is left after the last piece is sent at once
    contentLength true (default): send Content-Length; false: none (the body ends when the
                  connection closes); an integer: declare that many bytes whatever is sent
    closeAfterBytes  send at most this many body bytes, then close the connection (a body cut short)
    encoding      "gzip" or "deflate": compress the body and send `Content-Encoding` with it (the
                  chunks and Content-Length count compressed bytes); "identity" sends that header
                  with the body as it is; any other name is sent as the header over the plain
                  body (a coding the client cannot know)
    informational interim answers sent before the status line: [{"status": 103, "headers":
                  {"Link": "</app.css>; rel=preload"}, "delayMs": 100}]
    raw           the whole answer as it goes on the wire, a text sent as ISO-8859-1 bytes after
                  delayMs, then the connection closes: a status line, header block or chunk
                  framing that is not HTTP ("HTTP/1.1 abc OK\r\n\r\n"); every other member is ignored
    notModifiedIf a request carrying any of these validators gets 304 Not Modified (no body,
                  the answer's headers kept) instead: {"If-None-Match": "\"v1\"",
                  "If-Modified-Since": "Tue, 01 Dec 2026 10:00:00 GMT"}; compared as strings

With --plan the server answers a capture plan's `http` member instead: the HTTPScript format a
ScriptedTransport answers on the virtual clock (docs/OWN-CODE.md, "The same plan on the real
clock"), so one plan is recorded both ways. Routes match by method and path (a path ending in `*`
matches by prefix, the first route wins, the query is ignored); their answers are served in turn
and the last one repeats; no match is a 404 at once. An answer waits `headersAfterMs`, sends its
status, `headers` and a Content-Length, then `body` at once or each of `chunks` after its `afterMs`.
Failures, as near as a server can come: `refused` closes the connection at once without an answer
(the client sees the connection lost, not refused: the port is open), `timedOut` closes it without
an answer after `afterMs`, `cutShort` declares one byte more than it sends and closes after the
last chunk, `neverAnswers` waits until the client hangs up. Every method is answered; a request's
body is read and ignored. Plan-mode log lines carry `method` too.

Log (--log FILE, one JSON object per line, flushed at once):
    {"event": "request", "path": "/inbox", "answer": 0, "count": 1, "headers": {...}}
                  `headers`: the request's Accept-Encoding, If-None-Match and If-Modified-Since,
                  those it carried
    {"event": "notModified", "path": "/inbox"}      notModifiedIf matched: a 304 was sent
    {"event": "answered", "path": "/inbox", "bytes": 123}
    {"event": "clientClosed", "path": "/inbox", "afterBytes": 0}   the client closed the connection
                  before the answer was complete (a cancelled request)
    {"event": "cutShort", "path": "/inbox", "afterBytes": 40}       closeAfterBytes closed it
"""
import argparse
import base64
import json
import os
import select
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ClientClosed(Exception):
    pass


class State:
    def __init__(self, script, log_path):
        self.script = script
        self.counts = {}
        self.lock = threading.Lock()
        self.log_file = open(log_path, "a", encoding="utf-8") if log_path else None

    def next_answer(self, path):
        with self.lock:
            entry = self.script.get(path)
            if entry is None:
                return None, -1, 0
            answers = entry if isinstance(entry, list) else [entry]
            count = self.counts.get(path, 0)
            self.counts[path] = count + 1
            index = count % len(answers)
            return answers[index], index, count + 1

    def log(self, **record):
        line = json.dumps(record, sort_keys=True)
        with self.lock:
            if self.log_file:
                self.log_file.write(line + "\n")
                self.log_file.flush()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "filmstrip-scripted/1"

    def log_message(self, format, *args):  # quiet: the JSON log says what happened
        pass

    def wait(self, ms, path, sent):
        """Sleeps ms milliseconds, returning early with ClientClosed when the client hangs up."""
        deadline = time.monotonic() + ms / 1000.0
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            readable, _, _ = select.select([self.connection], [], [], min(left, 0.05))
            if readable:
                try:
                    peek = self.connection.recv(1, socket.MSG_PEEK)
                except OSError:
                    peek = b""
                if peek == b"":
                    raise ClientClosed(sent)
                time.sleep(min(max(left, 0), 0.01))

    def send(self, data, path, sent):
        try:
            self.wfile.write(data)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            raise ClientClosed(sent)
        return sent + len(data)

    def do_GET(self):
        if isinstance(self.server.state, PlanState):
            return serve_plan(self)
        state = self.server.state
        path = self.path.split("?", 1)[0]
        answer, index, count = state.next_answer(path)
        seen = {name: self.headers[name] for name in ("Accept-Encoding", "If-None-Match", "If-Modified-Since") if self.headers.get(name) is not None}
        state.log(event="request", path=path, answer=index, count=count, headers=seen)
        if answer is None:
            answer = {"status": 404, "json": {"message": "no answer scripted for " + path}}
        if "raw" in answer:
            return self.send_raw(answer, path)
        status = int(answer.get("status", 200))
        headers = dict(answer.get("headers", {}))
        if "json" in answer:
            body = json.dumps(answer["json"]).encode("utf-8")
            headers.setdefault("Content-Type", "application/json")
        elif "bodyBase64" in answer:
            body = base64.b64decode(answer["bodyBase64"])
            headers.setdefault("Content-Type", "application/octet-stream")
        else:
            body = str(answer.get("body", "")).encode("utf-8")
            headers.setdefault("Content-Type", "text/plain; charset=utf-8")
        encoding = answer.get("encoding")
        if encoding == "gzip":
            packer = zlib.compressobj(9, zlib.DEFLATED, 31)
            body = packer.compress(body) + packer.flush()
        elif encoding == "deflate":
            body = zlib.compress(body, 9)
        if encoding is not None:
            headers["Content-Encoding"] = str(encoding)
        conditions = answer.get("notModifiedIf", {})
        if any(self.headers.get(name) == value for name, value in conditions.items()):
            state.log(event="notModified", path=path)
            status = 304
            body = b""
            headers.pop("Content-Encoding", None)
        length = answer.get("contentLength", True)
        cut = answer.get("closeAfterBytes")
        sent = 0
        try:
            for interim in answer.get("informational", []):
                self.wait(int(interim.get("delayMs", 0)), path, sent)
                lines = ["HTTP/1.1 %d %s" % (int(interim.get("status", 103)), self.responses.get(int(interim.get("status", 103)), ("Early Hints",))[0])]
                lines += ["%s: %s" % (name, value) for name, value in interim.get("headers", {}).items()]
                self.send(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"), path, sent)
            self.wait(int(answer.get("delayMs", 0)), path, sent)
            self.send_response_only(status)
            for name, value in headers.items():
                self.send_header(name, str(value))
            if length is True and status in (204, 304):
                pass  # no Content-Length unless the script declares one (RFC 9110 §8.6)
            elif length is True:
                self.send_header("Content-Length", str(len(body)))
            elif isinstance(length, int) and not isinstance(length, bool):
                self.send_header("Content-Length", str(length))
            if length is False or cut is not None:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()
            self.send(b"", path, sent)
            limit = len(body) if cut is None else min(len(body), int(cut))
            offset = 0
            for chunk in answer.get("chunks", []):
                self.wait(int(chunk.get("delayMs", 0)), path, sent)
                end = min(limit, offset + int(chunk.get("bytes", 0)))
                sent = self.send(body[offset:end], path, sent)
                offset = end
            sent = self.send(body[offset:limit], path, sent)
            if cut is not None:
                state.log(event="cutShort", path=path, afterBytes=sent)
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
                return
            state.log(event="answered", path=path, bytes=sent)
        except ClientClosed as closed:
            state.log(event="clientClosed", path=path, afterBytes=closed.args[0])
            self.close_connection = True

    def send_raw(self, answer, path):
        """Sends `raw` as it is, after `delayMs`, and closes the connection."""
        state = self.server.state
        self.close_connection = True
        try:
            self.wait(int(answer.get("delayMs", 0)), path, 0)
            sent = self.send(str(answer["raw"]).encode("latin-1"), path, 0)
            state.log(event="answered", path=path, bytes=sent)
            self.connection.shutdown(socket.SHUT_WR)
        except ClientClosed as closed:
            state.log(event="clientClosed", path=path, afterBytes=closed.args[0])
        except OSError:
            pass  # the client hung up after refusing the answer

    def do_OTHER(self):
        """Any other method: answered from a plan's routes; the path script knows GET only."""
        if isinstance(self.server.state, PlanState):
            return serve_plan(self)
        self.send_error(501)

    do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OTHER


class PlanState(State):
    """The routes of a plan's `http` member: method and path (or prefix), answers in turn, the last repeating."""

    def __init__(self, routes, log_path):
        State.__init__(self, {}, log_path)
        self.routes = routes

    def next_plan_answer(self, method, path):
        with self.lock:
            for number, route in enumerate(self.routes):
                pattern = route.get("path", "")
                if route.get("method", "GET").upper() != method.upper():
                    continue
                if not (path.startswith(pattern[:-1]) if pattern.endswith("*") else path == pattern):
                    continue
                answers = route["answers"]
                count = self.counts.get(number, 0)
                self.counts[number] = count + 1
                index = min(count, len(answers) - 1)
                return answers[index], index, count + 1
            return None, -1, 0


def serve_plan(handler):
    """Answers one request from the plan's routes (PlanState), logging it."""
    state = handler.server.state
    method = handler.command
    path = handler.path.split("?", 1)[0]
    length = int(handler.headers.get("Content-Length") or 0)
    if length:
        handler.rfile.read(length)
    answer, index, count = state.next_plan_answer(method, path)
    state.log(event="request", method=method, path=path, answer=index, count=count)
    if answer is None:
        answer = {"status": 404}
    failure = answer.get("failure")
    sent = 0
    try:
        if failure in ("refused", "timedOut", "neverAnswers"):
            wait = {"refused": 0, "timedOut": int(answer.get("afterMs", 0)), "neverAnswers": 864000000}[failure]
            handler.wait(wait, path, sent)
            state.log(event=failure, method=method, path=path)
            handler.close_connection = True
            handler.connection.shutdown(socket.SHUT_RDWR)
            return
        chunks = answer.get("chunks")
        if chunks is None:
            chunks = [{"afterMs": 0, "text": answer["body"]}] if answer.get("body") else []
        pieces = [(int(chunk.get("afterMs", 0)), str(chunk.get("text", "")).encode("utf-8")) for chunk in chunks]
        total = sum(len(piece) for _, piece in pieces)
        handler.wait(int(answer.get("headersAfterMs", 0)), path, sent)
        handler.send_response_only(int(answer.get("status", 200)))
        for name, value in answer.get("headers", {}).items():
            handler.send_header(name, str(value))
        handler.send_header("Content-Length", str(total + (1 if failure == "cutShort" else 0)))
        handler.end_headers()
        handler.send(b"", path, sent)
        for delay, piece in pieces:
            handler.wait(delay, path, sent)
            sent = handler.send(piece, path, sent)
        if failure == "cutShort":
            state.log(event="cutShort", method=method, path=path, afterBytes=sent)
            handler.close_connection = True
            handler.connection.shutdown(socket.SHUT_RDWR)
            return
        state.log(event="answered", method=method, path=path, bytes=sent)
    except ClientClosed as closed:
        state.log(event="clientClosed", method=method, path=path, afterBytes=closed.args[0])
        handler.close_connection = True


def self_signed_context(folder):
    """A server TLS context with a new self-signed certificate for 127.0.0.1, valid one day."""
    key, certificate = os.path.join(folder, "key.pem"), os.path.join(folder, "certificate.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    return context


def main():
    parser = argparse.ArgumentParser(description="scripted HTTP server for filmstrip's live bench (127.0.0.1 only)")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--script", help="JSON file: path -> answer or list of answers")
    source.add_argument("--plan", help="a capture plan: answer its `http` member (the HTTPScript format)")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (0: ephemeral)")
    parser.add_argument("--port-file", help="write the port here once listening")
    parser.add_argument("--log", help="append one JSON line per request event here")
    parser.add_argument("--tls", action="store_true", help="speak HTTPS with a self-signed certificate made at start")
    args = parser.parse_args()
    with open(args.script or args.plan, encoding="utf-8") as handle:
        script = json.load(handle)
    if args.plan:
        routes = script.get("http") if isinstance(script, dict) else None
        if not isinstance(routes, list) or not all(isinstance(route, dict) and route.get("answers") for route in routes):
            sys.exit("error: %s: expected a plan whose `http` member is an array of routes with answers" % args.plan)
        state = PlanState(routes, args.log)
    elif not isinstance(script, dict):
        sys.exit("error: %s: expected an object mapping paths to answers" % args.script)
    else:
        state = State(script, args.log)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.state = state
    certificates = None
    if args.tls:
        certificates = tempfile.mkdtemp(prefix="scripted-server-tls-")
        server.socket = self_signed_context(certificates).wrap_socket(server.socket, server_side=True)
    port = server.server_address[1]
    # Stop cleanly on SIGTERM, even one that arrives before serve_forever starts; a parent may
    # have started us with SIGTERM blocked (the mask is inherited), so unblock it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown, daemon=True).start())
    if args.port_file:
        temporary = args.port_file + ".tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write("%d\n" % port)
        os.replace(temporary, args.port_file)
    print("listening on 127.0.0.1:%d" % port, flush=True)
    try:
        server.serve_forever(poll_interval=0.05)
    except KeyboardInterrupt:
        pass
    server.server_close()
    if certificates:
        shutil.rmtree(certificates, ignore_errors=True)


if __name__ == "__main__":
    main()
