#!/usr/bin/env python3
"""An OTLP/HTTP receiver that accepts and drops spans, for the cost of tracing with its export
(the tracing cells of modes.json send here): a real backend would only add its own CPU, which the
cost benchmark does not count as the gateway's. Answers every POST 200 with an empty
ExportTraceServiceResponse and prints how many exports and bytes it took when stopped.

    python3 bench/cost/otlp_sink.py [PORT]      # default 14318; Ctrl-C or SIGTERM stops it
"""
import http.server
import signal
import sys

exports = 0
received = 0


class Sink(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        global exports, received
        length = int(self.headers.get("Content-Length", 0))
        received += len(self.rfile.read(length))
        exports += 1
        self.send_response(200)
        self.send_header("Content-Type", "application/x-protobuf")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 14318
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Sink)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        server.serve_forever()
    except (KeyboardInterrupt, SystemExit):
        pass
    print("otlp_sink: %d exports, %d bytes" % (exports, received), flush=True)


if __name__ == "__main__":
    main()
