// SPDX-License-Identifier: Apache-2.0

#include "core/util/latestanswer.h"

#include <QTest>

using namespace sfdesk;

// Newest answer wins: of the requests asked one after another, only the last one's answer counts,
// in whatever order the answers come back.
class TestLatestAnswer final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void onlyTheLastRequestCounts()
    {
        LatestAnswer latest;
        const LatestAnswer::Ticket first = latest.next();
        QVERIFY(latest.isLatest(first));
        const LatestAnswer::Ticket second = latest.next();
        // The first answer arrives after the second request went out: it is dropped.
        QVERIFY(!latest.isLatest(first));
        QVERIFY(latest.isLatest(second));
        QVERIFY(first != second);
    }

    void dropIgnoresEverythingAskedSoFar()
    {
        LatestAnswer latest;
        const LatestAnswer::Ticket asked = latest.next();
        latest.drop();
        QVERIFY(!latest.isLatest(asked));
        // What is asked after the drop counts again.
        QVERIFY(latest.isLatest(latest.next()));
    }

    void requestsOfOneRoundShareItsTicket()
    {
        LatestAnswer latest;
        const LatestAnswer::Ticket round = latest.current();
        const LatestAnswer::Ticket sameRound = latest.current();
        QCOMPARE(round, sameRound);
        QVERIFY(latest.isLatest(round));
        latest.drop();
        QVERIFY(!latest.isLatest(sameRound));
        QVERIFY(latest.isLatest(latest.current()));
    }
};

QTEST_GUILESS_MAIN(TestLatestAnswer)
#include "tst_latestanswer.moc"
