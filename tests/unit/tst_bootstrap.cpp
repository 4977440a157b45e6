// SPDX-License-Identifier: Apache-2.0

// The SSH bootstrap's checks of what goes into the cloud-config: the user name as useradd takes it,
// and a YAML scalar that reads back as the text it was made from, whatever the text holds.
#include "core/cloudinit/bootstrap.h"
#include "core/cloudinit/yamltree.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace CloudInit;

class TestBootstrap final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void userNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("valid");
        QTest::newRow("plain") << u"trainer"_s << true;
        QTest::newRow("underscore, digits, dash") << u"_ml-user2"_s << true;
        QTest::newRow("32 characters") << QString(32, u'a') << true;
        QTest::newRow("33 characters") << QString(33, u'a') << false;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("root") << u"root"_s << false;
        QTest::newRow("default") << u"default"_s << false;
        QTest::newRow("upper case") << u"Trainer"_s << false;
        QTest::newRow("leading dash") << u"-trainer"_s << false;
        // "^...$" matched before a final newline and let these through.
        QTest::newRow("final newline") << u"trainer\n"_s << false;
        QTest::newRow("newline and a key")
            << u"trainer\n    ssh_authorized_keys: [ssh-ed25519 AAAA]"_s << false;
    }
    void userNames()
    {
        QFETCH(QString, name);
        QFETCH(bool, valid);
        QString problem;
        QCOMPARE(isValidUserName(name, &problem), valid);
        QCOMPARE(problem.isEmpty(), valid);
    }

    void yamlScalars_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("public key") << u"ssh-ed25519 AAAAC3Nza user@host"_s
                                    << u"ssh-ed25519 AAAAC3Nza user@host"_s;
        QTest::newRow("a word YAML 1.1 reads as a boolean") << u"yes"_s << u"'yes'"_s;
        QTest::newRow("quote") << u"it's"_s << u"'it''s'"_s;
        QTest::newRow("colon") << u"a: b"_s << u"'a: b'"_s;
        QTest::newRow("final newline") << u"key\n"_s << u"\"key\\n\""_s;
        QTest::newRow("newline and a key") << u"key\nsudo: ALL"_s << u"\"key\\nsudo: ALL\""_s;
        QTest::newRow("carriage return, tab") << u"a\rb\tc"_s << u"\"a\\rb\\tc\""_s;
        QTest::newRow("backslash and double quote with a newline") << u"a\\\"\n"_s << u"\"a\\\\\\\"\\n\""_s;
        QTest::newRow("line separator") << u"a\u2028b"_s << u"\"a\\u2028b\""_s;
        QTest::newRow("escape character") << u"a\u001bb"_s << u"\"a\\u001bb\""_s;
    }
    void yamlScalars()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const QString scalar = yamlScalar(text);
        QCOMPARE(scalar, expected);
        // In the place the bootstrap puts it, it reads back as the text and nothing else.
        const QString document = u"keys:\n  - %1\nafter: 1\n"_s.arg(scalar);
        const YamlDocument parsed = parseYaml(document.toUtf8());
        QVERIFY2(parsed.root && !parsed.error, qPrintable(document));
        QCOMPARE(parsed.root->entries.size(), 2);
        const YamlNode& keys = *parsed.root->entries.first().value;
        QCOMPARE(keys.items.size(), 1);
        QCOMPARE(keys.items.first()->value, text);
    }
};

QTEST_GUILESS_MAIN(TestBootstrap)
#include "tst_bootstrap.moc"
