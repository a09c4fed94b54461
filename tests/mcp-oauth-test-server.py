#!/usr/bin/env python3
# mcp-oauth-test-server.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A scripted OAuth 2.1 authorization server and the MCP server it protects,
# for the authorization tests. The authorization server publishes its
# metadata, registers clients (RFC 7591), answers /authorize with a redirect
# straight to redirect_uri (no user, so that a test's "browser" only has to
# follow it), and issues tokens for codes (checking PKCE S256, the redirect
# URI and the resource), refresh tokens and client credentials. The MCP
# server (Streamable HTTP, JSON answers only) publishes its protected
# resource metadata and wants a token issued for it on every request.
#
# Both misbehave on request, through settings given as JSON on the command
# line (--config) or later with POST /_control {"set": {...}}: metadata that
# is huge, malformed, names another issuer or plain http endpoints, or
# redirects elsewhere; a redirect with a wrong state or iss; codes replayed;
# refresh tokens revoked (and every refresh token is good once: refreshing
# rotates it); slow, huge or malformed token answers, or none (the token
# endpoint hangs up); metadata or token answers dripped a byte at a time;
# tokens with line breaks; refusals that quote the secrets of the request;
# workload JWTs (jwt-bearer) refused with a chosen OAuth error; tools that need more scope (403
# insufficient_scope); an MCP endpoint that redirects to another origin.
#
# DPoP (RFC 9449), when dpop_algs is set: the metadata advertises it, and a
# token request with a proof gets a token bound to the proof's key
# (token_type DPoP; refresh tokens are bound too). Every proof is checked:
# its form, its ES256 or RS256 signature with the JWK of its header
# (verified here, in plain Python), htm, htu, iat, a jti never seen before, the nonce when
# one is required, and at the MCP server ath and the key the token is bound
# to. dpop_as_nonce and dpop_rs_nonce ("once": one nonce, asked for until
# a proof carries it; "always": a new one asked for every time) make either
# server answer use_dpop_nonce. A bad proof is refused and counted
# ("dpop error: ...").
#
# GET /_control returns every request received (method, origin, path,
# query, form, the Authorization and DPoP headers) and counters, so that
# tests check what went over the wire.
#
# It listens on two ephemeral ports of 127.0.0.1 (the second is "another
# origin" for redirects), prints them on its first line, and exits when its
# standard input closes or on SIGTERM. Only the standard library is used.

import argparse
import base64
import hashlib
import http.server
import json
import os
import secrets
import signal
import ssl
import socketserver
import sys
import threading
import time
import urllib.parse

SUPPORTED_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer"
ID_JAG = "urn:ietf:params:oauth:token-type:id-jag"
ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"

DEFAULTS = {
    # The MCP server.
    "require_auth": True,
    "challenge_scope": None,
    "challenge_resource_metadata": True,
    "prm": True,
    "prm_scopes": None,
    "prm_resource": None,
    "authorization_servers": None,
    "tool_scope": None,
    "redirect_mcp": False,
    "slow_refusal_ms": 0,
    # The authorization server's metadata.
    "issuer_path": "",
    "metadata": "normal",
    "as_scopes": None,
    "pkce_methods": ["S256"],
    "auth_methods": ["none", "client_secret_basic", "client_secret_post"],
    "registration": True,
    "cimd": False,
    "iss_supported": True,
    # What the authorization server does.
    "iss": "correct",
    "state": "echo",
    "authorize_error": None,
    "fixed_code": None,
    "token": "normal",
    "token_delay_ms": 0,
    # "metadata" or "token": that answer goes out one byte every drip_ms.
    "drip": None,
    "drip_ms": 1000,
    "token_type": "Bearer",
    "access_token_lifetime": 3600,
    "refresh_tokens": True,
    "refresh": "normal",
    "granted_scope": None,
    "clients": {},
    # Workload identity (RFC 7523 jwt-bearer with a workload's JWT): an
    # OAuth error to refuse every such request with, or None.
    "wif_error": None,
    # DPoP: the algorithms to advertise (None: no DPoP), and the nonces.
    "dpop_algs": None,
    "dpop_as_nonce": None,
    "dpop_rs_nonce": None,
}

lock = threading.Lock()
config = dict(DEFAULTS)
tls = None  # an ssl.SSLContext with --tls-cert
log = []
counts = {}
ports = []
clients = {}        # client_id -> registration
codes = {}          # code -> grant
access_tokens = {}  # token -> {"scope", "expires", "resource"}
refresh_tokens = {} # token -> {"client_id", "scope", "resource", "jkt"}
jtis = set()        # every DPoP proof's jti
nonces = {"as": 0, "rs": 0}  # how many nonces each server handed out

# P-256 (FIPS 186-4), to verify ES256 proofs without a library.
P256_P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff
P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b
P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551
P256_G = (0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296,
          0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5)


def count(name):
    counts[name] = counts.get(name, 0) + 1


def origin(port):
    return "%s://127.0.0.1:%d" % ("https" if tls is not None else "http", port)


def issuer():
    return origin(ports[0]) + config["issuer_path"]


def resource_url():
    return origin(ports[0]) + "/mcp"


def metadata_url():
    return origin(ports[0]) + "/.well-known/oauth-protected-resource/mcp"


def s256(verifier):
    digest = hashlib.sha256(verifier.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def jwt_claims(jwt):
    try:
        payload = jwt.split(".")[1]
        return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    except (IndexError, ValueError):
        return None


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def p256_add(a, b):
    if a is None:
        return b
    if b is None:
        return a
    if a[0] == b[0] and (a[1] + b[1]) % P256_P == 0:
        return None
    if a == b:
        slope = (3 * a[0] * a[0] - 3) * pow(2 * a[1], -1, P256_P)
    else:
        slope = (b[1] - a[1]) * pow(b[0] - a[0], -1, P256_P)
    x = (slope * slope - a[0] - b[0]) % P256_P
    return (x, (slope * (a[0] - x) - a[1]) % P256_P)


def p256_mul(k, point):
    result = None
    while k:
        if k & 1:
            result = p256_add(result, point)
        point = p256_add(point, point)
        k >>= 1
    return result


def es256_verify(jwk, signing_input, signature):
    """Whether signature (r || s) signs signing_input with the P-256 key jwk."""
    if jwk.get("kty") != "EC" or jwk.get("crv") != "P-256" or len(signature) != 64:
        return False
    x = int.from_bytes(b64url_decode(jwk["x"]), "big")
    y = int.from_bytes(b64url_decode(jwk["y"]), "big")
    if (y * y - x * x * x + 3 * x - P256_B) % P256_P != 0:
        return False
    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:], "big")
    if not (0 < r < P256_N and 0 < s < P256_N):
        return False
    e = int.from_bytes(hashlib.sha256(signing_input).digest(), "big")
    w = pow(s, -1, P256_N)
    point = p256_add(p256_mul(e * w % P256_N, P256_G), p256_mul(r * w % P256_N, (x, y)))
    return point is not None and point[0] % P256_N == r


# The DER prefix of a SHA-256 DigestInfo (RFC 8017 §9.2).
SHA256_DIGEST_INFO = bytes.fromhex("3031300d060960864801650304020105000420")


def rs256_verify(jwk, signing_input, signature):
    """Whether signature is an RSASSA-PKCS1-v1_5 SHA-256 signature of
    signing_input with the RSA key jwk."""
    if jwk.get("kty") != "RSA":
        return False
    n = int.from_bytes(b64url_decode(jwk["n"]), "big")
    e = int.from_bytes(b64url_decode(jwk["e"]), "big")
    size = (n.bit_length() + 7) // 8
    if n.bit_length() < 2048 or len(signature) != size:
        return False
    decoded = pow(int.from_bytes(signature, "big"), e, n).to_bytes(size, "big")
    digest = SHA256_DIGEST_INFO + hashlib.sha256(signing_input).digest()
    return decoded == b"\x00\x01" + b"\xff" * (size - len(digest) - 3) + b"\x00" + digest


VERIFIERS = {"ES256": es256_verify, "RS256": rs256_verify}


def jwk_thumbprint(jwk):
    """RFC 7638."""
    names = ("e", "kty", "n") if jwk.get("kty") == "RSA" else ("crv", "kty", "x", "y")
    members = {k: jwk[k] for k in names}
    canonical = json.dumps(members, separators=(",", ":"), sort_keys=True)
    return b64url(hashlib.sha256(canonical.encode()).digest())


def check_proof(proof, method, url, nonce=None, access_token=None):
    """The thumbprint of the key of a valid DPoP proof, or (None, why not)."""
    if proof is None:
        return None, "no proof"
    parts = proof.split(".")
    if len(parts) != 3:
        return None, "not a JWS"
    try:
        header = json.loads(b64url_decode(parts[0]))
        claims = json.loads(b64url_decode(parts[1]))
        signature = b64url_decode(parts[2])
    except ValueError:
        return None, "malformed"
    jwk = header.get("jwk") or {}
    verify = VERIFIERS.get(header.get("alg"))
    if (header.get("typ") != "dpop+jwt" or verify is None
            or header.get("alg") not in (config["dpop_algs"] or []) or "d" in jwk):
        return None, "bad header"
    try:
        valid = verify(jwk, (parts[0] + "." + parts[1]).encode(), signature)
    except (KeyError, ValueError, TypeError):
        valid = False
    if not valid:
        return None, "bad signature"
    jti = claims.get("jti")
    with lock:
        replayed = jti in jtis
        jtis.add(jti)
    if not isinstance(jti, str) or replayed:
        return None, "jti replayed"
    if claims.get("htm") != method:
        return None, "bad htm"
    if claims.get("htu") != url:
        return None, "bad htu"
    if not isinstance(claims.get("iat"), int) or abs(claims["iat"] - time.time()) > 60:
        return None, "bad iat"
    if access_token is not None and claims.get("ath") != s256(access_token):
        return None, "bad ath"
    if nonce is not None and claims.get("nonce") != nonce:
        return None, "use_dpop_nonce"
    return jwk_thumbprint(jwk), None


def expected_nonce(server):
    """The nonce the proofs must carry ("as" or "rs"), or None."""
    mode = config["dpop_%s_nonce" % server]
    if mode is None:
        return None
    with lock:
        if mode == "always" or nonces[server] == 0:
            nonces[server] += 1
        return "%s-nonce-%d" % (server, nonces[server])


def as_metadata():
    base = issuer()
    endpoint_base = base
    if config["metadata"] == "insecure":
        endpoint_base = "http://auth.example.com"
    metadata = {
        "issuer": base if config["metadata"] != "issuer-mismatch" else "https://attacker.example.com",
        "authorization_endpoint": endpoint_base + "/authorize",
        "token_endpoint": endpoint_base + "/token",
        "response_types_supported": ["code"],
        "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials"],
        "token_endpoint_auth_methods_supported": config["auth_methods"],
    }
    if config["registration"]:
        metadata["registration_endpoint"] = endpoint_base + "/register"
    if config["pkce_methods"] is not None:
        metadata["code_challenge_methods_supported"] = config["pkce_methods"]
    if config["iss_supported"]:
        metadata["authorization_response_iss_parameter_supported"] = True
    if config["cimd"]:
        metadata["client_id_metadata_document_supported"] = True
    if config["as_scopes"] is not None:
        metadata["scopes_supported"] = config["as_scopes"]
    if config["dpop_algs"] is not None:
        metadata["dpop_signing_alg_values_supported"] = config["dpop_algs"]
    return metadata


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def local_port(self):
        return self.connection.getsockname()[1]

    def record(self, form=None, body=None):
        url = urllib.parse.urlsplit(self.path)
        entry = {
            "method": self.command,
            "origin": origin(self.local_port()),
            "path": url.path,
            "query": dict(urllib.parse.parse_qsl(url.query)),
            "authorization": self.headers.get("Authorization"),
            "dpop": self.headers.get("DPoP"),
        }
        if form is not None:
            entry["form"] = form
        if body is not None:
            entry["body"] = body
        with lock:
            log.append(entry)

    def send(self, code, body=b"", content_type="application/json", headers=None, drip=False):
        self.send_response(code)
        if body or code != 204:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if body and self.command != "HEAD":
            if drip:
                for i in range(len(body)):
                    self.wfile.write(body[i:i + 1])
                    self.wfile.flush()
                    time.sleep(config["drip_ms"] / 1000)
            else:
                self.wfile.write(body)

    def send_json(self, code, value, headers=None, drip=False):
        self.send(code, json.dumps(value).encode(), headers=headers, drip=drip)

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    # -- GET -------------------------------------------------------------

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        path = url.path

        if path == "/_control":
            with lock:
                value = {"log": log, "counts": counts, "config": config}
                body = json.dumps(value).encode()
            self.send(200, body)
            return

        self.record()
        with lock:
            count("GET " + path)

        if self.local_port() != ports[0]:
            self.send_json(404, {"error": "not_found"})
            return

        if path.startswith("/.well-known/oauth-protected-resource"):
            if not config["prm"] or path != "/.well-known/oauth-protected-resource/mcp":
                self.send_json(404, {"error": "not_found"})
                return
            prm = {
                "resource": config["prm_resource"] or resource_url(),
                "authorization_servers": config["authorization_servers"] or [issuer()],
            }
            if config["prm_scopes"] is not None:
                prm["scopes_supported"] = config["prm_scopes"]
            self.send_json(200, prm)
            return

        if path == self.metadata_path():
            mode = config["metadata"]
            if mode == "huge":
                metadata = as_metadata()
                metadata["padding"] = "x" * (1024 * 1024)
                self.send_json(200, metadata)
            elif mode == "malformed":
                self.send(200, b'{"issuer": "' + issuer().encode() + b'", "token_endpoint": ')
            elif mode == "redirect-other-origin":
                self.send(302, headers={"Location": origin(ports[1]) + path})
            elif mode == "redirect-same-origin":
                self.send(302, headers={"Location": "/moved" + path})
            else:
                self.send_json(200, as_metadata(), drip=config["drip"] == "metadata")
            return

        if path == "/moved" + self.metadata_path():
            self.send_json(200, as_metadata())
            return

        if path == config["issuer_path"] + "/authorize":
            self.authorize(dict(urllib.parse.parse_qsl(url.query)))
            return

        self.send_json(404, {"error": "not_found"})

    def metadata_path(self):
        return "/.well-known/oauth-authorization-server" + config["issuer_path"]

    def authorize(self, query):
        redirect_uri = query.get("redirect_uri")
        if not redirect_uri:
            self.send(400, b"no redirect_uri", "text/plain")
            return

        params = {}
        state = query.get("state")
        if config["state"] == "wrong":
            params["state"] = "not-the-state"
        elif state is not None:
            params["state"] = state

        if config["authorize_error"]:
            params["error"] = config["authorize_error"]
            params["error_description"] = "The user said no"
        else:
            with lock:
                code = config["fixed_code"] or "code-" + secrets.token_urlsafe(16)
                if code not in codes:
                    codes[code] = {
                        "client_id": query.get("client_id"),
                        "redirect_uri": redirect_uri,
                        "challenge": query.get("code_challenge"),
                        "method": query.get("code_challenge_method"),
                        "scope": query.get("scope"),
                        "resource": query.get("resource"),
                        "used": False,
                    }
            params["code"] = code

        if config["iss"] == "correct":
            params["iss"] = issuer()
        elif config["iss"] == "wrong":
            params["iss"] = "https://evil.example.com"

        separator = "&" if "?" in redirect_uri else "?"
        location = redirect_uri + separator + urllib.parse.urlencode(params)
        self.send(302, headers={"Location": location})

    # -- POST ------------------------------------------------------------

    def do_POST(self):
        url = urllib.parse.urlsplit(self.path)
        path = url.path
        body = self.read_body()

        if path == "/_control":
            request = json.loads(body or b"{}")
            with lock:
                config.update(request.get("set", {}))
                if request.get("revoke_refresh_tokens"):
                    refresh_tokens.clear()
                if request.get("expire_access_tokens"):
                    for token in access_tokens.values():
                        token["expires"] = 0
                if request.get("clear_log"):
                    log.clear()
                    counts.clear()
            self.send_json(200, {"ok": True})
            return

        if self.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded"):
            form = dict(urllib.parse.parse_qsl(body.decode()))
            self.record(form=form)
        else:
            try:
                self.record(body=json.loads(body or b"null"))
            except ValueError:
                self.record(body=None)

        with lock:
            count("POST " + path)

        if path == "/mcp":
            self.mcp(body)
        elif path == config["issuer_path"] + "/token" and self.local_port() == ports[0]:
            self.token(form)
        elif path == "/idp/token" and self.local_port() == ports[0]:
            self.identity_provider(form)
        elif path == config["issuer_path"] + "/register" and self.local_port() == ports[0]:
            self.register(json.loads(body or b"{}"))
        else:
            self.send_json(404, {"error": "not_found"})

    def do_DELETE(self):
        self.record()
        self.send(405, b"")

    # -- The authorization server ------------------------------------------

    def register(self, metadata):
        client_id = "client-" + secrets.token_urlsafe(8)
        registration = {
            "client_id": client_id,
            "client_name": metadata.get("client_name"),
            "redirect_uris": metadata.get("redirect_uris", []),
            "grant_types": metadata.get("grant_types", []),
            "application_type": metadata.get("application_type"),
            "token_endpoint_auth_method": "none",
        }
        if config["auth_methods"] and "none" not in config["auth_methods"]:
            registration["client_secret"] = "secret-" + secrets.token_urlsafe(8)
            registration["token_endpoint_auth_method"] = config["auth_methods"][0]
        with lock:
            clients[client_id] = registration
        self.send_json(201, registration)

    def identity_provider(self, form):
        """The enterprise identity provider of cross-app access: trades the ID
        token "id-token-of-alice" for an identity assertion grant."""
        if (form.get("grant_type") != TOKEN_EXCHANGE or form.get("requested_token_type") != ID_JAG
                or form.get("subject_token_type") != ID_TOKEN
                or form.get("subject_token") != "id-token-of-alice"
                or form.get("audience") != issuer() or form.get("resource") != resource_url()):
            self.send_json(400, {"error": "invalid_request"})
            return
        grant = "jag-" + secrets.token_urlsafe(16)
        with lock:
            codes[grant] = {"scope": form.get("scope"), "used": False, "jag": True}
        self.send_json(200, {"access_token": grant, "issued_token_type": ID_JAG,
                             "token_type": "N_A"})

    def client_of(self, form):
        """The client the request authenticates as, or an error string."""
        header = self.headers.get("Authorization")
        if header and header.startswith("Basic "):
            pair = base64.b64decode(header[6:]).decode()
            client_id, _, secret = pair.partition(":")
            client_id = urllib.parse.unquote(client_id)
            secret = urllib.parse.unquote(secret)
            method = "client_secret_basic"
        elif "client_secret" in form:
            client_id, secret, method = form.get("client_id"), form["client_secret"], "client_secret_post"
        elif "client_assertion" in form:
            # The signature is not checked (the conformance suite does that):
            # the claims are, and the assertion is kept for the test.
            client_id, method = form.get("client_id"), "private_key_jwt"
            claims = jwt_claims(form["client_assertion"])
            if (form.get("client_assertion_type") != ASSERTION_TYPE or claims is None
                    or claims.get("iss") != client_id or claims.get("sub") != client_id
                    or claims.get("aud") != issuer()):
                return None, "bad client assertion"
            with lock:
                counts["auth " + method] = counts.get("auth " + method, 0) + 1
            return client_id, None
        else:
            client_id, secret, method = form.get("client_id"), None, "none"

        with lock:
            counts["auth " + method] = counts.get("auth " + method, 0) + 1
            known = dict(config["clients"])
            known.update({k: v.get("client_secret") for k, v in clients.items()})

        if client_id is None:
            return None, "no client"
        if client_id.startswith("https://"):
            return client_id, None
        if client_id not in known:
            return None, "unknown client"
        if known[client_id] is not None and known[client_id] != secret:
            return None, "wrong secret"
        return client_id, None

    def token(self, form):
        if config["token_delay_ms"]:
            time.sleep(config["token_delay_ms"] / 1000)

        mode = config["token"]
        if mode == "huge":
            self.send_json(200, {"access_token": "x" * (1024 * 1024), "token_type": "Bearer"})
            return
        if mode == "malformed":
            self.send(200, b"<html>not a token</html>", "text/html")
            return
        if mode == "hang-up":
            self.close_connection = True
            return
        if mode == "refuse-quoting-secrets":
            # A server that quotes what it was sent in its refusal.
            quoted = " ".join("%s=%s" % (k, v) for k, v in sorted(form.items()))
            self.send_json(400, {"error": "invalid_grant " + quoted,
                                 "error_description": "rejected: " + quoted})
            return

        jkt = None
        if config["dpop_algs"] is not None and self.headers.get("DPoP") is not None:
            nonce = expected_nonce("as")
            jkt, problem = check_proof(self.headers.get("DPoP"), "POST", issuer() + "/token", nonce)
            if problem == "use_dpop_nonce":
                with lock:
                    count("as use_dpop_nonce")
                self.send_json(400, {"error": "use_dpop_nonce"}, headers={"DPoP-Nonce": nonce})
                return
            if problem:
                with lock:
                    count("dpop error: " + problem)
                self.send_json(400, {"error": "invalid_dpop_proof", "error_description": problem})
                return

        grant_type = form.get("grant_type")
        workload = (grant_type == JWT_BEARER
                    and not form.get("assertion", "").startswith("jag-"))
        if workload and "client_id" not in form and not self.headers.get("Authorization"):
            client_id, problem = None, None     # RFC 7523 §3.1: no client authentication
        else:
            client_id, problem = self.client_of(form)
        if problem:
            self.send_json(401, {"error": "invalid_client", "error_description": problem})
            return

        if form.get("resource") != resource_url():
            self.send_json(400, {"error": "invalid_target",
                                 "error_description": "resource is %s" % form.get("resource")})
            return

        if grant_type == "authorization_code":
            with lock:
                grant = codes.get(form.get("code"))
                replayed = grant is not None and grant["used"]
                if grant is not None:
                    grant["used"] = True
            if grant is None or replayed:
                self.send_json(400, {"error": "invalid_grant",
                                     "error_description": "unknown or used code"})
                return
            if (grant["client_id"] != client_id or grant["redirect_uri"] != form.get("redirect_uri")
                    or grant["method"] != "S256" or grant["resource"] != form.get("resource")
                    or s256(form.get("code_verifier", "")) != grant["challenge"]):
                self.send_json(400, {"error": "invalid_grant",
                                     "error_description": "the code does not match"})
                return
            scope = grant["scope"]
        elif grant_type == "refresh_token":
            with lock:
                previous = refresh_tokens.pop(form.get("refresh_token"), None)
            if (config["refresh"] == "revoke" or previous is None or previous["client_id"] != client_id
                    or previous.get("jkt") != jkt):
                self.send_json(400, {"error": "invalid_grant",
                                     "error_description": "refresh token revoked"})
                return
            scope = previous["scope"]
        elif grant_type == "client_credentials":
            scope = form.get("scope")
        elif workload:
            # A workload's JWT: unsigned here (the conformance suite checks
            # signatures), but for this issuer and not expired.
            claims = jwt_claims(form.get("assertion", ""))
            if config["wif_error"]:
                self.send_json(400, {"error": config["wif_error"],
                                     "error_description": "refused as configured"})
                return
            if (claims is None or claims.get("aud") != issuer()
                    or not isinstance(claims.get("exp"), (int, float)) or claims["exp"] < time.time()):
                self.send_json(400, {"error": "invalid_grant",
                                     "error_description": "the workload JWT is not valid here"})
                return
            scope = form.get("scope")
        elif grant_type == JWT_BEARER:
            with lock:
                grant = codes.get(form.get("assertion"))
                valid = grant is not None and grant.get("jag") and not grant["used"]
                if valid:
                    grant["used"] = True
            if not valid:
                self.send_json(400, {"error": "invalid_grant"})
                return
            scope = form.get("scope")
        else:
            self.send_json(400, {"error": "unsupported_grant_type"})
            return

        if config["granted_scope"] is not None:
            scope = config["granted_scope"]

        access_token = "at-" + secrets.token_urlsafe(24)
        if mode == "crlf-access-token":
            access_token += "\r\nX-Injected: yes"
        answer = {
            "access_token": access_token,
            "token_type": "DPoP" if jkt else config["token_type"],
            "expires_in": config["access_token_lifetime"],
        }
        if scope:
            answer["scope"] = scope
        with lock:
            access_tokens[access_token] = {
                "scope": scope or "",
                "expires": time.time() + config["access_token_lifetime"],
                "resource": form.get("resource"),
                "jkt": jkt,
            }
            if config["refresh_tokens"] and grant_type not in ("client_credentials", JWT_BEARER):
                refresh_token = "rt-" + secrets.token_urlsafe(24)
                if mode == "crlf-refresh-token":
                    refresh_token += "\n"
                refresh_tokens[refresh_token] = {"client_id": client_id, "scope": scope,
                                                 "jkt": jkt}
                answer["refresh_token"] = refresh_token
        self.send_json(200, answer, drip=config["drip"] == "token")

    # -- The MCP server ----------------------------------------------------

    def challenge(self, code, scope, error=None):
        parts = []
        if error:
            parts.append('error="%s"' % error)
        if scope:
            parts.append('scope="%s"' % scope)
        if config["challenge_resource_metadata"]:
            parts.append('resource_metadata="%s"' % metadata_url())
        header = "Bearer " + ", ".join(parts) if parts else "Bearer"
        self.send_json(code, {"error": error or "invalid_token"},
                       headers={"WWW-Authenticate": header})

    def token_info(self):
        """The token of the request, or None; or the string "use_dpop_nonce"
        when its proof lacks the nonce the server wants."""
        header = self.headers.get("Authorization") or ""
        scheme, _, token = header.partition(" ")
        if scheme not in ("Bearer", "DPoP"):
            return None
        with lock:
            info = access_tokens.get(token)
        if info is None or info["expires"] < time.time() or info["resource"] != resource_url():
            return None
        if info.get("jkt") is None:
            return info if scheme == "Bearer" else None
        if scheme != "DPoP":
            with lock:
                count("dpop error: bound token sent as Bearer")
            return None
        nonce = expected_nonce("rs")
        jkt, problem = check_proof(self.headers.get("DPoP"), self.command, resource_url(), nonce,
                                   token)
        if problem == "use_dpop_nonce":
            with lock:
                count("rs use_dpop_nonce")
            self.send_json(401, {"error": "use_dpop_nonce"},
                           headers={"WWW-Authenticate": 'DPoP error="use_dpop_nonce"',
                                    "DPoP-Nonce": nonce})
            return "use_dpop_nonce"
        if problem or jkt != info["jkt"]:
            with lock:
                count("dpop error: " + (problem or "another key"))
            return None
        return info

    def mcp(self, body):
        if self.local_port() != ports[0]:
            self.send_json(404, {"error": "not_found"})
            return
        if config["redirect_mcp"]:
            # 303: libsoup follows it, as a GET.
            self.send(303, headers={"Location": origin(ports[1]) + "/mcp"})
            return

        info = self.token_info()
        if info == "use_dpop_nonce":
            return
        message = json.loads(body)
        if config["require_auth"] and info is None:
            with lock:
                count("401")
            # A request whose refusal arrives late, after others got theirs.
            arguments = message.get("params", {}).get("arguments") or {}
            if arguments.get("text") == "slow":
                time.sleep(config["slow_refusal_ms"] / 1000)
            self.challenge(401, config["challenge_scope"])
            return

        method = message.get("method")
        msg_id = message.get("id")
        if msg_id is None:
            self.send(202, b"")
            return

        if method == "initialize":
            requested = message.get("params", {}).get("protocolVersion")
            version = requested if requested in SUPPORTED_VERSIONS else SUPPORTED_VERSIONS[0]
            result = {
                "protocolVersion": version,
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "mcp-oauth-test-server", "version": "1.0.0"},
            }
        elif method == "tools/list":
            result = {"tools": [
                {"name": "echo", "inputSchema": {"type": "object", "properties": {
                    "text": {"type": "string"}}}},
                {"name": "whoami", "inputSchema": {"type": "object"}},
            ]}
        elif method == "tools/call":
            needed = config["tool_scope"]
            granted = (info or {}).get("scope", "").split()
            if needed and not all(s in granted for s in needed.split()):
                with lock:
                    count("403")
                self.challenge(403, needed, "insufficient_scope")
                return
            name = message.get("params", {}).get("name")
            arguments = message.get("params", {}).get("arguments") or {}
            if name == "whoami":
                text = "scope: " + (info or {}).get("scope", "")
            else:
                text = str(arguments.get("text", ""))
            result = {"content": [{"type": "text", "text": text}]}
        elif method == "ping":
            result = {}
        else:
            self.send_json(200, {"jsonrpc": "2.0", "id": msg_id,
                                 "error": {"code": -32601, "message": "Method not found"}})
            return

        self.send_json(200, {"jsonrpc": "2.0", "id": msg_id, "result": result})


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def get_request(self):
        sock, address = super().get_request()
        if tls is not None:
            # The handshake happens on the first read, in the request's thread.
            sock = tls.wrap_socket(sock, server_side=True, do_handshake_on_connect=False)
        return sock, address

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, ssl.SSLError)):
            return
        super().handle_error(request, client_address)


def exit_on_stdin_eof():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def main():
    parser = argparse.ArgumentParser(description="A scripted OAuth server and MCP server")
    parser.add_argument("--config", default="{}", help="settings as a JSON object")
    parser.add_argument("--tls-cert", metavar="PEM",
                        help="speak HTTPS with this certificate (--tls-key is its key)")
    parser.add_argument("--tls-key", metavar="PEM")
    options = parser.parse_args()

    global tls
    if options.tls_cert:
        tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        tls.load_cert_chain(options.tls_cert, options.tls_key)

    config.update(json.loads(options.config))
    signal.signal(signal.SIGTERM, lambda signum, frame: os._exit(0))

    servers = [Server(("127.0.0.1", 0), Handler) for _ in range(2)]
    ports.extend(server.server_address[1] for server in servers)
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    threading.Thread(target=exit_on_stdin_eof, daemon=True).start()

    print(ports[0], ports[1], flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()
