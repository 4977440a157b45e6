// SPDX-License-Identifier: Apache-2.0

// Price watches: which offer meets a watch's price, exactly at and around it; the checker's reads
// (one per SKU per check, shared, none without waiting watches); a watch fires once and stays
// fired across a restart; the list as a model.
#include "core/market/pricewatch.h"
#include "core/settings/settings.h"
#include "gui/fakemarketbackend.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
// A whole hour, as quotes start.
constexpr qint64 Now = 1'800'000'000 - 1'800'000'000 % H;

QList<HourQuote> asks(qint64 from, const QList<qint64>& prices, std::optional<qint64> nodes = std::nullopt)
{
    QList<HourQuote> quotes;
    for (qsizetype i = 0; i < prices.size(); ++i)
        quotes.append(HourQuote{from + i * H, prices.at(i), std::nullopt, nodes});
    return quotes;
}

PriceWatch watchOf(const QString& sku, qint64 maxRate, qint64 hours = 3)
{
    PriceWatch watch;
    watch.sku = sku;
    watch.nodes = 2;
    watch.duration = hours * H;
    watch.starts.earliest = Now + H;
    watch.starts.latest = Now + 3 * H;
    watch.maxRateMicros = maxRate;
    watch.expiresAt = Now + 48 * H;
    return watch;
}

} // namespace

class TestPriceWatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void matchesAtThePriceNotAbove_data()
    {
        QTest::addColumn<qint64>("maxRate");
        QTest::addColumn<bool>("fires");
        // Three hours at 2.000000, 2.000000 and 2.000001: 6.000001 per node, a mean of 2.000001
        // rounded up (what a limit must be to take every hour).
        QTest::newRow("one micro-dollar under") << qint64(2'000'000) << false;
        QTest::newRow("exactly the mean rounded up") << qint64(2'000'001) << true;
        QTest::newRow("above") << qint64(2'000'002) << true;
    }
    void matchesAtThePriceNotAbove()
    {
        QFETCH(qint64, maxRate);
        QFETCH(bool, fires);
        const PriceWatch watch = watchOf(u"h100"_s, maxRate);
        const auto offer = watch.match(asks(Now + H, {2'000'000, 2'000'000, 2'000'001}), Now);
        QCOMPARE(offer.has_value(), fires);
        if (offer) {
            QCOMPARE(offer->start, Now + H);
            QCOMPARE(offer->end, Now + 4 * H);
            QCOMPARE(offer->nodes, 2);
            QCOMPARE(offer->nodeMicros, 6'000'001);
        }
    }

    void takesTheCheapestStartInTheRange()
    {
        const PriceWatch watch = watchOf(u"h100"_s, 1'500'000, 2);
        // Starts at +1h, +2h or +3h: 2.5, 1.5 and 1.0 on average; the cheapest is told.
        const auto offer = watch.match(asks(Now + H, {3'000'000, 2'000'000, 1'000'000, 1'000'000}), Now);
        QVERIFY(offer);
        QCOMPARE(offer->start, Now + 3 * H);
        QCOMPARE(offer->rateMicros(), 1'000'000);
        // Outside the range of starts, a cheaper window does not count.
        const auto late = watch.match(asks(Now + 4 * H, {1, 1, 1}), Now);
        QVERIFY(!late);
    }

    void ignoresHoursWithTooFewNodes()
    {
        const PriceWatch watch = watchOf(u"h100"_s, 5'000'000);
        QVERIFY(!watch.match(asks(Now + H, {1'000'000, 1'000'000, 1'000'000}, 1), Now));
        QVERIFY(watch.match(asks(Now + H, {1'000'000, 1'000'000, 1'000'000}, 2), Now));
    }

    void firesOnceAndReadsNothingAfter()
    {
        FakeMarketBackend market;
        market.clock = Now;
        PriceWatchList list;
        PriceWatchChecker checker(&list, &market);
        QSignalSpy fired(&checker, &PriceWatchChecker::fired);
        const QString id = list.save(watchOf(u"h100"_s, 2'000'000));

        // Above the price: nothing.
        QSignalSpy answered(&market, &MarketBackend::quotesReady);
        market.hourQuotes = asks(Now + H, {2'000'060, 2'000'060, 2'000'060});
        checker.check();
        QCOMPARE(market.quoteRequests, 1);
        QCOMPARE(checker.readsAsked(), 1);
        QTRY_COMPARE(answered.count(), 1);
        QCOMPARE(fired.count(), 0);
        QVERIFY(!list.watch(id)->fired);

        // A seller lists at the price: told once, with the window.
        market.hourQuotes = asks(Now + H, {2'000'000, 2'000'000, 2'000'000});
        checker.check();
        QTRY_COMPARE(fired.count(), 1);
        const PriceWatch told = fired.at(0).at(0).value<PriceWatch>();
        QCOMPARE(told.id, id);
        QVERIFY(told.fired);
        QCOMPARE(told.fired->start, Now + H);
        QCOMPARE(told.fired->end, Now + 4 * H);
        QCOMPARE(told.fired->rateMicros(), 2'000'000);
        QCOMPARE(list.watch(id)->fired, told.fired);

        // The next checks read nothing for it and tell nothing again.
        const int reads = market.quoteRequests;
        checker.check();
        checker.check();
        QCOMPARE(market.quoteRequests, reads);
        QCOMPARE(fired.count(), 1);
    }

    void oneReadPerSkuSharedByItsWatches()
    {
        FakeMarketBackend market;
        market.clock = Now;
        PriceWatchList list;
        PriceWatchChecker checker(&list, &market);
        // Nothing to watch: nothing read.
        checker.check();
        QCOMPARE(market.quoteRequests, 0);

        const QStringList skus{u"h100"_s, u"h200"_s, u"b200"_s};
        for (int i = 0; i < 20; ++i)
            list.save(watchOf(skus.at(i % 3), 1'000'000 + i));
        // An expired watch of a fourth SKU is not read.
        PriceWatch expired = watchOf(u"a100"_s, 9'000'000);
        expired.expiresAt = Now;
        list.save(expired);
        market.hourQuotes = asks(Now + H, {5'000'000, 5'000'000, 5'000'000, 5'000'000, 5'000'000});

        QSignalSpy answered(&market, &MarketBackend::quotesReady);
        checker.check();
        QCOMPARE(market.quoteRequests, 3);
        // Due again while the reads are on their way: none asked twice.
        checker.check();
        QCOMPARE(market.quoteRequests, 3);
        QTRY_COMPARE(answered.count(), 3);
        checker.check();
        QCOMPARE(market.quoteRequests, 6);
    }

    void aLostReadIsAskedAgain()
    {
        FakeMarketBackend market;
        market.clock = Now;
        PriceWatchList list;
        PriceWatchChecker checker(&list, &market);
        list.save(watchOf(u"h100"_s, 1'000'000));
        // Answers for another window are not this read's.
        checker.check();
        QCOMPARE(market.quoteRequests, 1);
        Q_EMIT market.quotesReady(u"h100"_s, Now, Now + H, {});
        checker.check();
        checker.check();
        QCOMPARE(market.quoteRequests, 1);
        checker.check();
        QCOMPARE(market.quoteRequests, 2);
    }

    void aFailedReadIsAskedAgainAtTheNextCheck()
    {
        FakeMarketBackend market;
        market.clock = Now;
        PriceWatchList list;
        PriceWatchChecker checker(&list, &market);
        list.save(watchOf(u"h100"_s, 1'000'000));
        checker.check();
        QCOMPARE(market.quoteRequests, 1);
        // A failure of another window is not this read's: still waited for.
        Q_EMIT market.quotesFailed(u"h100"_s, Now, Now + H, u"timeout"_s);
        checker.check();
        QCOMPARE(market.quoteRequests, 1);
        Q_EMIT market.quotesFailed(u"h100"_s, Now + H, Now + 6 * H, u"timeout"_s);
        checker.check();
        QCOMPARE(market.quoteRequests, 2);
    }

    void keptPerConnectionFiredAndAll()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"settings.ini"_s);
        PriceWatch fired = watchOf(u"h100"_s, 2'000'000);
        fired.id = u"w1"_s;
        fired.fired = WindowSearch::Offer{Now + H, Now + 4 * H, 2, 6'000'000};
        PriceWatch waiting = watchOf(u"h200"_s, 9'999'999'999);
        waiting.id = u"w2"_s;
        {
            Settings settings(file);
            PriceWatches::save(settings, u"https://a.example:8443/"_s, {fired, waiting});
            settings.sync();
        }
        Settings again(file);
        QCOMPARE(PriceWatches::saved(again, u"https://a.example:8443/"_s),
                 (QList<PriceWatch>{fired, waiting}));
        QVERIFY(PriceWatches::saved(again, u"other"_s).isEmpty());
        PriceWatches::save(again, u"https://a.example:8443/"_s, {});
        QVERIFY(PriceWatches::saved(again, u"https://a.example:8443/"_s).isEmpty());
    }

    void nonsenseReadsAsNoWatch()
    {
        QVERIFY(PriceWatches::fromJson("not json").isEmpty());
        QVERIFY(PriceWatches::fromJson(R"({"id":"x"})").isEmpty());
        QVERIFY(PriceWatches::fromJson(R"([{"id":"x","sku":"h100","nodes":"0","duration":"3600",)"
                                       R"("earliestStart":"1","latestStart":"2","maxRateMicros":"1",)"
                                       R"("expiresAt":"3"}])")
                    .isEmpty());
        QCOMPARE(PriceWatches::fromJson(R"([{"id":"x","sku":"h100","nodes":"1","duration":"3600",)"
                                        R"("earliestStart":"1","latestStart":"2","maxRateMicros":"1",)"
                                        R"("expiresAt":"3"},7,null])")
                     .size(),
                 1);
    }

    void listIsAModel()
    {
        PriceWatchList list;
        list.setClock([] { return Now; });
        QAbstractItemModelTester tester(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy edited(&list, &PriceWatchList::edited);
        const QString a = list.save(watchOf(u"h100"_s, 1'000'000));
        const QString b = list.save(watchOf(u"h200"_s, 2'000'000));
        QCOMPARE(list.rowCount(), 2);
        QCOMPARE(list.index(1, PriceWatchList::StatusColumn).data().toString(), u"Waiting"_s);
        list.markFired(b, WindowSearch::Offer{Now + H, Now + 4 * H, 2, 6'000'000});
        QVERIFY(list.index(1, PriceWatchList::StatusColumn).data().toString().startsWith(u"Offered at"_s));
        // Edited, it waits again.
        PriceWatch changed = *list.watch(b);
        changed.nodes = 4;
        list.save(changed);
        QVERIFY(!list.watch(b)->fired);
        QCOMPARE(list.index(1, PriceWatchList::NodesColumn).data().toInt(), 4);
        list.remove(a);
        QCOMPARE(list.rowCount(), 1);
        QCOMPARE(list.index(0, 0).data(PriceWatchList::IdRole).toString(), b);
        QCOMPARE(edited.count(), 5);
        list.setWatches({});
        QCOMPARE(list.rowCount(), 0);
        QCOMPARE(edited.count(), 5);
    }
};

QTEST_GUILESS_MAIN(TestPriceWatch)
#include "tst_pricewatch.moc"
