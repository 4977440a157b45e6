// SPDX-License-Identifier: Apache-2.0

#include "core/market/timeaxis.h"

#include <QTest>

using namespace sfdesk;

class TstTimeAxis final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mapping_data()
    {
        QTest::addColumn<qint64>("time");
        QTest::addColumn<double>("x");
        // A day over 864 pixels starting at pixel 100: 100 seconds a pixel.
        QTest::newRow("left edge") << qint64(1'800'000'000) << 100.0;
        QTest::newRow("one pixel") << qint64(1'800'000'100) << 101.0;
        QTest::newRow("middle") << qint64(1'800'043'200) << 532.0;
        QTest::newRow("right edge") << qint64(1'800'086'400) << 964.0;
        QTest::newRow("before the range") << qint64(1'799'996'400) << 64.0;
    }
    void mapping()
    {
        QFETCH(qint64, time);
        QFETCH(double, x);
        const TimeAxis axis(1'800'000'000, 1'800'086'400, 100, 864);
        QCOMPARE(axis.xOf(time), x);
        QCOMPARE(axis.timeAt(x), time);
    }

    void timeAtRoundsToTheNearestSecond()
    {
        const TimeAxis axis(0, 3, 0, 2); // 1.5 seconds a pixel
        QCOMPARE(axis.timeAt(1.0), qint64(2));
        QCOMPARE(axis.timeAt(0.4), qint64(1));
    }

    void invalidAxisDoesNotDivideByZero()
    {
        const TimeAxis axis(10, 10, 5, 0);
        QVERIFY(!axis.isValid());
        QCOMPARE(axis.xOf(20), 5.0);
        QCOMPARE(axis.timeAt(50), qint64(10));
    }

    void zoomKeepsTheAnchorInPlace()
    {
        const TimeAxis axis(0, 7 * 86400, 0, 700);
        const qint64 anchor = 2 * 86400;
        const TimeAxis in = axis.zoomed(0.5, anchor);
        QCOMPARE(in.span(), qint64(7 * 86400 / 2));
        QCOMPARE(in.xOf(anchor), axis.xOf(anchor));
        const TimeAxis out = axis.zoomed(2, anchor);
        QCOMPARE(out.span(), qint64(14 * 86400));
        QCOMPARE(out.xOf(anchor), axis.xOf(anchor));
    }

    void zoomIsBounded()
    {
        const TimeAxis axis(0, 86400, 0, 700);
        QCOMPARE(axis.zoomed(0.001, 0).span(), TimeAxis::MinimumSpan);
        QCOMPARE(axis.zoomed(1000, 0).span(), TimeAxis::MaximumSpan);
        QCOMPARE(axis.zoomed(0, 0).span(), axis.span());
    }

    void pan()
    {
        const TimeAxis axis(1000, 5000, 0, 100);
        const TimeAxis moved = axis.panned(-600);
        QCOMPARE(moved.from(), qint64(400));
        QCOMPARE(moved.to(), qint64(4400));
    }

    void snapWindow_data()
    {
        QTest::addColumn<qint64>("a");
        QTest::addColumn<qint64>("b");
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        const qint64 now = 1'800'001'230; // 20 min 30 s into an hour that starts at 1'800'000'000
        const qint64 h = 1'800'000'000;
        QTest::newRow("future, inside hours")
            << h + 2 * 3600 + 900 << h + 5 * 3600 + 60 << h + 2 * 3600 << h + 6 * 3600;
        QTest::newRow("dragged right to left")
            << h + 5 * 3600 + 60 << h + 2 * 3600 + 900 << h + 2 * 3600 << h + 6 * 3600;
        QTest::newRow("on boundaries") << h + 3600 << h + 3 * 3600 << h + 3600 << h + 3 * 3600;
        QTest::newRow("start this hour: next minute after now")
            << h + 300 << h + 2 * 3600 + 1 << h + 1260 << h + 3 * 3600;
        QTest::newRow("start in the past") << h - 10 * 3600 << h + 3600 << h + 1260 << h + 3600;
        QTest::newRow("all in the past") << h - 10 * 3600 << h - 9 * 3600 << h + 1260 << h + 3600;
        QTest::newRow("a click") << h + 4 * 3600 + 10 << h + 4 * 3600 + 10 << h + 4 * 3600 << h + 5 * 3600;
        QTest::newRow("a click on a boundary")
            << h + 4 * 3600 << h + 4 * 3600 << h + 4 * 3600 << h + 5 * 3600;
        Q_UNUSED(now);
    }
    void snapWindow()
    {
        QFETCH(qint64, a);
        QFETCH(qint64, b);
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        const TimeAxis::Window window = TimeAxis::snapWindow(a, b, 1'800'001'230);
        QCOMPARE(window.start, start);
        QCOMPARE(window.end, end);
        QVERIFY(window.start >= 1'800'001'230);
        QCOMPARE(window.end % 3600, qint64(1'800'000'000 % 3600));
    }
};

QTEST_GUILESS_MAIN(TstTimeAxis)
#include "tst_timeaxis.moc"
