// SPDX-License-Identifier: Apache-2.0

#include "common/money.h"

#include <QRegularExpression>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestMoney final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseRate_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("micros");

        QTest::newRow("six decimals") << u"2.500000"_s << true << qint64(2'500'000);
        QTest::newRow("one decimal") << u"2.5"_s << true << qint64(2'500'000);
        QTest::newRow("zero") << u"0.0"_s << true << qint64(0);
        QTest::newRow("smallest") << u"0.000001"_s << true << qint64(1);
        QTest::newRow("leading zeros") << u"007.25"_s << true << qint64(7'250'000);
        QTest::newRow("seventh digit rounds up") << u"1.0000005"_s << true << qint64(1'000'001);
        QTest::newRow("seventh digit rounds down") << u"1.0000004999"_s << true << qint64(1'000'000);
        QTest::newRow("carry into dollars") << u"1.9999995"_s << true << qint64(2'000'000);
        QTest::newRow("largest") << u"1000000000.000000"_s << true << qint64(1'000'000'000'000'000);
        QTest::newRow("too large") << u"1000000001.0"_s << false << qint64(0);
        QTest::newRow("no decimal point") << u"2"_s << false << qint64(0);
        QTest::newRow("trailing point") << u"2."_s << false << qint64(0);
        QTest::newRow("leading point") << u".5"_s << false << qint64(0);
        QTest::newRow("negative") << u"-1.0"_s << false << qint64(0);
        QTest::newRow("plus sign") << u"+1.0"_s << false << qint64(0);
        QTest::newRow("two points") << u"1.0.0"_s << false << qint64(0);
        QTest::newRow("spaces") << u" 1.0"_s << false << qint64(0);
        QTest::newRow("exponent") << u"1.0e3"_s << false << qint64(0);
        QTest::newRow("dollar sign") << u"$1.00"_s << false << qint64(0);
        QTest::newRow("comma") << u"1,5"_s << false << qint64(0);
        QTest::newRow("empty") << QString() << false << qint64(0);
        QTest::newRow("arabic digits") << u"\u0661.0"_s << false << qint64(0);
    }

    void parseRate()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(qint64, micros);
        QString error;
        const std::optional<qint64> parsed = Money::parseRate(text, &error);
        QCOMPARE(parsed.has_value(), ok);
        if (ok)
            QCOMPARE(*parsed, micros);
        else
            QVERIFY(!error.isEmpty());
    }

    // Amounts in answers may be negative; otherwise they read as rates do.
    void parseAmount_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<qint64>("micros");
        QTest::newRow("positive") << u"2.5"_s << true << qint64(2'500'000);
        QTest::newRow("negative") << u"-1.5"_s << true << qint64(-1'500'000);
        QTest::newRow("negative, seventh digit rounds away from zero")
            << u"-0.0000005"_s << true << qint64(-1);
        QTest::newRow("negative largest") << u"-1000000000.0"_s << true << qint64(-1'000'000'000'000'000);
        QTest::newRow("negative too large") << u"-1000000001.0"_s << false << qint64(0);
        QTest::newRow("two signs") << u"--1.0"_s << false << qint64(0);
        QTest::newRow("sign alone") << u"-"_s << false << qint64(0);
        QTest::newRow("sign and point") << u"-.5"_s << false << qint64(0);
        QTest::newRow("plus sign") << u"+1.0"_s << false << qint64(0);
        QTest::newRow("no decimal point") << u"-2"_s << false << qint64(0);
    }

    void parseAmount()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(qint64, micros);
        QString error;
        const std::optional<qint64> parsed = Money::parseAmount(text, &error);
        QCOMPARE(parsed.has_value(), ok);
        if (ok)
            QCOMPARE(*parsed, micros);
        else
            QVERIFY(!error.isEmpty());
    }

    void formatCents_data()
    {
        QTest::addColumn<qint64>("micros");
        QTest::addColumn<QString>("text");
        QTest::newRow("exact") << qint64(2'500'000) << u"2.50"_s;
        QTest::newRow("rounds up") << qint64(13'166'255) << u"13.17"_s;
        QTest::newRow("rounds down") << qint64(13'164'999) << u"13.16"_s;
        QTest::newRow("half rounds up") << qint64(5'000) << u"0.01"_s;
        QTest::newRow("carries into dollars") << qint64(1'995'000) << u"2.00"_s;
        QTest::newRow("negative half rounds away from zero") << qint64(-5'000) << u"-0.01"_s;
        QTest::newRow("zero") << qint64(0) << u"0.00"_s;
        QTest::newRow("negative below half a cent") << qint64(-4'999) << u"0.00"_s;
        QTest::newRow("max") << std::numeric_limits<qint64>::max() << u"9223372036854.78"_s;
        QTest::newRow("min") << std::numeric_limits<qint64>::min() << u"-9223372036854.78"_s;
    }

    void formatCents()
    {
        QFETCH(qint64, micros);
        QFETCH(QString, text);
        QCOMPARE(Money::formatCents(micros), text);
    }

    void formatRounded_data()
    {
        QTest::addColumn<qint64>("micros");
        QTest::addColumn<int>("decimals");
        QTest::addColumn<QString>("text");
        QTest::newRow("three places, down") << qint64(13'069'043) << 3 << u"13.069"_s;
        QTest::newRow("four places, half up") << qint64(13'069'050) << 4 << u"13.0691"_s;
        QTest::newRow("five places") << qint64(13'069'043) << 5 << u"13.06904"_s;
        QTest::newRow("six places are exact") << qint64(13'069'043) << 6 << u"13.069043"_s;
        QTest::newRow("whole dollars") << qint64(13'500'000) << 0 << u"14"_s;
        QTest::newRow("carries") << qint64(1'999'500) << 3 << u"2.000"_s;
        QTest::newRow("negative") << qint64(-1'000'500) << 3 << u"-1.001"_s;
        QTest::newRow("negative rounds to zero") << qint64(-400) << 3 << u"0.000"_s;
        QTest::newRow("max, three places")
            << std::numeric_limits<qint64>::max() << 3 << u"9223372036854.776"_s;
        QTest::newRow("min, three places")
            << std::numeric_limits<qint64>::min() << 3 << u"-9223372036854.776"_s;
        QTest::newRow("more than six is six") << qint64(1) << 9 << u"0.000001"_s;
    }

    void formatRounded()
    {
        QFETCH(qint64, micros);
        QFETCH(int, decimals);
        QFETCH(QString, text);
        QCOMPARE(Money::formatRounded(micros, decimals), text);
    }

    void format_data()
    {
        QTest::addColumn<qint64>("micros");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << qint64(0) << u"0.000000"_s;
        QTest::newRow("one micro") << qint64(1) << u"0.000001"_s;
        QTest::newRow("rate") << qint64(2'500'000) << u"2.500000"_s;
        QTest::newRow("negative") << qint64(-1'250'001) << u"-1.250001"_s;
        QTest::newRow("min") << std::numeric_limits<qint64>::min() << u"-9223372036854.775808"_s;
        QTest::newRow("max") << std::numeric_limits<qint64>::max() << u"9223372036854.775807"_s;
    }

    void format()
    {
        QFETCH(qint64, micros);
        QFETCH(QString, text);
        QCOMPARE(Money::format(micros), text);
    }

    // What the user typed reads the same after the API's per-minute rounding.
    void formatAmount_data()
    {
        QTest::addColumn<qint64>("micros");
        QTest::addColumn<QString>("shown");
        QTest::newRow("cents") << qint64(2'500'000) << u"2.50"_s;
        QTest::newRow("whole") << qint64(7'000'000) << u"7.00"_s;
        QTest::newRow("exact") << qint64(12'345'600) << u"12.3456"_s;
        QTest::newRow("micro") << qint64(1) << u"0.000001"_s;
        QTest::newRow("zero") << qint64(0) << u"0.00"_s;
        QTest::newRow("negative") << qint64(-1'230'000) << u"-1.23"_s;
    }

    void formatAmount()
    {
        QFETCH(qint64, micros);
        QFETCH(QString, shown);
        QCOMPARE(Money::formatAmount(micros), shown);
        // Nothing is lost: it reads back as the same amount.
        QCOMPARE(Money::parseRate(QString(shown).remove(u'-')), std::abs(micros));
    }

    void formatRate_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("shown");
        for (const char* text : {"20.00", "0.01", "19.99", "3.333", "2.50", "0.06", "1.2345"})
            QTest::addRow("%s", text) << QString::fromLatin1(text) << QString::fromLatin1(text);
        QTest::newRow("whole") << u"20.0"_s << u"20.00"_s;
        // 2.49996 and 2.499960 are the same limit; 2.50 is another one (2.500020).
        QTest::newRow("five decimals") << u"2.499960"_s << u"2.49996"_s;
    }

    void formatRate()
    {
        QFETCH(QString, typed);
        QFETCH(QString, shown);
        const qint64 rate = *Money::parseRate(typed);
        QCOMPARE(Money::formatRate(rate), shown);
        // As the server stores and lists it.
        const qint64 stored = Money::roundToMinutePrecision(rate);
        QCOMPARE(Money::formatRate(stored), shown);
        QCOMPARE(Money::roundToMinutePrecision(*Money::parseRate(Money::formatRate(stored))), stored);
    }

    void roundTrip_data()
    {
        QTest::addColumn<qint64>("micros");
        for (qint64 value : {qint64(0), qint64(1), qint64(59), qint64(60), qint64(999'999), qint64(1'000'000),
                             qint64(12'345'678), qint64(1'000'000'000'000'000)})
            QTest::addRow("%lld", static_cast<long long>(value)) << value;
    }

    void roundTrip()
    {
        QFETCH(qint64, micros);
        const QString text = Money::format(micros);
        QVERIFY(QRegularExpression(u"^\\d+\\.\\d{6}$"_s).match(text).hasMatch());
        QCOMPARE(Money::parseRate(text), micros);
    }

    void minutePrecision_data()
    {
        QTest::addColumn<qint64>("rate");
        QTest::addColumn<qint64>("nearest");
        QTest::addColumn<qint64>("up");
        QTest::addColumn<qint64>("down");
        QTest::newRow("exact") << qint64(2'500'020) << qint64(2'500'020) << qint64(2'500'020)
                               << qint64(2'500'020);
        QTest::newRow("below half") << qint64(29) << qint64(0) << qint64(60) << qint64(0);
        QTest::newRow("half rounds up") << qint64(30) << qint64(60) << qint64(60) << qint64(0);
        QTest::newRow("above half") << qint64(1'000'051) << qint64(1'000'080) << qint64(1'000'080)
                                    << qint64(1'000'020);
        QTest::newRow("one over") << qint64(61) << qint64(60) << qint64(120) << qint64(60);
        QTest::newRow("zero") << qint64(0) << qint64(0) << qint64(0) << qint64(0);
        QTest::newRow("negative half") << qint64(-30) << qint64(-60) << qint64(0) << qint64(-60);
    }

    void minutePrecision()
    {
        QFETCH(qint64, rate);
        QFETCH(qint64, nearest);
        QFETCH(qint64, up);
        QFETCH(qint64, down);
        QCOMPARE(Money::roundToMinutePrecision(rate), nearest);
        QCOMPARE(Money::roundUpToMinutePrecision(rate), up);
        QCOMPARE(Money::roundDownToMinutePrecision(rate), down);
    }

    void total_data()
    {
        QTest::addColumn<qint64>("rate");
        QTest::addColumn<qint64>("nodes");
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("one node hour") << qint64(2'500'000) << qint64(1) << qint64(3600) << qint64(2'500'000);
        QTest::newRow("week of 8 nodes")
            << qint64(1'380'000) << qint64(8) << qint64(604'800) << qint64(1'854'720'000);
        QTest::newRow("one minute") << qint64(60) << qint64(1) << qint64(60) << qint64(1);
        QTest::newRow("half micro rounds up") << qint64(30) << qint64(1) << qint64(60) << qint64(1);
        QTest::newRow("below half rounds down") << qint64(29) << qint64(1) << qint64(60) << qint64(0);
        QTest::newRow("zero nodes") << qint64(2'500'000) << qint64(0) << qint64(3600) << qint64(0);
        QTest::newRow("no overflow in the middle")
            << qint64(1'000'000'000'000'000) << qint64(1024) << qint64(31'536'000)
            << qint64(std::numeric_limits<qint64>::max());
        QTest::newRow("large exact") << qint64(1'000'000'000) << qint64(1000) << qint64(36'000)
                                     << qint64(10'000'000'000'000);
    }

    void total()
    {
        QFETCH(qint64, rate);
        QFETCH(qint64, nodes);
        QFETCH(qint64, seconds);
        QFETCH(qint64, expected);
        QCOMPARE(Money::total(rate, nodes, seconds), expected);
        if (expected != std::numeric_limits<qint64>::max())
            QCOMPARE(Money::totalForNodeSeconds(rate, nodes * seconds), expected);
    }

    void averageRate()
    {
        QCOMPARE(Money::averageRate(2'500'000, 3600), 2'500'000);
        QCOMPARE(Money::averageRate(5'000'001, 7200), 2'500'001); // 2500000.5 rounds up
        QCOMPARE(Money::averageRate(1, 3600 * 3), 0);             // a third of a micro
        QCOMPARE(Money::averageRate(100, 0), 0);
    }

    void rateWithinTotal_data()
    {
        QTest::addColumn<qint64>("amount");
        QTest::addColumn<qint64>("nodes");
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<qint64>("rate");
        QTest::newRow("exact") << qint64(48'000'000) << qint64(1) << qint64(4 * 3600) << qint64(12'000'000);
        QTest::newRow("floors to minute precision")
            << qint64(100'000'000) << qint64(3) << qint64(7 * 3600) << qint64(4'761'900);
        QTest::newRow("no nodes") << qint64(100) << qint64(0) << qint64(3600) << qint64(0);
        QTest::newRow("no time") << qint64(100) << qint64(1) << qint64(0) << qint64(0);
        QTest::newRow("too little money") << qint64(1) << qint64(8) << qint64(3600) << qint64(0);
    }

    void rateWithinTotal()
    {
        QFETCH(qint64, amount);
        QFETCH(qint64, nodes);
        QFETCH(qint64, seconds);
        QFETCH(qint64, rate);
        QCOMPARE(Money::rateWithinTotal(amount, nodes, seconds), rate);
        QVERIFY(Money::total(rate, nodes, seconds) <= std::max<qint64>(amount, 0));
        if (nodes > 0 && seconds > 0)
            QVERIFY(Money::total(rate + Money::MinutePrecision, nodes, seconds) > amount);
    }

    void fee_data()
    {
        QTest::addColumn<qint64>("flat");
        QTest::addColumn<int>("bps");
        QTest::addColumn<qint64>("nodeSeconds");
        QTest::addColumn<qint64>("executionTotal");
        QTest::addColumn<qint64>("expected");
        QTest::newRow("buy: no fee") << qint64(0) << 0 << qint64(8 * 3600) << qint64(20'000'000) << qint64(0);
        QTest::newRow("flat only") << qint64(20'000) << 0 << qint64(8 * 3600) << qint64(20'000'000)
                                   << qint64(160'000);
        QTest::newRow("percentage only")
            << qint64(0) << 300 << qint64(3600) << qint64(20'000'000) << qint64(600'000);
        QTest::newRow("both") << qint64(20'000) << 300 << qint64(2 * 3600) << qint64(5'000'000)
                              << qint64(40'000 + 150'000);
        QTest::newRow("percentage rounds half up")
            << qint64(0) << 5000 << qint64(60) << qint64(1) << qint64(1);
        QTest::newRow("flat rounds per minute") << qint64(30) << 0 << qint64(60) << qint64(0) << qint64(1);
    }

    void fee()
    {
        QFETCH(qint64, flat);
        QFETCH(int, bps);
        QFETCH(qint64, nodeSeconds);
        QFETCH(qint64, executionTotal);
        QFETCH(qint64, expected);
        QCOMPARE(Money::fee(flat, bps, nodeSeconds, executionTotal), expected);
    }
};

QTEST_GUILESS_MAIN(TestMoney)
#include "tst_money.moc"
