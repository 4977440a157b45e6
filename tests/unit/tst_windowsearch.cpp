// SPDX-License-Identifier: Apache-2.0

#include "core/market/windowsearch.h"

#include "common/constvalue.h"

#include <QElapsedTimer>
#include <QMap>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using WindowSearch::Offer;
using WindowSearch::Query;
using WindowSearch::Rank;

Q_DECLARE_METATYPE(WindowSearch::Rank)

namespace {

constexpr qint64 H = 3600;
constexpr qint64 T0 = 1'790'006'400; // on the hour

// Every window the query allows, priced hour by hour from the quotes, sorted by the rank.
QList<Offer> bruteForce(const QList<HourQuote>& quotes, const Query& query, Rank rank)
{
    QMap<qint64, qint64> ask;
    for (const HourQuote& quote : quotes) {
        if (quote.bestAsk && quote.askNodes.value_or(query.nodes) >= query.nodes)
            ask[quote.hourStart] = ask.contains(quote.hourStart)
                                       ? std::min(ask[quote.hourStart], *quote.bestAsk)
                                       : *quote.bestAsk;
    }
    QList<Offer> all;
    const qint64 firstStart = query.starts.earliest + (H - query.starts.earliest % H) % H;
    for (qint64 start = firstStart; start <= query.starts.latest; start += H) {
        for (qint64 length = H; length <= query.maxSeconds; length += H) {
            if (length < query.minSeconds)
                continue;
            qint64 sum = 0;
            bool offered = true;
            for (qint64 hour = start; hour < start + length; hour += H) {
                offered = offered && ask.contains(hour);
                sum += ask.value(hour);
            }
            if (offered)
                all.append({start, start + length, query.nodes, sum});
        }
    }
    std::sort(all.begin(), all.end(), [rank](const Offer& a, const Offer& b) {
        // The mean per node-hour as a fraction, compared in long double: another way than the
        // search's.
        const long double ra = static_cast<long double>(a.nodeMicros) / static_cast<long double>(a.hours());
        const long double rb = static_cast<long double>(b.nodeMicros) / static_cast<long double>(b.hours());
        if (rank == Rank::Rate && ra != rb)
            return ra < rb;
        if (a.totalMicros() != b.totalMicros())
            return a.totalMicros() < b.totalMicros();
        return a.start != b.start ? a.start < b.start : a.end < b.end;
    });
    return all.mid(0, query.limit);
}

// Asks between $1.50 and $3.50 per node-hour over `hours` hours from T0, with one hour in
// `holeOneIn` missing (none for 0), a few cheap dips, and one best ask in `thinOneIn` (none for 0)
// resting on only 1-4 nodes.
QList<HourQuote> randomQuotes(QRandomGenerator& random, int hours, int holeOneIn = 10, int thinOneIn = 20)
{
    // The depths from a stream of their own: the asks stay what the seed gave before depths existed.
    QRandomGenerator depths(random.generate());
    QList<HourQuote> quotes;
    for (int i = 0; i < hours; ++i) {
        HourQuote quote;
        quote.hourStart = T0 + i * H;
        if (holeOneIn == 0 || random.bounded(holeOneIn) != 0)
            quote.bestAsk = 1'500'000 + random.bounded(2'000'000);
        if (random.bounded(8) == 0)
            quote.bestAsk = 900'000 + random.bounded(100'000);
        quote.bestBid = 1'000'000;
        // Mostly deep enough; now and then a level on few nodes, or one whose depth is unknown.
        if (thinOneIn != 0 && depths.bounded(thinOneIn) == 0)
            quote.askNodes = 1 + depths.bounded(4);
        else if (depths.bounded(10) != 0)
            quote.askNodes = 16 + depths.bounded(16);
        quotes.append(quote);
    }
    return quotes;
}

} // namespace

// The search for the cheapest window finds what pricing every allowed window hour by hour finds.
class TestWindowSearch final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsBruteForce_data()
    {
        QTest::addColumn<quint32>("seed");
        QTest::addColumn<Rank>("rank");
        for (quint32 seed : {1u, 7u, 42u, 2026u, 99991u, 123456u}) {
            QTest::addRow("seed %u by total", seed) << seed << Rank::TotalCost;
            QTest::addRow("seed %u by rate", seed) << seed << Rank::Rate;
        }
    }

    void sameAsBruteForce()
    {
        QFETCH(quint32, seed);
        QFETCH(Rank, rank);
        QRandomGenerator random(seed);
        const QList<HourQuote> quotes = randomQuotes(random, 24 * 10);
        Query query;
        query.nodes = 1 + random.bounded(16);
        query.minSeconds = (1 + random.bounded(12)) * H;
        query.maxSeconds = query.minSeconds + random.bounded(36) * H;
        // Not on the hour: the search starts at the next one.
        query.starts.earliest = T0 + random.bounded(48) * H - random.bounded(int(H));
        query.starts.latest = query.starts.earliest + random.bounded(4 * 24) * H;
        query.limit = 1 + random.bounded(12);

        const QList<Offer> found = WindowSearch::search(quotes, query, rank);
        const QList<Offer> expected = bruteForce(quotes, query, rank);
        QVERIFY(!expected.isEmpty());
        QCOMPARE(found.size(), expected.size());
        for (qsizetype i = 0; i < found.size(); ++i) {
            QCOMPARE(found.at(i).start, expected.at(i).start);
            QCOMPARE(found.at(i).end, expected.at(i).end);
            QCOMPARE(found.at(i).totalMicros(), expected.at(i).totalMicros());
        }
        // The best overall is the first.
        Query everything = query;
        everything.limit = 1'000'000;
        for (const Offer& offer : constValue(bruteForce(quotes, everything, rank)))
            QVERIFY(!WindowSearch::before(offer, found.first(), rank));
    }

    // By total the shortest cheap window wins; by rate a longer one whose hours are cheaper on
    // average.
    void totalAndRateDiffer()
    {
        // Hours 0-1 at $2, hours 2-5 at $1, hour 6 at $5.
        QList<HourQuote> quotes;
        const QList<qint64> asks{2'000'000, 2'000'000, 1'000'000, 1'000'000, 1'000'000, 1'000'000, 5'000'000};
        for (int i = 0; i < asks.size(); ++i)
            quotes.append({T0 + i * H, asks.at(i), std::nullopt, std::nullopt});
        Query query{2, 2 * H, 4 * H, T0, T0 + 3 * H, 3};

        const QList<Offer> byTotal = WindowSearch::search(quotes, query, Rank::TotalCost);
        QCOMPARE(byTotal.size(), 3);
        QCOMPARE(byTotal.first(), (Offer{T0 + 2 * H, T0 + 4 * H, 2, 2'000'000}));
        QCOMPARE(byTotal.first().totalMicros(), 4'000'000);
        QCOMPARE(byTotal.first().rateMicros(), 1'000'000);
        // Two hours at $1.50 on average cost as much as three at $1, and start earlier.
        QCOMPARE(byTotal.at(2), (Offer{T0 + H, T0 + 3 * H, 2, 3'000'000}));

        const QList<Offer> byRate = WindowSearch::search(quotes, query, Rank::Rate);
        // $1 an hour: two, three or four hours from hour 2; the cheapest total first.
        QCOMPARE(byRate.size(), 3);
        QCOMPARE(byRate.at(0), (Offer{T0 + 2 * H, T0 + 4 * H, 2, 2'000'000}));
        QCOMPARE(byRate.at(1), (Offer{T0 + 3 * H, T0 + 5 * H, 2, 2'000'000}));
        QCOMPARE(byRate.at(2), (Offer{T0 + 2 * H, T0 + 5 * H, 2, 3'000'000}));
    }

    // An hour nobody offers is in no window; nothing offered, nothing found.
    void holes()
    {
        QList<HourQuote> quotes;
        for (int i = 0; i < 6; ++i)
            quotes.append({T0 + i * H, i == 3 ? std::nullopt : std::optional<qint64>(1'000'000), 500'000,
                           std::nullopt});
        const QList<Offer> found =
            WindowSearch::search(quotes, Query{1, 3 * H, 3 * H, T0, T0 + 3 * H, 10}, Rank::TotalCost);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().start, T0);
        QVERIFY(WindowSearch::search({}, Query{1, H, 2 * H, T0, T0 + 5 * H, 10}, Rank::Rate).isEmpty());
        // Nonsense asks for nothing.
        QVERIFY(WindowSearch::search(quotes, Query{0, H, 2 * H, T0, T0 + H, 10}, Rank::Rate).isEmpty());
        QVERIFY(WindowSearch::search(quotes, Query{1, 3 * H, 2 * H, T0, T0 + H, 10}, Rank::Rate).isEmpty());
        QVERIFY(WindowSearch::search(quotes, Query{1, H, 2 * H, T0 + H, T0, 10}, Rank::Rate).isEmpty());
    }

    // The best ask prices an hour only for as many nodes as rest on it: a cheap level on two nodes
    // is no offer for eight. A level whose depth the book did not give is taken at its word.
    void fewNodesAtTheBestAsk()
    {
        QList<HourQuote> quotes;
        for (int i = 0; i < 6; ++i)
            quotes.append({T0 + i * H, 1'000'000, std::nullopt, 8});
        quotes[2].askNodes = 2;
        quotes[4].askNodes = std::nullopt;
        const Query eight{8, 2 * H, 2 * H, T0, T0 + 4 * H, 10};
        const QList<Offer> found = WindowSearch::search(quotes, eight, Rank::TotalCost);
        QCOMPARE(found.size(), 3);
        QCOMPARE(found.at(0).start, T0);
        QCOMPARE(found.at(1).start, T0 + 3 * H);
        QCOMPARE(found.at(2).start, T0 + 4 * H);
        // Two nodes fit every hour.
        QCOMPARE(
            WindowSearch::search(quotes, Query{2, 2 * H, 2 * H, T0, T0 + 4 * H, 10}, Rank::TotalCost).size(),
            5);
    }

    // "3 to 5 days, starting within the next 2 weeks" over the quotes of one request (19 days of
    // hours): 336 starts by 49 lengths.
    void fourteenDays()
    {
        QRandomGenerator random(5);
        const QList<HourQuote> quotes = randomQuotes(random, 24 * 19, 0, 0);
        const Query query{4, 3 * 24 * H, 5 * 24 * H, T0, T0 + 14 * 24 * H - H, 10};
        // Timed for the record, not asserted: the machine's load decides the figure.
        QElapsedTimer timer;
        timer.start();
        QList<Offer> found;
        for (int run = 0; run < 20; ++run)
            found = WindowSearch::search(quotes, query, Rank::Rate);
        qInfo("one search of 16,464 windows: %.2f ms", double(timer.nsecsElapsed()) / 20e6);
        QCOMPARE(found.size(), 10);
        QCOMPARE(found, bruteForce(quotes, query, Rank::Rate));
    }
};

QTEST_GUILESS_MAIN(TestWindowSearch)
#include "tst_windowsearch.moc"
