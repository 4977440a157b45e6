// SPDX-License-Identifier: Apache-2.0

#include "sim/world/simoptions.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfsim;

class TestSimOptions final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parses_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("errorPart");

        QTest::newRow("defaults") << QStringList{} << true << QString();
        QTest::newRow("all options") << QStringList{u"--host"_s,
                                                    u"127.0.0.1"_s,
                                                    u"--port"_s,
                                                    u"8123"_s,
                                                    u"--db"_s,
                                                    u"/tmp/x.db"_s,
                                                    u"--seed"_s,
                                                    u"7"_s,
                                                    u"--time-scale"_s,
                                                    u"60"_s,
                                                    u"--control"_s,
                                                    u"--tokens-file"_s,
                                                    u"/tmp/t"_s,
                                                    u"--ib-release-seconds"_s,
                                                    u"5"_s,
                                                    u"--faults"_s,
                                                    u"latency=300ms"_s}
                                     << true << QString();
        QTest::newRow("ipv6 loopback") << QStringList{u"--host"_s, u"::1"_s} << true << QString();
        QTest::newRow("remote refused") << QStringList{u"--host"_s, u"0.0.0.0"_s} << false << u"refusing"_s;
        QTest::newRow("remote allowed")
            << QStringList{u"--host"_s, u"0.0.0.0"_s, u"--allow-remote"_s} << true << QString();
        QTest::newRow("bad host") << QStringList{u"--host"_s, u"example"_s} << false << u"--host"_s;
        QTest::newRow("bad port") << QStringList{u"--port"_s, u"70000"_s} << false << u"--port"_s;
        QTest::newRow("bad scale") << QStringList{u"--time-scale"_s, u"0"_s} << false << u"--time-scale"_s;
        QTest::newRow("bad release") << QStringList{u"--ib-release-seconds"_s, u"-1"_s} << false
                                     << u"--ib-release-seconds"_s;
    }

    void parses()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, ok);
        QFETCH(QString, errorPart);
        const auto result = parseSimOptions(QStringList{u"sfsim"_s} + args);
        QCOMPARE(result.options.has_value(), ok);
        if (!ok)
            QVERIFY2(result.error.contains(errorPart), qPrintable(result.error));
    }

    void values()
    {
        const auto result =
            parseSimOptions({u"sfsim"_s, u"--port"_s, u"8123"_s, u"--seed"_s, u"7"_s, u"--time-scale"_s,
                             u"60"_s, u"--control"_s, u"--ib-release-seconds"_s, u"5"_s});
        QVERIFY(result.options);
        QCOMPARE(result.options->port, 8123);
        QCOMPARE(result.options->seed, 7u);
        QCOMPARE(result.options->timeScale, 60.0);
        QVERIFY(result.options->control);
        QCOMPARE(result.options->ibReleaseSeconds, 5);
        QVERIFY(result.options->host.isLoopback());
    }
};

QTEST_GUILESS_MAIN(TestSimOptions)
#include "tst_simoptions.moc"
