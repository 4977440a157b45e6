// SPDX-License-Identifier: Apache-2.0

#include "core/cloudinit/cloudconfigschema.h"

#include "common/constvalue.h"
#include "core/cloudinit/templates.h"
#include "core/cloudinit/validator.h"
#include "core/cloudinit/yaml11resolver.h"
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

#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace CloudInit;

namespace {

QByteArray readData(const QString& relative)
{
    QFile file(TestEnv::dataFile(u"cloudinit/"_s + relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing test data %s", qPrintable(relative));
    return file.readAll();
}

QByteArray testKey()
{
    QFile file(TestEnv::dataFile(u"cloudinit/test-key.pub"_s));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing test-key.pub");
    return file.readAll().trimmed();
}

QStringList errorPaths(const ValidationResult& result)
{
    QStringList paths;
    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity == Severity::Error && !paths.contains(d.path))
            paths.append(d.path);
    }
    paths.sort();
    return paths;
}

// "line:column:severity:code" with 1-based positions.
QString describe(const Diagnostic& d)
{
    return u"%1:%2:%3:%4"_s.arg(d.range.start.line + 1)
        .arg(d.range.start.column + 1)
        .arg(severityName(d.severity), d.code);
}

QString applyFix(const QString& text, const QuickFix& fix)
{
    QStringList lines = text.split(u'\n');
    // Edits are applied from the last to the first so earlier ranges stay valid.
    QList<TextEdit> edits = fix.edits;
    std::sort(edits.begin(), edits.end(), [](const TextEdit& a, const TextEdit& b) {
        return std::tie(a.range.start.line, a.range.start.column)
               > std::tie(b.range.start.line, b.range.start.column);
    });
    for (const TextEdit& edit : edits) {
        const QString before = lines.at(edit.range.start.line).left(edit.range.start.column);
        const QString after = lines.at(edit.range.end.line).mid(edit.range.end.column);
        lines.remove(edit.range.start.line, edit.range.end.line - edit.range.start.line + 1);
        lines.insert(edit.range.start.line, before + edit.newText + after);
    }
    return lines.join(u'\n');
}

} // namespace

class TestCloudInitValidator final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void detectsTheHeader_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<UserDataType>("type");
        QTest::newRow("cloud-config")
            << QByteArray("#cloud-config\nusers: []\n") << UserDataType::CloudConfig;
        QTest::newRow("upper case, leading blanks")
            << QByteArray("  \n#Cloud-Config\n") << UserDataType::CloudConfig;
        QTest::newRow("archive wins over config")
            << QByteArray("#cloud-config-archive\n") << UserDataType::CloudConfigArchive;
        QTest::newRow("shell") << QByteArray("#!/bin/sh\necho\n") << UserDataType::ShellScript;
        QTest::newRow("jinja") << QByteArray("## template: jinja\n#cloud-config\n") << UserDataType::Jinja;
        QTest::newRow("boothook") << QByteArray("#cloud-boothook\n") << UserDataType::Boothook;
        QTest::newRow("include-once") << QByteArray("#include-once\nhttp://x\n") << UserDataType::IncludeOnce;
        QTest::newRow("include") << QByteArray("#include\nhttp://x\n") << UserDataType::Include;
        QTest::newRow("mime") << QByteArray("Content-Type: multipart/mixed; boundary=x\n")
                              << UserDataType::MultipartMime;
        QTest::newRow("gzip") << QByteArray("\x1f\x8b\x08\x00", 4) << UserDataType::Gzip;
        QTest::newRow("document marker first") << QByteArray("---\n#cloud-config\n") << UserDataType::Unknown;
        QTest::newRow("no header") << QByteArray("users:\n") << UserDataType::Unknown;
        QTest::newRow("empty") << QByteArray() << UserDataType::Unknown;
    }

    void detectsTheHeader()
    {
        QFETCH(QByteArray, data);
        QFETCH(UserDataType, type);
        QCOMPARE(detectUserDataType(data), type);
    }

    void resolvesLikePyYamlSafeLoader_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<ScalarValue::Type>("type");
        QTest::addColumn<QString>("repr");
        QTest::addColumn<bool>("surprising");
        using T = ScalarValue::Type;
        QTest::newRow("octal") << u"0644"_s << T::Int << u"420"_s << true;
        QTest::newRow("decimal") << u"1_000"_s << T::Int << u"1000"_s << false;
        QTest::newRow("zero") << u"0"_s << T::Int << u"0"_s << false;
        QTest::newRow("hex") << u"0x1A"_s << T::Int << u"26"_s << true;
        QTest::newRow("binary") << u"0b101"_s << T::Int << u"5"_s << true;
        QTest::newRow("sexagesimal") << u"1:30"_s << T::Int << u"90"_s << true;
        QTest::newRow("sexagesimal float") << u"1:30.5"_s << T::Float << u"90.5"_s << true;
        QTest::newRow("float") << u"1.0"_s << T::Float << u"1.0"_s << false;
        QTest::newRow("exponent needs sign") << u"1e5"_s << T::String << u"'1e5'"_s << false;
        QTest::newRow("exponent") << u"1.5e+3"_s << T::Float << u"1500.0"_s << false;
        QTest::newRow("inf") << u"-.inf"_s << T::Float << u"-inf"_s << false;
        QTest::newRow("yes") << u"yes"_s << T::Bool << u"True"_s << true;
        QTest::newRow("Off") << u"Off"_s << T::Bool << u"False"_s << true;
        QTest::newRow("true") << u"true"_s << T::Bool << u"True"_s << false;
        QTest::newRow("y is a string") << u"y"_s << T::String << u"'y'"_s << false;
        QTest::newRow("tilde") << u"~"_s << T::Null << u"None"_s << false;
        QTest::newRow("Null") << u"Null"_s << T::Null << u"None"_s << false;
        QTest::newRow("date") << u"2030-01-01"_s << T::Timestamp << u"datetime.date(2030, 1, 1)"_s << true;
        QTest::newRow("not a date") << u"2030-1-1"_s << T::String << u"'2030-1-1'"_s << false;
        QTest::newRow("version") << u"1.2.3"_s << T::String << u"'1.2.3'"_s << false;
        QTest::newRow("08 is not octal") << u"08"_s << T::String << u"'08'"_s << false;
        QTest::newRow("quote in text") << u"it's"_s << T::String << u"\"it's\""_s << false;
    }

    void resolvesLikePyYamlSafeLoader()
    {
        QFETCH(QString, text);
        QFETCH(ScalarValue::Type, type);
        QFETCH(QString, repr);
        QFETCH(bool, surprising);
        const ScalarValue value = resolvePlainScalar(text);
        QCOMPARE(value.type, type);
        QCOMPARE(value.pythonRepr(), repr);
        QCOMPARE(value.isSurprising(), surprising);
    }

    void validatesCases_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QStringList>("paths");
        // Diagnostics that must be present, as line:column:severity:code.
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("bootstrap") << u"valid-bootstrap.yaml"_s << true << QStringList() << QStringList();
        QTest::newRow("mixed mistakes")
            << u"invalid-mixed.yaml"_s << false
            << QStringList{u"bogus_key"_s, u"packages"_s, u"runcmd.1"_s, u"write_files.0"_s,
                           u"write_files.0.permissions"_s}
            << QStringList{u"8:11:error:schema"_s,     u"11:18:error:schema"_s,
                           u"15:1:error:schema"_s,     u"4:5:warning:deprecated"_s,
                           u"7:1:info:deprecated"_s,   u"2:1:warning:users-default"_s,
                           u"5:9:warning:public-key"_s};
        QTest::newRow("unquoted date")
            << u"invalid-unquoted-date.yaml"_s << false << QStringList{u"users.1.expiredate"_s}
            << QStringList{u"5:17:error:schema"_s};
        QTest::newRow("sexagesimal") << u"invalid-sexagesimal.yaml"_s << false << QStringList{u"timezone"_s}
                                     << QStringList{u"2:11:error:schema"_s};
        QTest::newRow("hex") << u"invalid-hex-permissions.yaml"_s << false
                             << QStringList{u"write_files.0.permissions"_s} << QStringList();
        QTest::newRow("bad indent") << u"invalid-syntax-indent.yaml"_s << false
                                    << QStringList{u"format-l3.c3"_s} << QStringList{u"4:4:error:yaml"_s};
        QTest::newRow("open flow") << u"invalid-syntax-flow.yaml"_s << false << QStringList{u"format-l3.c5"_s}
                                   << QStringList();
        QTest::newRow("no header") << u"invalid-no-header.yaml"_s << false << QStringList{u"format-l1.c1"_s}
                                   << QStringList{u"1:1:error:header"_s};
        QTest::newRow("--- first") << u"invalid-document-marker.yaml"_s << false
                                   << QStringList{u"format-l1.c1"_s} << QStringList();
        QTest::newRow("deepest oneOf")
            << u"invalid-oneof-deepest.yaml"_s << false << QStringList{u"packages.0.1"_s}
            << QStringList{u"2:19:error:schema"_s};
        QTest::newRow("typed oneOf") << u"invalid-oneof-typed.yaml"_s << false
                                     << QStringList{u"chpasswd.users.0"_s} << QStringList();
        QTest::newRow("deprecated keys")
            << u"valid-deprecated-apt.yaml"_s << true << QStringList()
            << QStringList{u"2:1:warning:deprecated"_s, u"3:1:warning:deprecated"_s};
        QTest::newRow("duplicate keys") << u"valid-duplicate-keys.yaml"_s << true << QStringList()
                                        << QStringList{u"3:1:warning:duplicate-key"_s};
        QTest::newRow("unknown user key") << u"invalid-user-unknown-key.yaml"_s << false
                                          << QStringList{u"users.0"_s} << QStringList{u"4:5:error:schema"_s};
        QTest::newRow("shell script")
            << u"valid-shell-script.sh"_s << true << QStringList() << QStringList{u"1:1:info:header"_s};
        QTest::newRow("jinja without variables")
            << u"valid-jinja-plain.yaml"_s << true << QStringList() << QStringList();
        QTest::newRow("two documents")
            << u"invalid-two-documents.yaml"_s << false << QStringList{u"format-l2.c1"_s} << QStringList();
        QTest::newRow("anchor and merge")
            << u"invalid-anchor-extra-key.yaml"_s << false << QStringList{u"x-defaults"_s} << QStringList();
        QTest::newRow("explicit tags")
            << u"valid-anchor-and-tags.yaml"_s << true << QStringList() << QStringList();
        QTest::newRow("unknown tag") << u"invalid-unknown-tag.yaml"_s << false
                                     << QStringList{u"format-l3.c5"_s} << QStringList();
        QTest::newRow("null runcmd item")
            << u"valid-null-runcmd-item.yaml"_s << true << QStringList() << QStringList();
        QTest::newRow("float for bool")
            << u"invalid-float-for-bool.yaml"_s << false << QStringList{u"package_update"_s} << QStringList();
        QTest::newRow("empty key list") << u"invalid-empty-keys.yaml"_s << false
                                        << QStringList{u"users.1.ssh_authorized_keys"_s} << QStringList();
        QTest::newRow("enum") << u"invalid-enum-encoding.yaml"_s << false
                              << QStringList{u"write_files.0.encoding"_s}
                              << QStringList{u"4:15:error:schema"_s};
        QTest::newRow("YAML 1.1 words") << u"valid-yaml11-words.yaml"_s << true << QStringList()
                                        << QStringList{u"3:13:info:yaml11-type"_s};
        QTest::newRow("changed forms") << u"valid-changed-forms.yaml"_s << true << QStringList()
                                       << QStringList{u"5:5:info:deprecated"_s, u"6:5:info:deprecated"_s};
        QTest::newRow("password login") << u"valid-password-login.yaml"_s << true << QStringList()
                                        << QStringList{u"5:5:warning:password"_s, u"7:1:warning:password"_s};
        QTest::newRow("bad public keys")
            << u"valid-bad-public-keys.yaml"_s << true << QStringList()
            << QStringList{u"3:5:warning:public-key"_s, u"4:5:warning:public-key"_s};
        QTest::newRow("empty") << u"empty-cloud-config.yaml"_s << false << QStringList{u"format-l1.c1"_s}
                               << QStringList();
        QTest::newRow("list at the root")
            << u"invalid-list-root.yaml"_s << false << QStringList{u"format-l2.c1"_s} << QStringList();
        QTest::newRow("groups by name (patternProperties)")
            << u"valid-groups-pattern.yaml"_s << true << QStringList() << QStringList();
        QTest::newRow("nested additional") << u"invalid-nested-additional.yaml"_s << false
                                           << QStringList{u"ntp"_s, u"ntp.servers"_s} << QStringList();
    }

    void validatesCases()
    {
        QFETCH(QString, file);
        QFETCH(bool, valid);
        QFETCH(QStringList, paths);
        QFETCH(QStringList, expected);
        const ValidationResult result = validateUserData(readData(u"cases/"_s + file));
        QStringList found;
        for (const Diagnostic& d : result.diagnostics)
            found.append(describe(d) + u' ' + d.message);
        const QString all = found.join(u'\n');
        QVERIFY2(result.valid() == valid, qPrintable(all));
        QCOMPARE(errorPaths(result), paths);
        for (const QString& want : expected)
            QVERIFY2(all.contains(want + u' '), qPrintable(u"missing %1 in\n%2"_s.arg(want, all)));
    }

    // Input that once crashed, hung or exhausted the engine: each gets its own diagnostic, quickly.
    void refusesHostileInput_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QString>("message");
        QTest::newRow("recursive alias") << QByteArray("#cloud-config\na: &x [*x]\n")
                                         << u"2:8:error:recursive-alias"_s << u"Recursive alias *x"_s;
        QTest::newRow("recursive merge") << QByteArray("#cloud-config\nb: &b {<<: *b}\n")
                                         << u"2:12:error:recursive-alias"_s << u"Recursive alias *b"_s;
        QTest::newRow("recursive alias in a block mapping")
            << QByteArray("#cloud-config\nusers: &u\n  - name: bob\n    groups: *u\n")
            << u"4:13:error:recursive-alias"_s << u"inside its own anchor &u (line 2)"_s;
        {
            // Nine anchors, each a list of nine aliases of the previous: 9^9 nodes once expanded.
            QByteArray bomb("#cloud-config\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
            for (int level = 1; level <= 9; ++level) {
                QByteArrayList aliases;
                for (int i = 0; i < 9; ++i)
                    aliases.append("*a" + QByteArray::number(level - 1));
                bomb += "a" + QByteArray::number(level) + ": &a" + QByteArray::number(level) + " ["
                        + aliases.join(", ") + "]\n";
            }
            QTest::newRow("alias bomb") << bomb << u"error:alias-expansion"_s << u"expanded nodes"_s;
        }
        QTest::newRow("100,000 nested lists")
            << QByteArray("#cloud-config\na: " + QByteArray(100'000, '[') + QByteArray(100'000, ']') + '\n')
            << u"2:259:error:too-deep"_s << u"deeper than 256 levels"_s;
        QTest::newRow("100,000 nested block lists")
            << QByteArray("#cloud-config\na:\n" + QByteArray("- ").repeated(100'000) + "x\n")
            << u"error:too-deep"_s << u"deeper than 256 levels"_s;
        QTest::newRow("depth through an alias")
            << QByteArray("#cloud-config\nd0: &d0 " + QByteArray(200, '[') + QByteArray(200, ']')
                          + "\nd1: &d1 " + QByteArray(100, '[') + "*d0" + QByteArray(100, ']') + '\n')
            << u"3:109:error:too-deep"_s << u"Alias *d0 nests the document deeper"_s;
        {
            QByteArray big("#cloud-config\nwrite_files:\n  - path: /a\n    content: |\n");
            const QByteArray line = "      " + QByteArray(73, 'x') + '\n';
            big += line.repeated(5 * 1024 * 1024 / line.size() + 1);
            QTest::newRow("5 MiB") << big << u"1:1:error:too-large"_s << u"documents over 2048 KiB"_s;
        }
        QTest::newRow("invalid UTF-8") << QByteArray("#cloud-config\nhostname: caf\xc3\xa9-\xff\n")
                                       << u"2:16:error:encoding"_s << u"Invalid UTF-8 at line 2, column 16"_s;
        QTest::newRow("overlong UTF-8") << QByteArray("#cloud-config\nhostname: \xc0\xaf\n")
                                        << u"2:11:error:encoding"_s << u"(byte 0xc0)"_s;
        QTest::newRow("surrogate in UTF-8") << QByteArray("#cloud-config\nhostname: \xed\xa0\x80\n")
                                            << u"2:11:error:encoding"_s << u"(byte 0xed)"_s;
        QTest::newRow("truncated UTF-8") << QByteArray("#cloud-config\nhostname: \xe2\x82")
                                         << u"2:11:error:encoding"_s << u"Invalid UTF-8"_s;
        QTest::newRow("NUL byte") << QByteArray("#cloud-config\nhostname: a\0b\n", 28)
                                  << u"2:12:error:encoding"_s << u"NUL byte (line 2, column 12)"_s;
        QTest::newRow("NUL in a shell script")
            << QByteArray("#!/bin/sh\necho \0\n", 17) << u"2:6:error:encoding"_s << u"NUL byte"_s;
    }

    void refusesHostileInput()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, expected);
        QFETCH(QString, message);
        QElapsedTimer timer;
        timer.start();
        const ValidationResult result = validateUserData(data);
        QStringList found;
        for (const Diagnostic& d : result.diagnostics)
            found.append(describe(d) + u' ' + d.message);
        const QString all = found.join(u'\n');
        QVERIFY2(!result.valid(), qPrintable(all));
        const auto match = std::find_if(found.cbegin(), found.cend(), [&](const QString& line) {
            return (line.startsWith(expected + u' ') || line.contains(u':' + expected + u' '))
                   && line.contains(message);
        });
        QVERIFY2(match != found.cend(), qPrintable(u"missing %1 (%2) in\n%3"_s.arg(expected, message, all)));
        // Only a hang fails this: the machine may be busy.
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
    }

    // The parser itself hands no cyclic or oversized tree to anyone (the editor's folding walks it).
    void parserRefusesCycles_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<YamlError::Kind>("kind");
        QTest::newRow("alias in its sequence")
            << QByteArray("a: &x [*x]\n") << YamlError::Kind::RecursiveAlias;
        QTest::newRow("merge of itself") << QByteArray("b: &b {<<: *b}\n") << YamlError::Kind::RecursiveAlias;
        QTest::newRow("alias in a nested anchor")
            << QByteArray("a: &x [1, &y [*x]]\n") << YamlError::Kind::RecursiveAlias;
        QTest::newRow("deep") << QByteArray(QByteArray(300, '[') + QByteArray(300, ']'))
                              << YamlError::Kind::TooDeep;
        QTest::newRow("large") << QByteArray(3 * 1024 * 1024, '#') << YamlError::Kind::TooLarge;
    }

    void parserRefusesCycles()
    {
        QFETCH(QByteArray, data);
        QFETCH(YamlError::Kind, kind);
        const YamlDocument document = parseYaml(data);
        QVERIFY(!document.root);
        QVERIFY(document.error);
        QCOMPARE(document.error->kind, kind);
    }

    // Aliases within the limits still expand as PyYAML expands them.
    void aliasesWithinTheLimitsExpand()
    {
        const YamlDocument deep = parseYaml(QByteArray(QByteArray(250, '[') + QByteArray(250, ']')));
        QVERIFY(deep.root);
        const ValidationResult result =
            validateUserData("#cloud-config\npackages: &p [curl, git]\nsnap:\n  commands: *p\n");
        QVERIFY(std::none_of(result.diagnostics.cbegin(), result.diagnostics.cend(),
                             [](const Diagnostic& d) { return d.code == u"alias-expansion"; }));
        const ValidationResult sibling =
            validateUserData("#cloud-config\nusers:\n  - &u {name: a}\n  - {<<: *u, name: b}\n  - default\n");
        QVERIFY2(sibling.valid(), qPrintable(sibling.diagnostics.value(0).message));
    }

    void phrasesErrorsLikeCloudInit()
    {
        const ValidationResult result = validateUserData(readData(u"cases/invalid-mixed.yaml"_s));
        QStringList messages;
        for (const Diagnostic& d : result.diagnostics)
            messages.append(d.message);
        QVERIFY(messages.contains(u"'curl' is not of type 'array'"_s));
        QVERIFY(messages.contains(u"'path' is a required property"_s));
        QVERIFY(messages.contains(u"420 is not of type 'string'"_s));
        QVERIFY(messages.contains(u"Additional properties are not allowed ('bogus_key' was unexpected)"_s));
        QVERIFY(messages.contains(u"Deprecated in version 18.3. Use ssh_authorized_keys instead."_s));
    }

    void quickFixesRepair_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("fixed");
        QTest::newRow("quote octal")
            << QByteArray("#cloud-config\nwrite_files:\n  - path: /a\n    permissions: 0644\n") << u"schema"_s
            << u"#cloud-config\nwrite_files:\n  - path: /a\n    permissions: '0644'\n"_s;
        QTest::newRow("rename deprecated") << QByteArray("#cloud-config\napt_update: true\n")
                                           << u"deprecated"_s << u"#cloud-config\npackage_update: true\n"_s;
        QTest::newRow("insert header")
            << QByteArray("packages: [curl]\n") << u"header"_s << u"#cloud-config\npackages: [curl]\n"_s;
        QTest::newRow("package for packages") << QByteArray("#cloud-config\npackage: [curl]\n") << u"schema"_s
                                              << u"#cloud-config\npackages: [curl]\n"_s;
        QTest::newRow("user given the users list")
            << QByteArray("#cloud-config\nuser:\n  - default\n") << u"near-miss"_s
            << u"#cloud-config\nusers:\n  - default\n"_s;
        QTest::newRow("dashed ssh_authorized_keys at the top")
            << QByteArray("#cloud-config\nssh-authorized-keys:\n  - " + testKey() + '\n') << u"schema"_s
            << QString(u"#cloud-config\nssh_authorized_keys:\n  - "_s + QString::fromUtf8(testKey()) + u'\n');
        QTest::newRow("typo in a user")
            << QByteArray("#cloud-config\nusers:\n  - default\n  - name: bob\n    shel: /bin/bash\n")
            << u"schema"_s << u"#cloud-config\nusers:\n  - default\n  - name: bob\n    shell: /bin/bash\n"_s;
    }

    void quickFixesRepair()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, code);
        QFETCH(QString, fixed);
        const ValidationResult before = validateUserData(text);
        auto it = std::find_if(before.diagnostics.cbegin(), before.diagnostics.cend(),
                               [&](const Diagnostic& d) { return d.code == code && d.fix; });
        QVERIFY(it != before.diagnostics.cend());
        const QString repaired = applyFix(QString::fromUtf8(text), *it->fix);
        QCOMPARE(repaired, fixed);
        const ValidationResult after = validateUserData(repaired.toUtf8());
        QVERIFY(after.valid());
        QCOMPARE(after.count(Severity::Warning), 0);
    }

    void suggestsNearMissKeys_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("user")
            << QByteArray("#cloud-config\nuser:\n  - default\n  - name: bob\n")
            << u"2:1:info:near-miss Did you mean 'users'? The value fits 'users', not 'user'."_s;
        QTest::newRow("package")
            << QByteArray("#cloud-config\npackage:\n  - curl\n")
            << u"2:1:error:schema Additional properties are not allowed ('package' was unexpected). Did you "
               u"mean 'packages'?"_s;
        QTest::newRow("ssh-authorized-keys")
            << QByteArray("#cloud-config\nssh-authorized-keys: []\n")
            << u"2:1:error:schema Additional properties are not allowed ('ssh-authorized-keys' was "
               u"unexpected). Did you mean 'ssh_authorized_keys'?"_s;
        QTest::newRow("key already there: no rename onto it")
            << QByteArray("#cloud-config\npackages: [git]\npackage: [curl]\n")
            << u"3:1:error:schema Additional properties are not allowed ('package' was unexpected)"_s;
    }

    void suggestsNearMissKeys()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        const ValidationResult result = validateUserData(text);
        QStringList found;
        for (const Diagnostic& d : result.diagnostics)
            found.append(describe(d) + u' ' + d.message);
        QVERIFY2(found.contains(message), qPrintable(found.join(u'\n')));
        // A string of a user's name is what user takes: no hint there.
        const ValidationResult plain = validateUserData("#cloud-config\nuser: bob\nbogus_key: 1\n");
        for (const Diagnostic& d : plain.diagnostics)
            QVERIFY2(!d.message.contains(u"Did you mean"_s), qPrintable(d.message));
    }

    void measuresThePayload()
    {
        QByteArray big("#cloud-config\nwrite_files:\n  - path: /a\n    content: |\n");
        while (big.size() < 70 * 1024)
            big += "      0123456789012345678901234567890123456789012345678901234567890123456789\n";
        const ValidationResult result = validateUserData(big);
        QCOMPARE(result.size.raw, big.size());
        QCOMPARE(result.size.base64, (big.size() + 2) / 3 * 4);
        QVERIFY(!result.valid());
        QCOMPARE(result.diagnostics.constFirst().code, u"size"_s);

        QByteArray medium = big.left(50 * 1024);
        const ValidationResult encodedOver = validateUserData(medium);
        QVERIFY(encodedOver.size.base64Exceeds());
        QVERIFY(!encodedOver.size.rawExceeds());
        // The limit is of what is sent, the base64 text: over it, whatever the raw size.
        QVERIFY(!encodedOver.valid());
        QVERIFY(std::any_of(
            encodedOver.diagnostics.cbegin(), encodedOver.diagnostics.cend(),
            [](const Diagnostic& d) { return d.code == u"size" && d.severity == Severity::Error; }));
        // Within it: 48 KiB of text is 64 KiB in base64.
        const ValidationResult within = validateUserData(big.left(48 * 1024));
        QCOMPARE(within.size.base64, PayloadSize::limit);
        QVERIFY(std::none_of(within.diagnostics.cbegin(), within.diagnostics.cend(),
                             [](const Diagnostic& d) { return d.code == u"size"; }));
    }

    // cloud-init reads gzip user data: what is inside is checked, the size is that of what is sent.
    void checksGzipPayloads()
    {
        const QByteArray inner("#cloud-config\npackages: curl\n");
        const QByteArray packed = gzipCompress(inner);
        QVERIFY(packed.startsWith("\x1f\x8b"));
        QCOMPARE(gzipDecompress(packed, 1024).value_or(QByteArray()), inner);
        const ValidationResult result = validateUserData(packed);
        QCOMPARE(result.type, UserDataType::CloudConfig);
        QCOMPARE(result.size.raw, packed.size());
        QCOMPARE(errorPaths(result), QStringList{u"packages"_s});
        QVERIFY(std::any_of(result.diagnostics.cbegin(), result.diagnostics.cend(), [](const Diagnostic& d) {
            return d.code == u"gzip" && d.severity == Severity::Info;
        }));

        // Damaged, or a bomb that inflates past what is parsed.
        const QByteArray bomb = gzipCompress(QByteArray(3 * 1024 * 1024, ' '));
        QVERIFY(bomb.size() < 64 * 1024);
        for (const QByteArray& broken : {packed.left(packed.size() / 2), bomb}) {
            const ValidationResult refused = validateUserData(broken);
            QVERIFY(!refused.valid());
            QCOMPARE(refused.diagnostics.constFirst().code, u"gzip"_s);
        }

        // Over the limit in plain text, within it compressed: the size problem says so.
        QByteArray big("#cloud-config\nwrite_files:\n  - path: /a\n    content: |\n");
        while (big.size() < 70 * 1024)
            big += "      the same line again and again\n";
        const ValidationResult over = validateUserData(big);
        QVERIFY(over.size.gzipBase64 > 0 && over.size.gzipBase64 < 64 * 1024);
        QVERIFY2(over.diagnostics.constFirst().message.contains(u"gzip-compressed it is"_s),
                 qPrintable(over.diagnostics.constFirst().message));
        QVERIFY(validateUserData(gzipCompress(big)).valid());
    }

    void findsTheKeyPath_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QStringList>("path");
        const QString doc =
            u"#cloud-config\nusers:\n  - default\n  - name: bob\n    \nwrite_files:\n  - path: /a\n    \n"_s;
        QTest::newRow("top level") << doc << 5 << 0 << QStringList();
        QTest::newRow("inside a user") << doc << 4 << 4 << QStringList{u"users"_s, u"[]"_s};
        QTest::newRow("inside write_files item") << doc << 7 << 4 << QStringList{u"write_files"_s, u"[]"_s};
        QTest::newRow("after a dash")
            << u"#cloud-config\nusers:\n  - "_s << 2 << 4 << QStringList{u"users"_s, u"[]"_s};
        QTest::newRow("nested mapping")
            << u"#cloud-config\nchpasswd:\n  expire: false\n  "_s << 3 << 2 << QStringList{u"chpasswd"_s};
    }

    void findsTheKeyPath()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QStringList, path);
        QCOMPARE(keyPathAt(text, line, column), path);
    }

    void schemaAnswersTheEditor()
    {
        const CloudConfigSchema& schema = CloudConfigSchema::bundled();
        const QList<CloudConfigSchema::Key> top = schema.keysAt({});
        QVERIFY(top.size() > 90);
        const QList<CloudConfigSchema::Key> user = schema.keysAt({u"users"_s, u"[]"_s});
        const auto named = [&](const QString& name) {
            return std::find_if(user.cbegin(), user.cend(), [&](const auto& k) { return k.name == name; });
        };
        QVERIFY(named(u"ssh_authorized_keys"_s) != user.cend());
        QVERIFY(named(u"ssh-authorized-keys"_s)->deprecated);
        QVERIFY(named(u"ssh-authorized-keys"_s)->deprecation.contains(u"18.3"_s));
        const auto pwauth = schema.keyAt({u"ssh_pwauth"_s});
        QVERIFY(pwauth);
        QVERIFY(!pwauth->description.isEmpty());
        QVERIFY(!schema.keyAt({u"no_such_key"_s}));
        QVERIFY(descriptionToHtml(u"Use **x** and ``y``"_s).contains(u"<b>x</b>"_s));
    }

    void templatesAreValid()
    {
        const QList<Template> all = templates();
        QCOMPARE(all.size(), 3);
        for (const Template& t : all) {
            const QString text = templateText(t.id);
            QVERIFY2(text.startsWith(u"#cloud-config\n"_s), qPrintable(t.id));
            const ValidationResult result = validateUserData(text.toUtf8());
            QVERIFY2(result.valid(), qPrintable(t.id));
            QCOMPARE(result.count(Severity::Warning), t.id == u"ssh-bootstrap" ? 1 : 0);
        }
        QVERIFY(templateText(u"nope"_s).isEmpty());
        QVERIFY(templateText(u"infiniband-check"_s).contains(u"ibv_devinfo"_s));
    }

    // The real cloud-init as the reference: the same verdicts and the same failing paths.
    void agreesWithCloudInit()
    {
        const QString python = QStandardPaths::findExecutable(u"python3"_s);
        if (python.isEmpty()
            || !QFile::exists(u"/usr/lib/python3/dist-packages/cloudinit/config/schema.py"_s))
            QSKIP("cloud-init is not installed here");
        const QDir data(TestEnv::dataFile(u"cloudinit"_s));
        QStringList files;
        for (const QString& name :
             constValue(QDir(data.filePath(u"cases"_s)).entryList(QDir::Files, QDir::Name)))
            files.append(u"cases/"_s + name);
        for (const QString& name :
             constValue(QDir(data.filePath(u"examples"_s)).entryList({u"*.txt"_s}, QDir::Files)))
            files.append(u"examples/"_s + name);
        QVERIFY(files.size() > 50);

        // The reference runs as an unprivileged user who may not be able to read this checkout:
        // give it a world-readable copy.
        QTemporaryDir copy;
        QVERIFY(copy.isValid());
        const auto readable = QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup
                              | QFileDevice::ReadOther;
        const auto traversable =
            readable | QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther;
        QVERIFY(QFile::setPermissions(copy.path(), traversable));
        for (const QString& sub : {u"cases"_s, u"examples"_s}) {
            QVERIFY(QDir(copy.path()).mkdir(sub));
            QVERIFY(QFile::setPermissions(copy.filePath(sub), traversable));
        }
        for (const QString& file : constValue(QStringList{u"oracle.py"_s, u"instance-data.json"_s} + files)) {
            QVERIFY(QFile::copy(data.filePath(file), copy.filePath(file)));
            QVERIFY(QFile::setPermissions(copy.filePath(file), readable));
        }
        QProcess oracle;
        oracle.setWorkingDirectory(copy.path());
        QStringList arguments{u"oracle.py"_s};
        arguments += files;
        // cloud-init's schema command writes instance data under /run when run as root: never as root.
        if (::geteuid() == 0) {
            const QString setpriv = QStandardPaths::findExecutable(u"setpriv"_s);
            if (setpriv.isEmpty())
                QSKIP("running as root without setpriv; the reference cannot run safely");
            arguments.prepend(python);
            arguments = QStringList{u"--reuid=65534"_s, u"--regid=65534"_s, u"--clear-groups"_s, u"env"_s,
                                    u"HOME=/tmp"_s}
                        + arguments;
            oracle.start(setpriv, arguments);
        } else {
            oracle.start(python, arguments);
        }
        QVERIFY(oracle.waitForFinished(90000));
        QVERIFY2(oracle.exitCode() == 0, oracle.readAllStandardError().constData());
        const QJsonObject verdicts = QJsonDocument::fromJson(oracle.readAllStandardOutput()).object();
        QCOMPARE(verdicts.size(), files.size());
        // Jinja templates are rendered with the instance data the reference renders them with.
        const QJsonObject instanceData = QJsonDocument::fromJson(readData(u"instance-data.json"_s)).object();
        QVERIFY(!instanceData.isEmpty());
        int invalid = 0;
        int jinja = 0;
        for (const QString& file : std::as_const(files)) {
            const QJsonObject reference = verdicts.value(file).toObject();
            const QByteArray text = readData(file);
            jinja += text.startsWith("## template: jinja") && text.contains("{%") ? 1 : 0;
            const ValidationResult ours = validateUserData(text, instanceData);
            QVERIFY2(ours.valid() == reference.value(u"valid"_s).toBool(), qPrintable(file));
            if (ours.valid())
                continue;
            ++invalid;
            QStringList paths;
            for (const auto& path : constValue(reference.value(u"paths"_s).toArray()))
                paths.append(path.toString());
            // cloud-init reports "not a YAML dict" outside its schema problems; only the verdict counts.
            if (paths.size() == 1 && paths.constFirst().startsWith(u"runtime:"_s))
                continue;
            QCOMPARE(errorPaths(ours), paths);
        }
        QVERIFY(invalid >= 15);
        QVERIFY(jinja >= 3);
    }

    // Benchmark from the issue: validating a 60 KiB cloud-config against parsing it alone.
    void benchmarkValidationAgainstParsing()
    {
        QByteArray text("#cloud-config\nusers:\n  - default\nwrite_files:\n");
        int i = 0;
        // As large as user data gets: 48 KiB is the 64 KiB of base64 the API takes.
        while (text.size() < 48 * 1024 - 200) {
            text += "  - path: /etc/sfdesk/file" + QByteArray::number(i++)
                    + "\n    permissions: '0644'\n    owner: root:root\n    content: |\n      line one\n"
                      "      line two\n";
        }
        validateUserData(text); // loads and compiles the schema once
        constexpr int rounds = 5;
        QElapsedTimer timer;
        timer.start();
        for (int r = 0; r < rounds; ++r)
            QVERIFY(parseYaml(text).root);
        const double parseMs = double(timer.nsecsElapsed()) / 1e6 / rounds;
        timer.restart();
        for (int r = 0; r < rounds; ++r)
            QVERIFY(validateUserData(text).valid());
        const double validateMs = double(timer.nsecsElapsed()) / 1e6 / rounds;
        qInfo("48 KiB cloud-config (%lld bytes, %d files): parse %.2f ms, validate %.2f ms, ratio %.1fx",
              qlonglong(text.size()), i, parseMs, validateMs, validateMs / parseMs);
        QVERIFY(validateMs < 2000);
    }
};

QTEST_GUILESS_MAIN(TestCloudInitValidator)
#include "tst_cloudinitvalidator.moc"
