// SPDX-License-Identifier: Apache-2.0

#include "sim/world/simoptions.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace sfsim;

// Accounts are isolated on every route family: globex's owner can neither read nor change acme's
// workspaces, pools, instances (and their logs and SSH details), InfiniBand partitions or users,
// by id or by resource path, and acme's objects never show up in globex's lists.
class TestSimIsolation final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start(), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_acme = m_sim.token(u"acme-owner"_s);
        m_globex = m_sim.token(u"globex-owner"_s);
        QVERIFY(!m_acme.isEmpty() && !m_globex.isEmpty());

        auto r =
            m_api.post(u"/preview/v2/feature_flags/infiniband-preview"_s, {{u"enrolled"_s, true}}, m_acme);
        QCOMPARE(r.status, 200);
        r = m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"production"_s}, {u"name"_s, u"iso"_s}},
                       m_acme);
        QCOMPARE(r.status, 201);
        m_ids.insert(u"{pool}"_s, r.id());
        const QString sku = m_api.get(u"/preview/v2/instance_skus/sea-3-h100"_s, m_acme).id();
        QVERIFY(!sku.isEmpty());
        r = m_api.post(u"/preview/v2/instances"_s,
                       {{u"pool"_s, r.id()},
                        {u"instance_sku"_s, sku},
                        {u"image"_s, u"ubuntu-22.04.5-cuda-12.7"_s},
                        {u"name"_s, u"iso-1"_s}},
                       m_acme);
        QCOMPARE(r.status, 201);
        m_ids.insert(u"{inst}"_s, r.id());
        r = m_api.post(u"/preview/v2/infiniband_partitions"_s,
                       {{u"workspace"_s, u"production"_s},
                        {u"name"_s, u"iso-net"_s},
                        {u"fabric"_s, u"europe-north1-a.fab1"_s}},
                       m_acme);
        QCOMPARE(r.status, 201);
        m_ids.insert(u"{part}"_s, r.id());
        r = m_api.get(u"/preview/v2/workspaces/sfc:workspace:acme:production"_s, m_acme);
        QCOMPARE(r.status, 200);
        m_ids.insert(u"{ws}"_s, r.id());
    }

    void acmeObjectsAreInvisibleToGlobex_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        const auto row = [](const char* name, const char* method, const char* path, const char* body = "") {
            QTest::newRow(name) << QByteArray(method) << QString::fromUtf8(path) << QByteArray(body);
        };
        row("get workspace", "GET", "/preview/v2/workspaces/{ws}");
        row("get workspace by path", "GET", "/preview/v2/workspaces/sfc:workspace:acme:production");
        row("rename workspace", "PATCH", "/preview/v2/workspaces/{ws}", R"({"name":"mine"})");
        row("delete workspace", "DELETE", "/preview/v2/workspaces/{ws}");
        row("get user", "GET", "/preview/v2/users/alice-acme");
        row("get pool", "GET", "/preview/v2/pools/{pool}");
        row("get pool by path", "GET", "/preview/v2/pools/acme/production/iso");
        row("rename pool", "PATCH", "/preview/v2/pools/{pool}", R"({"name":"mine"})");
        row("delete pool", "DELETE", "/preview/v2/pools/{pool}");
        row("pool in acme workspace", "POST", "/preview/v2/pools", R"({"workspace":"{ws}","name":"x"})");
        row("instance in acme pool", "POST", "/preview/v2/instances",
            R"({"pool":"{pool}","instance_sku":"sea-3-h100","image":"ubuntu-22.04.5-cuda-12.7"})");
        row("get instance", "GET", "/preview/v2/instances/{inst}");
        row("rename instance", "PATCH", "/preview/v2/instances/{inst}", R"({"name":"mine"})");
        row("terminate instance", "POST", "/preview/v2/instances/{inst}/terminate");
        row("delete instance", "DELETE", "/preview/v2/instances/{inst}");
        row("instance logs", "GET", "/preview/v2/instances/{inst}/logs");
        row("instance ssh", "GET", "/preview/v2/instances/{inst}/ssh");
        row("list instances of acme pool", "GET", "/preview/v2/instances?pool={pool}");
        row("list pools of acme workspace", "GET", "/preview/v2/pools?workspace={ws}");
        row("get partition", "GET", "/preview/v2/infiniband_partitions/{part}");
        row("get partition by path", "GET",
            "/preview/v2/infiniband_partitions/sfc:infiniband_partition:acme:production:iso-net");
        row("partition instances", "GET", "/preview/v2/infiniband_partitions/{part}/instances");
        row("change partition", "PATCH", "/preview/v2/infiniband_partitions/{part}", R"({"name":"mine"})");
        row("delete partition", "DELETE", "/preview/v2/infiniband_partitions/{part}");
    }

    // 404 where the object is hidden, 403 where the route itself is closed to globex (InfiniBand
    // is a preview acme is enrolled in and globex is not); never a success, never acme's data.
    void acmeObjectsAreInvisibleToGlobex()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        for (auto it = m_ids.cbegin(); it != m_ids.cend(); ++it) {
            path.replace(it.key(), it.value());
            body.replace(it.key().toUtf8(), it.value().toUtf8());
        }
        const SimReply r = m_api.send(method, path, body, m_globex);
        const bool list = method == "GET" && path.contains(u'?');
        // A list filtered by an object globex cannot see may also answer with an empty page.
        const bool hidden =
            r.status == 404 || r.status == 403 || (list && r.status == 200 && r.data().isEmpty());
        QVERIFY2(hidden, qPrintable(u"%1 %2 answered %3: %4"_s.arg(QString::fromUtf8(method), path)
                                        .arg(r.status)
                                        .arg(QString::fromUtf8(r.raw))));
        // The answer may echo the reference globex sent, but names no other acme object.
        for (const QString& id : std::as_const(m_ids)) {
            if (!path.contains(id) && !body.contains(id.toUtf8()))
                QVERIFY2(!r.raw.contains(id.toUtf8()), qPrintable(u"the answer names acme's %1"_s.arg(id)));
        }
        QVERIFY(!r.raw.contains("iso-1"));
        // Nothing changed: acme still sees each object as it was.
        QCOMPARE(
            m_api.get(u"/preview/v2/instances/"_s + m_ids.value(u"{inst}"_s), m_acme).json.value(u"name"),
            QJsonValue(u"iso-1"_s));
        QCOMPARE(m_api.get(u"/preview/v2/pools/"_s + m_ids.value(u"{pool}"_s), m_acme).json.value(u"name"),
                 QJsonValue(u"iso"_s));
        QCOMPARE(m_api.get(u"/preview/v2/infiniband_partitions/"_s + m_ids.value(u"{part}"_s), m_acme).status,
                 200);
        QCOMPARE(m_api.get(u"/preview/v2/workspaces/"_s + m_ids.value(u"{ws}"_s), m_acme).json.value(u"name"),
                 QJsonValue(u"production"_s));
    }

    // The unfiltered lists of globex hold only globex's objects.
    void globexListsHoldNoAcmeObject_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("workspaces") << u"/preview/v2/workspaces"_s;
        QTest::newRow("pools") << u"/preview/v2/pools"_s;
        QTest::newRow("instances") << u"/preview/v2/instances"_s;
        QTest::newRow("users") << u"/preview/v2/users"_s;
    }

    void globexListsHoldNoAcmeObject()
    {
        QFETCH(QString, path);
        const SimReply r = m_api.get(path, m_globex);
        QCOMPARE(r.status, 200);
        for (const QString& id : std::as_const(m_ids))
            QVERIFY(!r.raw.contains(id.toUtf8()));
        QVERIFY(!r.raw.contains("acme"));
    }

    // Without --allow-remote, sfsim listens on loopback only: any other address is refused with a
    // message naming it (the smoke test smoke_sfsim_refuses_remote runs the executable).
    void nonLoopbackHostsAreRefusedByDefault_data()
    {
        QTest::addColumn<QString>("host");
        QTest::addColumn<bool>("loopback");
        QTest::newRow("default") << QString() << true;
        QTest::newRow("127.0.0.1") << u"127.0.0.1"_s << true;
        QTest::newRow("::1") << u"::1"_s << true;
        QTest::newRow("any v4") << u"0.0.0.0"_s << false;
        QTest::newRow("any v6") << u"::"_s << false;
        QTest::newRow("lan") << u"192.168.1.5"_s << false;
        QTest::newRow("public v6") << u"2001:db8::1"_s << false;
    }

    void nonLoopbackHostsAreRefusedByDefault()
    {
        QFETCH(QString, host);
        QFETCH(bool, loopback);
        QStringList arguments{u"sfsim"_s};
        if (!host.isEmpty())
            arguments << u"--host"_s << host;
        const SimOptionsResult result = parseSimOptions(arguments);
        QCOMPARE(result.options.has_value(), loopback);
        if (loopback) {
            QVERIFY(result.options->host.isLoopback());
        } else {
            QVERIFY(result.error.contains(u"refusing to listen on %1"_s.arg(host)));
            QVERIFY(parseSimOptions(arguments << u"--allow-remote"_s).options.has_value());
        }
    }

private:
    SimProcess m_sim;
    SimClient m_api;
    QString m_acme, m_globex;
    QHash<QString, QString> m_ids;
};

QTEST_GUILESS_MAIN(TestSimIsolation)
#include "tst_simisolation.moc"
