// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/userdata.h"
#include "core/cloudinit/validator.h"
#include "support/testenv.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QStringList& arguments)
{
    QProcess process;
    process.start(QStringLiteral(SFDESK_CLOUDINIT_EXECUTABLE), arguments);
    Run result;
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit)
        return result;
    result.exitCode = process.exitCode();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QString caseFile(const QString& name)
{
    return TestEnv::dataFile(u"cloudinit/cases/"_s + name);
}

} // namespace

class TestCloudInitCli final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void validFileExitsZero()
    {
        const Run r = run({u"validate"_s, caseFile(u"valid-bootstrap.yaml"_s)});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.isEmpty());
    }

    void invalidFileListsProblemsAndExitsOne()
    {
        const QString file = caseFile(u"invalid-mixed.yaml"_s);
        const Run r = run({u"validate"_s, caseFile(u"valid-bootstrap.yaml"_s), file});
        QCOMPARE(r.exitCode, 1);
        const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
        static const QRegularExpression format(u"^(.+):(\\d+):(\\d+): (error|warning|info): (.+)$"_s);
        for (const QString& line : lines)
            QVERIFY2(format.match(line).hasMatch(), qPrintable(line));
        QVERIFY(lines.contains(file + u":8:11: error: 'curl' is not of type 'array'"_s));
        QVERIFY(lines.contains(
            file + u":4:5: warning: Deprecated in version 18.3. Use ssh_authorized_keys instead."_s));
    }

    void jsonReport()
    {
        const QString good = caseFile(u"valid-deprecated-apt.yaml"_s);
        const QString bad = caseFile(u"invalid-unquoted-date.yaml"_s);
        const Run r = run({u"validate"_s, u"--json"_s, good, bad});
        QCOMPARE(r.exitCode, 1);
        QJsonParseError error{};
        const QJsonArray report = QJsonDocument::fromJson(r.out.toUtf8(), &error).array();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(report.size(), 2);
        QCOMPARE(report.at(0)[u"file"_s].toString(), good);
        QCOMPARE(report.at(0)[u"valid"_s].toBool(), true);
        QCOMPARE(report.at(0)[u"diagnostics"_s].toArray().size(), 2);
        QCOMPARE(report.at(1)[u"valid"_s].toBool(), false);
        const QJsonObject date = report.at(1)[u"diagnostics"_s].toArray().at(0).toObject();
        QCOMPARE(date[u"line"_s].toInt(), 5);
        QCOMPARE(date[u"column"_s].toInt(), 17);
        QCOMPARE(date[u"end_line"_s].toInt(), 5);
        QCOMPARE(date[u"end_column"_s].toInt(), 27);
        QCOMPARE(date[u"severity"_s].toString(), u"error"_s);
        QCOMPARE(date[u"path"_s].toString(), u"users.1.expiredate"_s);
        QCOMPARE(date[u"message"_s].toString(), u"datetime.date(2030, 1, 1) is not of type 'string'"_s);
    }

    // Input that once killed the process (SIGSEGV, exit 139) is reported like any other mistake.
    void hostileInputIsReported_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("line");
        QTest::newRow("recursive alias")
            << QByteArray("#cloud-config\na: &x [*x]\n")
            << u":2:8: error: Recursive alias *x: it is inside its own anchor &x (line 2)"_s;
        QTest::newRow("recursive merge")
            << QByteArray("#cloud-config\nb: &b {<<: *b}\n") << u":2:12: error: Recursive alias *b"_s;
        QTest::newRow("nesting") << QByteArray("#cloud-config\na: " + QByteArray(100'000, '[')
                                               + QByteArray(100'000, ']'))
                                 << u":2:259: error: The document nests deeper than 256 levels"_s;
        QTest::newRow("NUL byte") << QByteArray("#cloud-config\na: \0\n", 19)
                                  << u":2:4: error: The text contains a NUL byte"_s;
        // Jinja: 750 KB of "or" (then "and"), under the 1 MiB template limit, overflowed the stack
        // (SIGSEGV); 40,000 nested ifs did not answer in a minute.
        const QByteArray jinja = "## template: jinja\n#cloud-config\n";
        QTest::newRow("150,000 ors") << jinja + "x: {{ 1" + QByteArray(" or 1").repeated(150'000) + " }}\n"
                                     << u":3:5009: warning: The expression has more than 1000 operators"_s;
        QTest::newRow("150,000 ands") << jinja + "x: {{ 1" + QByteArray(" and 1").repeated(150'000) + " }}\n"
                                      << u":3:6009: warning: The expression has more than 1000 operators"_s;
        QTest::newRow("40,000 nested ifs")
            << jinja + QByteArray("{% if true %}").repeated(40'000) + "\nx: 1\n"
                   + QByteArray("{% endif %}").repeated(40'000) + "\n"
            << u":3:846: warning: Blocks nest more than 64 deep"_s;
    }

    void hostileInputIsReported()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, line);
        QTemporaryDir dir;
        const QString file = dir.filePath(u"user-data.yaml"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(data);
        out.close();
        const Run r = run({u"validate"_s, file});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains(file + line), qPrintable(r.out + r.err));
    }

    // A file past the validator's limit is refused with the reason, without being read whole; one
    // at the limit is checked.
    void oversizedFileIsRefused()
    {
        QTemporaryDir dir;
        const QString huge = dir.filePath(u"huge.yaml"_s);
        QFile out(huge);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("#cloud-config\n");
        // Sparse: 64 MiB that take no room on disk.
        QVERIFY(out.resize(64ll * 1024 * 1024));
        out.close();
        const QString good = caseFile(u"valid-bootstrap.yaml"_s);
        const Run r = run({u"validate"_s, good, huge});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(u"cannot check "_s + huge
                                + u": it is larger than 4 MiB, the most the validator reads"_s),
                 qPrintable(r.err));

        const QString limit = dir.filePath(u"limit.yaml"_s);
        QFile atLimit(limit);
        QVERIFY(atLimit.open(QIODevice::WriteOnly));
        atLimit.write("#cloud-config\n");
        QVERIFY(atLimit.resize(CloudInit::maxUserDataFileBytes));
        atLimit.close();
        const Run checked = run({u"validate"_s, limit});
        QCOMPARE(checked.exitCode, 1);
        QVERIFY2(!checked.err.contains(u"cannot check"_s), qPrintable(checked.err));
        QVERIFY2(checked.out.startsWith(limit + u':'), qPrintable(checked.out.left(300)));
    }

    void nearMissKeysInTheOutput()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"user-data.yaml"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("#cloud-config\npackage: [curl]\nuser:\n  - default\n");
        out.close();
        const Run r = run({u"validate"_s, file});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains(file
                                + u":2:1: error: Additional properties are not allowed ('package' was "
                                  u"unexpected). Did you mean 'packages'?\n"_s),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(
                     file + u":3:1: info: Did you mean 'users'? The value fits 'users', not 'user'.\n"_s),
                 qPrintable(r.out));
    }

    // A Jinja template is rendered before it is checked; --instance-data gives the data to render with.
    void rendersJinjaWithInstanceData()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"template.yaml"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("## template: jinja\n#cloud-config\n{% if v1.cloud_name == 'sfcompute' %}\npackage_update: "
                  "maybe\n"
                  "{% endif %}\nhostname: {{ v1.local_hostname }}\n");
        out.close();
        // The sample data names another cloud: the branch is not rendered.
        const Run sample = run({u"validate"_s, file});
        QCOMPARE(sample.exitCode, 0);
        QVERIFY2(sample.out.contains(u"info: Jinja template: rendered"_s), qPrintable(sample.out));

        const QString data = dir.filePath(u"instance-data.json"_s);
        QFile json(data);
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(R"({"v1": {"cloud_name": "sfcompute", "local_hostname": "node-0"}})");
        json.close();
        const Run given = run({u"validate"_s, u"--instance-data"_s, data, file});
        QCOMPARE(given.exitCode, 1);
        // At the template's line.
        QVERIFY2(given.out.contains(file + u":4:"_s)
                     && given.out.contains(u"'maybe' is not of type 'boolean'"_s),
                 qPrintable(given.out));

        const Run missing = run({u"validate"_s, u"--instance-data"_s, dir.filePath(u"none.json"_s), file});
        QCOMPARE(missing.exitCode, 2);
    }

    // A payload over the limit fits once gzip-compressed; --gzip checks and writes that.
    void gzipFitsTheLimit()
    {
        QTemporaryDir dir;
        QByteArray big("#cloud-config\nwrite_files:\n  - path: /etc/motd\n    content: |\n");
        while (big.size() < 100 * 1024)
            big += "      the same line of text, which compresses well\n";
        const QString file = dir.filePath(u"user-data.yaml"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(big);
        out.close();

        const Run plain = run({u"validate"_s, file});
        QCOMPARE(plain.exitCode, 1);
        QVERIFY2(plain.out.contains(u"over the 64 KiB limit; gzip-compressed it is"_s),
                 qPrintable(plain.out));

        const QString gz = dir.filePath(u"user-data.gz"_s);
        const Run packed = run({u"validate"_s, u"--gzip"_s, gz, file});
        QCOMPARE(packed.exitCode, 0);
        QVERIFY2(packed.err.contains(u"wrote "_s + gz), qPrintable(packed.err));
        QVERIFY(packed.err.contains(u"KiB in base64 (the limit is 64 KiB)"_s));
        QFile written(gz);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const QByteArray payload = written.readAll();
        // gzip's magic bytes, which cloud-init looks for (not zlib's, as qCompress writes).
        QVERIFY(payload.startsWith("\x1f\x8b"));
        QVERIFY(payload.size() < 64 * 1024 / 4 * 3);
        QCOMPARE(CloudInit::gzipDecompress(payload, 1024 * 1024).value_or(QByteArray()), big);

        // The compressed file is checked as cloud-init reads it.
        const Run again = run({u"validate"_s, gz});
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.out.contains(u"info: Gzip-compressed user data"_s), qPrintable(again.out));

        // An invalid file is not written.
        const QString bad = dir.filePath(u"bad.yaml"_s);
        QFile badFile(bad);
        QVERIFY(badFile.open(QIODevice::WriteOnly));
        badFile.write("#cloud-config\npackages: curl\n");
        badFile.close();
        const QString badGz = dir.filePath(u"bad.gz"_s);
        const Run refused = run({u"validate"_s, u"--gzip"_s, badGz, bad});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY(!QFile::exists(badGz));
        QVERIFY(refused.out.contains(u"'curl' is not of type 'array'"_s));
    }

    void usageErrorsExitTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("no command") << QStringList();
        QTest::newRow("unknown command") << QStringList{u"lint"_s};
        QTest::newRow("validate without files") << QStringList{u"validate"_s};
        QTest::newRow("unknown option") << QStringList{u"validate"_s, u"--frobnicate"_s, u"x"_s};
        QTest::newRow("missing file") << QStringList{u"validate"_s, u"/nonexistent/user-data"_s};
        QTest::newRow("gzip of two files")
            << QStringList{u"validate"_s, u"--gzip"_s, u"out.gz"_s, caseFile(u"valid-bootstrap.yaml"_s),
                           caseFile(u"valid-bootstrap.yaml"_s)};
        QTest::newRow("gzip on bootstrap") << QStringList{u"bootstrap"_s,
                                                          u"--gzip"_s,
                                                          u"out.gz"_s,
                                                          u"--user"_s,
                                                          u"bob"_s,
                                                          u"--key"_s,
                                                          TestEnv::dataFile(u"cloudinit/test-key.pub"_s)};
        QTest::newRow("bootstrap without key") << QStringList{u"bootstrap"_s, u"--user"_s, u"bob"_s};
        QTest::newRow("bootstrap bad user")
            << QStringList{u"bootstrap"_s, u"--user"_s, u"Bob Smith"_s, u"--key"_s,
                           TestEnv::dataFile(u"cloudinit/test-key.pub"_s)};
        QTest::newRow("bootstrap with a non-key") << QStringList{
            u"bootstrap"_s, u"--user"_s, u"bob"_s, u"--key"_s, caseFile(u"valid-bootstrap.yaml"_s)};
        QTest::newRow("json on bootstrap")
            << QStringList{u"bootstrap"_s, u"--json"_s, u"--user"_s,
                           u"bob"_s,       u"--key"_s,  TestEnv::dataFile(u"cloudinit/test-key.pub"_s)};
    }

    void usageErrorsExitTwo()
    {
        QFETCH(QStringList, arguments);
        const Run r = run(arguments);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.startsWith(u"sfdesk-cloudinit: "_s));
    }

    void bootstrapPrintsAValidCloudConfig_data()
    {
        QTest::addColumn<bool>("gpuCheck");
        QTest::newRow("ssh only") << false;
        QTest::newRow("with GPU and InfiniBand check") << true;
    }

    void bootstrapPrintsAValidCloudConfig()
    {
        QFETCH(bool, gpuCheck);
        const QString keyFile = TestEnv::dataFile(u"cloudinit/test-key.pub"_s);
        QFile key(keyFile);
        QVERIFY(key.open(QIODevice::ReadOnly));
        const QString keyLine = QString::fromUtf8(key.readAll()).trimmed();
        QStringList arguments{u"bootstrap"_s, u"--user"_s, u"trainer"_s, u"--key"_s, keyFile};
        if (gpuCheck)
            arguments.append(u"--gpu-ib-check"_s);
        const Run r = run(arguments);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith(u"#cloud-config\n"_s));
        QVERIFY(r.out.contains(u"  - default\n"_s));
        QVERIFY(r.out.contains(u"  - name: trainer\n"_s));
        QVERIFY(r.out.contains(keyLine));
        QVERIFY(r.out.contains(u"ssh_pwauth: false\n"_s));
        QVERIFY(r.out.contains(u"disable_root: true\n"_s));
        QCOMPARE(r.out.contains(u"ibv_devinfo"_s), gpuCheck);
        const CloudInit::ValidationResult result = CloudInit::validateUserData(r.out.toUtf8());
        QVERIFY(result.valid());
        QVERIFY(result.diagnostics.isEmpty());

        // The printed file passes the command's own validate.
        QTemporaryDir dir;
        const QString file = dir.filePath(u"user-data.yaml"_s);
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(r.out.toUtf8());
        out.close();
        QCOMPARE(run({u"validate"_s, file}).exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestCloudInitCli)
#include "tst_cloudinitcli.moc"
