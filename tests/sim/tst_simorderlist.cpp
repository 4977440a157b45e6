// SPDX-License-Identifier: Apache-2.0

#include "marketsim.h"

#include "common/constvalue.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// Listing orders on a real sfsim (every filter and sort, cursors both ways, bad parameters) and
// who may see and place them: grants per workspace, account isolation, token principals.
class TestSimOrderList final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m.start(), qPrintable(m.sim.errorOutput()));
        m_sku = m.skus.value(u"sea-3-h100"_s);
        QCOMPARE(m.api.post(u"/preview/v2/workspaces"_s, {{u"name"_s, u"listing"_s}}).status, 201);
        m_names.insert(u"X"_s, m.createPool(u"x"_s, u"listing"_s));
        m_names.insert(u"Y"_s, m.createPool(u"y"_s, u"listing"_s));
        m.api.setAllocation(m_names.value(u"X"_s), m_sku, 4);
        const qint64 s = m.hourFromNow(10);
        const QString x = m_names.value(u"X"_s);
        const QString y = m_names.value(u"Y"_s);
        // Orders that neither fill nor cross: buys at the lowest price, sells far above any bid.
        const struct
        {
            const char* label;
            QString pool;
            const char* side;
            qint64 startHour;
            const char* limit;
            bool standing;
            const char* status;
        } orders[] = {
            {"o1", x, "buy", 1, "0.060000", true, "standing"},
            {"o2", x, "buy", 3, "0.060000", false, "cancelled"},
            {"o3", x, "sell", 2, "900.000000", true, "standing"},
            {"o4", y, "buy", 5, "0.060000", true, "standing"},
            {"o5", x, "sell", 4, "900.000000", false, "cancelled"},
        };
        for (const auto& o : orders) {
            const qint64 start = s + o.startHour * MarketSim::H;
            const SimReply r =
                m.api.post(MarketSim::Orders, MarketSim::order(o.pool, QString::fromLatin1(o.side), m_sku,
                                                               start, start + MarketSim::H, 1,
                                                               QString::fromLatin1(o.limit), o.standing));
            QCOMPARE(r.status, 201);
            QCOMPARE(r.json.value(u"status").toString(), QString::fromLatin1(o.status));
            m_names.insert(QString::fromLatin1(o.label), r.id());
            m_names.insert(u"t"_s + QString::fromLatin1(o.label).mid(1),
                           QString::number(r.json.value(u"created_at").toInteger()));
            m_labels.insert(r.id(), QString::fromLatin1(o.label));
            // Distinct creation times.
            m.api.advanceClock(120);
        }
    }

    void filtersAndSorts_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QStringList>("expected");
        const auto labels = [](const char* text) {
            return QString::fromLatin1(text).split(u' ', Qt::SkipEmptyParts);
        };
        QTest::newRow("newest first") << u"workspace=listing"_s << labels("o5 o4 o3 o2 o1");
        QTest::newRow("oldest first")
            << u"workspace=listing&sort_by=created_at"_s << labels("o1 o2 o3 o4 o5");
        QTest::newRow("by start") << u"workspace=listing&sort_by=start_at"_s << labels("o1 o3 o2 o5 o4");
        QTest::newRow("by start descending")
            << u"workspace=listing&sort_by=-start_at"_s << labels("o4 o5 o2 o3 o1");
        QTest::newRow("buys") << u"workspace=listing&side=buy"_s << labels("o4 o2 o1");
        QTest::newRow("sells") << u"workspace=listing&side=sell"_s << labels("o5 o3");
        QTest::newRow("standing") << u"workspace=listing&status=standing"_s << labels("o4 o3 o1");
        QTest::newRow("two statuses, sells")
            << u"workspace=listing&status[]=standing&status[]=cancelled&side=sell"_s << labels("o5 o3");
        QTest::newRow("filled") << u"workspace=listing&status=filled"_s << labels("");
        QTest::newRow("pool") << u"pool={X}"_s << labels("o5 o3 o2 o1");
        QTest::newRow("pool by path") << u"pool=sfc:pool:acme:listing:y"_s << labels("o4");
        QTest::newRow("pool wins over workspace") << u"pool={Y}&workspace=default"_s << labels("o4");
        QTest::newRow("pool by start") << u"pool={X}&sort_by=start_at"_s << labels("o1 o3 o2 o5");
        QTest::newRow("created after") << u"workspace=listing&created_after={t2}"_s << labels("o5 o4 o3");
        QTest::newRow("created before") << u"workspace=listing&created_before={t3}"_s << labels("o2 o1");
        QTest::newRow("created between")
            << u"workspace=listing&created_after={t1}&created_before={t5}"_s << labels("o4 o3 o2");
        QTest::newRow("ids") << u"id={o2}&id={o4}"_s << labels("o4 o2");
        QTest::newRow("ids as list") << u"id[]={o2}&id[]={o4}&side=sell"_s << labels("");
        QTest::newRow("another workspace") << u"workspace=research"_s << labels("");
    }

    void filtersAndSorts()
    {
        QFETCH(QString, query);
        QFETCH(QStringList, expected);
        const SimReply r = m.api.get(MarketSim::Orders + u'?' + expand(query));
        QCOMPARE(r.status, 200);
        QCOMPARE(labelsOf(r), expected);
        QCOMPARE(r.json.value(u"has_more").toBool(), false);
        QCOMPARE(m.api.get(u"/v2/orders?"_s + expand(query)).json, r.json);
    }

    void cursorsBothWays()
    {
        const QString base = MarketSim::Orders + u"?workspace=listing&limit=2"_s;
        const SimReply first = m.api.get(base);
        QCOMPARE(labelsOf(first), (QStringList{u"o5"_s, u"o4"_s}));
        QVERIFY(first.json.value(u"has_more").toBool());
        static const QRegularExpression cursor(u"^ordrc_[A-Za-z0-9_-]+$"_s);
        QVERIFY(cursor.match(first.json.value(u"cursor").toString()).hasMatch());
        const SimReply second =
            m.api.get(base + u"&starting_after="_s + first.json.value(u"cursor").toString());
        QCOMPARE(labelsOf(second), (QStringList{u"o3"_s, u"o2"_s}));
        QVERIFY(second.json.value(u"has_more").toBool());
        const SimReply third =
            m.api.get(base + u"&starting_after="_s + second.json.value(u"cursor").toString());
        QCOMPARE(labelsOf(third), QStringList{u"o1"_s});
        QCOMPARE(third.json.value(u"has_more").toBool(), false);
        // Back from the second page's cursor (o2): the two before it, then the rest.
        const SimReply back =
            m.api.get(base + u"&ending_before="_s + second.json.value(u"cursor").toString());
        QCOMPARE(labelsOf(back), (QStringList{u"o4"_s, u"o3"_s}));
        QVERIFY(back.json.value(u"has_more").toBool());
        const SimReply front = m.api.get(base + u"&ending_before="_s + back.json.value(u"cursor").toString());
        QCOMPARE(labelsOf(front), QStringList{u"o5"_s});
        QCOMPARE(front.json.value(u"has_more").toBool(), false);
    }

    // Paged one, two or three at a time, forwards and then back from the last order, every sort
    // (and a status) gives the list that one page gives whole.
    void pagesJoinUp()
    {
        for (const QString& query : {u"sort_by=created_at"_s, u"sort_by=-created_at"_s, u"sort_by=start_at"_s,
                                     u"sort_by=-start_at"_s, u"status=standing&sort_by=start_at"_s,
                                     u"status[]=standing&status[]=cancelled"_s,
                                     u"status[]=cancelled&status[]=standing&sort_by=-start_at"_s,
                                     u"status[]=partially_filled&status[]=cancelled&sort_by=start_at"_s}) {
            const QString base = MarketSim::Orders + u"?workspace=listing&"_s + query;
            const QStringList whole = labelsOf(m.api.get(base));
            QVERIFY2(whole.size() >= 2, qPrintable(query + u": "_s + whole.join(u' ')));
            for (const int limit : {1, 2, 3}) {
                const QString paged = base + u"&limit=%1"_s.arg(limit);
                QStringList forwards;
                QString cursor;
                for (int page = 0; page < 10; ++page) {
                    const SimReply r =
                        m.api.get(paged + (cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
                    QCOMPARE(r.status, 200);
                    forwards += labelsOf(r);
                    cursor = r.json.value(u"cursor").toString();
                    if (!r.json.value(u"has_more").toBool())
                        break;
                }
                QCOMPARE(forwards, whole);
                QStringList backwards{whole.last()};
                for (int page = 0; page < 10; ++page) {
                    const SimReply r = m.api.get(paged + u"&ending_before="_s + cursor);
                    QCOMPARE(r.status, 200);
                    backwards = labelsOf(r) + backwards;
                    cursor = r.json.value(u"cursor").toString();
                    if (!r.json.value(u"has_more").toBool())
                        break;
                }
                QCOMPARE(backwards, whole);
            }
        }
    }

    void badParameters_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("status") << u"workspace=listing&status=open"_s << 422 << u"invalid_value"_s;
        QTest::newRow("side") << u"workspace=listing&side=hold"_s << 422 << u"invalid_value"_s;
        QTest::newRow("sort") << u"workspace=listing&sort_by=price"_s << 422 << u"invalid_value"_s;
        QTest::newRow("limit zero") << u"workspace=listing&limit=0"_s << 422 << u"out_of_range"_s;
        QTest::newRow("limit too big") << u"workspace=listing&limit=201"_s << 422 << u"out_of_range"_s;
        QTest::newRow("created_after")
            << u"workspace=listing&created_after=yesterday"_s << 422 << u"invalid_type"_s;
        QTest::newRow("cursor") << u"workspace=listing&starting_after=poolc_AAAA"_s << 422
                                << u"invalid_cursor"_s;
        QTest::newRow("both cursors")
            << u"workspace=listing&starting_after={c}&ending_before={c}"_s << 422 << u"conflicting_cursors"_s;
        QTest::newRow("unknown pool") << u"pool=nosuchpool"_s << 404 << u"not_found"_s;
        QTest::newRow("unknown workspace") << u"workspace=nosuchworkspace"_s << 404 << u"not_found"_s;
        QTest::newRow("procurement") << u"procurement=proc_none"_s << 404 << u"not_found"_s;
    }

    void badParameters()
    {
        QFETCH(QString, query);
        QFETCH(int, status);
        QFETCH(QString, code);
        const SimReply r = m.api.get(MarketSim::Orders + u'?' + expand(query));
        QCOMPARE(r.status, status);
        QVERIFY2(r.detailCodes().contains(code), r.raw.constData());
    }

    void grantsDecideWhoMayOrder()
    {
        const QString production = m.createPool(u"prod-pool"_s, u"production"_s);
        const QString research = m.createPool(u"lab"_s, u"research"_s);
        m.api.setAllocation(production, m_sku, 2);
        const qint64 start = m.hourFromNow(40);
        const QJsonObject body = MarketSim::order(production, u"buy"_s, m_sku, start, start + MarketSim::H, 1,
                                                  u"0.060000"_s, true);
        const SimReply owned = m.api.post(MarketSim::Orders, body);
        QCOMPARE(owned.status, 201);

        const QString viewer = m.sim.token(u"acme-viewer"_s);
        // Read only on production: sees its orders, places and cancels none.
        SimReply r = m.api.post(MarketSim::Orders, body, viewer);
        QCOMPARE(r.status, 403);
        QCOMPARE(r.errorType(), u"forbidden"_s);
        QCOMPARE(m.api.get(MarketSim::Orders + u'/' + owned.id(), viewer).json,
                 m.api.get(MarketSim::Orders + u'/' + owned.id()).json);
        QCOMPARE(m.api.del(MarketSim::Orders + u'/' + owned.id(), viewer).status, 403);
        r = m.api.get(MarketSim::Orders + u"?workspace=production"_s, viewer);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.data().size(), 1);
        // Without a workspace the list spans the account, which needs an account-wide grant.
        QCOMPARE(m.api.get(MarketSim::Orders, viewer).status, 403);
        // Other workspaces are invisible.
        QCOMPARE(m.api.get(MarketSim::Orders + u'/' + m_names.value(u"o1"_s), viewer).status, 404);
        QCOMPARE(m.api.get(MarketSim::Orders + u"?workspace=listing"_s, viewer).status, 404);
        QCOMPARE(m.api
                     .post(MarketSim::Orders,
                           MarketSim::order(m_names.value(u"X"_s), u"buy"_s, m_sku, start,
                                            start + MarketSim::H, 1, u"0.060000"_s),
                           viewer)
                     .status,
                 404);

        // Write on research only: orders there carry the token as principal.
        const QString writer = m.sim.token(u"acme-research-writer"_s);
        QJsonObject labBody = body;
        labBody.insert(u"pool"_s, research);
        r = m.api.post(MarketSim::Orders, labBody, writer);
        QCOMPARE(r.status, 201);
        const QJsonObject principal = r.json.value(u"created_by").toObject();
        QCOMPARE(principal.value(u"type").toString(), u"token"_s);
        QCOMPARE(principal.value(u"name").toString(), u"acme-research-writer"_s);
        QVERIFY(principal.value(u"id").toString().startsWith(u"tokn_"_s));
        QVERIFY(!principal.value(u"id").toString().contains(writer));
        QCOMPARE(m.api.post(MarketSim::Orders, body, writer).status, 404);
        QCOMPARE(m.api.del(MarketSim::Orders + u'/' + r.id(), writer).status, 204);
    }

    void accountsAreIsolated()
    {
        const QString globex = m.sim.token(u"globex-owner"_s);
        const QString order = m_names.value(u"o1"_s);
        QCOMPARE(m.api.get(MarketSim::Orders + u'/' + order, globex).status, 404);
        QCOMPARE(m.api.del(MarketSim::Orders + u'/' + order, globex).status, 404);
        QCOMPARE(m.api.get(MarketSim::Orders + u"?pool="_s + m_names.value(u"X"_s), globex).status, 404);
        QCOMPARE(m.api.get(MarketSim::Orders + u"?id="_s + order, globex).data().size(), 0);
        const qint64 start = m.hourFromNow(40);
        QCOMPARE(m.api
                     .post(MarketSim::Orders,
                           MarketSim::order(m_names.value(u"X"_s), u"buy"_s, m_sku, start,
                                            start + MarketSim::H, 1, u"0.060000"_s),
                           globex)
                     .status,
                 404);
        // Globex's own orders are its alone.
        const QString pool = m.createPool(u"globex-pool"_s, u"default"_s, globex);
        const SimReply own = m.api.post(
            MarketSim::Orders,
            MarketSim::order(pool, u"buy"_s, m_sku, start, start + MarketSim::H, 1, u"0.060000"_s, true),
            globex);
        QCOMPARE(own.status, 201);
        QCOMPARE(m.api.get(MarketSim::Orders, globex).data().size(), 1);
        QCOMPARE(m.api.get(MarketSim::Orders + u'/' + own.id()).status, 404);
        QCOMPARE(m.api.del(MarketSim::Orders + u'/' + own.id()).status, 404);
        QCOMPARE(m.api.get(MarketSim::Orders + u"?id="_s + own.id()).data().size(), 0);
        // The order still rests, untouched by acme.
        QCOMPARE(m.api.get(MarketSim::Orders + u'/' + own.id(), globex).json.value(u"status").toString(),
                 u"standing"_s);
    }

private:
    QString expand(QString query) const
    {
        for (auto it = m_names.cbegin(); it != m_names.cend(); ++it)
            query.replace(u'{' + it.key() + u'}', it.value());
        return query.replace(u"{c}"_s, u"ordrc_AAAA"_s);
    }

    QStringList labelsOf(const SimReply& r) const
    {
        QStringList out;
        for (const auto& v : constValue(r.data()))
            out.append(
                m_labels.value(v.toObject().value(u"id").toString(), v.toObject().value(u"id").toString()));
        return out;
    }

    MarketSim m;
    QString m_sku;
    QHash<QString, QString> m_names;  // X, Y (pools), o1..o5 (orders), t1..t5 (their created_at)
    QHash<QString, QString> m_labels; // order id -> o1..o5
};

QTEST_GUILESS_MAIN(TestSimOrderList)
#include "tst_simorderlist.moc"
