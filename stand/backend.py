#!/usr/bin/env python3
"""The stand's backend app: one per backend namespace, on :8080.

GET /                    "backend=NAME client=IP:PORT served=IP:PORT" - who answered, whom it saw
GET /healthz             200 "ok", 503 while STATE/fail-healthz exists
GET /client/api/health, /client/health, /storage/health, /preview/health,
    /integration/health, /log/health
                         Directum RX health endpoints: 200, 503 while STATE/fail-SERVICE exists
                         (SERVICE: client-api, web-client, storage, preview, integration, log)
GET /slow?seconds=N      streams one line every 0.2 s for N seconds, then closes
GET /seen                who asked for the health endpoints: one line "PATH CLIENT-IP COUNT" per
                         path and client address, sorted (e.g. "/healthz 10.20.0.253 12")
"""
import argparse
import os
import socketserver
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, urlparse

RX_HEALTH = {
    "/client/api/health": "client-api",
    "/client/health": "web-client",
    "/storage/health": "storage",
    "/preview/health": "preview",
    "/integration/health": "integration",
    "/log/health": "log",
    "/healthz": "healthz",
}


class Server(socketserver.ThreadingMixIn, HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def handler(name, state):
    seen = {}
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"

        def do_GET(self):
            url = urlparse(self.path)
            client = "%s:%d" % self.client_address[:2]
            served = "%s:%d" % self.connection.getsockname()[:2]
            if url.path in RX_HEALTH:
                service = RX_HEALTH[url.path]
                with lock:
                    key = (url.path, self.client_address[0])
                    seen[key] = seen.get(key, 0) + 1
                failing = os.path.exists(os.path.join(state, "fail-" + service))
                self.reply(503 if failing else 200, ("failing" if failing else "ok") + " " + service + "\n")
            elif url.path == "/slow":
                seconds = float(parse_qs(url.query).get("seconds", ["10"])[0])
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.end_headers()
                end = time.monotonic() + seconds
                tick = 0
                while time.monotonic() < end:
                    self.wfile.write(("backend=%s tick=%d\n" % (name, tick)).encode())
                    self.wfile.flush()
                    tick += 1
                    time.sleep(0.2)
                self.wfile.write(("backend=%s done client=%s served=%s\n" % (name, client, served)).encode())
            elif url.path == "/seen":
                with lock:
                    lines = ["%s %s %d\n" % (path, ip, n) for (path, ip), n in sorted(seen.items())]
                self.reply(200, "".join(lines))
            elif url.path == "/":
                self.reply(200, "backend=%s client=%s served=%s\n" % (name, client, served))
            else:
                self.reply(404, "not found\n")

        def reply(self, code, body):
            data = body.encode()
            self.send_response(code)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, fmt, *args):
            pass

    return Handler


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--name", required=True)
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--state", required=True, help="directory of the fail-* switch files")
    args = parser.parse_args()
    os.makedirs(args.state, exist_ok=True)
    Server(("0.0.0.0", args.port), handler(args.name, args.state)).serve_forever()


if __name__ == "__main__":
    main()
