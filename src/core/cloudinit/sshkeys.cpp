// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/sshkeys.h"

#include "common/constvalue.h"
#include "core/cloudinit/authorizedkey.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <libssh/libssh.h>

#include <cerrno>
#include <csignal>
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

// Whether anything at all is at `path`, a dangling symbolic link included (which QFileInfo::exists
// does not see, and which a write would follow).
bool nameTaken(const QByteArray& path)
{
    struct stat info{};
    return ::lstat(path.constData(), &info) == 0 || errno != ENOENT;
}

// A file written in full before it gets its name, and never over an existing one: unnamed
// (O_TMPFILE) where the file system allows it, so that a crash or a failure at any moment leaves
// nothing behind; elsewhere under a temporary name, which a later attempt removes once its process
// is gone.
class PendingFile final
{
public:
    PendingFile(const QByteArray& target, mode_t mode)
        : m_target(target)
    {
        const QByteArray directory = QFile::encodeName(QFileInfo(QFile::decodeName(target)).absolutePath());
        // Linking an unnamed file needs its /proc/self/fd entry.
        if (::access("/proc/self/fd", X_OK) == 0)
            m_fd = ::open(directory.constData(), O_TMPFILE | O_WRONLY | O_CLOEXEC, mode);
        if (m_fd < 0) {
            removeLeftovers();
            m_temporary = m_target + ".tmp-" + QByteArray::number(::getpid());
            m_fd =
                ::open(m_temporary.constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode);
            if (m_fd < 0)
                m_temporary.clear();
        }
        if (m_fd < 0)
            m_errno = errno;
        // The mode asked for, whatever the umask.
        if (m_fd >= 0 && ::fchmod(m_fd, mode) != 0)
            fail();
    }
    ~PendingFile()
    {
        if (m_fd >= 0)
            ::close(m_fd);
        if (!m_temporary.isEmpty())
            ::unlink(m_temporary.constData());
    }
    Q_DISABLE_COPY_MOVE(PendingFile)

    bool ok() const { return m_fd >= 0 && m_errno == 0; }
    // errno of the first failure.
    int error() const { return m_errno; }

    // Writes and syncs the whole content.
    bool write(const char* data, size_t size)
    {
        if (!ok())
            return false;
        while (size > 0) {
            const ssize_t written = ::write(m_fd, data, size);
            if (written < 0) {
                if (errno == EINTR)
                    continue;
                return fail();
            }
            data += written;
            size -= size_t(written);
        }
        return ::fsync(m_fd) == 0 || fail();
    }

    // Whether the group or others may read or write it (a file system that ignores modes).
    bool isPrivate() const
    {
        struct stat info{};
        return ::fstat(m_fd, &info) == 0 && (info.st_mode & 077) == 0;
    }

    // Gives the file its name; fails with EEXIST when something has that name already.
    bool link()
    {
        if (!ok())
            return false;
        const QByteArray unnamed = QByteArrayLiteral("/proc/self/fd/") + QByteArray::number(m_fd);
        const int linked = m_temporary.isEmpty() ? ::linkat(AT_FDCWD, unnamed.constData(), AT_FDCWD,
                                                            m_target.constData(), AT_SYMLINK_FOLLOW)
                                                 : ::link(m_temporary.constData(), m_target.constData());
        return linked == 0 || fail();
    }

private:
    bool fail()
    {
        if (m_errno == 0)
            m_errno = errno;
        return false;
    }

    // Temporary files of this target left by processes that are gone (a crash between creating and
    // linking).
    void removeLeftovers() const
    {
        const QFileInfo target(QFile::decodeName(m_target));
        const QString prefix = target.fileName() + u".tmp-"_s;
        for (const QString& name : constValue(target.absoluteDir().entryList(
                 {prefix + u'*'}, QDir::Files | QDir::Hidden | QDir::System))) {
            bool number = false;
            const qint64 pid = name.mid(prefix.size()).toLongLong(&number);
            if (number && pid > 0 && pid != ::getpid() && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH)
                ::unlink(QFile::encodeName(target.absoluteDir().filePath(name)).constData());
        }
    }

    QByteArray m_target;
    QByteArray m_temporary;
    int m_fd = -1;
    int m_errno = 0;
};

// Makes the new names in `directory` survive a crash of the machine; 0, or errno.
int syncDirectory(const QString& directory)
{
    const int fd = ::open(QFile::encodeName(directory).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    // Some file systems cannot sync a folder, and say so with EINVAL: nothing more can be done there.
    const int code = ::fsync(fd) == 0 || errno == EINVAL ? 0 : errno;
    ::close(fd);
    return code;
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
    const auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    const QFileInfo target(privateKeyPath);
    if (privateKeyPath.isEmpty() || target.fileName().isEmpty())
        return fail(QCoreApplication::translate("SshKeys", "No file name given for the private key"));
    if (nameTaken(QFile::encodeName(target.absoluteFilePath()))
        || nameTaken(QFile::encodeName(target.absoluteFilePath() + u".pub"_s)))
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

    // Both files are complete before either gets its name; the private key is 0600 from its first
    // byte. Nothing that exists is replaced, and a failure leaves neither file.
    const QString privatePath = target.absoluteFilePath();
    const QString publicPath = privatePath + u".pub"_s;
    const QByteArray privateName = QFile::encodeName(privatePath);
    const QByteArray publicName = QFile::encodeName(publicPath);
    const auto cannot = [](const QString& path, int code) {
        return code == EEXIST
                   ? QCoreApplication::translate("SshKeys", "%1 already exists; choose another file name")
                         .arg(path)
                   : QCoreApplication::translate("SshKeys", "Cannot write %1: %2")
                         .arg(path, systemError(code));
    };
    PendingFile privateFile(privateName, 0600);
    if (!privateFile.write(privateText.text, std::strlen(privateText.text)))
        return fail(cannot(privatePath, privateFile.error()));
    if (!privateFile.isPrivate())
        return fail(
            QCoreApplication::translate(
                "SshKeys", "%1 would be readable by others: the file system there ignores permissions")
                .arg(privatePath));
    const QByteArray publicLine = (line + u'\n').toUtf8();
    PendingFile publicFile(publicName, 0644);
    if (!publicFile.write(publicLine.constData(), size_t(publicLine.size())))
        return fail(cannot(publicPath, publicFile.error()));
    if (!privateFile.link())
        return fail(cannot(privatePath, privateFile.error()));
    if (!publicFile.link()) {
        ::unlink(privateName.constData());
        return fail(cannot(publicPath, publicFile.error()));
    }
    if (const int code = syncDirectory(target.absolutePath()); code != 0) {
        ::unlink(publicName.constData());
        ::unlink(privateName.constData());
        return fail(QCoreApplication::translate("SshKeys", "Cannot write %1: %2")
                        .arg(target.absolutePath(), systemError(code)));
    }

    if (key)
        *key = GeneratedSshKey{privatePath, publicPath, line, fingerprint};
    return true;
}

} // namespace CloudInit

} // namespace sfdesk
