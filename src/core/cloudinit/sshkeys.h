// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace sfdesk {

namespace CloudInit {

// A public key found on disk (a .pub file next to its private key).
struct SshPublicKey
{
    QString path;
    QString type;
    QString comment;
    // "SHA256:..." as ssh-keygen -l prints it.
    QString fingerprint;
    // The authorized_keys line.
    QString line;
};

// ~/.ssh of the current user.
QString defaultSshDirectory();

// The parseable *.pub files in directory, sorted by name; files that do not parse are skipped.
QList<SshPublicKey> listPublicKeys(const QString& directory);

// The SHA256 fingerprint of an authorized_keys line, empty when it does not parse.
QString publicKeyFingerprint(const QString& line);

struct GeneratedSshKey
{
    QString privateKeyPath;
    QString publicKeyPath;
    QString publicKeyLine;
    QString fingerprint;
};

// Generates an Ed25519 key with libssh and writes it in OpenSSH format: the private key to
// privateKeyPath (created 0600 from its first byte, written to a temporary file and linked into
// place, so it is complete or absent and never replaces an existing file) and the public key to
// privateKeyPath + ".pub". An empty passphrase leaves the private key unencrypted.
bool generateEd25519Key(const QString& privateKeyPath, const QString& comment, const QByteArray& passphrase,
                        GeneratedSshKey* key, QString* error);

} // namespace CloudInit

} // namespace sfdesk
