#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes the private CA of the TLS tests and a certificate it signed for 127.0.0.1 and localhost,
# each valid for 100 years. Run once; the files are committed. Nothing trusts this CA but a test
# that names private-ca.crt as a connection's extra CA certificates.
set -euo pipefail
cd "$(dirname "$0")"
days=36500
openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days "$days" \
    -subj "/CN=sfdesk test private CA" \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -keyout private-ca.key -out private-ca.crt
openssl req -newkey rsa:2048 -nodes -sha256 -subj "/CN=127.0.0.1" \
    -keyout private-ca-server.key -out private-ca-server.csr
openssl x509 -req -in private-ca-server.csr -CA private-ca.crt -CAkey private-ca.key -CAcreateserial \
    -sha256 -days "$days" -out private-ca-server.crt \
    -extfile <(printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\nkeyUsage=digitalSignature,keyEncipherment\n')
rm -f private-ca-server.csr private-ca.srl
