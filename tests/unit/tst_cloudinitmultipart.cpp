// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/multipart.h"
#include "core/cloudinit/validator.h"
#include "support/testenv.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace CloudInit;

namespace {

// Runs a program as an unprivileged user when this process is root (cloud-init writes its log when
// run as root); returns its standard output, or nothing when it failed.
std::optional<QByteArray> runUnprivileged(const QString& program, const QStringList& arguments,
                                          const QString& directory)
{
    QProcess process;
    process.setWorkingDirectory(directory);
    if (::geteuid() == 0) {
        const QString setpriv = QStandardPaths::findExecutable(u"setpriv"_s);
        if (setpriv.isEmpty())
            return std::nullopt;
        process.start(setpriv, QStringList{u"--reuid=65534"_s, u"--regid=65534"_s, u"--clear-groups"_s,
                                           u"env"_s, u"HOME=/tmp"_s, program}
                                   + arguments);
    } else {
        process.start(program, arguments);
    }
    if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0) {
        qWarning("%s failed: %s", qPrintable(program), process.readAllStandardError().constData());
        return std::nullopt;
    }
    return process.readAllStandardOutput();
}

// What cloud-init's make-mime writes (Python's email package), trimmed to the fields it reads.
const QByteArray makeMimeSample =
    R"(Content-Type: multipart/mixed; boundary="===============4291038475123456789=="
MIME-Version: 1.0

--===============4291038475123456789==
Content-Type: text/cloud-config; charset="us-ascii"
MIME-Version: 1.0
Content-Transfer-Encoding: 7bit
Content-Disposition: attachment; filename="config.yaml"

#cloud-config
packages: [curl]
--===============4291038475123456789==
Content-Type: text/x-shellscript; charset="us-ascii"
MIME-Version: 1.0
Content-Transfer-Encoding: base64
Content-Disposition: attachment; filename="setup.sh"

IyEvYmluL3NoCmVjaG8gaGVsbG8K
--===============4291038475123456789==--
)";

} // namespace

class TestCloudInitMultipart final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void readsWhatMakeMimeWrites()
    {
        const MultipartParse parsed = parseMultipart(makeMimeSample);
        QVERIFY2(parsed.ok(), qPrintable(parsed.error));
        QVERIFY2(parsed.warnings.isEmpty(), qPrintable(parsed.warnings.join(u"; ")));
        QCOMPARE(parsed.parts.size(), 2);
        QCOMPARE(parsed.parts[0].contentType, u"text/cloud-config"_s);
        QCOMPARE(parsed.parts[0].fileName, u"config.yaml"_s);
        QCOMPARE(parsed.parts[0].body, QByteArray("#cloud-config\npackages: [curl]"));
        QCOMPARE(parsed.parts[1].contentType, u"text/x-shellscript"_s);
        QCOMPARE(parsed.parts[1].fileName, u"setup.sh"_s);
        QCOMPARE(parsed.parts[1].body, QByteArray("#!/bin/sh\necho hello\n"));
    }

    void buildsWhatItReadsBack_data()
    {
        QTest::addColumn<QList<MimePart>>("parts");
        QTest::newRow("four types") << QList<MimePart>{
            {u"text/cloud-config"_s, u"a.yaml"_s, "#cloud-config\nhostname: one\n"},
            {u"text/x-shellscript"_s, u"b.sh"_s, "#!/bin/sh\necho 'hi'\n"},
            {u"text/cloud-boothook"_s, {}, "#cloud-boothook\n#!/bin/sh\necho boot\n"},
            {u"text/jinja2"_s, u"t.yaml"_s,
             "## template: jinja\n#cloud-config\nhostname: {{ v1.local_hostname }}\n"},
        };
        QTest::newRow("no final newline, CRLF, UTF-8, empty") << QList<MimePart>{
            {u"text/x-shellscript"_s, {}, "#!/bin/sh\r\necho \xc3\xa4"}, {u"text/cloud-config"_s, {}, ""}};
        // A body that holds something like the boundary Python would pick, and a delimiter of its own.
        QTest::newRow("boundary-like body") << QList<MimePart>{
            {u"text/x-shellscript"_s, {}, "#!/bin/sh\necho '--===============1=='\n--x\n"}};
        QTest::newRow("long line") << QList<MimePart>{
            {u"text/x-shellscript"_s, {}, "#!/bin/sh\necho " + QByteArray(2000, 'a') + "\n"}};
    }
    void buildsWhatItReadsBack()
    {
        QFETCH(QList<MimePart>, parts);
        const QByteArray mime = buildMultipart(parts);
        QVERIFY(mime.startsWith("Content-Type: multipart/mixed; boundary="));
        const MultipartParse parsed = parseMultipart(mime);
        QVERIFY2(parsed.ok(), qPrintable(parsed.error));
        QVERIFY2(parsed.warnings.isEmpty(), qPrintable(parsed.warnings.join(u"; ")));
        QCOMPARE(parsed.parts.size(), parts.size());
        for (qsizetype i = 0; i < parts.size(); ++i) {
            QCOMPARE(parsed.parts[i].contentType, parts[i].contentType);
            QCOMPARE(parsed.parts[i].body, parts[i].body);
            if (!parts[i].fileName.isEmpty())
                QCOMPARE(parsed.parts[i].fileName, parts[i].fileName);
        }
        // The same parts give the same payload.
        QCOMPARE(buildMultipart(parts), mime);
        // The engine recognises the payload as multipart.
        QVERIFY(validateUserData(mime).type == UserDataType::MultipartMime);
    }

    // Hostile or broken input: a clear error (or a warning where Python's email parser reads on),
    // never a crash, in bounded time.
    // A part that holds a multipart payload of its own, boundary and all, stays one part.
    void avoidsABoundaryInAPart()
    {
        const QList<MimePart> parts{{u"text/x-shellscript"_s, {}, "#!/bin/sh\n"}};
        const QByteArray first = buildMultipart(parts);
        const QByteArray boundary = first.sliced(first.indexOf("boundary=\"") + 10).split('"').first();
        const QList<MimePart> tricky{{u"text/x-shellscript"_s, {}, "#!/bin/sh\n"},
                                     {u"text/x-shellscript"_s, {}, "#!/bin/sh\necho --" + boundary + "\n"}};
        const MultipartParse parsed = parseMultipart(buildMultipart(tricky));
        QVERIFY2(parsed.ok(), qPrintable(parsed.error));
        QCOMPARE(parsed.parts.size(), 2);
        QCOMPARE(parsed.parts[1].body, tricky[1].body);
    }

    void refusesBrokenInput_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("error");   // part of the error; empty: no error
        QTest::addColumn<QString>("warning"); // part of a warning; empty: none expected
        QTest::addColumn<int>("parts");

        QTest::newRow("empty") << QByteArray() << u"empty"_s << QString() << 0;
        QTest::newRow("no headers") << QByteArray("#cloud-config\nhostname: x\n") << u"No MIME headers"_s
                                    << QString() << 0;
        QTest::newRow("no content type")
            << QByteArray("MIME-Version: 1.0\n\n--b\n\nx\n--b--\n") << u"No Content-Type"_s << QString() << 0;
        QTest::newRow("not multipart") << QByteArray("Content-Type: text/plain\n\nhello\n")
                                       << u"text/plain, not multipart/mixed"_s << QString() << 0;
        QTest::newRow("no boundary") << QByteArray("Content-Type: multipart/mixed\n\n--b\n\nx\n--b--\n")
                                     << u"names no boundary"_s << QString() << 0;
        QTest::newRow("empty boundary")
            << QByteArray("Content-Type: multipart/mixed; boundary=\"\"\n\n--\n\nx\n----\n")
            << u"boundary is empty"_s << QString() << 0;
        QTest::newRow("boundary too long")
            << QByteArray("Content-Type: multipart/mixed; boundary=" + QByteArray(71, 'a') + "\n\n")
            << u"at most 70"_s << QString() << 0;
        QTest::newRow("boundary with a bad character")
            << QByteArray("Content-Type: multipart/mixed; boundary=\"a\tb\"\n\n") << u"0x09"_s << QString()
            << 0;
        QTest::newRow("boundary never occurs")
            << QByteArray("Content-Type: multipart/mixed; boundary=abc\n\n--xyz\n\nx\n--xyz--\n")
            << u"never occurs"_s << QString() << 0;
        QTest::newRow("nested multipart")
            << QByteArray("Content-Type: multipart/mixed; boundary=a\n\n--a\n"
                          "Content-Type: multipart/mixed; boundary=b\n\n--b\n\nx\n--b--\n--a--\n")
            << u"nested multipart"_s << QString() << 0;
        // Found by fuzz_cloudinit: a part whose first line reads as a MIME message is multipart too, or
        // writing the parts back would make a payload that no longer reads.
        QTest::newRow("part whose first line is a multipart header")
            << QByteArray("Content-Type:multipart/mixed;boundary=a\n--a\n\ncontent-type: Multipart/Mixed")
            << u"nested multipart"_s << QString() << 0;
        QTest::newRow("unknown transfer encoding") << QByteArray(
            "Content-Type: multipart/mixed; boundary=a\n\n--a\nContent-Type: text/x-shellscript\n"
            "Content-Transfer-Encoding: uuencode\n\n#!/bin/sh\n--a--\n")
                                                   << u"uuencode"_s << QString() << 0;
        QTest::newRow("no closing boundary") << QByteArray(
            "Content-Type: multipart/mixed; boundary=a\n\n--a\nContent-Type: text/x-shellscript\n\n"
            "#!/bin/sh\necho\n") << QString() << u"closing boundary is missing"_s
                                             << 1;
        QTest::newRow("part without headers") << QByteArray(
            "Content-Type: multipart/mixed; boundary=a\n\n--a\n#cloud-config\nhostname: x\n--a--\n")
                                              << QString() << u"no headers"_s << 1;
        QTest::newRow("part of unknown type") << QByteArray(
            "Content-Type: multipart/mixed; boundary=a\n\n--a\nContent-Type: text/plain\n\nhello\n--a--\n")
                                              << QString() << u"cloud-init ignores it"_s << 1;
        QByteArray many = "Content-Type: multipart/mixed; boundary=a\n\n";
        for (int i = 0; i < MultipartLimits::maxParts + 5; ++i)
            many += "--a\nContent-Type: text/x-shellscript\n\n#!/bin/sh\n";
        many += "--a--\n";
        QTest::newRow("too many parts") << many << u"More than 1000 parts"_s << QString() << 0;
        QTest::newRow("too large") << QByteArray(MultipartLimits::maxInputBytes + 1, 'x') << u"read up to"_s
                                   << QString() << 0;
        QTest::newRow("endless header") << QByteArray(
            "Content-Type: multipart/mixed; boundary=a\nX-Long: " + QByteArray(70 * 1024, 'y') + "\n\n")
                                        << u"headers are longer"_s << QString() << 0;
        QByteArray lines =
            "Content-Type: multipart/mixed; boundary=a\n\n--a\nContent-Type: text/x-shellscript\n\n";
        while (lines.size() < 3 * 1024 * 1024)
            lines += "--a-not-a-delimiter\n--\n\n";
        lines += "--a--\n";
        QTest::newRow("many delimiter-like lines") << lines << QString() << QString() << 1;
    }
    void refusesBrokenInput()
    {
        QFETCH(QByteArray, input);
        QFETCH(QString, error);
        QFETCH(QString, warning);
        QFETCH(int, parts);
        QElapsedTimer timer;
        timer.start();
        const MultipartParse parsed = parseMultipart(input);
        QVERIFY2(timer.elapsed() < 5000, "parsing took too long");
        if (error.isEmpty()) {
            QVERIFY2(parsed.ok(), qPrintable(parsed.error));
            QCOMPARE(parsed.parts.size(), parts);
        } else {
            QVERIFY2(parsed.error.contains(error), qPrintable(parsed.error));
            QVERIFY(parsed.parts.isEmpty());
        }
        if (!warning.isEmpty())
            QVERIFY2(parsed.warnings.join(u"; ").contains(warning), qPrintable(parsed.warnings.join(u"; ")));
    }

    void decodesQuotedPrintableAndFolds()
    {
        const QByteArray input = "content-type: Multipart/Mixed;\n boundary=\"x y\"\n\n"
                                 "preamble\n--x y\nContent-Type: text/x-shellscript\n"
                                 "Content-Transfer-Encoding: quoted-printable\n\n"
                                 "#!/bin/sh\necho caf=C3=A9 lo=\nng\n--x y--\nepilogue\n";
        const MultipartParse parsed = parseMultipart(input);
        QVERIFY2(parsed.ok(), qPrintable(parsed.error));
        QCOMPARE(parsed.parts.size(), 1);
        QCOMPARE(parsed.parts[0].body, QByteArray("#!/bin/sh\necho caf\xc3\xa9 long"));
    }

    // cloud-init's default merge (dict(replace)+list()+str()): a later part's top-level key replaces
    // the earlier one whole and stays where the key first appeared.
    void mergesCloudConfigParts()
    {
        const QList<MimePart> parts{
            {u"text/cloud-config"_s,
             {},
             "#cloud-config\npackages: [curl]\n# the name\nhostname: one\nusers:\n  - default\n"},
            {u"text/x-shellscript"_s, {}, "#!/bin/sh\necho\n"},
            {u"text/cloud-config"_s, {}, "#cloud-config\nhostname: two\nruncmd:\n  - [ls]\npackages: [git]"},
            {u"text/jinja2"_s, {}, "## template: jinja\n#cloud-config\nhostname: {{ v1.local_hostname }}\n"},
            {u"text/cloud-config"_s, {}, "#cloud-config\nbad: [\n"},
        };
        const MergedCloudConfig merged = mergeCloudConfigParts(parts);
        // The Jinja part is rendered with the (sample) instance data and merged like the others.
        QCOMPARE(merged.text,
                 QByteArray("#cloud-config\npackages: [git]\nhostname: worker-1\nusers:\n  - default\n"
                            "runcmd:\n  - [ls]\n"));
        QCOMPARE(merged.notes.size(), 2);
        QVERIFY2(merged.notes[0].contains(u"Part 4 is a Jinja template: merged as rendered"_s),
                 qPrintable(merged.notes[0]));
        QVERIFY2(merged.notes[1].contains(u"Part 5 is not valid YAML"_s), qPrintable(merged.notes[1]));
        QVERIFY(validateUserData(merged.text).valid());

        // Other instance data, and a template the editor cannot render.
        QCOMPARE(mergeCloudConfigParts({parts[3]},
                                       QJsonObject{{u"v1"_s, QJsonObject{{u"local_hostname"_s, u"db"_s}}}})
                     .text,
                 QByteArray("#cloud-config\nhostname: db\n"));
        const MergedCloudConfig unsupported = mergeCloudConfigParts(
            {{u"text/jinja2"_s,
              {},
              "## template: jinja\n#cloud-config\nhostname: {{ v1.region | upper }}\n"}});
        QVERIFY2(unsupported.notes.first().contains(u"cannot render completely (line 3"_s),
                 qPrintable(unsupported.notes.first()));
        QVERIFY(mergeCloudConfigParts({{u"text/x-shellscript"_s, {}, "#!/bin/sh\n"}})
                    .notes.contains(u"No part is cloud-config."_s));
        QVERIFY(mergeCloudConfigParts({{u"text/cloud-config"_s, {}, "#cloud-config\n{a: 1, b: 2}\n"}})
                    .notes.first()
                    .contains(u"one top-level key per line"_s));
    }

    // The reference: cloud-init's make-mime writes what this reads, and Python's email parser (which
    // cloud-init reads multipart user data with) reads what this writes into the same parts.
    void agreesWithCloudInitAndPythonEmail()
    {
        const QString python = QStandardPaths::findExecutable(u"python3"_s);
        const QString cloudInit = QStandardPaths::findExecutable(u"cloud-init"_s);
        if (python.isEmpty() || cloudInit.isEmpty())
            QSKIP("cloud-init is not installed here");
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                                      | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                                      | QFileDevice::ExeOther));
        const QList<MimePart> parts{
            {u"text/cloud-config"_s, u"config.yaml"_s, "#cloud-config\npackages: [curl]\n"},
            {u"text/x-shellscript"_s, u"setup.sh"_s, "#!/bin/sh\necho 'caf\xc3\xa9'\n"},
            {u"text/jinja2"_s, u"host.j2"_s,
             "## template: jinja\n#cloud-config\nhostname: {{ v1.local_hostname }}\n"},
        };
        QStringList attach;
        for (const MimePart& part : parts) {
            QFile file(dir.filePath(part.fileName));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(part.body);
            file.close();
            QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                        | QFileDevice::ReadOther));
            attach << u"-a"_s << part.fileName + u':' + part.contentType.section(u'/', 1);
        }
        const auto made =
            runUnprivileged(cloudInit, QStringList{u"devel"_s, u"make-mime"_s} + attach, dir.path());
        QVERIFY(made);
        const MultipartParse read = parseMultipart(*made);
        QVERIFY2(read.ok(), qPrintable(read.error));
        QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u"; ")));
        QCOMPARE(read.parts.size(), parts.size());
        for (qsizetype i = 0; i < parts.size(); ++i) {
            QCOMPARE(read.parts[i].contentType, parts[i].contentType);
            QCOMPARE(read.parts[i].fileName, parts[i].fileName);
            QCOMPARE(read.parts[i].body, parts[i].body);
        }

        const QString built = dir.filePath(u"built.mime"_s);
        {
            QFile file(built);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(buildMultipart(parts));
            file.close();
            QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                        | QFileDevice::ReadOther));
        }
        const QString script = u"import base64, email, json, sys\n"
                               u"msg = email.message_from_bytes(open(sys.argv[1], 'rb').read())\n"
                               u"print(json.dumps([[p.get_content_type(), p.get_filename() or '', "
                               u"base64.b64encode(p.get_payload(decode=True)).decode()] "
                               u"for p in msg.walk() if not p.is_multipart()]))\n"_s;
        const auto parsed = runUnprivileged(python, {u"-c"_s, script, built}, dir.path());
        QVERIFY(parsed);
        const QJsonArray reference = QJsonDocument::fromJson(*parsed).array();
        QCOMPARE(reference.size(), parts.size());
        for (qsizetype i = 0; i < parts.size(); ++i) {
            const QJsonArray part = reference.at(i).toArray();
            QCOMPARE(part.at(0).toString(), parts[i].contentType);
            QCOMPARE(part.at(1).toString(), parts[i].fileName);
            QCOMPARE(QByteArray::fromBase64(part.at(2).toString().toLatin1()), parts[i].body);
        }
    }

    // cloud-init's own merge of the cloud-config parts (its mergers with the default rule of its
    // cloud-config handler) gives what the merged preview says.
    void mergesAsCloudInitMerges()
    {
        const QString python = QStandardPaths::findExecutable(u"python3"_s);
        if (python.isEmpty()
            || !QFile::exists(u"/usr/lib/python3/dist-packages/cloudinit/mergers/__init__.py"_s))
            QSKIP("cloud-init is not installed here");
        QTemporaryDir dir;
        QVERIFY(QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                                      | QFileDevice::ExeOwner | QFileDevice::ReadOther
                                                      | QFileDevice::ExeOther));
        const QList<MimePart> parts{
            {u"text/cloud-config"_s,
             {},
             "#cloud-config\npackages: [curl]\nusers:\n  - default\nwrite_files:\n  - path: /a\n    content: "
             "x\n"
             "ntp:\n  enabled: true\n  servers: [a]\n"},
            {u"text/cloud-config"_s,
             {},
             "#cloud-config\npackages: [git, vim]\nruncmd:\n  - [ls]\nntp:\n  pools: [b]\nhostname: two\n"},
            {u"text/cloud-config"_s, {}, "#cloud-config\nhostname: three\nwrite_files: []\n"},
        };
        QStringList files;
        const auto write = [&dir](const QString& name, const QByteArray& data) {
            QFile file(dir.filePath(name));
            if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size())
                return false;
            file.close();
            return file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner
                                       | QFileDevice::ReadOther);
        };
        for (qsizetype i = 0; i < parts.size(); ++i) {
            files << u"part%1.yaml"_s.arg(i);
            QVERIFY(write(files.last(), parts[i].body));
        }
        QVERIFY(write(u"merged.yaml"_s, mergeCloudConfigParts(parts).text));
        const QString script =
            u"import json, sys, yaml\n"
            u"from cloudinit import mergers\n"
            u"merger = mergers.construct(mergers.string_extract_mergers('dict(replace)+list()+str()'))\n"
            u"buf = {}\n"
            u"for name in sys.argv[2:]:\n"
            u"    buf = merger.merge(buf, yaml.safe_load(open(name)))\n"
            u"ours = yaml.safe_load(open(sys.argv[1]))\n"
            u"print(json.dumps([buf, ours], sort_keys=True))\n"_s;
        const auto out =
            runUnprivileged(python, QStringList{u"-c"_s, script, u"merged.yaml"_s} + files, dir.path());
        QVERIFY(out);
        const QJsonArray both = QJsonDocument::fromJson(*out).array();
        QCOMPARE(both.size(), 2);
        QVERIFY(!both.at(0).toObject().isEmpty());
        QCOMPARE(both.at(1).toObject(), both.at(0).toObject());
    }

    void detectsPartTypes()
    {
        QCOMPARE(partTypeOfText("#cloud-config\n"), u"text/cloud-config"_s);
        QCOMPARE(partTypeOfText("#!/bin/bash\n"), u"text/x-shellscript"_s);
        QCOMPARE(partTypeOfText("#cloud-boothook\n"), u"text/cloud-boothook"_s);
        QCOMPARE(partTypeOfText("## template: jinja\n"), u"text/jinja2"_s);
        QCOMPARE(partTypeOfText("hello"), u"text/plain"_s);
        QCOMPARE(multipartPartTypes().size(), 4);
    }
};

QTEST_GUILESS_MAIN(TestCloudInitMultipart)
#include "tst_cloudinitmultipart.moc"
