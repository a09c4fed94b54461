#!/usr/bin/env python3
# mcp-test-proxy.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A scripted proxy for the network tests: an HTTP CONNECT proxy, or with
# --socks5 a SOCKS5 proxy, optionally asking for a user name and password
# (--user, --password: Basic after a 407, or SOCKS5's user/password
# method). It relays tunnels only. Every tunnel it opens and every refusal
# is appended to the --log file as one line ("tunnel HOST:PORT", "407",
# "refused"), with the Proxy-Authorization header it got, if any, so that
# tests see what the proxy saw.
#
# It listens on an ephemeral port of 127.0.0.1 only, prints the port as the
# first line of its output, and exits when its standard input closes or on
# SIGTERM. Only the standard library is used.

import argparse
import base64
import os
import signal
import socket
import socketserver
import struct
import sys
import threading

options = None
log_lock = threading.Lock()


def log(line):
    with log_lock:
        with open(options.log, "a") as f:
            f.write(line + "\n")


def relay(a, b):
    def pump(src, dst):
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                dst.sendall(data)
        except OSError:
            pass
        finally:
            try:
                dst.shutdown(socket.SHUT_WR)
            except OSError:
                pass

    t = threading.Thread(target=pump, args=(b, a), daemon=True)
    t.start()
    pump(a, b)
    t.join()


class Connect(socketserver.StreamRequestHandler):
    def handle(self):
        while True:
            line = self.rfile.readline(65536)
            if not line:
                return
            parts = line.decode("latin-1").split()
            headers = {}
            while True:
                h = self.rfile.readline(65536)
                if h in (b"\r\n", b"\n", b""):
                    break
                name, _, value = h.decode("latin-1").partition(":")
                headers[name.strip().lower()] = value.strip()
            if len(parts) < 2 or parts[0] != "CONNECT":
                log("refused " + " ".join(parts[:2]))
                self.wfile.write(b"HTTP/1.1 405 Tunnels only\r\nContent-Length: 0\r\n"
                                 b"Connection: close\r\n\r\n")
                return
            given = headers.get("proxy-authorization")
            if options.user is not None:
                expected = "Basic " + base64.b64encode(
                    f"{options.user}:{options.password}".encode()).decode()
                if given != expected:
                    log(f"407 {parts[1]} {given or '-'}")
                    self.wfile.write(b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                                     b"Proxy-Authenticate: Basic realm=\"test\"\r\n"
                                     b"Content-Length: 0\r\n\r\n")
                    self.wfile.flush()
                    continue
            host, _, port = parts[1].rpartition(":")
            try:
                upstream = socket.create_connection((host.strip("[]"), int(port)))
            except OSError:
                log(f"unreachable {parts[1]}")
                self.wfile.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
                return
            log(f"tunnel {parts[1]} {given or '-'}")
            self.wfile.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            self.wfile.flush()
            relay(self.connection, upstream)
            upstream.close()
            return


def read_exactly(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


class Socks5(socketserver.BaseRequestHandler):
    def handle(self):
        s = self.request
        version, count = read_exactly(s, 2)
        methods = read_exactly(s, count)
        wanted = 2 if options.user is not None else 0
        if version != 5 or wanted not in methods:
            log("refused method")
            s.sendall(b"\x05\xff")
            return
        s.sendall(bytes([5, wanted]))
        user = "-"
        if wanted == 2:
            _, ulen = read_exactly(s, 2)
            user = read_exactly(s, ulen).decode()
            (plen,) = read_exactly(s, 1)
            password = read_exactly(s, plen).decode()
            if user != options.user or password != options.password:
                log(f"refused {user}")
                s.sendall(b"\x01\x01")
                return
            s.sendall(b"\x01\x00")
        _, cmd, _, atyp = read_exactly(s, 4)
        if atyp == 1:
            host = socket.inet_ntoa(read_exactly(s, 4))
        elif atyp == 3:
            (n,) = read_exactly(s, 1)
            host = read_exactly(s, n).decode()
        else:
            host = socket.inet_ntop(socket.AF_INET6, read_exactly(s, 16))
        (port,) = struct.unpack("!H", read_exactly(s, 2))
        try:
            upstream = socket.create_connection((host, port))
        except OSError:
            s.sendall(b"\x05\x05\x00\x01\x00\x00\x00\x00\x00\x00")
            return
        log(f"tunnel {host}:{port} {user}")
        s.sendall(b"\x05\x00\x00\x01\x00\x00\x00\x00\x00\x00")
        relay(s, upstream)
        upstream.close()


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        pass


def exit_on_stdin_eof():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def main():
    global options
    parser = argparse.ArgumentParser(description="A scripted CONNECT or SOCKS5 proxy")
    parser.add_argument("--socks5", action="store_true")
    parser.add_argument("--user")
    parser.add_argument("--password", default="")
    parser.add_argument("--log", required=True)
    options = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda signum, frame: os._exit(0))
    server = Server(("127.0.0.1", 0), Socks5 if options.socks5 else Connect)
    threading.Thread(target=exit_on_stdin_eof, daemon=True).start()
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
