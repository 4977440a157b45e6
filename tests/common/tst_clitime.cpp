// SPDX-License-Identifier: Apache-2.0

#include "common/clitime.h"

#include <QDateTime>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {
constexpr qint64 H = 3600;
constexpr qint64 Now = 1'741'946'400 + 20 * 60 + 15; // 2025-03-14T10:20:15Z
constexpr qint64 Hour10 = 1'741'946'400;             // 2025-03-14T10:00:00Z
} // namespace

class TestCliTime final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void duration_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qint64>("seconds"); // -1: refused

        // The old CLI's own test table (API.md §6.3).
        QTest::newRow("1w") << u"1w"_s << qint64(604800);
        QTest::newRow("1d") << u"1d"_s << qint64(86400);
        QTest::newRow("1hr") << u"1hr"_s << qint64(3600);
        QTest::newRow("1H") << u"1H"_s << qint64(3600);
        QTest::newRow("1Hour") << u"1Hour"_s << qint64(3600);
        QTest::newRow("1h30m") << u"1h30m"_s << qint64(5400);
        QTest::newRow("1d 12h") << u"1d 12h"_s << qint64(129600);
        QTest::newRow("2w3d") << u"2w3d"_s << qint64(1468800);
        QTest::newRow("2  d") << u"2  d"_s << qint64(172800);
        QTest::newRow("1_d") << u"1_d"_s << qint64(86400);
        QTest::newRow("bare seconds") << u"3600"_s << qint64(3600);
        QTest::newRow("1.5h") << u"1.5h"_s << qint64(-1);
        QTest::newRow("-1h") << u"-1h"_s << qint64(-1);
        QTest::newRow("123abc") << u"123abc"_s << qint64(-1);
        QTest::newRow("s30") << u"s30"_s << qint64(-1);
        // More of ours.
        QTest::newRow("6h") << u"6h"_s << qint64(21600);
        QTest::newRow("7d") << u"7d"_s << qint64(604800);
        QTest::newRow("2w") << u"2w"_s << qint64(1209600);
        QTest::newRow("minutes") << u"90min"_s << qint64(5400);
        QTest::newRow("seconds unit") << u"45s"_s << qint64(45);
        QTest::newRow("plural words") << u"2 hours 30 minutes"_s << qint64(9000);
        QTest::newRow("zero") << u"0"_s << qint64(0);
        QTest::newRow("zero hours") << u"0h"_s << qint64(0);
        QTest::newRow("empty") << QString() << qint64(-1);
        QTest::newRow("only spaces") << u"   "_s << qint64(-1);
        QTest::newRow("unit alone") << u"h"_s << qint64(-1);
        QTest::newRow("number after unit") << u"1h30"_s << qint64(-1);
        QTest::newRow("unknown unit") << u"3fortnights"_s << qint64(-1);
        QTest::newRow("months are ambiguous") << u"1mo"_s << qint64(-1);
        QTest::newRow("too long") << u"999999999w"_s << qint64(-1);
        QTest::newRow("overflowing digits") << u"99999999999999999999"_s << qint64(-1);
    }

    void duration()
    {
        QFETCH(QString, text);
        QFETCH(qint64, seconds);
        QString error;
        const std::optional<qint64> parsed = CliTime::parseDuration(text, &error);
        if (seconds < 0) {
            QVERIFY2(!parsed, qPrintable(text));
            QVERIFY(!error.isEmpty());
        } else {
            QVERIFY2(parsed, qPrintable(error));
            QCOMPARE(*parsed, seconds);
        }
    }

    void formatDuration_data()
    {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << u"0s"_s;
        QTest::newRow("hour") << H << u"1h"_s;
        QTest::newRow("hour and half") << qint64(5400) << u"1h30m"_s;
        QTest::newRow("week") << qint64(604800) << u"1w"_s;
        QTest::newRow("mixed") << qint64(1468800 + 3661) << u"2w3d1h1m1s"_s;
    }

    void formatDuration()
    {
        QFETCH(qint64, seconds);
        QFETCH(QString, text);
        QCOMPARE(CliTime::formatDuration(seconds), text);
        QCOMPARE(CliTime::parseDuration(CliTime::formatDuration(seconds)), seconds);
    }

    void time_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("expected");

        QTest::newRow("now") << u"now"_s << true << Now;
        QTest::newRow("NOW") << u"NOW"_s << true << Now;
        QTest::newRow("quoted now") << u"\"now\""_s << true << Now;
        QTest::newRow("spaces") << u"  now "_s << true << Now;
        QTest::newRow("in 6h") << u"in 6h"_s << true << Now + 6 * H;
        QTest::newRow("In 2d") << u"In 2d"_s << true << Now + 48 * H;
        QTest::newRow("in 1h30m") << u"in 1h30m"_s << true << Now + 5400;
        QTest::newRow("+1h") << u"+1h"_s << true << Now + H;
        QTest::newRow("iso Z") << u"2025-03-15T10:00:00Z"_s << true << Hour10 + 24 * H - 0;
        QTest::newRow("iso offset") << u"2025-03-15T12:00:00+02:00"_s << true << Hour10 + 24 * H;
        QTest::newRow("iso ms") << u"2025-03-15T10:00:00.000Z"_s << true << Hour10 + 24 * H;
        QTest::newRow("unix") << u"1741946400"_s << true << Hour10;
        QTest::newRow("unix zero") << u"0"_s << true << qint64(0);
        QTest::newRow("in nothing") << u"in "_s << false << qint64(0);
        QTest::newRow("in bad") << u"in 1.5h"_s << false << qint64(0);
        QTest::newRow("natural language") << u"tomorrow"_s << false << qint64(0);
        QTest::newRow("month day") << u"mar 15"_s << false << qint64(0);
        QTest::newRow("bad date") << u"2025-13-40T10:00:00Z"_s << false << qint64(0);
        QTest::newRow("empty") << QString() << false << qint64(0);
        QTest::newRow("negative unix") << u"-5"_s << false << qint64(0);
    }

    void time()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(qint64, expected);
        QString error;
        const std::optional<qint64> parsed = CliTime::parseTime(text, Now, &error);
        QCOMPARE(parsed.has_value(), ok);
        if (ok)
            QCOMPARE(*parsed, expected);
        else
            QVERIFY(!error.isEmpty());
    }

    void localTime()
    {
        // Without an offset the CLI reads local time.
        const QDateTime local(QDate(2025, 3, 15), QTime(10, 0));
        QCOMPARE(CliTime::parseTime(u"2025-03-15T10:00:00"_s, Now), local.toSecsSinceEpoch());
        QCOMPARE(CliTime::parseTime(u"2025-03-15"_s, Now),
                 QDate(2025, 3, 15).startOfDay().toSecsSinceEpoch());
    }

    // The planner's Start and End also take a month and a day, in local time.
    void windowTime()
    {
        const auto local = [](int year, int month, int day, int hour, int minute) {
            return QDateTime(QDate(year, month, day), QTime(hour, minute)).toSecsSinceEpoch();
        };
        QCOMPARE(CliTime::parseWindowTime(u"oct 12 14:00"_s, Now), local(2025, 10, 12, 14, 0));
        QCOMPARE(CliTime::parseWindowTime(u"October 12"_s, Now), local(2025, 10, 12, 0, 0));
        QCOMPARE(CliTime::parseWindowTime(u"12 oct 9:30"_s, Now), local(2025, 10, 12, 9, 30));
        // Passed this year: next year's.
        QCOMPARE(CliTime::parseWindowTime(u"mar 10"_s, Now), local(2026, 3, 10, 0, 0));
        QCOMPARE(CliTime::parseWindowTime(u"2025-10-12 14:00"_s, Now), local(2025, 10, 12, 14, 0));
        QCOMPARE(CliTime::parseWindowTime(u"in 3d"_s, Now), Now + 72 * H);
        // In UTC, and a zone at the end saying which.
        QCOMPARE(CliTime::parseWindowTime(u"2025-10-12 14:00"_s, Now, nullptr, true),
                 QDateTime(QDate(2025, 10, 12), QTime(14, 0), QTimeZone::UTC).toSecsSinceEpoch());
        QCOMPARE(CliTime::parseWindowTime(u"oct 12 14:00 UTC"_s, Now),
                 QDateTime(QDate(2025, 10, 12), QTime(14, 0), QTimeZone::UTC).toSecsSinceEpoch());
        QCOMPARE(CliTime::parseWindowTime(u"now"_s, Now), Now);
        QString error;
        QVERIFY(!CliTime::parseWindowTime(u"feb 30"_s, Now, &error));
        QVERIFY(error.contains(u"oct 12 14:00"_s));
        QVERIFY(!CliTime::parseWindowTime(u"oct"_s, Now));
        QVERIFY(!CliTime::parseWindowTime(u"oct 12 25:00"_s, Now));
        QVERIFY(!CliTime::parseWindowTime(u"tomorrow"_s, Now));
    }

    void formatTime()
    {
        QCOMPARE(CliTime::formatTime(Hour10), u"2025-03-14T10:00:00Z"_s);
        QCOMPARE(CliTime::parseTime(CliTime::formatTime(Now), 0), Now);
    }

    void snapping_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<qint64>("snappedStart");
        QTest::addColumn<qint64>("snappedEnd");
        QTest::addColumn<qint64>("roundedStart");

        const qint64 nextMinute = Hour10 + 21 * 60;
        QTest::newRow("started hour goes to now")
            << Now << Now + 2 * H << nextMinute << Hour10 + 3 * H << nextMinute;
        QTest::newRow("future hour goes down") << Hour10 + 5 * H + 600 << Hour10 + 7 * H + 1 << Hour10 + 5 * H
                                               << Hour10 + 8 * H << Hour10 + 6 * H;
        QTest::newRow("aligned stays")
            << Hour10 + 2 * H << Hour10 + 4 * H << Hour10 + 2 * H << Hour10 + 4 * H << Hour10 + 2 * H;
        QTest::newRow("past start") << Now - 5 * H << Hour10 + H << nextMinute << Hour10 + H << nextMinute;
        QTest::newRow("within a minute of now")
            << Now + 59 << Hour10 + H << nextMinute << Hour10 + H << nextMinute;
    }

    void snapping()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(qint64, snappedStart);
        QFETCH(qint64, snappedEnd);
        QFETCH(qint64, roundedStart);
        QCOMPARE(CliTime::snapStartToHour(start, Now), snappedStart);
        QCOMPARE(CliTime::snapEndToHour(end), snappedEnd);
        QCOMPARE(CliTime::roundEnd(end), snappedEnd);
        QCOMPARE(CliTime::roundStart(start, Now), roundedStart);
    }
};

QTEST_GUILESS_MAIN(TestCliTime)
#include "tst_clitime.moc"
