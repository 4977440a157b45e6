// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/authorizedkey.h"
#include "core/cloudinit/sshkeys.h"
#include "support/testenv.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <libssh/libssh.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace CloudInit;

namespace {

mode_t modeOf(const QString& path)
{
    struct stat info{};
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return 0;
    return info.st_mode & 07777;
}

QString readAll(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// Loads the private key with libssh and returns its authorized_keys blob, empty on failure.
QString importedPublicBlob(const QString& path, const char* passphrase)
{
    ssh_key key = nullptr;
    if (ssh_pki_import_privkey_file(QFile::encodeName(path).constData(), passphrase, nullptr, nullptr, &key)
        != SSH_OK)
        return {};
    char* blob = nullptr;
    ssh_pki_export_pubkey_base64(key, &blob);
    const QString text = QString::fromLatin1(blob);
    ssh_string_free_char(blob);
    ssh_key_free(key);
    return text;
}

// Generates a key in a child process that may write no file larger than `maxFileBytes`: past it
// the write fails, or (`crash`) the process is killed in the middle of writing the private key.
// Returns the child's wait status.
int generateInChild(const QString& path, rlim_t maxFileBytes, bool crash)
{
    const pid_t child = ::fork();
    if (child == 0) {
        ::signal(SIGXFSZ, crash ? SIG_DFL : SIG_IGN);
        const rlimit noCore{0, 0};
        ::setrlimit(RLIMIT_CORE, &noCore);
        const rlimit limit{maxFileBytes, maxFileBytes};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        QString error;
        const bool made = generateEd25519Key(path, u"child"_s, {}, nullptr, &error);
        ::_exit(made ? 0 : error.startsWith(u"Cannot write "_s) ? 3 : 4);
    }
    int status = -1;
    if (child > 0)
        ::waitpid(child, &status, 0);
    return status;
}

QStringList everythingIn(const QString& directory)
{
    return QDir(directory).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

} // namespace

class TestSshKeys final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        // A permissive umask must not make the private key readable by others.
        m_oldUmask = ::umask(0);
    }

    void cleanupTestCase() { ::umask(m_oldUmask); }

    void generatesAnOpenSshEd25519Key_data()
    {
        QTest::addColumn<QByteArray>("passphrase");
        QTest::newRow("unencrypted") << QByteArray();
        QTest::newRow("with passphrase") << QByteArray("correct horse");
    }

    void generatesAnOpenSshEd25519Key()
    {
        QFETCH(QByteArray, passphrase);
        QTemporaryDir dir;
        // The folder does not exist yet: it is created private.
        const QString path = dir.filePath(u"ssh/id_sfdesk"_s);
        GeneratedSshKey key;
        QString error;
        QVERIFY2(generateEd25519Key(path, u"trainer@sfdesk"_s, passphrase, &key, &error), qPrintable(error));
        QCOMPARE(modeOf(dir.filePath(u"ssh"_s)), mode_t(0700));
        QCOMPARE(modeOf(path), mode_t(0600));
        QCOMPARE(key.privateKeyPath, path);
        QCOMPARE(key.publicKeyPath, path + u".pub"_s);
        QVERIFY(readAll(path).startsWith(u"-----BEGIN OPENSSH PRIVATE KEY-----\n"_s));
        QCOMPARE(readAll(key.publicKeyPath), key.publicKeyLine + u'\n');
        QVERIFY(key.publicKeyLine.startsWith(u"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5"_s));
        QVERIFY(key.publicKeyLine.endsWith(u" trainer@sfdesk"_s));
        QVERIFY(key.fingerprint.startsWith(u"SHA256:"_s));
        // libssh's fingerprint equals the one computed from the .pub line alone.
        QCOMPARE(publicKeyFingerprint(key.publicKeyLine), key.fingerprint);
        // Nothing else is left in the folder (no temporary file).
        QCOMPARE(QDir(dir.filePath(u"ssh"_s)).entryList(QDir::Files | QDir::Hidden).size(), 2);

        const QString blob = key.publicKeyLine.section(u' ', 1, 1);
        QCOMPARE(importedPublicBlob(path, passphrase.isEmpty() ? nullptr : passphrase.constData()), blob);
        if (!passphrase.isEmpty())
            QVERIFY(importedPublicBlob(path, "wrong passphrase").isEmpty());

        // OpenSSH itself, when it is installed, reads the key back and agrees on the fingerprint.
        const QString keygen = QStandardPaths::findExecutable(u"ssh-keygen"_s);
        if (keygen.isEmpty())
            QSKIP("ssh-keygen is not installed here; checked with libssh only");
        QProcess derive;
        derive.start(keygen, {u"-y"_s, u"-P"_s, QString::fromUtf8(passphrase), u"-f"_s, path});
        QVERIFY(derive.waitForFinished(20000));
        QCOMPARE(derive.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(derive.readAllStandardOutput()).trimmed().section(u' ', 0, 1),
                 key.publicKeyLine.section(u' ', 0, 1));
        QProcess fingerprint;
        fingerprint.start(keygen, {u"-l"_s, u"-f"_s, key.publicKeyPath});
        QVERIFY(fingerprint.waitForFinished(20000));
        QVERIFY(QString::fromUtf8(fingerprint.readAllStandardOutput()).contains(key.fingerprint));
    }

    void neverReplacesAnExistingKey()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"id_existing"_s);
        QFile existing(path);
        QVERIFY(existing.open(QIODevice::WriteOnly));
        existing.write("keep me");
        existing.close();
        QString error;
        QVERIFY(!generateEd25519Key(path, {}, {}, nullptr, &error));
        QVERIFY(error.contains(u"already exists"_s));
        QCOMPARE(readAll(path), u"keep me"_s);
        QVERIFY(!QFile::exists(path + u".pub"_s));
        QVERIFY(!generateEd25519Key(QString(), {}, {}, nullptr, &error));
    }

    // Killed while the private key is being written: no file is left, under any name, and the
    // next attempt at the same name succeeds.
    void crashWhileWritingLeavesNothing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"id_crash"_s);
        const int status = generateInChild(path, 100, true);
        QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ, qPrintable(QString::number(status)));
        QCOMPARE(everythingIn(dir.path()), QStringList());
        QVERIFY(generateEd25519Key(path, {}, {}, nullptr, nullptr));
        QCOMPARE(everythingIn(dir.path()), (QStringList{u"id_crash"_s, u"id_crash.pub"_s}));
    }

    // A write that fails (a full disk, a quota) is reported and leaves no file.
    void failedWriteLeavesNothing()
    {
        QTemporaryDir dir;
        const int status = generateInChild(dir.filePath(u"id_full"_s), 100, false);
        QVERIFY2(WIFEXITED(status) && WEXITSTATUS(status) == 3, qPrintable(QString::number(status)));
        QCOMPARE(everythingIn(dir.path()), QStringList());
    }

    // A .pub that is there (a link to a file that does not exist yet counts) is never replaced or
    // written through, and the private key is not left without it.
    void existingPublicKeyIsNeverReplaced()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"id_taken"_s);
        const QString elsewhere = dir.filePath(u"elsewhere"_s);
        QVERIFY(QFile::link(elsewhere, path + u".pub"_s));
        QString error;
        QVERIFY(!generateEd25519Key(path, {}, {}, nullptr, &error));
        QVERIFY2(error.contains(u"already exists"_s), qPrintable(error));
        QCOMPARE(everythingIn(dir.path()), QStringList{u"id_taken.pub"_s});
        QCOMPARE(QFileInfo(path + u".pub"_s).symLinkTarget(), elsewhere);
    }

    void listsPublicKeys()
    {
        QTemporaryDir dir;
        GeneratedSshKey first;
        GeneratedSshKey second;
        QVERIFY(generateEd25519Key(dir.filePath(u"b_key"_s), u"b"_s, {}, &second, nullptr));
        QVERIFY(generateEd25519Key(dir.filePath(u"a_key"_s), u"a"_s, {}, &first, nullptr));
        QFile junk(dir.filePath(u"broken.pub"_s));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("ssh-ed25519 not-base64!!\n");
        junk.close();
        const QList<SshPublicKey> keys = listPublicKeys(dir.path());
        QCOMPARE(keys.size(), 2);
        QCOMPARE(keys.at(0).path, first.publicKeyPath);
        QCOMPARE(keys.at(0).comment, u"a"_s);
        QCOMPARE(keys.at(0).type, u"ssh-ed25519"_s);
        QCOMPARE(keys.at(0).fingerprint, first.fingerprint);
        QCOMPARE(keys.at(1).line, second.publicKeyLine);
        QVERIFY(listPublicKeys(dir.filePath(u"missing"_s)).isEmpty());
    }

    void parsesAuthorizedKeyLines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("problem");
        const QString ed = readAll(TestEnv::dataFile(u"cloudinit/test-key.pub"_s)).trimmed();
        QTest::newRow("ed25519") << ed << true << QString();
        QTest::newRow("with options") << u"from=\"10.0.0.1\",no-pty "_s + ed << true << QString();
        QTest::newRow("type mismatch") << u"ssh-rsa "_s + ed.section(u' ', 1) << false << u"not ssh-rsa"_s;
        QTest::newRow("unknown type") << u"ssh-foo AAAA"_s << false << u"unknown key type"_s;
        QTest::newRow("no data") << u"ssh-ed25519"_s << false << u"missing"_s;
        QTest::newRow("bad base64") << u"ssh-ed25519 AA!A"_s << false << u"base64"_s;
        QTest::newRow("private key") << u"-----BEGIN OPENSSH PRIVATE KEY-----"_s << false << u"private key"_s;
        QTest::newRow("empty") << QString() << false << u"empty"_s;
    }

    void parsesAuthorizedKeyLines()
    {
        QFETCH(QString, line);
        QFETCH(bool, ok);
        QFETCH(QString, problem);
        QString why;
        QCOMPARE(parseAuthorizedKey(line, nullptr, &why), ok);
        QVERIFY2(why.contains(problem), qPrintable(why));
    }

private:
    mode_t m_oldUmask = 022;
};

QTEST_GUILESS_MAIN(TestSshKeys)
#include "tst_sshkeys.moc"
