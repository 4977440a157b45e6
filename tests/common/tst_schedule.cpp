// SPDX-License-Identifier: Apache-2.0

#include "common/schedule.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <limits>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr qint64 T0 = 1'800'000'000; // an hour boundary

QJsonArray jsonArray(const char* text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(QByteArray(text), &error);
    Q_ASSERT(error.error == QJsonParseError::NoError);
    return document.array();
}

QByteArray compact(const QJsonArray& array)
{
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

} // namespace

class TestSchedule final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void canonicalForm()
    {
        const Schedule a = Schedule::rectangle(0, 60, 2).plus(Schedule::rectangle(60, 120, 2));
        QCOMPARE(a, Schedule::rectangle(0, 120, 2));
        QCOMPARE(a.entries().size(), 1);
        QVERIFY(Schedule::rectangle(0, 0, 5).isEmpty());
        QVERIFY(Schedule::rectangle(60, 0, 5).isEmpty());
        QVERIFY(Schedule::rectangle(0, 60, 0).isEmpty());
        QCOMPARE(Schedule::rectangle(0, 60, 3).minus(Schedule::rectangle(0, 60, 3)), Schedule());
    }

    void sampling_data()
    {
        QTest::addColumn<qint64>("t");
        QTest::addColumn<qint64>("count");
        // 2 nodes over [T0, T0+2h), 5 over [T0+2h, T0+3h), then 1 forever from T0+5h.
        QTest::newRow("before") << T0 - 1 << qint64(0);
        QTest::newRow("at start") << T0 << qint64(2);
        QTest::newRow("inside") << T0 + H << qint64(2);
        QTest::newRow("at change") << T0 + 2 * H << qint64(5);
        QTest::newRow("last second of range") << T0 + 3 * H - 1 << qint64(5);
        QTest::newRow("end is exclusive") << T0 + 3 * H << qint64(0);
        QTest::newRow("gap") << T0 + 4 * H << qint64(0);
        QTest::newRow("tail") << T0 + 5 * H << qint64(1);
        QTest::newRow("far tail") << T0 + 1000 * H << qint64(1);
    }

    void sampling()
    {
        QFETCH(qint64, t);
        QFETCH(qint64, count);
        const Schedule s = Schedule::rectangle(T0, T0 + 2 * H, 2)
                               .plus(Schedule::rectangle(T0 + 2 * H, T0 + 3 * H, 5))
                               .plus(Schedule::tail(T0 + 5 * H, 1));
        QCOMPARE(s.at(t), count);
    }

    void arithmetic()
    {
        const Schedule owned = Schedule::rectangle(T0, T0 + 7 * 24 * H, 4);
        // Selling the last day, a gap in the middle and the whole window.
        const Schedule lastDay = Schedule::rectangle(T0 + 6 * 24 * H, T0 + 7 * 24 * H, 4);
        const Schedule left = owned.minus(lastDay);
        QCOMPARE(left, Schedule::rectangle(T0, T0 + 6 * 24 * H, 4));
        const Schedule gap = Schedule::rectangle(T0 + 2 * H, T0 + 5 * H, 2);
        const Schedule withGap = left.minus(gap);
        QCOMPARE(withGap.entries().size(), 3);
        QCOMPARE(withGap.at(T0 + 3 * H), 2);
        QCOMPARE(withGap.minOver(T0, T0 + 6 * 24 * H), 2);
        QCOMPARE(withGap.maxOver(T0, T0 + 6 * 24 * H), 4);
        QVERIFY(owned.covers(withGap));
        QVERIFY(!withGap.covers(owned));
        QCOMPARE(owned.minus(owned), Schedule());
        // Selling more than owned leaves a negative count, which covers() reports.
        const Schedule oversold = owned.minus(Schedule::rectangle(T0, T0 + H, 5));
        QVERIFY(!oversold.isNonNegative());
        QCOMPARE(oversold.clampedToZero().at(T0), 0);
        QCOMPARE(oversold.clampedToZero().at(T0 + H), 4);
        // Union of overlapping ranges adds.
        const Schedule sum =
            Schedule::rectangle(T0, T0 + 2 * H, 1).plus(Schedule::rectangle(T0 + H, T0 + 3 * H, 2));
        QCOMPARE(sum.at(T0), 1);
        QCOMPARE(sum.at(T0 + H), 3);
        QCOMPARE(sum.at(T0 + 2 * H), 2);
        QCOMPARE(sum.nodeSeconds(), 6 * H);
        QCOMPARE(sum.min(Schedule::rectangle(T0, T0 + 3 * H, 2)).nodeSeconds(), 5 * H);
        QCOMPARE(sum.max(Schedule::rectangle(T0, T0 + 3 * H, 2)).nodeSeconds(), 7 * H);
        QCOMPARE(sum.firstStart(), T0);
        QCOMPARE(sum.lastEnd(), T0 + 3 * H);
    }

    void clipping_data()
    {
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::addColumn<qint64>("nodeSeconds");
        // The schedule: 2 nodes over [T0, T0+4h) and a tail of 1 from T0+6h.
        QTest::newRow("inside") << T0 + H << T0 + 2 * H << 2 * H;
        QTest::newRow("across the start") << T0 - H << T0 + H << 2 * H;
        QTest::newRow("whole") << T0 - H << T0 + 6 * H << 8 * H;
        QTest::newRow("in the gap") << T0 + 4 * H << T0 + 6 * H << qint64(0);
        QTest::newRow("into the tail") << T0 + 3 * H << T0 + 8 * H << 2 * H + 2 * H;
        QTest::newRow("empty range") << T0 + H << T0 + H << qint64(0);
        QTest::newRow("reversed range") << T0 + 2 * H << T0 + H << qint64(0);
    }

    void clipping()
    {
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(qint64, nodeSeconds);
        const Schedule s = Schedule::rectangle(T0, T0 + 4 * H, 2).plus(Schedule::tail(T0 + 6 * H, 1));
        const Schedule clipped = s.clipped(from, to);
        QCOMPARE(clipped.nodeSeconds(), nodeSeconds);
        QCOMPARE(s.nodeSecondsOver(from, to), nodeSeconds);
        QVERIFY(clipped.isBounded());
        QCOMPARE(clipped.at(from - 1), 0);
        QCOMPARE(clipped.at(to), 0);
    }

    void unbounded()
    {
        const Schedule tail = Schedule::tail(T0, 3);
        QVERIFY(!tail.isBounded());
        QCOMPARE(tail.nodeSeconds(), std::nullopt);
        QCOMPARE(tail.lastEnd(), std::nullopt);
        QCOMPARE(tail.nodeSecondsOver(T0, T0 + H), 3 * H);
        QVERIFY(tail.minus(tail).isEmpty());
        QVERIFY(tail.clipped(T0, T0 + H).isBounded());
    }

    void parse_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QByteArray>("compact");  // expected Compact output when ok
        QTest::addColumn<QByteArray>("expanded"); // expected Expanded output when ok
        QTest::addColumn<QString>("errorField");
        QTest::addColumn<QString>("errorCode");

        QTest::newRow("one range")
            << QByteArray(R"([{"start_at":3600,"end_at":7200,"node_count":4}])") << true
            << QByteArray(R"([{"end_at":7200,"node_count":4,"start_at":3600}])")
            << QByteArray(
                   R"([{"end_at":7200,"node_count":4,"start_at":3600},{"end_at":null,"node_count":0,"start_at":7200}])")
            << QString() << QString();
        QTest::newRow("implicit end_at")
            << QByteArray(R"([{"start_at":0,"node_count":1},{"start_at":60,"end_at":120,"node_count":2}])")
            << true
            << QByteArray(
                   R"([{"end_at":60,"node_count":1,"start_at":0},{"end_at":120,"node_count":2,"start_at":60}])")
            << QByteArray(
                   R"([{"end_at":60,"node_count":1,"start_at":0},{"end_at":120,"node_count":2,"start_at":60},{"end_at":null,"node_count":0,"start_at":120}])")
            << QString() << QString();
        QTest::newRow("null tail")
            << QByteArray(
                   R"([{"start_at":0,"end_at":60,"node_count":1},{"start_at":120,"end_at":null,"node_count":3}])")
            << true
            << QByteArray(
                   R"([{"end_at":60,"node_count":1,"start_at":0},{"end_at":null,"node_count":3,"start_at":120}])")
            << QByteArray(
                   R"([{"end_at":60,"node_count":1,"start_at":0},{"end_at":120,"node_count":0,"start_at":60},{"end_at":null,"node_count":3,"start_at":120}])")
            << QString() << QString();
        QTest::newRow("omitted final end_at is a tail")
            << QByteArray(R"([{"start_at":60,"node_count":2}])") << true
            << QByteArray(R"([{"end_at":null,"node_count":2,"start_at":60}])")
            << QByteArray(R"([{"end_at":null,"node_count":2,"start_at":60}])") << QString() << QString();
        QTest::newRow("explicit zeros merge")
            << QByteArray(
                   R"([{"start_at":0,"end_at":60,"node_count":0},{"start_at":60,"end_at":120,"node_count":2},{"start_at":120,"end_at":180,"node_count":2},{"start_at":180,"end_at":null,"node_count":0}])")
            << true << QByteArray(R"([{"end_at":180,"node_count":2,"start_at":60}])")
            << QByteArray(
                   R"([{"end_at":180,"node_count":2,"start_at":60},{"end_at":null,"node_count":0,"start_at":180}])")
            << QString() << QString();
        QTest::newRow("empty") << QByteArray("[]") << true << QByteArray("[]") << QByteArray("[]")
                               << QString() << QString();
        QTest::newRow("not an array") << QByteArray(R"({"a":1})") << false << QByteArray() << QByteArray()
                                      << u"s"_s << u"invalid_type"_s;
        QTest::newRow("entry not an object")
            << QByteArray("[1]") << false << QByteArray() << QByteArray() << u"s[0]"_s << u"invalid_type"_s;
        QTest::newRow("missing start_at")
            << QByteArray(R"([{"end_at":60,"node_count":1}])") << false << QByteArray() << QByteArray()
            << u"s[0].start_at"_s << u"required"_s;
        QTest::newRow("string start_at")
            << QByteArray(R"([{"start_at":"0","end_at":60,"node_count":1}])") << false << QByteArray()
            << QByteArray() << u"s[0].start_at"_s << u"invalid_type"_s;
        QTest::newRow("fractional start_at")
            << QByteArray(R"([{"start_at":0.5,"end_at":60,"node_count":1}])") << false << QByteArray()
            << QByteArray() << u"s[0].start_at"_s << u"invalid_type"_s;
        QTest::newRow("missing node_count")
            << QByteArray(R"([{"start_at":0,"end_at":60}])") << false << QByteArray() << QByteArray()
            << u"s[0].node_count"_s << u"required"_s;
        QTest::newRow("negative node_count")
            << QByteArray(R"([{"start_at":0,"end_at":60,"node_count":-1}])") << false << QByteArray()
            << QByteArray() << u"s[0].node_count"_s << u"invalid_value"_s;
        QTest::newRow("huge node_count")
            << QByteArray(R"([{"start_at":0,"end_at":60,"node_count":2147483648}])") << false << QByteArray()
            << QByteArray() << u"s[0].node_count"_s << u"invalid_value"_s;
        QTest::newRow("start not aligned")
            << QByteArray(R"([{"start_at":30,"end_at":60,"node_count":1}])") << false << QByteArray()
            << QByteArray() << u"s[0].start_at"_s << u"not_aligned"_s;
        QTest::newRow("end not aligned")
            << QByteArray(R"([{"start_at":0,"end_at":61,"node_count":1}])") << false << QByteArray()
            << QByteArray() << u"s[0].end_at"_s << u"not_aligned"_s;
        QTest::newRow("end before start")
            << QByteArray(R"([{"start_at":120,"end_at":60,"node_count":1}])") << false << QByteArray()
            << QByteArray() << u"s[0].end_at"_s << u"invalid_range"_s;
        QTest::newRow("empty range") << QByteArray(R"([{"start_at":60,"end_at":60,"node_count":1}])") << false
                                     << QByteArray() << QByteArray() << u"s[0].end_at"_s
                                     << u"invalid_range"_s;
        QTest::newRow("overlapping") << QByteArray(
            R"([{"start_at":0,"end_at":120,"node_count":1},{"start_at":60,"end_at":180,"node_count":1}])")
                                     << false << QByteArray() << QByteArray() << u"s[1].start_at"_s
                                     << u"overlapping"_s;
        QTest::newRow("null end_at not last") << QByteArray(
            R"([{"start_at":0,"end_at":null,"node_count":1},{"start_at":60,"end_at":120,"node_count":1}])")
                                              << false << QByteArray() << QByteArray() << u"s[0].end_at"_s
                                              << u"invalid_value"_s;
        QTest::newRow("entry after a tail")
            << QByteArray(R"([{"start_at":0,"node_count":1},{"start_at":0,"end_at":120,"node_count":1}])")
            << false << QByteArray() << QByteArray() << u"s[0].end_at"_s << u"invalid_range"_s;
    }

    void parse()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, ok);
        QFETCH(QByteArray, compact);
        QFETCH(QByteArray, expanded);
        QFETCH(QString, errorField);
        QFETCH(QString, errorCode);

        const QJsonDocument document = QJsonDocument::fromJson(json);
        const QJsonValue value =
            document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
        FieldErrors errors;
        const std::optional<Schedule> schedule = Schedule::fromJson(value, u"s"_s, &errors);
        QCOMPARE(schedule.has_value(), ok);
        if (!ok) {
            QVERIFY(!errors.isEmpty());
            QCOMPARE(errors.first().field, errorField);
            QCOMPARE(errors.first().code, errorCode);
            QVERIFY(!errors.first().message.isEmpty());
            return;
        }
        QVERIFY(errors.isEmpty());
        QCOMPARE(::compact(schedule->toJson(Schedule::JsonStyle::Compact)), compact);
        QCOMPARE(::compact(schedule->toJson(Schedule::JsonStyle::Expanded)), expanded);
        // Both shapes read back to the same schedule.
        for (Schedule::JsonStyle style : {Schedule::JsonStyle::Compact, Schedule::JsonStyle::Expanded}) {
            const std::optional<Schedule> again =
                Schedule::fromJson(schedule->toJson(style), u"s"_s, nullptr);
            QVERIFY(again);
            QCOMPARE(*again, *schedule);
        }
    }

    void errorDetailShape()
    {
        FieldErrors errors;
        QVERIFY(!Schedule::fromJson(jsonArray(R"([{"start_at":1,"end_at":61,"node_count":1}])"),
                                    u"allocation_schedule_delta"_s, &errors));
        QCOMPARE(errors.size(), 2);
        const QJsonArray json = fieldErrorsToJson(errors);
        QCOMPARE(json[0].toObject().value(u"field"_s).toString(), u"allocation_schedule_delta[0].start_at"_s);
        QCOMPARE(json[1].toObject().value(u"field"_s).toString(), u"allocation_schedule_delta[0].end_at"_s);
        QCOMPARE(json[0].toObject().value(u"code"_s).toString(), u"not_aligned"_s);
        const FieldError whole{QString(), u"x"_s, u"y"_s};
        QVERIFY(whole.toJson().value(u"field"_s).isNull());
    }

    void fromOverlappingEntries()
    {
        // Overlapping entries add up; empty and backwards ones count for nothing.
        const Schedule summed = Schedule::fromEntries({
            ScheduleEntry{T0, T0 + 2 * H, 3},
            ScheduleEntry{T0 + H, T0 + 3 * H, 2},
            ScheduleEntry{T0 + 2 * H, T0 + 3 * H, 1},
            ScheduleEntry{T0 + 3 * H, T0 + 3 * H, 7},
            ScheduleEntry{T0 + 5 * H, T0 + 4 * H, 7},
            ScheduleEntry{T0 + 4 * H, std::nullopt, 1},
            ScheduleEntry{T0 + 6 * H, T0 + 7 * H, 0},
        });
        const QList<ScheduleEntry> expected{
            {T0, T0 + H, 3},
            {T0 + H, T0 + 2 * H, 5},
            {T0 + 2 * H, T0 + 3 * H, 3},
            {T0 + 4 * H, std::nullopt, 1},
        };
        QCOMPARE(summed.entries(), expected);
        // Two entries meeting end to start at the largest node count: one level, no overflow.
        const qint64 most = std::numeric_limits<qint64>::max();
        QCOMPARE(Schedule::fromEntries({{T0, T0 + H, most}, {T0 + H, T0 + 2 * H, most}}),
                 Schedule::rectangle(T0, T0 + 2 * H, most));

        // The same as adding the entries one by one, for random overlapping entries.
        quint32 state = 99;
        auto next = [&state](quint32 bound) {
            state = state * 1664525u + 1013904223u;
            return (state >> 8) % bound;
        };
        for (int round = 0; round < 200; ++round) {
            QList<ScheduleEntry> entries;
            Schedule added;
            const int parts = 1 + int(next(8));
            for (int i = 0; i < parts; ++i) {
                const qint64 start = T0 + qint64(next(24)) * H;
                const qint64 end = start + qint64(next(6)) * H;
                const qint64 nodes = qint64(next(5));
                entries.append({start, end, nodes});
                added = added.plus(Schedule::rectangle(start, end, nodes));
            }
            QCOMPARE(Schedule::fromEntries(entries), added);
        }
    }

    void roundTripRandom()
    {
        // Sums of random rectangles survive both JSON shapes and the entry list.
        quint32 state = 12345;
        auto next = [&state](quint32 bound) {
            state = state * 1664525u + 1013904223u;
            return (state >> 8) % bound;
        };
        for (int round = 0; round < 200; ++round) {
            Schedule s;
            const int parts = 1 + int(next(6));
            for (int i = 0; i < parts; ++i) {
                const qint64 start = T0 + qint64(next(48)) * 60 * 30;
                const qint64 length = qint64(1 + next(20)) * 60 * 30;
                s = s.plus(Schedule::rectangle(start, start + length, 1 + next(9)));
            }
            if (next(4) == 0)
                s = s.plus(Schedule::tail(T0 + 48 * H, 1 + next(3)));
            QCOMPARE(Schedule::fromEntries(s.entries()), s);
            QCOMPARE(Schedule::fromJson(s.toJson(Schedule::JsonStyle::Compact), u"s"_s, nullptr), s);
            QCOMPARE(Schedule::fromJson(s.toJson(Schedule::JsonStyle::Expanded), u"s"_s, nullptr), s);
            QCOMPARE(s.minus(s), Schedule());
            QVERIFY(s.plus(s).covers(s));
        }
    }

    void rounding_data()
    {
        QTest::addColumn<qint64>("t");
        QTest::addColumn<qint64>("floorHour");
        QTest::addColumn<qint64>("ceilHour");
        QTest::newRow("on hour") << T0 << T0 << T0;
        QTest::newRow("one second after") << T0 + 1 << T0 << T0 + H;
        QTest::newRow("one second before") << T0 - 1 << T0 - H << T0;
        QTest::newRow("negative") << qint64(-1) << -H << qint64(0);
        QTest::newRow("zero") << qint64(0) << qint64(0) << qint64(0);
    }

    void rounding()
    {
        QFETCH(qint64, t);
        QFETCH(qint64, floorHour);
        QFETCH(qint64, ceilHour);
        QCOMPARE(Schedule::floorTo(t, H), floorHour);
        QCOMPARE(Schedule::ceilTo(t, H), ceilHour);
        QCOMPARE(Schedule::isAligned(floorHour), true);
    }
};

QTEST_GUILESS_MAIN(TestSchedule)
#include "tst_schedule.moc"
