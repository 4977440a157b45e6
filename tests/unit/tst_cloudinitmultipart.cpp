#include "core/cloudinit/multipart.h"
#include "core/cloudinit/validator.h"
#include "support/testenv.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace CloudInit;

namespace {

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
