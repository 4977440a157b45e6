// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/sshkeys.h"

#include "common/constvalue.h"
#include "core/cloudinit/authorizedkey.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <libssh/libssh.h>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace CloudInit {

namespace {

struct KeyDeleter
{
    void operator()(ssh_key key) const { ssh_key_free(key); }
};
using KeyPointer = std::unique_ptr<std::remove_pointer_t<ssh_key>, KeyDeleter>;

// A string libssh allocated; wiped before it is freed because it may hold the private key.
struct SecretString
{
    char* text = nullptr;
    SecretString() = default;
    ~SecretString()
    {
        if (text) {
            explicit_bzero(text, std::strlen(text));
            ssh_string_free_char(text);
        }
    }
    Q_DISABLE_COPY_MOVE(SecretString)
};

QString systemError(int code)
{
    return QString::fromLocal8Bit(std::strerror(code));
}

bool writeAll(int fd, const char* data, size_t size)
{
    while (size > 0) {
        const ssize_t written = ::write(fd, data, size);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += written;
        size -= size_t(written);
    }
    return true;
}

// Creates the file with mode 0600 in the same call that creates it (open with O_EXCL), so no other
// user can open it at any moment, then links it into place without replacing an existing file.
bool writePrivateFile(const QString& path, const char* data, size_t size, QString* error)
{
    const QByteArray target = QFile::encodeName(path);
    const QByteArray temporary = target + ".tmp-" + QByteArray::number(::getpid());
    const int fd = ::open(temporary.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        *error = QCoreApplication::translate("SshKeys", "Cannot create %1: %2").arg(path, systemError(errno));
        return false;
    }
    bool ok = ::fchmod(fd, 0600) == 0 && writeAll(fd, data, size) && ::fsync(fd) == 0;
    const int writeErrno = errno;
    ok = ::close(fd) == 0 && ok;
    if (!ok) {
        ::unlink(temporary.constData());
        *error =
            QCoreApplication::translate("SshKeys", "Cannot write %1: %2").arg(path, systemError(writeErrno));
        return false;
    }
    if (::link(temporary.constData(), target.constData()) != 0) {
        const int linkErrno = errno;
        ::unlink(temporary.constData());
        *error = linkErrno == EEXIST
                     ? QCoreApplication::translate("SshKeys", "%1 already exists; choose another file name")
                           .arg(path)
                     : QCoreApplication::translate("SshKeys", "Cannot create %1: %2")
                           .arg(path, systemError(linkErrno));
        return false;
    }
    ::unlink(temporary.constData());
    return true;
}

} // namespace

QString defaultSshDirectory()
{
    return QDir::home().filePath(u".ssh"_s);
}

QString publicKeyFingerprint(const QString& line)
{
    AuthorizedKey key;
    if (!parseAuthorizedKey(line, &key, nullptr))
        return {};
    const QByteArray hash = QCryptographicHash::hash(key.blob, QCryptographicHash::Sha256);
    return u"SHA256:"_s + QString::fromLatin1(hash.toBase64(QByteArray::OmitTrailingEquals));
}

QList<SshPublicKey> listPublicKeys(const QString& directory)
{
    QList<SshPublicKey> keys;
    const QDir dir(directory);
    for (const QFileInfo& info :
         constValue(dir.entryInfoList({u"*.pub"_s}, QDir::Files | QDir::Readable, QDir::Name))) {
        if (info.size() > 64 * 1024)
            continue;
        QFile file(info.filePath());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString line = QString::fromUtf8(file.readAll()).section(u'\n', 0, 0).trimmed();
        AuthorizedKey parsed;
        if (!parseAuthorizedKey(line, &parsed, nullptr))
            continue;
        keys.append(
            SshPublicKey{info.filePath(), parsed.type, parsed.comment, publicKeyFingerprint(line), line});
    }
    return keys;
}

bool generateEd25519Key(const QString& privateKeyPath, const QString& comment, const QByteArray& passphrase,
                        GeneratedSshKey* key, QString* error)
{
    QString problem;
    const auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    const QFileInfo target(privateKeyPath);
    if (privateKeyPath.isEmpty() || target.fileName().isEmpty())
        return fail(QCoreApplication::translate("SshKeys", "No file name given for the private key"));
    if (target.exists() || QFileInfo::exists(privateKeyPath + u".pub"_s))
        return fail(QCoreApplication::translate("SshKeys", "%1 already exists; choose another file name")
                        .arg(privateKeyPath));
    QDir dir = target.absoluteDir();
    if (!dir.exists()) {
        if (!QDir().mkpath(dir.absolutePath()))
            return fail(QCoreApplication::translate("SshKeys", "Cannot create the folder %1")
                            .arg(dir.absolutePath()));
        QFile::setPermissions(dir.absolutePath(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }

    ssh_key raw = nullptr;
    if (ssh_pki_generate(SSH_KEYTYPE_ED25519, 0, &raw) != SSH_OK || !raw)
        return fail(QCoreApplication::translate("SshKeys", "libssh could not generate an Ed25519 key"));
    const KeyPointer generated(raw);

    SecretString privateText;
    const QByteArray& secret = passphrase;
    if (ssh_pki_export_privkey_base64_format(generated.get(), secret.isEmpty() ? nullptr : secret.constData(),
                                             nullptr, nullptr, &privateText.text, SSH_FILE_FORMAT_OPENSSH)
            != SSH_OK
        || !privateText.text)
        return fail(QCoreApplication::translate("SshKeys", "libssh could not export the private key"));

    SecretString publicBlob;
    if (ssh_pki_export_pubkey_base64(generated.get(), &publicBlob.text) != SSH_OK || !publicBlob.text)
        return fail(QCoreApplication::translate("SshKeys", "libssh could not export the public key"));
    QString line = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(generated.get()))) + u' '
                   + QString::fromLatin1(publicBlob.text);
    const QString cleanComment = comment.simplified();
    if (!cleanComment.isEmpty())
        line += u' ' + cleanComment;

    unsigned char* hash = nullptr;
    size_t hashLength = 0;
    if (ssh_get_publickey_hash(generated.get(), SSH_PUBLICKEY_HASH_SHA256, &hash, &hashLength) != 0)
        return fail(QCoreApplication::translate("SshKeys", "libssh could not hash the public key"));
    char* fingerprintText = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, hashLength);
    const QString fingerprint = QString::fromLatin1(fingerprintText);
    ssh_string_free_char(fingerprintText);
    ssh_clean_pubkey_hash(&hash);

    if (!writePrivateFile(target.absoluteFilePath(), privateText.text, std::strlen(privateText.text),
                          &problem))
        return fail(problem);

    QSaveFile publicFile(target.absoluteFilePath() + u".pub"_s);
    if (!publicFile.open(QIODevice::WriteOnly) || publicFile.write((line + u'\n').toUtf8()) < 0
        || !publicFile.commit()) {
        QFile::remove(target.absoluteFilePath());
        return fail(QCoreApplication::translate("SshKeys", "Cannot write %1: %2")
                        .arg(publicFile.fileName(), publicFile.errorString()));
    }
    if (QFileInfo(target.absoluteFilePath()).permissions()
        & (QFileDevice::ReadGroup | QFileDevice::ReadOther | QFileDevice::WriteGroup
           | QFileDevice::WriteOther))
        return fail(QCoreApplication::translate("SshKeys", "%1 is readable by others")
                        .arg(target.absoluteFilePath()));

    if (key)
        *key = GeneratedSshKey{target.absoluteFilePath(), target.absoluteFilePath() + u".pub"_s, line,
                               fingerprint};
    return true;
}

} // namespace CloudInit

} // namespace sfdesk
