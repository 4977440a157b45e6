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

namespace {

const QString userData = QString::fromLatin1(QByteArray("#cloud-config\nruncmd:\n  - [ibstat]\n").toBase64());

} // namespace

// Instance templates, deployments and spot deployments, replace and the batch patch of instances,
// over real HTTP; the deployments' reconciliation on the simulated clock.
class TestSimDeployments final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--control"_s}), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_owner = m_sim.token(u"acme-owner"_s);
        m_viewer = m_sim.token(u"acme-viewer"_s);
        m_writer = m_sim.token(u"acme-research-writer"_s);
        m_globex = m_sim.token(u"globex-owner"_s);
        m_api.setToken(m_owner);
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            m_skus.insert(v.toObject().value(u"alias").toString(), v.toObject().value(u"id").toString());
        QCOMPARE(
            m_api.post(u"/preview/v2/feature_flags/infiniband-preview"_s, {{u"enrolled"_s, true}}).status,
            200);
        const auto partition =
            m_api.post(u"/preview/v2/infiniband_partitions"_s, {{u"workspace"_s, u"research"_s},
                                                                {u"name"_s, u"fleet"_s},
                                                                {u"fabric"_s, u"europe-north1-a.fab1"_s}});
        QCOMPARE(partition.status, 201);
        m_partition = partition.id();
        m_template = createTemplate(u"research"_s, u"worker"_s).id();
        QVERIFY(m_template.startsWith(u"itmpl_"_s));
    }

    // ---------------------------------------------------------------------------------------
    // Instance templates.

    void templateCreateAndFetch()
    {
        auto r =
            createTemplate(u"research"_s, u"with-data"_s, {{u"tags"_s, QJsonObject{{u"role"_s, u"w"_s}}}});
        QCOMPARE(r.status, 201);
        QCOMPARE(r.json.value(u"object").toString(), u"instance_template"_s);
        QCOMPARE(r.json.value(u"resource_path").toString(),
                 u"sfc:instance_template:acme:research:with-data"_s);
        QCOMPARE(r.json.value(u"image").toObject().value(u"name").toString(), u"ubuntu-24.04-cuda-13.2"_s);
        QVERIFY(r.json.value(u"cloud_init_user_data_used").toBool());
        const QString id = r.id();
        // The one template comes with its user data; a list only when it asks.
        r = m_api.get(u"/preview/v2/instance_templates/"_s + id);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"cloud_init_user_data").toString(), userData);
        QCOMPARE(
            m_api.get(u"/preview/v2/instance_templates/sfc:instance_template:acme:research:with-data"_s).id(),
            id);
        r = m_api.get(u"/preview/v2/instance_templates?workspace=research&id=with-data"_s);
        QCOMPARE(r.data().size(), 1);
        QVERIFY(!r.data().at(0).toObject().contains(u"cloud_init_user_data"));
        r = m_api.get(
            u"/preview/v2/instance_templates?workspace=research&id=with-data&include=cloud_init_user_data"_s);
        QCOMPARE(r.data().at(0).toObject().value(u"cloud_init_user_data").toString(), userData);
        // Without user data, nothing is used.
        r = m_api.post(u"/preview/v2/instance_templates"_s,
                       {{u"workspace"_s, u"research"_s}, {u"image"_s, u"ubuntu-22.04.5-cuda-12.7"_s}});
        QCOMPARE(r.status, 201);
        QVERIFY(!r.json.value(u"cloud_init_user_data_used").toBool());
        QVERIFY(r.json.value(u"name").toString().startsWith(u"template-"_s));
        QCOMPARE(m_api.del(u"/preview/v2/instance_templates/"_s + r.id()).status, 204);
        QCOMPARE(m_api.get(u"/preview/v2/instance_templates/"_s + r.id()).status, 404);
        QCOMPARE(m_api.del(u"/preview/v2/instance_templates/"_s + r.id()).status, 404);
    }

    void templateValidation_data()
    {
        QTest::addColumn<QJsonObject>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        const QJsonObject base{{u"workspace"_s, u"research"_s}, {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s}};
        QJsonObject b = base;
        b.remove(u"image"_s);
        QTest::newRow("no image") << b << 422 << u"missing_field"_s;
        b = base;
        b.insert(u"cloud_init_user_data"_s, u"not base64!"_s);
        QTest::newRow("bad base64") << b << 422 << u"invalid_base64"_s;
        b = base;
        b.insert(u"cloud_init_user_data"_s, QString::fromLatin1(QByteArray(65537, 'x').toBase64()));
        QTest::newRow("too large") << b << 422 << u"too_large"_s;
        b = base;
        b.insert(u"name"_s, u"worker"_s);
        QTest::newRow("name taken") << b << 422 << u"name_taken"_s;
        b = base;
        b.insert(u"name"_s, u"-bad"_s);
        QTest::newRow("bad name") << b << 422 << u"invalid_name"_s;
        b = base;
        b.insert(u"image"_s, u"no-such-image"_s);
        QTest::newRow("unknown image") << b << 404 << u"not_found"_s;
        b = base;
        b.insert(u"workspace"_s, u"nowhere"_s);
        QTest::newRow("unknown workspace") << b << 404 << u"not_found"_s;
    }

    void templateValidation()
    {
        QFETCH(QJsonObject, body);
        QFETCH(int, status);
        QFETCH(QString, code);
        const auto r = m_api.post(u"/preview/v2/instance_templates"_s, body);
        QCOMPARE(r.status, status);
        QVERIFY2(r.detailCodes().contains(code), r.raw.constData());
    }

    void templatePagesAndGrants()
    {
        for (int i = 0; i < 4; ++i)
            QCOMPARE(createTemplate(u"default"_s, u"page-%1"_s.arg(i)).status, 201);
        QStringList seen;
        QString cursor;
        do {
            const auto r = m_api.get(u"/preview/v2/instance_templates?workspace=default&limit=3"_s
                                     + (cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
            QCOMPARE(r.status, 200);
            for (const auto& v : constValue(r.data()))
                seen << v.toObject().value(u"name").toString();
            cursor = r.json.value(u"has_more").toBool() ? r.json.value(u"cursor").toString() : QString();
            QVERIFY(cursor.isEmpty() || cursor.startsWith(u"itmplc_"_s));
        } while (!cursor.isEmpty());
        QCOMPARE(seen, (QStringList{u"page-3"_s, u"page-2"_s, u"page-1"_s, u"page-0"_s}));
        QCOMPARE(m_api.get(u"/preview/v2/instance_templates?limit=51"_s).status, 422);
        QCOMPARE(m_api.get(u"/preview/v2/instance_templates?starting_after=deplc_AAAA"_s).status, 422);
        // Read-only in production: lists, cannot create; another account sees nothing of acme's.
        QCOMPARE(createTemplate(u"production"_s, u"v"_s, {}, m_viewer).status, 403);
        QCOMPARE(m_api.get(u"/preview/v2/instance_templates?workspace=production"_s, m_viewer).status, 200);
        QCOMPARE(m_api.get(u"/preview/v2/instance_templates/"_s + m_template, m_globex).status, 404);
        QCOMPARE(m_api.get(u"/preview/v2/instance_templates"_s, m_globex).data().size(), 0);
        QCOMPARE(m_api.del(u"/preview/v2/instance_templates/"_s + m_template, m_viewer).status, 404);
    }

    // ---------------------------------------------------------------------------------------
    // Deployments: create, read, change, delete.

    void deploymentValidation_data()
    {
        QTest::addColumn<QJsonObject>("change");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("negative target")
            << QJsonObject{{u"target_instance_count"_s, -1}} << 422 << u"out_of_range"_s;
        QTest::newRow("too few names")
            << QJsonObject{{u"instance_name_template"_s, u"w-{{nanoid(8)}}"_s}} << 422 << u"invalid_value"_s;
        QTest::newRow("unknown variable")
            << QJsonObject{{u"instance_name_template"_s, u"w-{{uuid}}"_s}} << 422 << u"invalid_value"_s;
        QTest::newRow("starts with a dash")
            << QJsonObject{{u"instance_name_template"_s, u"-w-{{nanoid(12)}}"_s}} << 422
            << u"invalid_value"_s;
        QTest::newRow("price on generic")
            << QJsonObject{{u"max_buy_price_dollars_per_node_hour"_s, u"9.000000"_s}} << 422
            << u"not_applicable"_s;
        QTest::newRow("spot without price")
            << QJsonObject{{u"kind"_s, u"spot"_s}} << 422 << u"missing_field"_s;
        QTest::newRow("spot price not decimal")
            << QJsonObject{{u"kind"_s, u"spot"_s}, {u"max_buy_price_dollars_per_node_hour"_s, u"9"_s}} << 422
            << u"invalid_value"_s;
        QTest::newRow("unknown template")
            << QJsonObject{{u"instance_template"_s, u"nope"_s}} << 404 << u"not_found"_s;
        QTest::newRow("partition on RoCE")
            << QJsonObject{{u"instance_sku"_s, u"sea-3-h100"_s}, {u"infiniband_partition"_s, u"fleet"_s}}
            << 422 << u"sku_not_infiniband"_s;
        QTest::newRow("partition on another fabric")
            << QJsonObject{{u"instance_sku"_s, u"hel-a-h200-ib"_s}, {u"infiniband_partition"_s, u"fleet"_s}}
            << 422 << u"fabric_mismatch"_s;
    }

    void deploymentValidation()
    {
        QFETCH(QJsonObject, change);
        QFETCH(int, status);
        QFETCH(QString, code);
        const QString pool = createPool(u"research"_s, u"validation-%1"_s.arg(++m_counter));
        QJsonObject body{{u"kind"_s, u"generic"_s},
                         {u"pool"_s, pool},
                         {u"instance_sku"_s, u"hel-a-h100-ib"_s},
                         {u"instance_template"_s, m_template},
                         {u"target_instance_count"_s, 1}};
        for (auto it = change.begin(); it != change.end(); ++it)
            body.insert(it.key(), it.value());
        const auto r = m_api.post(u"/preview/v2/deployments"_s, body);
        QCOMPARE(r.status, status);
        QVERIFY2(r.detailCodes().contains(code), r.raw.constData());
    }

    void deploymentReadChangeDelete()
    {
        const QString pool = createPool(u"research"_s, u"crud"_s);
        auto r = createDeployment(pool, u"crud"_s, 0);
        QCOMPARE(r.status, 201);
        const QString id = r.id();
        QVERIFY(id.startsWith(u"depl_"_s));
        QCOMPARE(r.json.value(u"object").toString(), u"deployment"_s);
        QCOMPARE(r.json.value(u"resource_path").toString(), u"sfc:deployment:acme:research:crud"_s);
        QCOMPARE(r.json.value(u"instance_name_template").toString(), u"worker-{{nanoid(10)}}"_s);
        QCOMPARE(r.json.value(u"status").toObject().value(u"state").toString(), u"info"_s);
        QCOMPARE(r.json.value(u"infiniband_partition").toObject().value(u"id").toString(), m_partition);
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + id).id(), id);
        QCOMPARE(m_api.get(u"/preview/v2/deployments/sfc:deployment:acme:research:crud"_s).id(), id);
        // The workspace is required; the pool narrows the list.
        QCOMPARE(m_api.get(u"/preview/v2/deployments"_s).status, 422);
        r = m_api.get(u"/preview/v2/deployments?workspace=research&pool="_s + pool);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.data().size(), 1);
        QCOMPARE(m_api.get(u"/preview/v2/deployments?workspace=research&limit=51"_s).status, 422);
        // A name already taken is 400 on patch; a price only for spot.
        QCOMPARE(createDeployment(createPool(u"research"_s, u"crud-2"_s), u"crud-other"_s, 0).status, 201);
        r = m_api.patch(u"/preview/v2/deployments/"_s + id, {{u"name"_s, u"crud-other"_s}});
        QCOMPARE(r.status, 400);
        QCOMPARE(r.errorType(), u"invalid_request_error"_s);
        QCOMPARE(m_api
                     .patch(u"/preview/v2/deployments/"_s + id,
                            {{u"max_buy_price_dollars_per_node_hour"_s, u"1.000000"_s}})
                     .status,
                 422);
        r = m_api.patch(
            u"/preview/v2/deployments/"_s + id,
            {{u"name"_s, u"crud-renamed"_s}, {u"enabled"_s, false}, {u"target_instance_count"_s, 4}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"name").toString(), u"crud-renamed"_s);
        QVERIFY(!r.json.value(u"enabled").toBool());
        QCOMPARE(r.json.value(u"target_instance_count").toInt(), 4);
        QVERIFY(r.json.value(u"status").toObject().value(u"message").toString().startsWith(u"Paused"_s));
        // Grants: the viewer cannot read research, the research writer can change it.
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + id, m_viewer).status, 404);
        QCOMPARE(m_api.patch(u"/preview/v2/deployments/"_s + id, {{u"target_instance_count"_s, 0}}, m_writer)
                     .status,
                 200);
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + id, m_globex).status, 404);
        // The template is in use; the pool has a deployment.
        r = m_api.del(u"/preview/v2/instance_templates/"_s + m_template);
        QCOMPARE(r.status, 422);
        QCOMPARE(r.json.value(u"error").toObject().value(u"message").toString(),
                 u"Instance template is in use."_s);
        r = m_api.del(u"/preview/v2/pools/"_s + pool);
        QCOMPARE(r.status, 422);
        QVERIFY(r.detailCodes().contains(u"deployment"_s));
        QCOMPARE(m_api.del(u"/preview/v2/deployments/"_s + id).status, 204);
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + id).status, 404);
        QCOMPARE(m_api.del(u"/preview/v2/deployments/"_s + id).status, 404);
        QCOMPARE(m_api.del(u"/preview/v2/pools/"_s + pool).status, 204);
    }

    void deploymentPages()
    {
        const QString pool = createPool(u"default"_s, u"paged"_s);
        const QString tmpl = createTemplate(u"default"_s, u"paged"_s).id();
        for (int i = 0; i < 5; ++i) {
            const auto r = m_api.post(u"/preview/v2/deployments"_s, {{u"kind"_s, u"generic"_s},
                                                                     {u"name"_s, u"paged-%1"_s.arg(i)},
                                                                     {u"pool"_s, pool},
                                                                     {u"instance_sku"_s, u"sea-3-h100"_s},
                                                                     {u"instance_template"_s, tmpl},
                                                                     {u"target_instance_count"_s, 0}});
            QCOMPARE(r.status, 201);
        }
        QStringList names;
        auto r = m_api.get(u"/preview/v2/deployments?workspace=default&limit=2"_s);
        while (true) {
            QCOMPARE(r.status, 200);
            for (const auto& v : constValue(r.data()))
                names << v.toObject().value(u"name").toString();
            if (!r.json.value(u"has_more").toBool())
                break;
            QVERIFY(r.json.value(u"cursor").toString().startsWith(u"deplc_"_s));
            r = m_api.get(u"/preview/v2/deployments?workspace=default&limit=2&starting_after="_s
                          + r.json.value(u"cursor").toString());
        }
        QCOMPARE(names, (QStringList{u"paged-4"_s, u"paged-3"_s, u"paged-2"_s, u"paged-1"_s, u"paged-0"_s}));
        const auto back = m_api.get(u"/preview/v2/deployments?workspace=default&limit=2&ending_before="_s
                                    + r.json.value(u"cursor").toString());
        QCOMPARE(back.data().size(), 2);
    }

    // ---------------------------------------------------------------------------------------
    // Reconciliation on the simulated clock.

    // The target count runs, named by the template, on the partition, managed by the deployment.
    void scalesUpWithinThePool()
    {
        const QString pool = createPool(u"research"_s, u"up"_s);
        m_api.setAllocation(pool, m_skus.value(u"hel-a-h100-ib"_s), 3);
        auto r = createDeployment(pool, u"up"_s, 2);
        QCOMPARE(r.status, 201);
        const QString id = r.id();
        QCOMPARE(r.json.value(u"status").toObject().value(u"message").toString(),
                 u"2 of 2 instances running."_s);
        const QJsonArray instances = deploymentInstances(id);
        QCOMPARE(instances.size(), 2);
        static const QRegularExpression name(u"^worker-[0-9A-Za-z]{10}$"_s);
        for (const auto& v : instances) {
            const QJsonObject i = v.toObject();
            QCOMPARE(i.value(u"status").toString(), u"running"_s);
            QVERIFY2(name.match(i.value(u"name").toString()).hasMatch(),
                     qPrintable(i.value(u"name").toString()));
            QCOMPARE(i.value(u"managed_by").toObject().value(u"object").toString(), u"deployment"_s);
            QCOMPARE(i.value(u"managed_by").toObject().value(u"name").toString(), u"up"_s);
            QCOMPARE(i.value(u"infiniband_partition").toObject().value(u"id").toString(), m_partition);
            QCOMPARE(i.value(u"image").toObject().value(u"name").toString(), u"ubuntu-24.04-cuda-13.2"_s);
            QVERIFY(i.value(u"cloud_init_user_data_used").toBool());
        }
        // Up to 3: the third node.
        r = m_api.patch(u"/preview/v2/deployments/"_s + id, {{u"target_instance_count"_s, 3}});
        QCOMPARE(r.json.value(u"status").toObject().value(u"message").toString(),
                 u"3 of 3 instances running."_s);
        QCOMPARE(running(id), 3);
        m_api.del(u"/preview/v2/deployments/"_s + id);
        QCOMPARE(running(id), 0);
    }

    // Down: waiting ones first, then the lowest priority, newest first.
    void scalesDownByPriority()
    {
        const QString pool = createPool(u"research"_s, u"down"_s);
        m_api.setAllocation(pool, m_skus.value(u"hel-a-h100-ib"_s), 3);
        const QString id = createDeployment(pool, u"down"_s, 3).id();
        const QJsonArray instances = deploymentInstances(id);
        QCOMPARE(instances.size(), 3);
        const QString oldest = instances.last().toObject().value(u"id").toString();
        const QString middle = instances.at(1).toObject().value(u"id").toString();
        const QString newest = instances.first().toObject().value(u"id").toString();
        // The oldest yields; the newest is preferred.
        auto r = m_api.patch(
            u"/preview/v2/instances"_s,
            {{u"data"_s, QJsonArray{QJsonObject{{u"id"_s, oldest}, {u"priority_level"_s, u"yield"_s}},
                                    QJsonObject{{u"id"_s, newest}, {u"priority_level"_s, u"preferred"_s}}}}});
        QCOMPARE(r.status, 200);
        r = m_api.patch(u"/preview/v2/deployments/"_s + id, {{u"target_instance_count"_s, 1}});
        QCOMPARE(r.status, 200);
        QCOMPARE(statusOf(oldest), u"terminated"_s);
        QCOMPARE(statusOf(middle), u"terminated"_s);
        QCOMPARE(statusOf(newest), u"running"_s);
        QCOMPARE(running(id), 1);
        m_api.del(u"/preview/v2/deployments/"_s + id);
    }

    // Fewer nodes than the target: what fits runs, and the status says why the rest does not.
    void capacityShortIsTold()
    {
        const QString pool = createPool(u"research"_s, u"short"_s);
        m_api.setAllocation(pool, m_skus.value(u"hel-a-h100-ib"_s), 3);
        // An instance of the user's takes one node.
        QCOMPARE(m_api
                     .post(u"/preview/v2/instances"_s, {{u"pool"_s, pool},
                                                        {u"instance_sku"_s, u"hel-a-h100-ib"_s},
                                                        {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                                                        {u"name"_s, u"hand-made"_s}})
                     .status,
                 201);
        auto r = createDeployment(pool, u"short"_s, 4);
        const QString id = r.id();
        QCOMPARE(running(id), 2);
        QJsonObject status = r.json.value(u"status").toObject();
        QCOMPARE(status.value(u"state").toString(), u"warning"_s);
        QVERIFY2(status.value(u"message").toString().contains(u"capacity is short"_s),
                 qPrintable(status.value(u"message").toString()));
        QVERIFY(status.value(u"message").toString().contains(u"owns 3 nodes"_s));
        // More nodes: the deployment takes them at the next turn of the world.
        m_api.setAllocation(pool, m_skus.value(u"hel-a-h100-ib"_s), 5);
        QCOMPARE(running(id), 4);
        status = m_api.get(u"/preview/v2/deployments/"_s + id).json.value(u"status").toObject();
        QCOMPARE(status.value(u"state").toString(), u"info"_s);
        // The allocation ends: the pool's instances go, lowest priority first, and the status says so.
        m_api.setAllocation(pool, m_skus.value(u"hel-a-h100-ib"_s), 0);
        QCOMPARE(running(id), 0);
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + id)
                     .json.value(u"status")
                     .toObject()
                     .value(u"state")
                     .toString(),
                 u"warning"_s);
        m_api.del(u"/preview/v2/deployments/"_s + id);
    }

    // A terminated instance is replaced at the next turn of the world.
    void replacesTerminatedInstances()
    {
        const QString pool = createPool(u"research"_s, u"heal"_s);
        m_api.setAllocation(pool, m_skus.value(u"hel-a-h100-ib"_s), 2);
        const QString id = createDeployment(pool, u"heal"_s, 2).id();
        const QString victim = deploymentInstances(id).first().toObject().value(u"id").toString();
        QCOMPARE(m_api.post(u"/preview/v2/instances/%1/terminate"_s.arg(victim), {}).status, 200);
        m_api.advanceClock(60);
        QCOMPARE(running(id), 2);
        QStringList ids;
        for (const auto& v : constValue(deploymentInstances(id)))
            ids << v.toObject().value(u"id").toString();
        QVERIFY(!ids.contains(victim));
        // Paused: nothing is replaced; enabled again, it is.
        m_api.patch(u"/preview/v2/deployments/"_s + id, {{u"enabled"_s, false}});
        QCOMPARE(m_api.post(u"/preview/v2/instances/%1/terminate"_s.arg(ids.first()), {}).status, 200);
        m_api.advanceClock(60);
        QCOMPARE(running(id), 1);
        m_api.patch(u"/preview/v2/deployments/"_s + id, {{u"enabled"_s, true}});
        QCOMPARE(running(id), 2);
        m_api.del(u"/preview/v2/deployments/"_s + id);
    }

    // A spot deployment buys through the order book, never above its cap, then runs its instances.
    void spotBuysUnderTheCap()
    {
        const QString pool = createPool(u"research"_s, u"spot"_s);
        auto r = m_api.post(u"/preview/v2/deployments"_s,
                            {{u"kind"_s, u"spot"_s},
                             {u"name"_s, u"spot"_s},
                             {u"pool"_s, pool},
                             {u"instance_sku"_s, u"hel-a-h100-ib"_s},
                             {u"instance_template"_s, m_template},
                             {u"target_instance_count"_s, 2},
                             {u"max_buy_price_dollars_per_node_hour"_s, u"60.000000"_s}});
        QCOMPARE(r.status, 201);
        const QString id = r.id();
        QVERIFY(id.startsWith(u"spot_"_s));
        QCOMPARE(r.json.value(u"object").toString(), u"spot_deployment"_s);
        QCOMPARE(r.json.value(u"max_buy_price_dollars_per_node_hour").toString(), u"60.000000"_s);
        // Its orders are ordinary orders of the pool, at the cap.
        const auto orders = m_api.get(u"/preview/v2/orders?pool="_s + pool);
        QVERIFY(orders.data().size() >= 1);
        for (const auto& v : constValue(orders.data())) {
            const QJsonObject order = v.toObject();
            QCOMPARE(order.value(u"side").toString(), u"buy"_s);
            QVERIFY(order.value(u"limit_price_dollars_per_node_hour").toString().toDouble() <= 60.0);
            if (order.value(u"status").toString() == u"filled"_s)
                QVERIFY(order.value(u"filled_average_price_dollars_per_node_hour").toString().toDouble()
                        <= 60.0);
        }
        QCOMPARE(running(id), 2);
        const QJsonObject managed =
            deploymentInstances(id).first().toObject().value(u"managed_by").toObject();
        QCOMPARE(managed.value(u"object").toString(), u"spot_deployment"_s);
        // Another spot automation of the same pool and SKU conflicts.
        r = m_api.post(u"/preview/v2/deployments"_s,
                       {{u"kind"_s, u"spot"_s},
                        {u"pool"_s, pool},
                        {u"instance_sku"_s, u"hel-a-h100-ib"_s},
                        {u"instance_template"_s, m_template},
                        {u"target_instance_count"_s, 1},
                        {u"max_buy_price_dollars_per_node_hour"_s, u"9.000000"_s}});
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorType(), u"conflict"_s);
        // An hour on, the next hour is bought too; nothing twice.
        m_api.advanceClock(3600);
        QCOMPARE(running(id), 2);
        QCOMPARE(m_api.get(u"/preview/v2/deployments/"_s + id)
                     .json.value(u"status")
                     .toObject()
                     .value(u"state")
                     .toString(),
                 u"info"_s);
        m_api.del(u"/preview/v2/deployments/"_s + id);
    }

    // In the last minutes of an hour a spot deployment buys them with the next hour: its instances
    // run at once, not when the hour turns.
    void spotRunsAtOnceAtTheEndOfAnHour()
    {
        const qint64 now = m_api.now();
        const qint64 nextHour = (now / 3600 + 1) * 3600;
        if (nextHour - now > 300)
            m_api.advanceClock(nextHour - now - 300);
        const QString pool = createPool(u"research"_s, u"late"_s);
        const auto r = m_api.post(u"/preview/v2/deployments"_s,
                                  {{u"kind"_s, u"spot"_s},
                                   {u"name"_s, u"late"_s},
                                   {u"pool"_s, pool},
                                   {u"instance_sku"_s, u"hel-a-h100-ib"_s},
                                   {u"instance_template"_s, m_template},
                                   {u"target_instance_count"_s, 1},
                                   {u"max_buy_price_dollars_per_node_hour"_s, u"60.000000"_s}});
        QCOMPARE(r.status, 201);
        QCOMPARE(running(r.id()), 1);
        // One order, from now to the end of the next hour.
        const auto orders = m_api.get(u"/preview/v2/orders?pool="_s + pool).data();
        QCOMPARE(orders.size(), 1);
        const QJsonArray delta = orders.first().toObject().value(u"allocation_schedule_delta").toArray();
        QCOMPARE(delta.first().toObject().value(u"end_at").toInteger(), nextHour + 3600);
        QVERIFY(delta.first().toObject().value(u"start_at").toInteger() <= m_api.now());
        QCOMPARE(m_api.del(u"/preview/v2/deployments/"_s + r.id()).status, 204);
    }

    // One automation buys for a pool's SKU: a spot deployment refuses a procurement beside it (409),
    // and a procurement a spot deployment beside it.
    void oneBuyingAutomationPerPoolSku()
    {
        const QString pool = createPool(u"research"_s, u"automations"_s);
        const QJsonObject procurement{{u"name"_s, u"keep-automations"_s},
                                      {u"pool"_s, pool},
                                      {u"instance_sku"_s, m_skus.value(u"hel-a-h100-ib"_s)},
                                      {u"target"_s, 1},
                                      {u"min_sell_price_dollars_per_node_hour"_s, u"90.000000"_s},
                                      {u"max_buy_price_dollars_per_node_hour"_s, u"1.000000"_s},
                                      {u"managed_window_minutes"_s, 60}};
        const QJsonObject spot{{u"kind"_s, u"spot"_s},
                               {u"name"_s, u"spot-automations"_s},
                               {u"pool"_s, pool},
                               {u"instance_sku"_s, m_skus.value(u"hel-a-h100-ib"_s)},
                               {u"instance_template"_s, m_template},
                               {u"target_instance_count"_s, 0},
                               {u"max_buy_price_dollars_per_node_hour"_s, u"1.000000"_s}};
        auto r = m_api.post(u"/preview/v2/deployments"_s, spot);
        QCOMPARE(r.status, 201);
        const QString spotId = r.id();
        r = m_api.post(u"/preview/v2/procurements"_s, procurement);
        QCOMPARE(r.status, 409);
        QCOMPARE(r.errorType(), u"conflict"_s);
        QVERIFY(r.detailCodes().contains(u"automation_exists"_s));
        QCOMPARE(m_api.del(u"/preview/v2/deployments/"_s + spotId).status, 204);
        r = m_api.post(u"/preview/v2/procurements"_s, procurement);
        QCOMPARE(r.status, 201);
        const QString procurementId = r.id();
        r = m_api.post(u"/preview/v2/deployments"_s, spot);
        QCOMPARE(r.status, 409);
        QVERIFY(r.detailCodes().contains(u"automation_exists"_s));
        // A generic deployment buys nothing: it may run beside the procurement.
        QJsonObject generic = spot;
        generic.insert(u"kind"_s, u"generic"_s);
        generic.remove(u"max_buy_price_dollars_per_node_hour"_s);
        r = m_api.post(u"/preview/v2/deployments"_s, generic);
        QCOMPARE(r.status, 201);
        QCOMPARE(m_api.del(u"/preview/v2/deployments/"_s + r.id()).status, 204);
        QCOMPARE(m_api.del(u"/preview/v2/procurements/"_s + procurementId).status, 204);
    }

    // A pool a deployment keeps instances in is not deleted, even while nothing runs.
    void poolOfADeploymentIsKept()
    {
        const QString pool = createPool(u"research"_s, u"kept"_s);
        const auto d =
            m_api.post(u"/preview/v2/deployments"_s, {{u"kind"_s, u"generic"_s},
                                                      {u"name"_s, u"keeps-pool"_s},
                                                      {u"pool"_s, pool},
                                                      {u"instance_sku"_s, m_skus.value(u"hel-a-h100-ib"_s)},
                                                      {u"instance_template"_s, m_template},
                                                      {u"target_instance_count"_s, 0}});
        QCOMPARE(d.status, 201);
        auto r = m_api.del(u"/preview/v2/pools/"_s + pool);
        QCOMPARE(r.status, 422);
        QVERIFY2(r.detailCodes().contains(u"active_deployments"_s), qPrintable(r.detailCodes().join(u", ")));
        QCOMPARE(m_api.del(u"/preview/v2/deployments/"_s + d.id()).status, 204);
        QCOMPARE(m_api.del(u"/preview/v2/pools/"_s + pool).status, 204);
    }

    // Under a cap the market does not meet, the buy stands on the book and the status says so.
    void spotWaitsBelowTheMarket()
    {
        const QString pool = createPool(u"research"_s, u"cheap"_s);
        auto r = m_api.post(u"/preview/v2/deployments"_s,
                            {{u"kind"_s, u"spot"_s},
                             {u"name"_s, u"cheap"_s},
                             {u"pool"_s, pool},
                             {u"instance_sku"_s, u"hel-a-h100-ib"_s},
                             {u"instance_template"_s, m_template},
                             {u"target_instance_count"_s, 1},
                             {u"max_buy_price_dollars_per_node_hour"_s, u"0.010000"_s}});
        QCOMPARE(r.status, 201);
        const QString id = r.id();
        QCOMPARE(running(id), 0);
        const QJsonObject status = r.json.value(u"status").toObject();
        QCOMPARE(status.value(u"state").toString(), u"warning"_s);
        QVERIFY2(status.value(u"message").toString().contains(u"at up to $0.01"_s),
                 qPrintable(status.value(u"message").toString()));
        const auto orders = m_api.get(u"/preview/v2/orders?pool="_s + pool);
        QVERIFY(!orders.data().isEmpty());
        // The cap as the market keeps prices (per-minute precision), and every buy at most that.
        const QString cap = r.json.value(u"max_buy_price_dollars_per_node_hour").toString();
        QCOMPARE(cap, u"0.010020"_s);
        for (const auto& v : constValue(orders.data()))
            QVERIFY(v.toObject().value(u"limit_price_dollars_per_node_hour").toString().toDouble()
                    <= cap.toDouble());
        int standing = 0;
        for (const auto& v : constValue(orders.data()))
            standing += v.toObject().value(u"status").toString() == u"standing"_s;
        QVERIFY(standing >= 1);
        // Turning the reconciliation again places nothing more while the buys stand.
        const qsizetype before = orders.data().size();
        m_api.get(u"/preview/v2/deployments/"_s + id);
        QCOMPARE(m_api.get(u"/preview/v2/orders?pool="_s + pool).data().size(), before);
        // Deleting it takes its buys off the book.
        QCOMPARE(m_api.del(u"/preview/v2/deployments/"_s + id).status, 204);
        for (const auto& v : constValue(m_api.get(u"/preview/v2/orders?pool="_s + pool).data()))
            QVERIFY(v.toObject().value(u"status").toString() != u"standing"_s);
    }

    // ---------------------------------------------------------------------------------------
    // Replace and the batch patch.

    void replaceKeepsWhatItInherits()
    {
        const QString pool = createPool(u"research"_s, u"replace"_s);
        m_api.setAllocation(pool, m_skus.value(u"hel-a-h100-ib"_s), 2);
        const QString deployment = createDeployment(pool, u"replace"_s, 1).id();
        const QJsonObject old = deploymentInstances(deployment).first().toObject();
        const QString oldId = old.value(u"id").toString();
        m_api.patch(u"/preview/v2/instances/"_s + oldId, {{u"priority_level"_s, u"critical"_s}});
        const QJsonObject body{{u"image"_s, u"ubuntu-24.04-cuda-13.1"_s},
                               {u"cloud_init_user_data"_s, userData}};
        // The replaced instance's name stays taken while it is terminated.
        auto r = m_api.post(
            u"/preview/v2/instances/%1/replace"_s.arg(oldId),
            {{u"image"_s, u"ubuntu-24.04-cuda-13.1"_s}, {u"name"_s, old.value(u"name").toString()}});
        QCOMPARE(r.status, 400);
        r = m_api.postIdempotent(u"/preview/v2/instances/%1/replace"_s.arg(oldId), body, u"replace-1"_s);
        QCOMPARE(r.status, 201);
        const QString newId = r.id();
        QVERIFY(newId != oldId);
        QCOMPARE(r.json.value(u"status").toString(), u"running"_s);
        QCOMPARE(r.json.value(u"image").toObject().value(u"name").toString(), u"ubuntu-24.04-cuda-13.1"_s);
        QCOMPARE(r.json.value(u"priority_level").toString(), u"critical"_s);
        QCOMPARE(r.json.value(u"infiniband_partition").toObject().value(u"id").toString(), m_partition);
        QCOMPARE(r.json.value(u"managed_by").toObject().value(u"id").toString(), deployment);
        QCOMPARE(r.json.value(u"pool").toObject().value(u"id").toString(), pool);
        QCOMPARE(statusOf(oldId), u"terminated"_s);
        // A retry with the key answers with the first replacement; another body is refused.
        r = m_api.postIdempotent(u"/preview/v2/instances/%1/replace"_s.arg(oldId), body, u"replace-1"_s);
        QCOMPARE(r.status, 201);
        QCOMPARE(r.id(), newId);
        r = m_api.postIdempotent(u"/preview/v2/instances/%1/replace"_s.arg(oldId),
                                 {{u"image"_s, u"ubuntu-24.04-cuda-13.2"_s}}, u"replace-1"_s);
        QCOMPARE(r.status, 422);
        // Without the key, a terminated instance is not found.
        r = m_api.post(u"/preview/v2/instances/%1/replace"_s.arg(oldId), body);
        QCOMPARE(r.status, 404);
        QCOMPARE(r.json.value(u"error").toObject().value(u"message").toString(),
                 u"Instance not found or already terminated."_s);
        // The deployment counts the replacement as its own: no extra instance.
        m_api.advanceClock(60);
        QCOMPARE(running(deployment), 1);
        // A replace with an image that is not there.
        r = m_api.post(u"/preview/v2/instances/%1/replace"_s.arg(newId), {{u"image"_s, u"nope"_s}});
        QCOMPARE(r.status, 404);
        QCOMPARE(statusOf(newId), u"running"_s); // nothing happened
        QCOMPARE(m_api
                     .post(u"/preview/v2/instances/%1/replace"_s.arg(newId),
                           {{u"image"_s, u"ubuntu-24.04-cuda-13.1"_s}}, m_viewer)
                     .status,
                 404);
        m_api.del(u"/preview/v2/deployments/"_s + deployment);
    }

    void batchPatch()
    {
        const QString research = createPool(u"research"_s, u"batch"_s);
        const QString other = createPool(u"default"_s, u"batch"_s);
        m_api.setAllocation(research, m_skus.value(u"sea-3-h100"_s), 2);
        m_api.setAllocation(other, m_skus.value(u"sea-3-h100"_s), 1);
        const QString a = createInstance(research, u"batch-a"_s);
        const QString b = createInstance(research, u"batch-b"_s);
        const QString c = createInstance(other, u"batch-c"_s);
        // The last entry of an id wins, and each id is answered once.
        auto r = m_api.patch(
            u"/preview/v2/instances"_s,
            {{u"data"_s, QJsonArray{QJsonObject{{u"id"_s, a}, {u"priority_level"_s, u"yield"_s}},
                                    QJsonObject{{u"id"_s, b}, {u"priority_level"_s, u"preferred"_s}},
                                    QJsonObject{{u"id"_s, a}, {u"priority_level"_s, u"critical"_s}}}}});
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.value(u"object").toString(), u"list"_s);
        QCOMPARE(r.data().size(), 2);
        QCOMPARE(r.data().at(0).toObject().value(u"priority_level").toString(), u"critical"_s);
        QCOMPARE(r.data().at(1).toObject().value(u"priority_level").toString(), u"preferred"_s);
        // Across workspaces: refused, and nothing changed.
        r = m_api.patch(
            u"/preview/v2/instances"_s,
            {{u"data"_s, QJsonArray{QJsonObject{{u"id"_s, a}, {u"priority_level"_s, u"yield"_s}},
                                    QJsonObject{{u"id"_s, c}, {u"priority_level"_s, u"yield"_s}}}}});
        QCOMPARE(r.status, 422);
        QVERIFY(r.detailCodes().contains(u"cross_workspace"_s));
        QCOMPARE(m_api.get(u"/preview/v2/instances/"_s + a).json.value(u"priority_level").toString(),
                 u"critical"_s);
        // Unknown instances and bad values are 422; read-only callers 403 or unknown.
        r = m_api.patch(u"/preview/v2/instances"_s,
                        {{u"data"_s, QJsonArray{QJsonObject{{u"id"_s, u"inst_AAAAAAAAAAAAAAAAAAAAA"_s},
                                                            {u"priority_level"_s, u"yield"_s}}}}});
        QCOMPARE(r.status, 422);
        QVERIFY(r.detailCodes().contains(u"unknown_instance"_s));
        r = m_api.patch(
            u"/preview/v2/instances"_s,
            {{u"data"_s, QJsonArray{QJsonObject{{u"id"_s, a}, {u"priority_level"_s, u"urgent"_s}}}}});
        QCOMPARE(r.status, 422);
        QCOMPARE(m_api.patch(u"/preview/v2/instances"_s, {{u"data"_s, QJsonArray{}}}).status, 422);
        r = m_api.patch(
            u"/preview/v2/instances"_s,
            {{u"data"_s, QJsonArray{QJsonObject{{u"id"_s, a}, {u"priority_level"_s, u"yield"_s}}}}},
            m_writer);
        QCOMPARE(r.status, 200);
        QJsonArray many;
        for (int i = 0; i < 501; ++i)
            many.append(QJsonObject{{u"id"_s, a}, {u"priority_level"_s, u"yield"_s}});
        QCOMPARE(m_api.patch(u"/preview/v2/instances"_s, {{u"data"_s, many}}).status, 422);
    }

private:
    SimReply createTemplate(const QString& workspace, const QString& name, const QJsonObject& extra = {},
                            const QString& token = {})
    {
        QJsonObject body{{u"workspace"_s, workspace},
                         {u"name"_s, name},
                         {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                         {u"cloud_init_user_data"_s, userData}};
        for (auto it = extra.begin(); it != extra.end(); ++it)
            body.insert(it.key(), it.value());
        return m_api.post(u"/preview/v2/instance_templates"_s, body, token);
    }

    QString createPool(const QString& workspace, const QString& name)
    {
        return m_api.post(u"/preview/v2/pools"_s, {{u"workspace"_s, workspace}, {u"name"_s, name}}).id();
    }

    QString createInstance(const QString& pool, const QString& name)
    {
        return m_api
            .post(u"/preview/v2/instances"_s, {{u"pool"_s, pool},
                                               {u"instance_sku"_s, u"sea-3-h100"_s},
                                               {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                                               {u"name"_s, name}})
            .id();
    }

    SimReply createDeployment(const QString& pool, const QString& name, int target)
    {
        return m_api.post(u"/preview/v2/deployments"_s,
                          {{u"kind"_s, u"generic"_s},
                           {u"name"_s, name},
                           {u"pool"_s, pool},
                           {u"instance_sku"_s, u"hel-a-h100-ib"_s},
                           {u"instance_template"_s, m_template},
                           {u"target_instance_count"_s, target},
                           {u"instance_name_template"_s, u"worker-{{nanoid(10)}}"_s},
                           {u"infiniband_partition"_s, u"fleet"_s}});
    }

    // The deployment's instances that run or wait, newest first.
    QJsonArray deploymentInstances(const QString& deployment)
    {
        QJsonArray out;
        const auto r =
            m_api.get(u"/preview/v2/instances?status=running&status=awaiting_allocation&limit=200"_s);
        for (const auto& v : constValue(r.data())) {
            if (v.toObject().value(u"managed_by").toObject().value(u"id").toString() == deployment)
                out.append(v);
        }
        return out;
    }

    int running(const QString& deployment)
    {
        int n = 0;
        for (const auto& v : constValue(deploymentInstances(deployment)))
            n += v.toObject().value(u"status").toString() == u"running"_s;
        return n;
    }

    QString statusOf(const QString& instance)
    {
        return m_api.get(u"/preview/v2/instances/"_s + instance).json.value(u"status").toString();
    }

    SimProcess m_sim;
    SimClient m_api;
    QString m_owner;
    QString m_viewer;
    QString m_writer;
    QString m_globex;
    QHash<QString, QString> m_skus;
    QString m_partition;
    QString m_template;
    int m_counter = 0;
};

QTEST_GUILESS_MAIN(TestSimDeployments)
#include "tst_simdeployments.moc"
