// SPDX-License-Identifier: Apache-2.0

#include "support/simclient.h"

#include "common/constvalue.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// Workspaces, users, SKUs and availability, images, pools and instances over real HTTP.
class TestSimResources final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus"_s).data()))
            m_skus.insert(v.toObject().value(u"alias").toString(), v.toObject());
        QVERIFY(m_skus.size() >= 6);
    }

    void idsAreCanonical()
    {
        static const QRegularExpression pattern(u"^(wksp|isku|image|pool)_[0-9A-Za-z_-]{21}$"_s);
        for (const auto& path :
             {u"/preview/v2/workspaces"_s, u"/preview/v2/instance_skus"_s, u"/preview/v2/images"_s}) {
            const auto r = m_api.get(path);
            QCOMPARE(r.status, 200);
            for (const auto& v : constValue(r.data()))
                QVERIFY2(pattern.match(v.toObject().value(u"id").toString()).hasMatch(),
                         qPrintable(v.toObject().value(u"id").toString()));
        }
    }

    void workspaces()
    {
        auto r = m_api.post(u"/preview/v2/workspaces"_s, {{u"name"_s, u"staging"_s}});
        QCOMPARE(r.status, 201);
        QCOMPARE(r.json.value(u"resource_path").toString(), u"sfc:workspace:acme:staging"_s);
        const QString id = r.id();
        QCOMPARE(m_api.get(u"/preview/v2/workspaces/"_s + id).json.value(u"name").toString(), u"staging"_s);
        QCOMPARE(m_api.get(u"/preview/v2/workspaces/sfc:workspace:acme:staging"_s).id(), id);
        QCOMPARE(m_api.get(u"/preview/v2/workspaces/staging"_s).id(), id);
        QCOMPARE(m_api.get(u"/preview/v2/workspaces?id[]=staging"_s).data().size(), 1);
        QCOMPARE(m_api.post(u"/preview/v2/workspaces"_s, {{u"name"_s, u"staging"_s}}).status, 400);
        r = m_api.patch(u"/preview/v2/workspaces/"_s + id, {{u"name"_s, u"stage"_s}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"name").toString(), u"stage"_s);
        QCOMPARE(m_api.patch(u"/preview/v2/workspaces/"_s + id, {{u"name"_s, u"research"_s}}).status, 400);
        // Not empty: a pool blocks the delete.
        r = m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, id}, {u"name"_s, u"tmp"_s}});
        QCOMPARE(r.status, 201);
        r = m_api.del(u"/preview/v2/workspaces/"_s + id);
        QCOMPARE(r.status, 422);
        QCOMPARE(r.error().value(u"message").toString(), u"Workspace is not empty."_s);
        QCOMPARE(r.detailCodes(), QStringList{u"has_pools"_s});
        QCOMPARE(m_api.del(u"/preview/v2/pools/sfc:pool:acme:stage:tmp"_s).status, 204);
        QCOMPARE(m_api.del(u"/preview/v2/workspaces/"_s + id).status, 204);
        QCOMPARE(m_api.get(u"/preview/v2/workspaces/"_s + id).status, 404);
        QCOMPARE(m_api.del(u"/preview/v2/workspaces/default"_s).status, 422);
        // Unnamed workspaces get a name.
        r = m_api.post(u"/preview/v2/workspaces"_s, {});
        QCOMPARE(r.status, 201);
        QVERIFY(!r.json.value(u"name").toString().isEmpty());
    }

    void users()
    {
        auto r = m_api.get(u"/preview/v2/users"_s);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.data().size(), 3);
        r = m_api.get(u"/preview/v2/users?email=BOB@acme.example"_s);
        QCOMPARE(r.data().size(), 1);
        QCOMPARE(m_api.get(u"/preview/v2/users/sfc:user:alice-acme"_s).json.value(u"email").toString(),
                 u"alice@acme.example"_s);
        r = m_api.get(u"/preview/v2/users?limit=2"_s);
        QVERIFY(r.json.value(u"cursor").toString().startsWith(u"usrc_"));
        QCOMPARE(
            m_api.get(u"/preview/v2/users?limit=2&starting_after="_s + r.json.value(u"cursor").toString())
                .data()
                .size(),
            1);
    }

    void skus()
    {
        const QJsonObject sku = m_skus.value(u"hel-a-h100-ib"_s);
        QCOMPARE(m_api.get(u"/preview/v2/instance_skus/"_s + sku.value(u"id").toString()).json, sku);
        QCOMPARE(m_api.get(u"/preview/v2/instance_skus/hel-a-h100-ib"_s).json, sku);
        QCOMPARE(m_api.get(u"/preview/v2/instance_skus/clus_"_s + sku.value(u"id").toString().mid(5)).json,
                 sku);
        QCOMPARE(m_api.get(u"/preview/v2/instance_skus/isku_nope"_s).status, 404);
        bool roce = false, infiniband = false;
        for (const auto& s : std::as_const(m_skus)) {
            const QString rdma = s.value(u"rdma_type").toObject().value(u"value").toString();
            roce |= rdma == u"roce";
            infiniband |= rdma == u"infiniband";
        }
        QVERIFY(roce && infiniband);
    }

    void availabilityFilters_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("property");
        QTest::addColumn<QVariant>("value");
        QTest::newRow("rdma_type infiniband")
            << u"rdma_type=infiniband"_s << u"rdma_type"_s << QVariant(u"infiniband"_s);
        QTest::newRow("rdma_type roce") << u"rdma_type=roce"_s << u"rdma_type"_s << QVariant(u"roce"_s);
        QTest::newRow("region") << u"region=europe-north1"_s << u"region"_s << QVariant(u"europe-north1"_s);
        QTest::newRow("availability_zone")
            << u"availability_zone=b"_s << u"availability_zone"_s << QVariant(u"b"_s);
        QTest::newRow("accelerator") << u"accelerator=h200"_s << u"accelerator"_s << QVariant(u"h200"_s);
        QTest::newRow("form_factor") << u"form_factor=pcie"_s << u"form_factor"_s << QVariant(u"pcie"_s);
        QTest::newRow("num_accelerators") << u"num_accelerators=4"_s << u"num_accelerators"_s << QVariant(4);
        QTest::newRow("num_vcpus") << u"num_vcpus=112"_s << u"num_vcpus"_s << QVariant(112);
        QTest::newRow("memory") << u"memory=549755813888"_s << u"memory"_s << QVariant(549755813888ll);
        QTest::newRow("local_storage")
            << u"local_storage=1649267441664"_s << u"local_storage"_s << QVariant(1649267441664ll);
        QTest::newRow("supports_public_ipv4")
            << u"supports_public_ipv4=true"_s << u"supports_public_ipv4"_s << QVariant(true);
    }

    void availabilityFilters()
    {
        QFETCH(QString, query);
        QFETCH(QString, property);
        QFETCH(QVariant, value);
        const auto r = m_api.get(u"/preview/v2/instance_skus/availability?"_s + query);
        QCOMPARE(r.status, 200);
        QVERIFY(!r.data().isEmpty());
        int expected = 0;
        for (const auto& s : std::as_const(m_skus))
            expected += s.value(property).toObject().value(u"value").toVariant() == value ? 1 : 0;
        QCOMPARE(r.data().size(), expected);
        for (const auto& v : constValue(r.data())) {
            const QJsonObject a = v.toObject();
            QCOMPARE(a.value(u"object").toString(), u"instance_sku_availability"_s);
            const QJsonObject sku =
                m_skus.value(a.value(u"instance_sku").toObject().value(u"alias").toString());
            QCOMPARE(sku.value(property).toObject().value(u"value").toVariant(), value);
            QVERIFY(!a.value(u"schedule").toArray().isEmpty());
            for (const auto& e : constValue(a.value(u"schedule").toArray()))
                QCOMPARE(e.toObject().value(u"start_at").toInteger() % 60, 0);
        }
    }

    void availabilityById()
    {
        const QString id = m_skus.value(u"sea-3-h100"_s).value(u"id").toString();
        QCOMPARE(m_api.get(u"/preview/v2/instance_skus/availability?id="_s + id).data().size(), 1);
        QCOMPARE(m_api.get(u"/preview/v2/instance_skus/%1/availability"_s.arg(id))
                     .json.value(u"instance_sku")
                     .toObject()
                     .value(u"id")
                     .toString(),
                 id);
        QCOMPARE(m_api.get(u"/preview/v2/instance_skus/availability?rdma_type=ethernet"_s).status, 422);
        QCOMPARE(m_api.get(u"/preview/v2/instance_skus/availability?num_vcpus=many"_s).status, 422);
        QCOMPARE(m_api.get(u"/preview/v2/instance_skus/availability?supports_public_ipv4=maybe"_s).status,
                 422);
    }

    void propertyCatalog()
    {
        const auto r = m_api.get(u"/preview/v2/instance_sku_property_catalog"_s);
        QCOMPARE(r.status, 200);
        QHash<QString, QStringList> values;
        for (const auto& d : constValue(r.data())) {
            const QJsonObject o = d.toObject();
            for (const auto& v : constValue(o.value(u"values").toArray()))
                values[o.value(u"key").toObject().value(u"name").toString()].append(
                    v.toObject().value(u"name").toString());
        }
        QCOMPARE(values.value(u"rdma_type"_s), (QStringList{u"infiniband"_s, u"roce"_s}));
        QVERIFY(values.value(u"infiniband_fabric"_s).contains(u"europe-north1-a.fab2"_s));
        QVERIFY(values.value(u"region"_s).contains(u"us-west1"_s));
    }

    void images()
    {
        // Without a workspace: the account's own images only; the public ones through their workspace.
        auto r = m_api.get(u"/preview/v2/images"_s);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.data().size(), 0);
        r = m_api.get(u"/preview/v2/images?workspace=sfc:workspace:sfcompute:public"_s);
        QStringList names;
        for (const auto& v : constValue(r.data()))
            names.append(v.toObject().value(u"name").toString());
        QCOMPARE(names, (QStringList{u"ubuntu-24.04-cuda-13.2"_s, u"ubuntu-24.04-cuda-13.1"_s,
                                     u"ubuntu-22.04.5-cuda-12.7"_s}));
        r = m_api.get(u"/preview/v2/images/ubuntu-22.04.5-cuda-12.7"_s);
        QCOMPARE(r.status, 200);
        QVERIFY(r.json.value(u"is_public").toBool());
        QCOMPARE(m_api.get(u"/preview/v2/images/"_s + r.id()).json, r.json);
        QCOMPARE(m_api.get(u"/preview/v2/images/sfc:image:sfcompute:public:ubuntu-22.04.5-cuda-12.7"_s).id(),
                 r.id());
        QCOMPARE(m_api.get(u"/preview/v2/images/vmi_"_s + r.id().mid(6)).id(), r.id());
        QCOMPARE(m_api.get(u"/preview/v2/images/no-such-image"_s).status, 404);
    }

    void pools()
    {
        auto r = m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"sfc:workspace:acme:research"_s},
                                                     {u"name"_s, u"dev"_s},
                                                     {u"tags"_s, QJsonObject{{u"team"_s, u"ml"_s}}}});
        QCOMPARE(r.status, 201);
        const QString id = r.id();
        QCOMPARE(r.json.value(u"kind").toString(), u"market"_s);
        QCOMPARE(r.json.value(u"allocation_schedule").toObject().value(u"total").toArray().size(), 0);
        QCOMPARE(m_api.get(u"/preview/v2/pools/sfc:pool:acme:research:dev"_s).id(), id);
        QCOMPARE(m_api.get(u"/preview/v2/pools/cap_"_s + id.mid(5)).id(), id);
        QCOMPARE(m_api.get(u"/preview/v2/pools?tag=team%3Dml"_s).data().size(), 1);
        QCOMPARE(m_api.get(u"/preview/v2/pools?tag_key=team"_s).data().size(), 1);
        QCOMPARE(m_api.get(u"/preview/v2/pools?tag=team%3Dops"_s).data().size(), 0);
        QCOMPARE(m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"research"_s}, {u"name"_s, u"dev"_s}})
                     .status,
                 422);
        r = m_api.patch(u"/preview/v2/pools/"_s + id,
                        {{u"name"_s, u"dev2"_s}, {u"tags"_s, QJsonValue::Null}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"name").toString(), u"dev2"_s);
        QVERIFY(r.json.value(u"tags").isNull());
        QCOMPARE(m_api.get(u"/preview/v2/pools/sfc:pool:acme:research:dev"_s).status, 404);
    }

    void allocationSchedule()
    {
        const QString pool =
            m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"sched"_s}})
                .id();
        const QString sku = m_skus.value(u"iad-12-h200"_s).value(u"id").toString();
        const qint64 now = m_api.send("GET", u"/_sim/clock"_s, {}, {}, false).json.value(u"now").toInteger();
        const qint64 hour = now - now % 3600 + 3600;
        const QJsonObject body{
            {u"instance_sku"_s, sku},
            {u"schedule"_s,
             QJsonArray{QJsonObject{{u"start_at"_s, hour}, {u"end_at"_s, hour + 7200}, {u"node_count"_s, 4}},
                        QJsonObject{{u"start_at"_s, hour + 3600},
                                    {u"end_at"_s, hour + 10800},
                                    {u"node_count"_s, 2}}}}};
        const auto r = m_api.send("POST", u"/_sim/pools/%1/allocation"_s.arg(pool),
                                  QJsonDocument(body).toJson(), {}, false);
        QCOMPARE(r.status, 200);
        const QJsonArray expected{
            QJsonObject{{u"start_at"_s, hour}, {u"end_at"_s, hour + 3600}, {u"node_count"_s, 4}},
            QJsonObject{{u"start_at"_s, hour + 3600}, {u"end_at"_s, hour + 7200}, {u"node_count"_s, 6}},
            QJsonObject{{u"start_at"_s, hour + 7200}, {u"end_at"_s, hour + 10800}, {u"node_count"_s, 2}}};
        const QJsonObject schedule =
            m_api.get(u"/preview/v2/pools/"_s + pool).json.value(u"allocation_schedule").toObject();
        QCOMPARE(schedule.value(u"total").toArray(), expected);
        QCOMPARE(schedule.value(u"by_instance_sku").toObject().value(sku).toArray(), expected);
        // Future allocation blocks the delete.
        const auto del = m_api.del(u"/preview/v2/pools/"_s + pool);
        QCOMPARE(del.status, 422);
        QCOMPARE(del.detailCodes(), QStringList{u"allocation"_s});
    }

    // awaiting_allocation -> running when the pool holds a free node; terminate frees it.
    void instanceLifecycle()
    {
        const QString pool =
            m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"life"_s}}).id();
        const QString sku = m_skus.value(u"sea-3-h100"_s).value(u"id").toString();
        const QByteArray script = "#cloud-config\nssh_authorized_keys:\n  - ssh-ed25519 "
                                  "AAAAC3NzaC1lZDI1NTE5AAAAIA test\nruncmd:\n  - nvidia-smi\n";
        auto create = [&](const QString& name, const QString& priority) {
            return m_api.post(u"/preview/v2/instances"_s,
                              {{u"pool"_s, pool},
                               {u"instance_sku"_s, sku},
                               {u"image"_s, u"ubuntu-24.04-cuda-13.1"_s},
                               {u"name"_s, name},
                               {u"priority_level"_s, priority},
                               {u"enable_public_ipv4"_s, true},
                               {u"tags"_s, QJsonObject{{u"role"_s, name}}},
                               {u"cloud_init_user_data"_s, QString::fromLatin1(script.toBase64())}});
        };
        auto a = create(u"a"_s, u"yield"_s);
        QCOMPARE(a.status, 201);
        QCOMPARE(a.json.value(u"status").toString(), u"awaiting_allocation"_s);
        QVERIFY(a.json.value(u"cloud_init_user_data_used").toBool());
        QVERIFY(!a.json.contains(u"cloud_init_user_data"));
        auto b = create(u"b"_s, u"critical"_s);
        QCOMPARE(m_api.get(u"/preview/v2/instances/%1/ssh"_s.arg(a.id())).status, 404);
        QCOMPARE(m_api.get(u"/preview/v2/instances/%1/logs"_s.arg(a.id())).data().size(), 0);

        m_api.setAllocation(pool, sku, 1);
        // The higher priority starts first.
        QCOMPARE(status(b.id()), u"running"_s);
        QCOMPARE(status(a.id()), u"awaiting_allocation"_s);
        const auto ssh = m_api.get(u"/preview/v2/instances/%1/ssh"_s.arg(b.id()));
        QCOMPARE(ssh.status, 200);
        QCOMPARE(ssh.json.value(u"port").toInt(), 22);
        QCOMPARE(ssh.json.value(u"host_keys").toArray().first().toObject().value(u"key_type").toString(),
                 u"ssh-ed25519"_s);
        QVERIFY(m_api.get(u"/preview/v2/instances/"_s + b.id()).json.value(u"public_ip").isString());
        // Logs grow with the clock and show what the user data asked for.
        const int early = m_api.get(u"/preview/v2/instances/%1/logs?limit=2500"_s.arg(b.id())).data().size();
        m_api.advanceClock(60);
        const auto logs = m_api.get(u"/preview/v2/instances/%1/logs?limit=2500"_s.arg(b.id()));
        QVERIFY(logs.data().size() > early);
        QString text;
        for (const auto& c : constValue(logs.data()))
            text +=
                QString::fromUtf8(QByteArray::fromBase64(c.toObject().value(u"data").toString().toLatin1()));
        QVERIFY(text.contains(u"running module ssh_authorized_keys"));
        QVERIFY(text.contains(u"running module runcmd"));
        QVERIFY(text.contains(u"authorized 1 SSH key(s)"));
        const auto tail = m_api.get(u"/preview/v2/instances/%1/logs?sort_by=-seqnum&limit=2"_s.arg(b.id()));
        QCOMPARE(tail.data().size(), 2);
        QVERIFY(tail.data().at(0).toObject().value(u"seqnum").toInteger()
                > tail.data().at(1).toObject().value(u"seqnum").toInteger());
        QCOMPARE(m_api.get(u"/preview/v2/instances/%1/logs?seqnum_after=3&seqnum_before=5"_s.arg(b.id()))
                     .data()
                     .size(),
                 3);

        // Delete needs termination first; terminate hands the node to the waiting instance.
        auto r = m_api.del(u"/preview/v2/instances/"_s + b.id());
        QCOMPARE(r.status, 409);
        QCOMPARE(r.error().value(u"message").toString(), u"Instance must be terminated before deletion."_s);
        QCOMPARE(m_api.post(u"/preview/v2/instances/%1/terminate"_s.arg(b.id()), {}).status, 200);
        QCOMPARE(m_api.post(u"/preview/v2/instances/%1/terminate"_s.arg(b.id()), {}).status, 404);
        QCOMPARE(status(a.id()), u"running"_s);
        QCOMPARE(m_api.del(u"/preview/v2/instances/"_s + b.id()).status, 204);
        QCOMPARE(m_api.get(u"/preview/v2/instances/"_s + b.id()).status, 404);

        // Allocation running out terminates the lowest priority first.
        auto c = create(u"c"_s, u"preferred"_s);
        m_api.setAllocation(pool, sku, 2);
        QCOMPARE(status(c.id()), u"running"_s);
        m_api.setAllocation(pool, sku, 1);
        QCOMPARE(status(a.id()), u"terminated"_s);
        QCOMPARE(status(c.id()), u"running"_s);
        m_api.setAllocation(pool, sku, 0);
        QCOMPARE(status(c.id()), u"terminated"_s);
        QCOMPARE(m_api.del(u"/preview/v2/pools/"_s + pool).status, 204);
    }

    void instanceLookupsAndPatch()
    {
        const QString pool =
            m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, u"look"_s}}).id();
        const QString sku = m_skus.value(u"sea-4-l40s"_s).value(u"id").toString();
        auto r = m_api.post(u"/preview/v2/instances"_s, {{u"pool"_s, u"look"_s},
                                                         {u"instance_sku"_s, sku},
                                                         {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                                                         {u"name"_s, u"finder"_s},
                                                         {u"cloud_init_user_data"_s, u"IyEvYmluL3NoCg=="_s}});
        QCOMPARE(r.status, 201);
        const QString id = r.id();
        QCOMPARE(r.json.value(u"pool").toObject().value(u"id").toString(), pool);
        QCOMPARE(r.json.value(u"capacity").toObject().value(u"id").toString(), u"cap_"_s + pool.mid(5));
        QCOMPARE(m_api.get(u"/preview/v2/instances/sfc:instance:acme:default:finder"_s).id(), id);
        QCOMPARE(m_api.get(u"/preview/v2/instances/finder"_s).id(), id);
        QCOMPARE(m_api.get(u"/preview/v2/instances/vm_"_s + id.mid(5)).id(), id);
        QCOMPARE(m_api.get(u"/preview/v2/instances/%1?include=cloud_init_user_data"_s.arg(id))
                     .json.value(u"cloud_init_user_data")
                     .toString(),
                 u"IyEvYmluL3NoCg=="_s);
        r = m_api.patch(u"/preview/v2/instances/"_s + id, {{u"name"_s, u"found"_s},
                                                           {u"priority_level"_s, u"critical"_s},
                                                           {u"tags"_s, QJsonObject{{u"x"_s, u"1"_s}}}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"name").toString(), u"found"_s);
        QCOMPARE(r.json.value(u"priority_level").toString(), u"critical"_s);
        m_api.post(u"/preview/v2/instances"_s, {{u"pool"_s, pool},
                                                {u"instance_sku"_s, sku},
                                                {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                                                {u"name"_s, u"other"_s}});
        QCOMPARE(m_api.patch(u"/preview/v2/instances/"_s + id, {{u"name"_s, u"other"_s}}).status, 400);
        // Public IPv4 on a SKU without it.
        r = m_api.post(u"/preview/v2/instances"_s,
                       {{u"pool"_s, pool},
                        {u"instance_sku"_s, m_skus.value(u"hel-a-h100-ib"_s).value(u"id").toString()},
                        {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                        {u"enable_public_ipv4"_s, true}});
        QCOMPARE(r.status, 422);
        QCOMPARE(r.detailCodes(), QStringList{u"public_ipv4_unsupported"_s});
    }

    void instanceFilters_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("count");
        QTest::newRow("workspace") << u"workspace=research&pool[]=sfc:pool:acme:research:filters"_s << 3;
        QTest::newRow("pool") << u"pool[]=sfc:pool:acme:research:filters"_s << 3;
        QTest::newRow("status running") << u"pool=sfc:pool:acme:research:filters&status[]=running"_s << 2;
        QTest::newRow("status waiting")
            << u"pool=sfc:pool:acme:research:filters&status=awaiting_allocation"_s << 1;
        QTest::newRow("two statuses")
            << u"pool=sfc:pool:acme:research:filters&status[]=running&status[]=awaiting_allocation"_s << 3;
        QTest::newRow("sku") << u"pool=sfc:pool:acme:research:filters&instance_sku[]={sku}"_s << 3;
        QTest::newRow("tag") << u"pool=sfc:pool:acme:research:filters&tag=job%3Deval"_s << 1;
        QTest::newRow("tag_key") << u"pool=sfc:pool:acme:research:filters&tag_key=job"_s << 2;
        QTest::newRow("created_after")
            << u"pool=sfc:pool:acme:research:filters&created_after=4102444800"_s << 0;
        QTest::newRow("created_before")
            << u"pool=sfc:pool:acme:research:filters&created_before=4102444800"_s << 3;
        QTest::newRow("unknown pool") << u"pool[]=sfc:pool:acme:research:nothing"_s << 0;
        QTest::newRow("id") << u"id[]={first}"_s << 1;
    }

    void instanceFilters()
    {
        QFETCH(QString, query);
        QFETCH(int, count);
        const QString sku = m_skus.value(u"iad-12-h200"_s).value(u"id").toString();
        if (m_filterPool.isEmpty()) {
            m_filterPool = m_api
                               .post(u"/preview/v2/pools"_s,
                                     {{u"workspace"_s, u"research"_s}, {u"name"_s, u"filters"_s}})
                               .id();
            m_api.setAllocation(m_filterPool, sku, 2);
            const QJsonObject tags[] = {QJsonObject{{u"job"_s, u"train"_s}},
                                        QJsonObject{{u"job"_s, u"eval"_s}}, QJsonObject{}};
            for (const auto& t : tags) {
                const auto r =
                    m_api.post(u"/preview/v2/instances"_s, {{u"pool"_s, m_filterPool},
                                                            {u"instance_sku"_s, sku},
                                                            {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                                                            {u"tags"_s, t}});
                if (m_firstFiltered.isEmpty())
                    m_firstFiltered = r.id();
            }
        }
        query.replace(u"{sku}"_s, sku).replace(u"{first}"_s, m_firstFiltered);
        const auto r = m_api.get(u"/preview/v2/instances?"_s + query);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.data().size(), count);
    }

    // Cursors page through every row once and stay put while rows are added.
    void pagination()
    {
        const QString pool =
            m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, u"research"_s}, {u"name"_s, u"pages"_s}})
                .id();
        const QString sku = m_skus.value(u"sea-3-h100"_s).value(u"id").toString();
        for (int i = 0; i < 55; ++i)
            QCOMPARE(m_api
                         .post(u"/preview/v2/instances"_s, {{u"pool"_s, pool},
                                                            {u"instance_sku"_s, sku},
                                                            {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                                                            {u"name"_s, u"page-%1"_s.arg(i)}})
                         .status,
                     201);
        const QString base = u"/preview/v2/instances?pool=%1"_s.arg(pool);
        QCOMPARE(m_api.get(base).data().size(), 50); // default limit
        QCOMPARE(m_api.get(base + u"&limit=200"_s).data().size(), 55);
        QCOMPARE(m_api.get(base + u"&limit=0"_s).status, 422);
        QCOMPARE(m_api.get(base + u"&limit=201"_s).status, 422);
        QCOMPARE(m_api.get(base + u"&starting_after=poolc_AAAA"_s).status, 422);

        QStringList seen;
        QString cursor;
        QStringList firstPage;
        for (int page = 0; page < 10; ++page) {
            const auto r = m_api.get(base + u"&limit=20"_s
                                     + (cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
            QCOMPARE(r.status, 200);
            for (const auto& v : constValue(r.data()))
                seen.append(v.toObject().value(u"name").toString());
            if (page == 0) {
                firstPage = seen;
                // Rows added between pages do not shift the next page.
                m_api.post(u"/preview/v2/instances"_s, {{u"pool"_s, pool},
                                                        {u"instance_sku"_s, sku},
                                                        {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                                                        {u"name"_s, u"late"_s}});
            }
            cursor = r.json.value(u"cursor").toString();
            QVERIFY(cursor.startsWith(u"nodec_"));
            if (!r.json.value(u"has_more").toBool())
                break;
        }
        QCOMPARE(seen.size(), 55);
        QCOMPARE(QSet<QString>(seen.begin(), seen.end()).size(), 55);
        QCOMPARE(seen.first(), u"page-54"_s); // newest first
        QVERIFY(!seen.contains(u"late"_s));
        // ending_before walks back to the previous page.
        const auto second = m_api.get(base + u"&limit=20&starting_after="_s
                                      + m_api.get(base + u"&limit=20"_s).json.value(u"cursor").toString());
        const auto back =
            m_api.get(base + u"&limit=20&ending_before="_s + second.json.value(u"cursor").toString());
        QCOMPARE(back.data().size(), 20);
        QCOMPARE(back.data().last().toObject().value(u"name").toString(),
                 second.data().at(18).toObject().value(u"name").toString());
    }

    void methodsAndRoutes()
    {
        QCOMPARE(m_api.send("PUT", u"/preview/v2/pools"_s, "{}", {}).status, 405);
        QCOMPARE(m_api.get(u"/preview/v2/nothing/here"_s).status, 404);
        QCOMPARE(m_api.get(u"/v2/me"_s).json.value(u"account_id").toString(), u"acme"_s);
        QCOMPARE(m_api.get(u"/v1/_healthz"_s).status, 200);
    }

    // The /_sim/ routes are not part of the API: a method they do not serve is a route that does
    // not exist (404, not 405), and they need no token.
    void controlRoutes()
    {
        QCOMPARE(m_api.send("GET", u"/_sim/clock"_s, {}, {}, false).json.value(u"object").toString(),
                 u"clock"_s);
        QCOMPARE(m_api.send("POST", u"/_sim/clock"_s, "{}", {}, false).status, 404);
        QCOMPARE(m_api.send("GET", u"/_sim/clock/advance"_s, {}, {}, false).status, 404);
        QCOMPARE(m_api.send("GET", u"/_sim/nothing"_s, {}, {}, false).status, 404);
        const SimReply balance = m_api.send("GET", u"/_sim/accounts/acme"_s, {}, {}, false);
        QCOMPARE(balance.status, 200);
        QCOMPARE(balance.json.value(u"object").toString(), u"account_balance"_s);
        QCOMPARE(m_api.send("GET", u"/_sim/accounts/nobody"_s, {}, {}, false).status, 404);
        QCOMPARE(m_api.send("GET", u"/_sim/accounts/acme/balance"_s, {}, {}, false).status, 404);
    }

private:
    QString status(const QString& id)
    {
        return m_api.get(u"/preview/v2/instances/"_s + id).json.value(u"status").toString();
    }

    SimProcess m_sim;
    SimClient m_api;
    QHash<QString, QJsonObject> m_skus;
    QString m_filterPool, m_firstFiltered;
};

QTEST_GUILESS_MAIN(TestSimResources)
#include "tst_simresources.moc"
