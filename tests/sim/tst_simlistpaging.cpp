// SPDX-License-Identifier: Apache-2.0

#include "support/simclient.h"

#include "common/constvalue.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QTest>
#include <QTimer>

#include <functional>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// Paging through lists of a few thousand instances: every filter the lists page in SQL (none, pool,
// status, workspace, partition) returns each matching instance exactly once, newest first, forward
// with starting_after and back with ending_before; and a list item is the instance as GET returns it.
class TestSimListPaging final : public QObject
{
    Q_OBJECT

private:
    struct Created
    {
        QString id;
        QString pool;
        QString workspace;
        QString partition;
    };

    SimProcess m_sim;
    SimClient m_api;
    QString m_token;
    QString m_poolA;
    QString m_poolB;
    QString m_poolResearch;
    QString m_partition;
    QList<Created> m_created; // in creation order, so oldest first

    // Creates without logging each response for the contract check: thousands of identical
    // creations would only slow it down; the lists below are logged and checked.
    QString create(const QJsonObject& body)
    {
        static QNetworkAccessManager nam;
        QNetworkRequest request(m_sim.baseUrl().resolved(QUrl(u"/preview/v2/instances"_s)));
        request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        QNetworkReply* reply = nam.post(request, QJsonDocument(body).toJson(QJsonDocument::Compact));
        QEventLoop loop;
        connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(30000, &loop, &QEventLoop::quit);
        loop.exec();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray raw = reply->readAll();
        reply->deleteLater();
        if (status != 201) {
            qWarning("create: %d %s", status, raw.constData());
            return {};
        }
        return QJsonDocument::fromJson(raw).object().value(u"id").toString();
    }

    // Every id of a list, page by page forward; QVERIFY-style failures come back as an empty list.
    QStringList pageForward(const QString& query, int limit, int* pages)
    {
        QStringList ids;
        QString cursor;
        *pages = 0;
        for (int guard = 0; guard < 1000; ++guard) {
            const auto r = m_api.get(u"/preview/v2/instances?limit=%1%2%3"_s.arg(
                QString::number(limit), query,
                cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
            if (r.status != 200)
                return {};
            ++*pages;
            for (const auto& v : constValue(r.data()))
                ids.append(v.toObject().value(u"id").toString());
            if (!r.json.value(u"has_more").toBool())
                return ids;
            cursor = r.json.value(u"cursor").toString();
        }
        return {};
    }

    // From the oldest instance back to the newest with ending_before; returns newest first.
    QStringList pageBackward(const QString& query, int limit, const QString& oldest)
    {
        QStringList ids{oldest};
        QString cursor = cursorOf(query, oldest);
        for (int guard = 0; guard < 1000 && !cursor.isEmpty(); ++guard) {
            const auto r = m_api.get(
                u"/preview/v2/instances?limit=%1%2&ending_before=%3"_s.arg(limit).arg(query, cursor));
            if (r.status != 200)
                return {};
            QStringList page;
            for (const auto& v : constValue(r.data()))
                page.append(v.toObject().value(u"id").toString());
            ids = page + ids;
            if (!r.json.value(u"has_more").toBool())
                break;
            cursor = r.json.value(u"cursor").toString();
        }
        return ids;
    }

    // The cursor that points at one instance of a list: that of a one-item page holding only it.
    QString cursorOf(const QString& query, const QString& id)
    {
        const auto r = m_api.get(u"/preview/v2/instances?limit=1%1&id=%2"_s.arg(query, id));
        if (r.status == 200 && r.data().size() == 1)
            return r.json.value(u"cursor").toString();
        return {};
    }

    QStringList expected(const std::function<bool(const Created&)>& matches) const
    {
        QStringList ids;
        for (auto it = m_created.crbegin(); it != m_created.crend(); ++it) {
            if (matches(*it))
                ids.append(it->id);
        }
        return ids;
    }

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
        m_token = m_sim.token(u"acme-owner"_s);
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_token);
        QCOMPARE(
            m_api.post(u"/preview/v2/feature_flags/infiniband-preview"_s, {{u"enrolled"_s, true}}).status,
            200);
        const auto pool = [this](const QString& workspace, const QString& name) {
            return m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, workspace}, {u"name"_s, name}}).id();
        };
        m_poolA = pool(u"default"_s, u"paging-a"_s);
        m_poolB = pool(u"default"_s, u"paging-b"_s);
        m_poolResearch = pool(u"research"_s, u"paging-r"_s);
        m_partition =
            m_api
                .post(u"/preview/v2/infiniband_partitions"_s, {{u"workspace"_s, u"default"_s},
                                                               {u"name"_s, u"paging-p"_s},
                                                               {u"fabric"_s, u"europe-north1-a.fab1"_s}})
                .id();
        QVERIFY(!m_poolA.isEmpty() && !m_poolB.isEmpty() && !m_poolResearch.isEmpty()
                && !m_partition.isEmpty());
        // Interleaved, so that no filter's rows are contiguous in the table.
        for (int i = 0; i < 2400; ++i) {
            Created c;
            QJsonObject body{{u"image"_s, u"ubuntu-24.04-cuda-13.2"_s}, {u"instance_sku"_s, u"sea-3-h100"_s}};
            if (i % 3 == 0) {
                c.pool = m_poolB;
                c.workspace = u"default"_s;
            } else if (i % 7 == 1) {
                c.pool = m_poolResearch;
                c.workspace = u"research"_s;
            } else {
                c.pool = m_poolA;
                c.workspace = u"default"_s;
                if (i % 5 == 2) {
                    c.partition = m_partition;
                    body.insert(u"instance_sku"_s, u"hel-a-h100-ib"_s);
                    body.insert(u"infiniband_partition"_s, m_partition);
                }
            }
            body.insert(u"pool"_s, c.pool);
            if (i % 400 == 0) {
                body.insert(u"tags"_s, QJsonObject{{u"batch"_s, QString::number(i / 400)}});
                body.insert(u"cloud_init_user_data"_s,
                            QString::fromLatin1(QByteArray("#cloud-config\n").toBase64()));
            }
            c.id = create(body);
            QVERIFY2(!c.id.isEmpty(), qPrintable(u"instance %1"_s.arg(i)));
            m_created.append(c);
        }
    }

    void eachOnceInOrder_data()
    {
        QTest::addColumn<QString>("filter");
        QTest::addColumn<int>("limit");
        QTest::newRow("all, limit 200") << u"all"_s << 200;
        QTest::newRow("all, limit 37") << u"all"_s << 37;
        QTest::newRow("pool, limit 200") << u"poolA"_s << 200;
        QTest::newRow("pool, limit 1") << u"poolB"_s << 1;
        QTest::newRow("two pools") << u"poolA+poolB"_s << 150;
        QTest::newRow("workspace") << u"research"_s << 50;
        QTest::newRow("status") << u"status"_s << 200;
        QTest::newRow("partition") << u"partition"_s << 64;
    }

    void eachOnceInOrder()
    {
        QFETCH(QString, filter);
        QFETCH(int, limit);
        QString query;
        std::function<bool(const Created&)> matches = [](const Created&) { return true; };
        if (filter == u"poolA"_s) {
            query = u"&pool="_s + m_poolA;
            matches = [this](const Created& c) { return c.pool == m_poolA; };
        } else if (filter == u"poolB"_s) {
            query = u"&pool="_s + m_poolB;
            matches = [this](const Created& c) { return c.pool == m_poolB; };
        } else if (filter == u"poolA+poolB"_s) {
            query = u"&pool="_s + m_poolA + u"&pool="_s + m_poolB;
            matches = [this](const Created& c) { return c.pool != m_poolResearch; };
        } else if (filter == u"research"_s) {
            query = u"&workspace=research"_s;
            matches = [](const Created& c) { return c.workspace == u"research"_s; };
        } else if (filter == u"status"_s) {
            query = u"&status=awaiting_allocation"_s;
        } else if (filter == u"partition"_s) {
            query = u"&infiniband_partition="_s + m_partition;
            matches = [this](const Created& c) { return c.partition == m_partition; };
        }
        // No seeded instances in these pools; the world's own instances only show in "all".
        QStringList want = expected(matches);
        int pages = 0;
        QStringList got = pageForward(query, limit, &pages);
        if (filter == u"all"_s || filter == u"status"_s) {
            // The seeded world may hold older instances: ours are the newest, in order.
            QVERIFY(got.size() >= want.size());
            got = got.mid(0, want.size());
        }
        QCOMPARE(got.size(), want.size());
        QCOMPARE(QSet<QString>(got.cbegin(), got.cend()).size(), got.size()); // each exactly once
        QCOMPARE(got, want);
        QVERIFY(pages >= (want.size() + limit - 1) / limit);

        // Back from the oldest with ending_before: the same instances in the same order.
        if (filter != u"all"_s && filter != u"status"_s && limit > 1)
            QCOMPARE(pageBackward(query, limit, want.last()), want);
    }

    // A list item is the instance exactly as GET returns it, with and without the user data.
    void listItemIsTheInstance_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("withUserData");
        QTest::newRow("newest of a pool") << u"pool={pool}"_s << 0;
        QTest::newRow("with tags and user data") << u"tag_key=batch"_s << 6;
        QTest::newRow("in a partition") << u"infiniband_partition={partition}"_s << 0;
    }

    void listItemIsTheInstance()
    {
        QFETCH(QString, query);
        QFETCH(int, withUserData);
        query.replace(u"{pool}"_s, m_poolA).replace(u"{partition}"_s, m_partition);
        const auto page = m_api.get(u"/preview/v2/instances?limit=200&"_s + query);
        QCOMPARE(page.status, 200);
        QVERIFY(!page.data().isEmpty());
        const auto withData =
            m_api.get(u"/preview/v2/instances?limit=200&include=cloud_init_user_data&"_s + query);
        QCOMPARE(withData.status, 200);
        QCOMPARE(withData.data().size(), page.data().size());
        int seen = 0;
        for (qsizetype i = 0; i < page.data().size(); ++i) {
            const QJsonObject item = page.data().at(i).toObject();
            const QString id = item.value(u"id").toString();
            QCOMPARE(item, m_api.get(u"/preview/v2/instances/"_s + id).json);
            QVERIFY(!item.contains(u"cloud_init_user_data"));
            const QJsonObject full = withData.data().at(i).toObject();
            QCOMPARE(full,
                     m_api.get(u"/preview/v2/instances/%1?include=cloud_init_user_data"_s.arg(id)).json);
            if (item.value(u"cloud_init_user_data_used").toBool()) {
                ++seen;
                QVERIFY(!full.value(u"cloud_init_user_data").toString().isEmpty());
            } else {
                QVERIFY(!full.contains(u"cloud_init_user_data"));
            }
        }
        QCOMPARE(seen, withUserData);
    }

    // Cursors of another list, or garbage, are refused; the last page has no more.
    void cursorEdges()
    {
        QCOMPARE(m_api.get(u"/preview/v2/instances?starting_after=poolc_AAAA"_s).status, 422);
        const auto oldest = m_api.get(u"/preview/v2/instances?limit=200&pool=%1&starting_after=%2"_s.arg(
            m_poolB, cursorOf(u"&pool="_s + m_poolB,
                              expected([this](const Created& c) { return c.pool == m_poolB; }).constLast())));
        QCOMPARE(oldest.status, 200);
        QCOMPARE(oldest.data().size(), 0);
        QCOMPARE(oldest.json.value(u"has_more").toBool(), false);
        QVERIFY(oldest.json.value(u"cursor").isNull());
    }

    void cleanupTestCase() { m_sim.stop(); }
};

QTEST_GUILESS_MAIN(TestSimListPaging)
#include "tst_simlistpaging.moc"
