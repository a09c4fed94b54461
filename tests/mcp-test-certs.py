#!/usr/bin/env python3
# mcp-test-certs.py
#
# Copyright 2026 The mcp-glib authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Makes the certificates of the network tests with openssl, into the folder
# given (a temporary one of the test): two CAs that know nothing of each
# other, and signed by the first: a server certificate for 127.0.0.1 and
# localhost, an expired one, one for another name, one not valid yet, and a
# client certificate (PEM, and PKCS #12 with the passphrase "secret", with
# and without a MAC, and unencrypted);
# signed by the second: a server certificate and a client certificate.
# Nothing here is committed: every key is made afresh for each run.

import os
import subprocess
import sys

CA_CONFIG = """
[ca]
default_ca = test
[test]
dir = {dir}
database = {dir}/index-{name}.txt
new_certs_dir = {dir}
serial = {dir}/serial-{name}
default_md = sha256
policy = anything
copy_extensions = copy
unique_subject = no
[anything]
commonName = supplied
[server]
basicConstraints = CA:FALSE
subjectAltName = {san}
extendedKeyUsage = serverAuth
[client]
basicConstraints = CA:FALSE
extendedKeyUsage = clientAuth
"""


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def key(path):
    run("openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
        "-out", path)


def ca(out, name):
    key(f"{out}/{name}.key")
    run("openssl", "req", "-x509", "-new", "-key", f"{out}/{name}.key", "-subj",
        f"/CN=mcp-glib test {name}", "-days", "2", "-out", f"{out}/{name}.pem",
        "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign")


def issue(out, ca_name, name, cn, kind, start=None, end=None, san="IP:127.0.0.1,DNS:localhost"):
    config = f"{out}/{name}.cnf"
    with open(config, "w") as f:
        f.write(CA_CONFIG.format(dir=out, name=name, san=san))
    open(f"{out}/index-{name}.txt", "w").close()
    with open(f"{out}/serial-{name}", "w") as f:
        f.write(os.urandom(8).hex() + "\n")
    key(f"{out}/{name}.key")
    run("openssl", "req", "-new", "-key", f"{out}/{name}.key", "-subj", f"/CN={cn}",
        "-out", f"{out}/{name}.csr")
    dates = ["-startdate", start, "-enddate", end] if start else ["-days", "2"]
    run("openssl", "ca", "-batch", "-notext", "-config", config, "-name", "test",
        "-extensions", kind, "-cert", f"{out}/{ca_name}.pem", "-keyfile",
        f"{out}/{ca_name}.key", "-in", f"{out}/{name}.csr", "-out", f"{out}/{name}.pem",
        *dates)


def main():
    out = sys.argv[1]
    ca(out, "ca")
    ca(out, "ca2")
    issue(out, "ca", "server", "127.0.0.1", "server")
    issue(out, "ca", "expired", "127.0.0.1", "server", "20200101000000Z", "20200102000000Z")
    issue(out, "ca", "future", "127.0.0.1", "server", "20990101000000Z", "20990102000000Z")
    issue(out, "ca", "othername", "other.example", "server", san="DNS:other.example")
    issue(out, "ca2", "server2", "127.0.0.1", "server")
    issue(out, "ca", "client", "mcp-glib test client", "client")
    issue(out, "ca2", "client2", "mcp-glib test client 2", "client")
    run("openssl", "pkcs12", "-export", "-in", f"{out}/client.pem", "-inkey",
        f"{out}/client.key", "-out", f"{out}/client.p12", "-passout", "pass:secret")
    # Encrypted without a MAC, and neither encrypted nor with a MAC.
    run("openssl", "pkcs12", "-export", "-in", f"{out}/client.pem", "-inkey",
        f"{out}/client.key", "-out", f"{out}/client-nomac.p12", "-passout", "pass:secret",
        "-nomac")
    run("openssl", "pkcs12", "-export", "-in", f"{out}/client.pem", "-inkey",
        f"{out}/client.key", "-out", f"{out}/client-plain.p12", "-passout", "pass:",
        "-nomac", "-keypbe", "NONE", "-certpbe", "NONE")
    # The SPKI pin of the server's key, as curl takes it.
    spki = subprocess.run(["openssl", "pkey", "-in", f"{out}/server.key", "-pubout",
                           "-outform", "DER"], check=True, capture_output=True).stdout
    digest = subprocess.run(["openssl", "dgst", "-sha256", "-binary"], input=spki,
                            check=True, capture_output=True).stdout
    import base64
    with open(f"{out}/server.pin", "w") as f:
        f.write("sha256//" + base64.b64encode(digest).decode())
    os.makedirs(f"{out}/cadir", exist_ok=True)
    with open(f"{out}/cadir/company.crt", "w") as f:
        f.write(open(f"{out}/ca.pem").read())


if __name__ == "__main__":
    main()
