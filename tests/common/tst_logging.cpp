// SPDX-License-Identifier: Apache-2.0

// --log turns on the debug messages of the subsystems named, and only those; a name that is none
// of them is refused with the list, and changes nothing.
#include "common/logging.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestLogging final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QLoggingCategory::setFilterRules(QString()); }
    void cleanupTestCase() { QLoggingCategory::setFilterRules(QString()); }

    void offByDefaultButWarnings()
    {
        for (const QLoggingCategory* category : {&lcApi(), &lcSim(), &lcMarket(), &lcCloudInit(), &lcUi()}) {
            QVERIFY2(!category->isDebugEnabled(), category->categoryName());
            QVERIFY2(!category->isInfoEnabled(), category->categoryName());
            QVERIFY2(category->isWarningEnabled(), category->categoryName());
        }
    }

    void namedSubsystemsOnly()
    {
        QString error;
        QVERIFY(Logging::enable(u" api , UI "_s, &error));
        QVERIFY(lcApi().isDebugEnabled());
        QVERIFY(lcApi().isInfoEnabled());
        QVERIFY(lcUi().isDebugEnabled());
        QVERIFY(!lcSim().isDebugEnabled());
        QVERIFY(!lcMarket().isDebugEnabled());
        QVERIFY(!lcCloudInit().isDebugEnabled());
    }

    void all()
    {
        QString error;
        QVERIFY(Logging::enable(u"all"_s, &error));
        for (const QLoggingCategory* category : {&lcApi(), &lcSim(), &lcMarket(), &lcCloudInit(), &lcUi()})
            QVERIFY2(category->isDebugEnabled(), category->categoryName());
    }

    void unknownNameChangesNothing()
    {
        QString error;
        QVERIFY(!Logging::enable(u"api,network"_s, &error));
        QVERIFY2(error.contains(u"network"_s) && error.contains(u"cloudinit"_s), qPrintable(error));
        QVERIFY(!lcApi().isDebugEnabled());
        QVERIFY(!Logging::enable(u" , "_s, &error));
        QVERIFY(!error.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestLogging)
#include "tst_logging.moc"
