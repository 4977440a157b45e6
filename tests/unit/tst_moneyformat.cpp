// SPDX-License-Identifier: Apache-2.0

// The one money format of the app (Format::money, Format::rate, Format::rateInput): the API's
// decimal strings read digit by digit, never through a double, rounded once, half up, with the
// locale's separators.
#include "core/models/format.h"

#include "common/money.h"

#include <QLocale>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

class TestMoneyFormat final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void cleanupTestCase() { QLocale::setDefault(QLocale::c()); }

    // Totals to the cent, from the API's strings. Each row a double would get wrong shows why the
    // digits are read as digits: 1.005 is 1.00499999999999989... as a double, 2.675 is 2.67499...
    void totalsToTheCent_data()
    {
        QTest::addColumn<QString>("decimal");
        QTest::addColumn<QString>("shown");
        QTest::newRow("1.005 rounds up") << u"1.005"_s << u"$1.01"_s;
        QTest::newRow("2.675 rounds up") << u"2.675000"_s << u"$2.68"_s;
        QTest::newRow("0.285 rounds up") << u"0.285"_s << u"$0.29"_s;
        QTest::newRow("1.0049999 stays") << u"1.0049999"_s << u"$1.00"_s;
        QTest::newRow("whole dollars") << u"20.0"_s << u"$20.00"_s;
        QTest::newRow("thousands") << u"1234567.891"_s << u"$1,234,567.89"_s;
        QTest::newRow("carry into the dollars") << u"999.995"_s << u"$1,000.00"_s;
        QTest::newRow("largest") << u"1000000000.000000"_s << u"$1,000,000,000.00"_s;
        QTest::newRow("negative") << u"-12.345678"_s << u"-$12.35"_s;
        QTest::newRow("negative rounding to zero") << u"-0.004"_s << u"$0.00"_s;
        QTest::newRow("not a decimal string") << u"12"_s << QString();
        QTest::newRow("a double's form") << u"1e3"_s << QString();
    }

    void totalsToTheCent()
    {
        QFETCH(QString, decimal);
        QFETCH(QString, shown);
        QCOMPARE(Format::money(QStringView(decimal)), shown);
        // Through micro-dollars (what the models hold) the same, where six places hold the value.
        const auto micros = Money::parseAmount(decimal);
        if (micros && decimal.size() - decimal.indexOf(u'.') - 1 <= 6)
            QCOMPARE(Format::money(*micros), shown);
    }

    // Rates to a tenth of a cent, everywhere alike (the six places the API sends and the five a
    // typed limit may round to read the same way).
    void ratesAtOnePrecision_data()
    {
        QTest::addColumn<QString>("decimal");
        QTest::addColumn<QString>("shown");
        QTest::addColumn<QString>("perNodeHour");
        QTest::newRow("market price") << u"14.117366"_s << u"$14.117"_s << u"$14.117/node-hour"_s;
        QTest::newRow("extend's estimate") << u"14.849812"_s << u"$14.850"_s << u"$14.850/node-hour"_s;
        QTest::newRow("a limit in force") << u"19.999980"_s << u"$20.000"_s << u"$20.000/node-hour"_s;
        QTest::newRow("half a tenth of a cent") << u"2.0005"_s << u"$2.001"_s << u"$2.001/node-hour"_s;
        QTest::newRow("thousands") << u"1500.25"_s << u"$1,500.250"_s << u"$1,500.250/node-hour"_s;
    }

    void ratesAtOnePrecision()
    {
        QFETCH(QString, decimal);
        QFETCH(QString, shown);
        QFETCH(QString, perNodeHour);
        QCOMPARE(Format::rate(QStringView(decimal)), shown);
        const qint64 micros = *Money::parseRate(decimal);
        QCOMPARE(Format::rate(micros), shown);
        QCOMPARE(Format::ratePerNodeHour(micros), perNodeHour);
        QCOMPARE(Format::pricePerNodeHour(Price{decimal, micros}), perNodeHour);
        QCOMPARE(Format::pricePerNodeHour(Price{}), QString());
    }

    // What the order panel proposes as a limit: the rate's precision, in the API's own form, and
    // rounded so that the order still fills (a buy up, a sell down).
    void limitsProposedFromTheMarket_data()
    {
        QTest::addColumn<qint64>("micros");
        QTest::addColumn<QString>("buy");
        QTest::addColumn<QString>("sell");
        QTest::newRow("between tenths of a cent") << qint64(14'849'812) << u"14.850"_s << u"14.849"_s;
        QTest::newRow("just over") << qint64(14'849'001) << u"14.850"_s << u"14.849"_s;
        QTest::newRow("exact") << qint64(14'850'000) << u"14.850"_s << u"14.850"_s;
        QTest::newRow("under a cent") << qint64(60) << u"0.001"_s << u"0.000"_s;
        QTest::newRow("large, no grouping") << qint64(1'234'567'891) << u"1234.568"_s << u"1234.567"_s;
    }

    void limitsProposedFromTheMarket()
    {
        QFETCH(qint64, micros);
        QFETCH(QString, buy);
        QFETCH(QString, sell);
        // Grouping and the locale's decimal comma never reach a field the API's form is typed into.
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(Format::rateInput(micros, Format::Rounding::Up), buy);
        QCOMPARE(Format::rateInput(micros, Format::Rounding::Down), sell);
        // And each reads back as a rate the API takes, on the right side of the market's.
        QVERIFY(*Money::parseRate(buy) >= micros);
        QVERIFY(*Money::parseRate(sell) <= micros);
    }

    // The locale's separators: German groups with points and writes a decimal comma; the C locale
    // (LANG=C) still groups thousands.
    void theLocalesSeparators()
    {
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        QCOMPARE(Format::money(u"1234567.891"_s), u"$1.234.567,89"_s);
        QCOMPARE(Format::rate(u"14.117366"_s), u"$14,117"_s);
        QLocale::setDefault(QLocale::c());
        QCOMPARE(Format::money(u"1234567.891"_s), u"$1,234,567.89"_s);
        QCOMPARE(Format::rate(qint64(1'500'250'000)), u"$1,500.250"_s);
    }
};

QTEST_GUILESS_MAIN(TestMoneyFormat)
#include "tst_moneyformat.moc"
