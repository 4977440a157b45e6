// SPDX-License-Identifier: Apache-2.0

#include "support/simclient.h"

#include "common/constvalue.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace sfdesk;

// The numbered behaviours of shared/contracts/INFINIBAND.md, over real HTTP.
class TestSimInfiniband final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({QStringLiteral("--control"), QStringLiteral("--ib-release-seconds"),
                              QStringLiteral("120")}),
                 qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_owner = m_sim.token(QStringLiteral("acme-owner"));
        m_viewer = m_sim.token(QStringLiteral("acme-viewer"));
        m_writer = m_sim.token(QStringLiteral("acme-research-writer"));
        m_globex = m_sim.token(QStringLiteral("globex-owner"));
        QVERIFY(!m_owner.isEmpty() && !m_viewer.isEmpty() && !m_writer.isEmpty() && !m_globex.isEmpty());
        m_api.setToken(m_owner);
        const auto skus = m_api.get(QStringLiteral("/preview/v2/instance_skus?limit=200"));
        QCOMPARE(skus.status, 200);
        for (const auto& v : constValue(skus.data())) {
            const QJsonObject s = v.toObject();
            m_skus.insert(s.value(u"alias").toString(), s);
        }
    }

    // 8. Until the account is enrolled, every route and the instance field answer 403.
    void flagGate_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::newRow("list fabrics")
            << QByteArray("GET") << QStringLiteral("/preview/v2/infiniband_fabrics") << QByteArray();
        QTest::newRow("get fabric") << QByteArray("GET")
                                    << QStringLiteral("/preview/v2/infiniband_fabrics/europe-north1-a.fab1")
                                    << QByteArray();
        QTest::newRow("list partitions")
            << QByteArray("GET") << QStringLiteral("/preview/v2/infiniband_partitions") << QByteArray();
        QTest::newRow("create partition")
            << QByteArray("POST") << QStringLiteral("/preview/v2/infiniband_partitions")
            << QByteArray(R"({"workspace":"default","name":"p","fabric":"europe-north1-a.fab1"})");
        QTest::newRow("get partition")
            << QByteArray("GET") << QStringLiteral("/preview/v2/infiniband_partitions/p") << QByteArray();
        QTest::newRow("patch partition")
            << QByteArray("PATCH") << QStringLiteral("/preview/v2/infiniband_partitions/p")
            << QByteArray(R"({"name":"q"})");
        QTest::newRow("partition instances")
            << QByteArray("GET") << QStringLiteral("/preview/v2/infiniband_partitions/p/instances")
            << QByteArray();
        QTest::newRow("delete partition")
            << QByteArray("DELETE") << QStringLiteral("/preview/v2/infiniband_partitions/p") << QByteArray();
        QTest::newRow("instance field") << QByteArray("POST") << QStringLiteral("/preview/v2/instances")
                                        << QByteArray(R"({"pool":"x","image":"ubuntu-24.04-cuda-13.2",
                                                          "instance_sku":"hel-a-h100-ib","infiniband_partition":"p"})");
        QTest::newRow("instance filter")
            << QByteArray("GET") << QStringLiteral("/preview/v2/instances?infiniband_partition[]=p")
            << QByteArray();
        QTest::newRow("v2 alias") << QByteArray("GET") << QStringLiteral("/v2/infiniband_partitions")
                                  << QByteArray();
    }

    void flagGate()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        const auto r = m_api.send(method, path, body, m_owner);
        QCOMPARE(r.status, 403);
        QCOMPARE(r.errorType(), QStringLiteral("forbidden"));
        QCOMPARE(r.error().value(u"message").toString(), QStringLiteral("Feature not enabled."));
    }

    void enrolment()
    {
        // globex may not enrol itself; the acme viewer lacks account-wide write; the owner may.
        auto r = m_api.post(QStringLiteral("/preview/v2/feature_flags/infiniband-preview"),
                            {{u"enrolled"_s, true}}, m_globex);
        QCOMPARE(r.status, 403);
        QCOMPARE(r.error().value(u"message").toString(),
                 QStringLiteral("Feature flag is not self-enrollable"));
        r = m_api.get(QStringLiteral("/preview/v2/feature_flags"), m_globex);
        QCOMPARE(r.status, 200);
        bool seen = false;
        for (const auto& f : constValue(r.data())) {
            if (f.toObject().value(u"feature_flag").toString() == u"infiniband-preview") {
                seen = true;
                QCOMPARE(f.toObject().value(u"user_enroll").toBool(), false);
                QCOMPARE(f.toObject().value(u"enrolled").toBool(), false);
            }
        }
        QVERIFY(seen);
        r = m_api.post(QStringLiteral("/preview/v2/feature_flags/infiniband-preview"),
                       {{u"enrolled"_s, true}}, m_viewer);
        QCOMPARE(r.status, 403);
        r = m_api.post(QStringLiteral("/preview/v2/feature_flags/no-such-flag"), {{u"enrolled"_s, true}});
        QCOMPARE(r.status, 404);
        r = m_api.post(QStringLiteral("/preview/v2/feature_flags/infiniband-preview"),
                       {{u"enrolled"_s, true}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"enrolled").toBool(), true);
        // globex stays gated: enrolment is per account.
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_fabrics"), m_globex).status, 403);
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_fabrics"), m_viewer).status, 200);
    }

    // 1 and 2: fabrics per zone, one zone with two, each InfiniBand SKU on exactly one fabric.
    void fabrics()
    {
        const auto r = m_api.get(QStringLiteral("/preview/v2/infiniband_fabrics"));
        QCOMPARE(r.status, 200);
        QHash<QString, int> perZone;
        QHash<QString, QString> fabricOfSku;
        static const QRegularExpression id(QStringLiteral("^ibfab_[0-9A-Za-z_-]{21}$"));
        for (const auto& v : constValue(r.data())) {
            const QJsonObject f = v.toObject();
            QVERIFY(id.match(f.value(u"id").toString()).hasMatch());
            const QString zone =
                f.value(u"region").toString() + u'-' + f.value(u"availability_zone").toString();
            QVERIFY(f.value(u"name").toString().startsWith(zone + u".fab"));
            ++perZone[zone];
            for (const auto& s : constValue(f.value(u"instance_skus").toArray())) {
                const QString sku = s.toObject().value(u"id").toString();
                QVERIFY2(!fabricOfSku.contains(sku), "a SKU sits on two fabrics");
                fabricOfSku.insert(sku, f.value(u"name").toString());
            }
        }
        QCOMPARE(perZone.value(QStringLiteral("europe-north1-a")), 2);
        for (const auto& sku : std::as_const(m_skus)) {
            const bool ib = sku.value(u"rdma_type").toObject().value(u"value").toString() == u"infiniband";
            QCOMPARE(fabricOfSku.contains(sku.value(u"id").toString()), ib);
            if (ib)
                QCOMPARE(sku.value(u"infiniband_fabric").toObject().value(u"value").toString(),
                         fabricOfSku.value(sku.value(u"id").toString()));
            else
                QVERIFY(sku.value(u"infiniband_fabric").isNull());
        }
        // Lookup by name and id, filters, cursors.
        const auto byName = m_api.get(QStringLiteral("/preview/v2/infiniband_fabrics/europe-north1-a.fab2"));
        QCOMPARE(byName.status, 200);
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_fabrics/") + byName.id()).json,
                 byName.json);
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_fabrics/nope.fab9")).status, 404);
        const auto zoneA = m_api.get(
            QStringLiteral("/preview/v2/infiniband_fabrics?region=europe-north1&availability_zone=a"));
        QCOMPARE(zoneA.data().size(), 2);
        const auto first = m_api.get(QStringLiteral("/preview/v2/infiniband_fabrics?limit=1"));
        QCOMPARE(first.data().size(), 1);
        QVERIFY(first.json.value(u"has_more").toBool());
        QVERIFY(first.json.value(u"cursor").toString().startsWith(u"ibfabc_"));
        const auto second = m_api.get(QStringLiteral("/preview/v2/infiniband_fabrics?limit=1&starting_after=")
                                      + first.json.value(u"cursor").toString());
        QCOMPARE(second.data().size(), 1);
        QVERIFY(second.data().first() != first.data().first());
    }

    // 3. A partition: named, unique in its workspace across fabrics, created by fabric or zone.
    void createPartition()
    {
        const int instancesBefore =
            m_api.get(QStringLiteral("/preview/v2/instances?limit=200")).data().size();
        auto r = m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                            {{u"workspace"_s, u"research"_s},
                             {u"name"_s, u"training"_s},
                             {u"fabric"_s, u"europe-north1-a.fab1"_s}});
        QCOMPARE(r.status, 201);
        static const QRegularExpression partitionId(QStringLiteral("^ibpart_[0-9A-Za-z_-]{21}$"));
        QVERIFY(partitionId.match(r.id()).hasMatch());
        QCOMPARE(r.json.value(u"resource_path").toString(),
                 QStringLiteral("sfc:infiniband_partition:acme:research:training"));
        QCOMPARE(r.json.value(u"fabric").toObject().value(u"name").toString(),
                 QStringLiteral("europe-north1-a.fab1"));
        QCOMPARE(r.json.value(u"region").toString(), QStringLiteral("europe-north1"));
        QCOMPARE(r.json.value(u"availability_zone").toString(), QStringLiteral("a"));
        QCOMPARE(r.json.value(u"instance_count").toInt(), 0);
        m_training = r.id();
        // Creating a partition starts nothing.
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/instances?limit=200")).data().size(), instancesBefore);

        // Same name in the same workspace on another fabric: taken.
        r = m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                       {{u"workspace"_s, u"research"_s},
                        {u"name"_s, u"training"_s},
                        {u"fabric"_s, u"europe-north1-a.fab2"_s}});
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorType(), QStringLiteral("conflict"));
        // Same name in another workspace: fine.
        r = m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                       {{u"workspace"_s, u"production"_s},
                        {u"name"_s, u"training"_s},
                        {u"fabric"_s, u"europe-north1-a.fab2"_s}});
        QCOMPARE(r.status, 201);
        m_productionTraining = r.id();
        // Region and zone in a zone with one fabric.
        r = m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                       {{u"workspace"_s, u"default"_s},
                        {u"name"_s, u"zone-b"_s},
                        {u"region"_s, u"europe-north1"_s},
                        {u"availability_zone"_s, u"b"_s}});
        QCOMPARE(r.status, 201);
        QCOMPARE(r.json.value(u"fabric").toObject().value(u"name").toString(),
                 QStringLiteral("europe-north1-b.fab1"));
    }

    void createPartitionErrors_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QStringList>("codes");
        QTest::newRow("ambiguous zone")
            << QByteArray(
                   R"({"workspace":"default","name":"x","region":"europe-north1","availability_zone":"a"})")
            << 422 << QStringList{QStringLiteral("ambiguous_zone"), QStringLiteral("ambiguous_zone")};
        QTest::newRow("fabric and zone") << QByteArray(
            R"({"workspace":"default","name":"x","fabric":"europe-north1-a.fab1","region":"europe-north1","availability_zone":"a"})")
                                         << 422 << QStringList{QStringLiteral("fabric_and_location")};
        QTest::newRow("neither") << QByteArray(R"({"workspace":"default","name":"x"})") << 422
                                 << QStringList{QStringLiteral("missing_location")};
        QTest::newRow("region only") << QByteArray(
            R"({"workspace":"default","name":"x","region":"europe-north1"})")
                                     << 422 << QStringList{QStringLiteral("missing_location")};
        QTest::newRow("unknown fabric")
            << QByteArray(R"({"workspace":"default","name":"x","fabric":"mars-1-a.fab1"})") << 404
            << QStringList{QStringLiteral("not_found")};
        QTest::newRow("zone without fabric")
            << QByteArray(R"({"workspace":"default","name":"x","region":"us-west1","availability_zone":"a"})")
            << 404 << QStringList{QStringLiteral("not_found")};
        QTest::newRow("unknown workspace")
            << QByteArray(R"({"workspace":"nowhere","name":"x","fabric":"europe-north1-a.fab1"})") << 404
            << QStringList{QStringLiteral("not_found")};
        QTest::newRow("bad name") << QByteArray(
            R"({"workspace":"default","name":"-bad name","fabric":"europe-north1-a.fab1"})")
                                  << 422 << QStringList{QStringLiteral("invalid_name")};
        QTest::newRow("missing name")
            << QByteArray(R"({"workspace":"default","fabric":"europe-north1-a.fab1"})") << 422
            << QStringList{QStringLiteral("missing_field")};
        QTest::newRow("malformed") << QByteArray(R"({"workspace":"default",)") << 400 << QStringList{};
    }

    void createPartitionErrors()
    {
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QStringList, codes);
        const auto r = m_api.send("POST", QStringLiteral("/preview/v2/infiniband_partitions"), body, m_owner);
        QCOMPARE(r.status, status);
        QCOMPARE(r.detailCodes(), codes);
    }

    void ambiguousZoneListsTheFabrics()
    {
        const auto r = m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                                  {{u"workspace"_s, u"default"_s},
                                   {u"name"_s, u"x"_s},
                                   {u"region"_s, u"europe-north1"_s},
                                   {u"availability_zone"_s, u"a"_s}});
        QCOMPARE(r.status, 422);
        QVERIFY(r.details().at(0).toObject().value(u"message").toString().contains(u"europe-north1-a.fab1"));
        QVERIFY(r.details().at(1).toObject().value(u"message").toString().contains(u"europe-north1-a.fab2"));
    }

    void grantsOnPartitions()
    {
        // The research writer creates in research, cannot see production; the viewer reads production only.
        auto r = m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                            {{u"workspace"_s, u"research"_s},
                             {u"name"_s, u"by-writer"_s},
                             {u"fabric"_s, u"europe-north1-b.fab1"_s}},
                            m_writer);
        QCOMPARE(r.status, 201);
        r = m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                       {{u"workspace"_s, u"production"_s},
                        {u"name"_s, u"w"_s},
                        {u"fabric"_s, u"europe-north1-b.fab1"_s}},
                       m_writer);
        QCOMPARE(r.status, 404);
        r = m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                       {{u"workspace"_s, u"production"_s},
                        {u"name"_s, u"v"_s},
                        {u"fabric"_s, u"europe-north1-b.fab1"_s}},
                       m_viewer);
        QCOMPARE(r.status, 403);
        QCOMPARE(
            m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/") + m_productionTraining, m_viewer)
                .status,
            200);
        QCOMPARE(
            m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/") + m_productionTraining, m_writer)
                .status,
            404);
        QCOMPARE(m_api
                     .patch(QStringLiteral("/preview/v2/infiniband_partitions/") + m_productionTraining,
                            {{u"name"_s, u"renamed"_s}}, m_viewer)
                     .status,
                 403);
        QCOMPARE(
            m_api.del(QStringLiteral("/preview/v2/infiniband_partitions/") + m_productionTraining, m_viewer)
                .status,
            403);
    }

    void lookups_data()
    {
        QTest::addColumn<QString>("ref");
        QTest::addColumn<bool>("found");
        QTest::newRow("id") << QStringLiteral("{id}") << true;
        QTest::newRow("resource path")
            << QStringLiteral("sfc:infiniband_partition:acme:research:training") << true;
        QTest::newRow("name in workspace") << QStringLiteral("training?workspace=research") << true;
        QTest::newRow("name in workspace path")
            << QStringLiteral("training?workspace=sfc:workspace:acme:research") << true;
        QTest::newRow("slash form") << QStringLiteral("acme%2Fresearch%2Ftraining") << true;
        QTest::newRow("name, default workspace") << QStringLiteral("training") << false;
        QTest::newRow("other account path")
            << QStringLiteral("sfc:infiniband_partition:globex:default:training") << false;
        QTest::newRow("unknown id") << QStringLiteral("ibpart_000000000000000000000") << false;
    }

    void lookups()
    {
        QFETCH(QString, ref);
        QFETCH(bool, found);
        ref.replace(QStringLiteral("{id}"), m_training);
        const auto r = m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/") + ref);
        QCOMPARE(r.status, found ? 200 : 404);
        if (found)
            QCOMPARE(r.id(), m_training);
    }

    void listing()
    {
        auto r = m_api.get(QStringLiteral("/preview/v2/infiniband_partitions"));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.data().size(), 4); // every workspace the owner reads
        r = m_api.get(QStringLiteral("/preview/v2/infiniband_partitions?workspace=research"));
        QCOMPARE(r.data().size(), 2);
        r = m_api.get(QStringLiteral("/preview/v2/infiniband_partitions"), m_viewer);
        QCOMPARE(r.data().size(), 1);
        QCOMPARE(r.data().first().toObject().value(u"workspace").toString(), QStringLiteral("production"));
        r = m_api.get(QStringLiteral("/preview/v2/infiniband_partitions?fabric=europe-north1-b.fab1"));
        QCOMPARE(r.data().size(), 2);
        r = m_api.get(
            QStringLiteral("/preview/v2/infiniband_partitions?region=europe-north1&availability_zone=a"));
        QCOMPARE(r.data().size(), 2);
        r = m_api.get(QStringLiteral("/preview/v2/infiniband_partitions?id[]=") + m_training);
        QCOMPARE(r.data().size(), 1);
        r = m_api.get(QStringLiteral("/preview/v2/infiniband_partitions?limit=3"));
        QCOMPARE(r.data().size(), 3);
        QVERIFY(r.json.value(u"has_more").toBool());
        QVERIFY(r.json.value(u"cursor").toString().startsWith(u"ibpartc_"));
        const auto rest =
            m_api.get(QStringLiteral("/preview/v2/infiniband_partitions?limit=3&starting_after=")
                      + r.json.value(u"cursor").toString());
        QCOMPARE(rest.data().size(), 1);
        QVERIFY(!rest.json.value(u"has_more").toBool());
        const auto back = m_api.get(QStringLiteral("/preview/v2/infiniband_partitions?limit=3&ending_before=")
                                    + rest.data().first().toObject().value(u"id").toString());
        QCOMPARE(back.status, 422); // an id is not a cursor
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_partitions"), m_globex).status, 403);
    }

    // 4. Joining at creation only, on the partition's fabric; no partition, no InfiniBand.
    void attachAtCreation()
    {
        const QString pool = createPool(QStringLiteral("research"), QStringLiteral("ib-pool"));
        m_api.setAllocation(pool, alias(QStringLiteral("hel-a-h100-ib")), 3);
        m_api.setAllocation(pool, alias(QStringLiteral("hel-a-h200-ib")), 1);
        m_api.setAllocation(pool, alias(QStringLiteral("sea-3-h100")), 1);
        // A name resolves in the pool's workspace.
        auto r = createInstance(pool, QStringLiteral("hel-a-h100-ib"), QStringLiteral("worker-1"),
                                QStringLiteral("training"));
        QCOMPARE(r.status, 201);
        QCOMPARE(r.json.value(u"status").toString(), QStringLiteral("running"));
        QCOMPARE(r.json.value(u"infiniband_partition").toObject().value(u"id").toString(), m_training);
        QVERIFY(r.json.value(u"infiniband_released_at").isNull());
        m_worker1 = r.id();

        r = createInstance(pool, QStringLiteral("hel-a-h200-ib"), QStringLiteral("wrong-fabric"), m_training);
        QCOMPARE(r.status, 422);
        QCOMPARE(r.detailCodes(), QStringList{QStringLiteral("fabric_mismatch")});
        const QString message = r.details().first().toObject().value(u"message").toString();
        QVERIFY(message.contains(u"europe-north1-a.fab1") && message.contains(u"europe-north1-a.fab2"));

        r = createInstance(pool, QStringLiteral("sea-3-h100"), QStringLiteral("roce"), m_training);
        QCOMPARE(r.status, 422);
        QCOMPARE(r.detailCodes(), QStringList{QStringLiteral("sku_not_infiniband")});

        r = createInstance(pool, QStringLiteral("hel-a-h100-ib"), QStringLiteral("no-ib"), {});
        QCOMPARE(r.status, 201);
        QVERIFY(r.json.value(u"infiniband_partition").isNull());
        m_noIb = r.id();

        r = createInstance(pool, QStringLiteral("hel-a-h100-ib"), QStringLiteral("ghost"),
                           QStringLiteral("no-such-partition"));
        QCOMPARE(r.status, 404);

        // The partition now counts it; the instance list filter finds it.
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training)
                     .json.value(u"instance_count")
                     .toInt(),
                 1);
        const auto filtered =
            m_api.get(QStringLiteral("/preview/v2/instances?infiniband_partition[]=") + m_training);
        QCOMPARE(filtered.data().size(), 1);
        QCOMPARE(filtered.data().first().toObject().value(u"id").toString(), m_worker1);
        const auto members =
            m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/%1/instances").arg(m_training));
        QCOMPARE(members.status, 200);
        QCOMPARE(members.data().size(), 1);
        QVERIFY(members.json.value(u"cursor").toString().startsWith(u"nodec_"));

        // Only the attached instance sees an active port.
        m_api.advanceClock(120);
        QVERIFY(consoleText(m_worker1).contains(u"PORT_ACTIVE"));
        QVERIFY(!consoleText(m_noIb).contains(u"PORT_ACTIVE"));
        QVERIFY(consoleText(m_noIb).contains(u"No IB devices found"));
        // Membership cannot change: the instance patch has no partition field.
        const auto patched = m_api.patch(QStringLiteral("/preview/v2/instances/") + m_noIb,
                                         {{u"infiniband_partition"_s, m_training}});
        QCOMPARE(patched.status, 200);
        QVERIFY(patched.json.value(u"infiniband_partition").isNull());
    }

    // 5. Attaching needs write in the workspaces involved.
    void attachNeedsWrite()
    {
        const QString prodPool = createPool(QStringLiteral("production"), QStringLiteral("prod-pool"));
        auto r = createInstance(prodPool, QStringLiteral("hel-a-h200-ib"), QStringLiteral("v1"),
                                m_productionTraining, m_viewer);
        QCOMPARE(r.status, 403);
        // The writer cannot see the production partition at all.
        const QString researchPool = QStringLiteral("sfc:pool:acme:research:ib-pool");
        r = createInstance(researchPool, QStringLiteral("hel-a-h200-ib"), QStringLiteral("w1"),
                           m_productionTraining, m_writer);
        QCOMPARE(r.status, 404);
    }

    // 7. Delete fails while anything is attached, including instances the caller cannot read.
    void deleteBlockers()
    {
        auto r = m_api.del(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training);
        QCOMPARE(r.status, 409);
        QCOMPARE(r.error().value(u"message").toString(), QStringLiteral("Partition has attached instances."));
        QCOMPARE(r.detailCodes(), QStringList{QStringLiteral("attached_instance")});
        QCOMPARE(r.details().first().toObject().value(u"message").toString(), m_worker1 + u" is attached");

        // An instance in production attached to the research partition: the writer cannot read it.
        const QString prodPool = QStringLiteral("sfc:pool:acme:production:prod-pool");
        m_api.setAllocation(prodPool, alias(QStringLiteral("hel-a-h100-ib")), 1);
        r = createInstance(prodPool, QStringLiteral("hel-a-h100-ib"), QStringLiteral("cross"), m_training);
        QCOMPARE(r.status, 201);
        const QString cross = r.id();
        r = m_api.del(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training, m_writer);
        QCOMPARE(r.status, 409);
        QCOMPARE(r.detailCodes(),
                 (QStringList{QStringLiteral("attached_instance"), QStringLiteral("unreadable_instance")}));
        QCOMPARE(r.details().at(1).toObject().value(u"message").toString(),
                 QStringLiteral("1 attached instances you cannot read"));
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training, m_writer)
                     .json.value(u"instance_count")
                     .toInt(),
                 1);
        QCOMPARE(m_api
                     .get(QStringLiteral("/preview/v2/infiniband_partitions/%1/instances").arg(m_training),
                          m_writer)
                     .data()
                     .size(),
                 1);
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training)
                     .json.value(u"instance_count")
                     .toInt(),
                 2);
        QCOMPARE(m_api.post(QStringLiteral("/preview/v2/instances/%1/terminate").arg(cross), {}).status, 200);
    }

    // 6. A terminated instance stays attached until its node releases the partition.
    void releaseDelay()
    {
        auto r = m_api.post(QStringLiteral("/preview/v2/instances/%1/terminate").arg(m_worker1), {});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"status").toString(), QStringLiteral("terminated"));
        QVERIFY(r.json.value(u"infiniband_released_at").isNull());
        r = m_api.del(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training);
        QCOMPARE(r.status, 409);
        QCOMPARE(r.detailCodes(),
                 (QStringList{QStringLiteral("pending_release"), QStringLiteral("pending_release")}));
        QVERIFY(r.details()
                    .first()
                    .toObject()
                    .value(u"message")
                    .toString()
                    .endsWith(u"is terminated; its node has not released the partition yet"));
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/%1/instances").arg(m_training))
                     .data()
                     .size(),
                 2);

        m_api.advanceClock(60);
        QCOMPARE(m_api.del(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training).status, 409);
        m_api.advanceClock(61);
        r = m_api.get(QStringLiteral("/preview/v2/instances/") + m_worker1);
        QVERIFY(r.json.value(u"infiniband_released_at").isDouble());
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/%1/instances").arg(m_training))
                     .data()
                     .size(),
                 0);
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training)
                     .json.value(u"instance_count")
                     .toInt(),
                 0);
        QCOMPARE(m_api.del(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training).status, 204);
        QCOMPARE(m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/") + m_training).status, 404);
        // The released instance keeps naming the partition it was in.
        r = m_api.get(QStringLiteral("/preview/v2/instances/") + m_worker1);
        QCOMPARE(r.json.value(u"infiniband_partition").toObject().value(u"id").toString(), m_training);
    }

    void renameAndConflict()
    {
        auto r = m_api.patch(QStringLiteral("/preview/v2/infiniband_partitions/") + m_productionTraining,
                             {{u"name"_s, u"prod-net"_s}, {u"tags"_s, QJsonObject{{u"team"_s, u"ml"_s}}}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"name").toString(), QStringLiteral("prod-net"));
        QCOMPARE(r.json.value(u"tags").toObject().value(u"team").toString(), QStringLiteral("ml"));
        m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                   {{u"workspace"_s, u"production"_s},
                    {u"name"_s, u"other"_s},
                    {u"fabric"_s, u"europe-north1-b.fab1"_s}});
        r = m_api.patch(QStringLiteral("/preview/v2/infiniband_partitions/") + m_productionTraining,
                        {{u"name"_s, u"other"_s}});
        QCOMPARE(r.status, 409);
    }

    // instance_count, in the list and alone, follows the partition's instances as they are
    // created attached, terminated, released and deleted, per reader.
    void instanceCountFollowsInstances()
    {
        auto r = m_api.post(QStringLiteral("/preview/v2/infiniband_partitions"),
                            {{u"workspace"_s, u"research"_s},
                             {u"name"_s, u"counted"_s},
                             {u"fabric"_s, u"europe-north1-a.fab1"_s}});
        QCOMPARE(r.status, 201);
        const QString partition = r.id();
        const auto counts = [this, &partition](const QString& token = {}) {
            qint64 listed = -1;
            for (const auto& v :
                 constValue(m_api.get(QStringLiteral("/preview/v2/infiniband_partitions?limit=200"), token)
                                .data())) {
                if (v.toObject().value(u"id").toString() == partition)
                    listed = v.toObject().value(u"instance_count").toInteger();
            }
            const qint64 alone =
                m_api.get(QStringLiteral("/preview/v2/infiniband_partitions/") + partition, token)
                    .json.value(u"instance_count")
                    .toInteger(-1);
            return std::pair(listed, alone);
        };
        using Counts = std::pair<qint64, qint64>;
        QCOMPARE(counts(), Counts(0, 0));

        const QString pool = createPool(QStringLiteral("research"), QStringLiteral("count-pool"));
        m_api.setAllocation(pool, alias(QStringLiteral("hel-a-h100-ib")), 3);
        r = createInstance(pool, QStringLiteral("hel-a-h100-ib"), QStringLiteral("count-a"), partition);
        QCOMPARE(r.status, 201);
        const QString a = r.id();
        QCOMPARE(counts(), Counts(1, 1));
        r = createInstance(pool, QStringLiteral("hel-a-h100-ib"), QStringLiteral("count-b"), partition);
        QCOMPARE(r.status, 201);
        const QString b = r.id();
        QCOMPARE(
            createInstance(pool, QStringLiteral("hel-a-h100-ib"), QStringLiteral("count-none"), {}).status,
            201);
        QCOMPARE(counts(), Counts(2, 2));
        // One in another workspace: its readers count it, the research writer does not.
        const QString prodPool = QStringLiteral("sfc:pool:acme:production:prod-pool");
        m_api.setAllocation(prodPool, alias(QStringLiteral("hel-a-h100-ib")), 2);
        r = createInstance(prodPool, QStringLiteral("hel-a-h100-ib"), QStringLiteral("count-cross"),
                           partition);
        QCOMPARE(r.status, 201);
        const QString cross = r.id();
        QCOMPARE(counts(), Counts(3, 3));
        QCOMPARE(counts(m_writer), Counts(2, 2));

        // Terminated, it counts until its node releases the partition; deleted, it no longer does.
        QCOMPARE(m_api.post(QStringLiteral("/preview/v2/instances/%1/terminate").arg(a), {}).status, 200);
        QCOMPARE(counts(), Counts(3, 3));
        m_api.advanceClock(121);
        QCOMPARE(counts(), Counts(2, 2));
        QCOMPARE(m_api.del(QStringLiteral("/preview/v2/instances/") + a).status, 204);
        QCOMPARE(counts(), Counts(2, 2));
        QCOMPARE(m_api.post(QStringLiteral("/preview/v2/instances/%1/terminate").arg(b), {}).status, 200);
        QCOMPARE(m_api.del(QStringLiteral("/preview/v2/instances/") + b).status, 204);
        QCOMPARE(counts(), Counts(1, 1));
        QCOMPARE(counts(m_writer), Counts(0, 0));
        QCOMPARE(m_api.post(QStringLiteral("/preview/v2/instances/%1/terminate").arg(cross), {}).status, 200);
        m_api.advanceClock(121);
        QCOMPARE(counts(), Counts(0, 0));
        QCOMPARE(m_api.del(QStringLiteral("/preview/v2/infiniband_partitions/") + partition).status, 204);
    }

    void cleanupTestCase() { m_sim.stop(); }

private:
    QString alias(const QString& name) const { return m_skus.value(name).value(u"id").toString(); }

    QString createPool(const QString& workspace, const QString& name)
    {
        const auto r =
            m_api.post(QStringLiteral("/preview/v2/pools"), {{u"workspace"_s, workspace}, {u"name"_s, name}});
        return r.id();
    }

    SimReply createInstance(const QString& pool, const QString& sku, const QString& name,
                            const QString& partition, const QString& token = {})
    {
        QJsonObject body{{u"pool"_s, pool},
                         {u"instance_sku"_s, alias(sku)},
                         {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                         {u"name"_s, name},
                         {u"cloud_init_user_data"_s,
                          QString::fromLatin1(QByteArray("#!/bin/bash\nibv_devinfo\n").toBase64())}};
        if (!partition.isEmpty())
            body.insert(u"infiniband_partition"_s, partition);
        return m_api.post(QStringLiteral("/preview/v2/instances"), body, token);
    }

    QString consoleText(const QString& instance)
    {
        QString text;
        for (const auto& chunk : constValue(
                 m_api.get(QStringLiteral("/preview/v2/instances/%1/logs?limit=2500").arg(instance)).data()))
            text += QString::fromUtf8(
                QByteArray::fromBase64(chunk.toObject().value(u"data").toString().toLatin1()));
        return text;
    }

    SimProcess m_sim;
    SimClient m_api;
    QString m_owner, m_viewer, m_writer, m_globex;
    QHash<QString, QJsonObject> m_skus;
    QString m_training, m_productionTraining, m_worker1, m_noIb;
};

QTEST_GUILESS_MAIN(TestSimInfiniband)
#include "tst_siminfiniband.moc"
