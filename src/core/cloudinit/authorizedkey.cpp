// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/authorizedkey.h"

#include <QStringList>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace CloudInit {

namespace {

const QStringList& knownTypes()
{
    static const QStringList types{
        u"ssh-ed25519"_s,
        u"ssh-rsa"_s,
        u"ssh-dss"_s,
        u"ecdsa-sha2-nistp256"_s,
        u"ecdsa-sha2-nistp384"_s,
        u"ecdsa-sha2-nistp521"_s,
        u"sk-ssh-ed25519@openssh.com"_s,
        u"sk-ecdsa-sha2-nistp256@openssh.com"_s,
        u"ssh-ed25519-cert-v01@openssh.com"_s,
        u"ssh-rsa-cert-v01@openssh.com"_s,
        u"ecdsa-sha2-nistp256-cert-v01@openssh.com"_s,
        u"ecdsa-sha2-nistp384-cert-v01@openssh.com"_s,
        u"ecdsa-sha2-nistp521-cert-v01@openssh.com"_s,
        u"sk-ssh-ed25519-cert-v01@openssh.com"_s,
        u"sk-ecdsa-sha2-nistp256-cert-v01@openssh.com"_s,
    };
    return types;
}

// Splits on blanks outside double quotes, as sshd reads the options field.
QStringList splitFields(const QString& line)
{
    QStringList fields;
    QString current;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (c == u'\\' && quoted && i + 1 < line.size()) {
            current += c;
            current += line.at(++i);
            continue;
        }
        if (c == u'"')
            quoted = !quoted;
        if (!quoted && (c == u' ' || c == u'\t')) {
            if (!current.isEmpty())
                fields.append(current);
            current.clear();
            continue;
        }
        current += c;
    }
    if (!current.isEmpty())
        fields.append(current);
    return fields;
}

} // namespace

bool parseAuthorizedKey(const QString& line, AuthorizedKey* key, QString* problem)
{
    const auto fail = [problem](const QString& why) {
        if (problem)
            *problem = why;
        return false;
    };
    const QString trimmed = line.trimmed();
    if (trimmed.isEmpty())
        return fail(u"the key is empty"_s);
    if (trimmed.contains(u"PRIVATE KEY-----"_s))
        return fail(u"this is a private key: only the public key (the .pub file) belongs in user data"_s);
    const QStringList fields = splitFields(trimmed);
    qsizetype typeIndex = -1;
    for (qsizetype i = 0; i < std::min<qsizetype>(2, fields.size()); ++i) {
        if (knownTypes().contains(fields.at(i))) {
            typeIndex = i;
            break;
        }
    }
    if (typeIndex < 0)
        return fail(u"unknown key type %1 (expected ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256, ...)"_s.arg(
            fields.constFirst().left(40)));
    if (typeIndex + 1 >= fields.size())
        return fail(u"the key data after %1 is missing"_s.arg(fields.at(typeIndex)));
    const auto decoded = QByteArray::fromBase64Encoding(fields.at(typeIndex + 1).toLatin1(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.size() < 4)
        return fail(u"the key data is not valid base64"_s);
    const QByteArray& blob = *decoded;
    const quint32 length = (quint32(quint8(blob[0])) << 24) | (quint32(quint8(blob[1])) << 16)
                           | (quint32(quint8(blob[2])) << 8) | quint32(quint8(blob[3]));
    if (length > quint32(blob.size() - 4))
        return fail(u"the key data is truncated"_s);
    const QString innerType = QString::fromLatin1(blob.mid(4, length));
    if (innerType != fields.at(typeIndex))
        return fail(u"the key data is of type %1, not %2"_s.arg(innerType.left(40), fields.at(typeIndex)));
    if (key) {
        key->options = typeIndex == 1 ? fields.at(0) : QString();
        key->type = fields.at(typeIndex);
        key->blob = blob;
        key->comment = fields.mid(typeIndex + 2).join(u' ');
    }
    return true;
}

} // namespace CloudInit

} // namespace sfdesk
