// SPDX-License-Identifier: Apache-2.0

#include "sim/http/simserver.h"

#include "common/constvalue.h"
#include "support/simclient.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace Qt::StringLiterals;
using namespace sfdesk;
using namespace sfsim;

namespace {

constexpr qint64 H = 3600;
constexpr qint64 D = 86400;

// Nodes of a schedule ([{start_at, end_at|null, node_count}]) at time t.
qint64 nodesAt(const QJsonArray& schedule, qint64 t)
{
    for (const auto& v : schedule) {
        const QJsonObject e = v.toObject();
        const bool open = e.value(u"end_at").isNull() || e.value(u"end_at").isUndefined();
        if (e.value(u"start_at").toInteger() <= t && (open || t < e.value(u"end_at").toInteger()))
            return e.value(u"node_count").toInteger();
    }
    return 0;
}

} // namespace

// sfsim --demo: the account a new user first sees. Everything is read over HTTP (so the contract
// test validates every object), and checked against the invariants of the API: the pool's
// schedule is the sum of its orders' fills, the workers sit on their partition's fabric.
class TestSimDemo final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        TestEnv::init();
        QVERIFY2(m_sim.start({u"--demo"_s, u"--control"_s}, 120000), qPrintable(m_sim.errorOutput()));
        m_api.setBaseUrl(m_sim.baseUrl());
        m_api.setToken(m_sim.token(u"acme-owner"_s));
        m_now = m_api.now();
        for (const auto& v : constValue(m_api.get(u"/preview/v2/instance_skus?limit=200"_s).data()))
            m_skus.insert(v.toObject().value(u"alias").toString(), v.toObject());
    }

    void acmeIsEnrolledInThePreview()
    {
        bool enrolled = false;
        for (const auto& f : constValue(m_api.get(u"/preview/v2/feature_flags"_s).data())) {
            if (f.toObject().value(u"feature_flag").toString() == u"infiniband-preview"_s)
                enrolled = f.toObject().value(u"enrolled").toBool();
        }
        QVERIFY(enrolled);
    }

    void trainingClusterOwnsItsNodes()
    {
        const SimReply pool = m_api.get(u"/preview/v2/pools/sfc:pool:acme:production:training-cluster"_s);
        QCOMPARE(pool.status, 200);
        const QString sku = m_skus.value(u"hel-a-h100-ib"_s).value(u"id").toString();
        QCOMPARE(m_skus.value(u"hel-a-h100-ib"_s).value(u"rdma_type").toObject().value(u"value").toString(),
                 u"infiniband"_s);
        const QJsonArray schedule = pool.json.value(u"allocation_schedule")
                                        .toObject()
                                        .value(u"by_instance_sku")
                                        .toObject()
                                        .value(sku)
                                        .toArray();
        // Two nodes now and for the next few days.
        QCOMPARE(nodesAt(schedule, m_now), 2);
        QCOMPARE(nodesAt(schedule, m_now + 2 * D), 2);
        // Sixteen for five days next week.
        qint64 runStart = 0;
        for (const auto& e : schedule) {
            if (e.toObject().value(u"node_count").toInteger() == 16) {
                runStart = e.toObject().value(u"start_at").toInteger();
                break;
            }
        }
        QVERIFY(runStart > m_now + D);
        QVERIFY(runStart < m_now + 14 * D);
        QCOMPARE(nodesAt(schedule, runStart + 5 * D - H), 16);
        QCOMPARE(nodesAt(schedule, runStart + 5 * D), 0);
        // ... and it owned two in the past days (the history of the schedule).
        const SimReply history = m_api.get(
            u"/preview/v2/pools/sfc:pool:acme:production:training-cluster?schedule_history_minutes=1440"_s);
        QCOMPARE(nodesAt(history.json.value(u"allocation_schedule")
                             .toObject()
                             .value(u"by_instance_sku")
                             .toObject()
                             .value(sku)
                             .toArray(),
                         m_now - D + H),
                 2);
    }

    // A pool's schedule is the sum of its orders' fills (its own and its procurements') and of the
    // executed transfers into and out of it.
    void poolSchedulesAreTheirFillsAndTransfers()
    {
        for (const QString& ref :
             {u"sfc:pool:acme:production:training-cluster"_s, u"sfc:pool:acme:research:inference"_s,
              u"sfc:pool:acme:research:evaluation"_s}) {
            const SimReply pool = m_api.get(u"/preview/v2/pools/"_s + ref);
            QCOMPARE(pool.status, 200);
            const QString poolId = pool.id();
            // Sum of the fills per SKU, sampled hourly from now over three weeks.
            std::map<QString, std::map<qint64, qint64>> fromFills;
            const auto add = [this, &fromFills](const QString& sku, qint64 sign, const QJsonArray& delta) {
                for (qint64 t = m_now - m_now % H + H; t < m_now + 21 * D; t += H)
                    fromFills[sku][t] += sign * nodesAt(delta, t);
            };
            QStringList lists{u"pool="_s + poolId};
            for (const auto& p : constValue(pool.json.value(u"procurements").toArray()))
                lists << u"procurement="_s + p.toObject().value(u"id").toString();
            for (const QString& filter : std::as_const(lists)) {
                QString cursor;
                do {
                    const SimReply orders = m_api.get(u"/preview/v2/orders?%1&limit=200%2"_s.arg(
                        filter, cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
                    QCOMPARE(orders.status, 200);
                    for (const auto& o : constValue(orders.data())) {
                        const QJsonObject order = o.toObject();
                        const qint64 sign = order.value(u"side").toString() == u"buy"_s ? 1 : -1;
                        const QString sku = order.value(u"instance_sku").toObject().value(u"id").toString();
                        for (const auto& f : constValue(order.value(u"fills").toArray()))
                            add(sku, sign, f.toObject().value(u"allocation_schedule_delta").toArray());
                    }
                    cursor = orders.json.value(u"has_more").toBool() ? orders.json.value(u"cursor").toString()
                                                                     : QString();
                } while (!cursor.isEmpty());
            }
            const SimReply transfers =
                m_api.get(u"/preview/v2/pool_transfers?status=executed&pool="_s + poolId);
            QCOMPARE(transfers.status, 200);
            for (const auto& t : constValue(transfers.data())) {
                const QJsonObject transfer = t.toObject();
                add(transfer.value(u"instance_sku").toObject().value(u"id").toString(),
                    transfer.value(u"from_pool").toString() == poolId ? -1 : 1,
                    transfer.value(u"allocation_schedule_delta").toArray());
            }
            QVERIFY(!fromFills.empty());
            const QJsonObject bySku =
                pool.json.value(u"allocation_schedule").toObject().value(u"by_instance_sku").toObject();
            QCOMPARE(bySku.keys().size(), qsizetype(fromFills.size()));
            for (const auto& [sku, hours] : fromFills) {
                for (const auto& [t, nodes] : hours)
                    QCOMPARE(nodesAt(bySku.value(sku).toArray(), t), nodes);
            }
        }
    }

    // The procurement of the demo has kept the inference pool at two nodes of its SKU over the
    // next day, with orders of its own placed hour by hour since a day ago.
    void procurementKeepsInferenceAtTwoNodes()
    {
        const SimReply list = m_api.get(u"/preview/v2/procurements?workspace=research"_s);
        QCOMPARE(list.status, 200);
        QCOMPARE(list.data().size(), 1);
        const QJsonObject procurement = list.data().first().toObject();
        QCOMPARE(procurement.value(u"name").toString(), u"inference-keep-2"_s);
        QCOMPARE(procurement.value(u"pool").toObject().value(u"name").toString(), u"inference"_s);
        QCOMPARE(procurement.value(u"target").toInteger(), 2);
        QVERIFY(procurement.value(u"enabled").toBool());
        QCOMPARE(procurement.value(u"status").toObject().value(u"state").toString(), u"info"_s);
        const QString sku = procurement.value(u"instance_sku").toObject().value(u"id").toString();
        const QJsonArray schedule = m_api.get(u"/preview/v2/pools/sfc:pool:acme:research:inference"_s)
                                        .json.value(u"allocation_schedule")
                                        .toObject()
                                        .value(u"by_instance_sku")
                                        .toObject()
                                        .value(sku)
                                        .toArray();
        for (qint64 t = m_now + 60; t < m_now + D; t += H)
            QCOMPARE(nodesAt(schedule, t), 2);
        const SimReply orders =
            m_api.get(u"/preview/v2/orders?limit=200&procurement="_s + procurement.value(u"id").toString());
        QVERIFY(orders.data().size() >= 20);
        int filled = 0;
        for (const auto& o : constValue(orders.data()))
            filled += o.toObject().value(u"fills").toArray().isEmpty() ? 0 : 1;
        QVERIFY(filled >= 20);
    }

    // Two nodes of next week's run moved from production's training pool to research's evaluation
    // pool.
    void transferMovedNodesToEvaluation()
    {
        const SimReply evaluation = m_api.get(u"/preview/v2/pools/sfc:pool:acme:research:evaluation"_s);
        QCOMPARE(evaluation.status, 200);
        const SimReply transfers = m_api.get(u"/preview/v2/pool_transfers?pool="_s + evaluation.id());
        QCOMPARE(transfers.data().size(), 1);
        const QJsonObject transfer = transfers.data().first().toObject();
        QCOMPARE(transfer.value(u"status").toString(), u"executed"_s);
        QCOMPARE(transfer.value(u"to_pool").toString(), evaluation.id());
        QCOMPARE(transfer.value(u"from_pool").toString(),
                 m_api.get(u"/preview/v2/pools/sfc:pool:acme:production:training-cluster"_s).id());
        QCOMPARE(transfer.value(u"instance_sku").toObject().value(u"alias").toString(), u"hel-a-h100-ib"_s);
        const QJsonArray delta = transfer.value(u"allocation_schedule_delta").toArray();
        QCOMPARE(delta.first().toObject().value(u"node_count").toInteger(), 2);
    }

    void ordersTellTheStory()
    {
        const SimReply orders = m_api.get(u"/preview/v2/orders?workspace=production&limit=200"_s);
        QCOMPARE(orders.status, 200);
        int filledBuys = 0;
        int standingSells = 0;
        for (const auto& o : constValue(orders.data())) {
            const QJsonObject order = o.toObject();
            const QString status = order.value(u"status").toString();
            if (order.value(u"side").toString() == u"buy"_s && status == u"filled"_s)
                ++filledBuys;
            if (order.value(u"side").toString() == u"sell"_s && order.value(u"allow_standing").toBool()
                && (status == u"standing"_s || status == u"partially_filled"_s))
                ++standingSells;
        }
        QVERIFY(filledBuys >= 3);
        QCOMPARE(standingSells, 1);
    }

    void partitionWorkersAreOnItsFabric()
    {
        const SimReply partition =
            m_api.get(u"/preview/v2/infiniband_partitions/training?workspace=production"_s);
        QCOMPARE(partition.status, 200);
        QCOMPARE(partition.json.value(u"instance_count").toInteger(), 2);
        const QString fabric = partition.json.value(u"fabric").toObject().value(u"name").toString();
        const SimReply workers =
            m_api.get(u"/preview/v2/infiniband_partitions/%1/instances"_s.arg(partition.id()));
        QCOMPARE(workers.status, 200);
        QCOMPARE(workers.data().size(), 2);
        for (const auto& w : constValue(workers.data())) {
            const QJsonObject worker = w.toObject();
            QCOMPARE(worker.value(u"status").toString(), u"running"_s);
            QCOMPARE(worker.value(u"infiniband_partition").toObject().value(u"id").toString(),
                     partition.id());
            const QString alias = worker.value(u"instance_sku").toObject().value(u"alias").toString();
            QCOMPARE(m_skus.value(alias).value(u"infiniband_fabric").toObject().value(u"value").toString(),
                     fabric);
            const SimReply logs =
                m_api.get(u"/preview/v2/instances/%1/logs?limit=2500"_s.arg(worker.value(u"id").toString()));
            QCOMPARE(logs.status, 200);
            QByteArray console;
            for (const auto& line : constValue(logs.data()))
                console += QByteArray::fromBase64(line.toObject().value(u"data").toString().toLatin1());
            QVERIFY2(console.contains("PORT_ACTIVE"), console.right(600).constData());
        }
    }

    // The workers are a deployment's: two of the template "training-worker", kept running in the
    // partition under the names the team gave them.
    void workersAreADeploymentOfATemplate()
    {
        const SimReply tmpl = m_api.get(
            u"/preview/v2/instance_templates/sfc:instance_template:acme:production:training-worker"_s);
        QCOMPARE(tmpl.status, 200);
        QVERIFY(tmpl.json.value(u"cloud_init_user_data_used").toBool());
        QCOMPARE(tmpl.json.value(u"image").toObject().value(u"name").toString(), u"ubuntu-24.04-cuda-13.2"_s);
        const SimReply deployments = m_api.get(u"/preview/v2/deployments?workspace=production"_s);
        QCOMPARE(deployments.status, 200);
        QCOMPARE(deployments.data().size(), 1);
        const QJsonObject trainers = deployments.data().at(0).toObject();
        QCOMPARE(trainers.value(u"name").toString(), u"trainers"_s);
        QCOMPARE(trainers.value(u"target_instance_count").toInt(), 2);
        QCOMPARE(trainers.value(u"instance_template").toObject().value(u"id").toString(), tmpl.id());
        QCOMPARE(trainers.value(u"infiniband_partition").toObject().value(u"name").toString(), u"training"_s);
        QCOMPARE(trainers.value(u"status").toObject().value(u"state").toString(), u"info"_s);
        const SimReply workers = m_api.get(u"/preview/v2/instances?workspace=production&status=running"_s);
        int managed = 0;
        QStringList names;
        for (const auto& w : constValue(workers.data())) {
            const QJsonObject worker = w.toObject();
            if (worker.value(u"managed_by").toObject().value(u"id").toString()
                != trainers.value(u"id").toString())
                continue;
            ++managed;
            names << worker.value(u"name").toString();
            QCOMPARE(worker.value(u"tags").toObject().value(u"role").toString(), u"worker"_s);
        }
        QCOMPARE(managed, 2);
        names.sort();
        QCOMPARE(names, (QStringList{u"worker-0"_s, u"worker-1"_s}));
        QCOMPARE(trainers.value(u"instance_name_template").toString(), u"worker-{{nanoid(10)}}"_s);
    }

    void researchRunsOneRoceInstance()
    {
        const SimReply instances = m_api.get(u"/preview/v2/instances?workspace=research"_s);
        QCOMPARE(instances.status, 200);
        QCOMPARE(instances.data().size(), 1);
        const QJsonObject instance = instances.data().at(0).toObject();
        QCOMPARE(instance.value(u"status").toString(), u"running"_s);
        const QString alias = instance.value(u"instance_sku").toObject().value(u"alias").toString();
        QCOMPARE(m_skus.value(alias).value(u"rdma_type").toObject().value(u"value").toString(), u"roce"_s);
    }

    void orderbookHasWeeksOfFills()
    {
        qint64 oldest = m_now;
        qint64 count = 0;
        QString cursor;
        do {
            const SimReply fills =
                m_api.get(u"/preview/v2/orderbook/fills?start_at=%1&end_at=%2&since_at=%3&limit=200%4"_s
                              .arg(m_now - m_now % 60 - 28 * D)
                              .arg(m_now - m_now % 60 + 28 * D)
                              .arg(m_now - 29 * D)
                              .arg(cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
            QCOMPARE(fills.status, 200);
            for (const auto& f : constValue(fills.data())) {
                oldest = qMin(oldest, f.toObject().value(u"filled_at").toInteger());
                ++count;
            }
            cursor =
                fills.json.value(u"has_more").toBool() ? fills.json.value(u"cursor").toString() : QString();
        } while (!cursor.isEmpty());
        QVERIFY(count >= 15);
        QVERIFY2(oldest < m_now - 14 * D, qPrintable(QString::number((m_now - oldest) / D)));
    }

    // What the planner's fills chart shows for each SKU the demo trades: a trade most days of the
    // last two weeks (the trades of one second are one point).
    void everySkuTradedMostDays()
    {
        for (const QString& alias : {u"sea-3-h100"_s, u"hel-a-h100-ib"_s, u"iad-12-h200"_s,
                                     u"dfw-a-h100-ib"_s, u"hel-a-h200-ib"_s}) {
            QSet<qint64> days;
            QString cursor;
            do {
                const SimReply fills = m_api.get(
                    u"/preview/v2/orderbook/fills?requirements=instance_sku:%1&start_at=%2&end_at=%3&since_at=%4&limit=200%5"_s
                        .arg(m_skus.value(alias).value(u"id"_s).toString())
                        .arg(m_now - m_now % 60 - 14 * D)
                        .arg(m_now - m_now % 60 + 90 * D)
                        .arg(m_now - 14 * D)
                        .arg(cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
                QCOMPARE(fills.status, 200);
                for (const auto& f : constValue(fills.data()))
                    days.insert(f.toObject().value(u"filled_at").toInteger() / D);
                cursor = fills.json.value(u"has_more").toBool() ? fills.json.value(u"cursor").toString()
                                                                : QString();
            } while (!cursor.isEmpty());
            QVERIFY2(days.size() >= 10, qPrintable(u"%1: %2 days"_s.arg(alias).arg(days.size())));
        }
    }

    void plainWorldStaysTheDefault()
    {
        SimProcess plain;
        QVERIFY2(plain.start(), qPrintable(plain.errorOutput()));
        SimClient client(plain.baseUrl());
        client.setToken(plain.token(u"acme-owner"_s));
        const SimReply pools = client.get(u"/preview/v2/pools"_s);
        QCOMPARE(pools.status, 200);
        QVERIFY(pools.data().isEmpty());
    }

    // What the app offers: its local simulator reset to the demo, or to an empty account.
    void resetSwitchesBetweenDemoAndPlain()
    {
        QTemporaryDir dir;
        SimOptions options;
        options.dbFile = dir.filePath(u"sfsim.db"_s);
        options.tokensFile = dir.filePath(u"tokens.json"_s);
        SimServer server(options);
        QString error;
        QVERIFY2(server.start(&error), qPrintable(error));
        SimClient client(server.baseUrl());
        const QString plainToken = server.tokens().value(u"acme-owner"_s).toString();
        QCOMPARE(client.get(u"/preview/v2/pools"_s, plainToken).data().size(), 0);

        QVERIFY2(server.resetWorld(true, &error), qPrintable(error));
        const QString demoToken = server.tokens().value(u"acme-owner"_s).toString();
        QVERIFY(demoToken != plainToken);
        QCOMPARE(client.get(u"/preview/v2/pools"_s, plainToken).status, 401);
        const SimReply pools = client.get(u"/preview/v2/pools"_s, demoToken);
        QCOMPARE(pools.status, 200);
        QCOMPARE(pools.data().size(), 3);
        QCOMPARE(client.get(u"/preview/v2/infiniband_partitions/training?workspace=production"_s, demoToken)
                     .status,
                 200);

        QVERIFY2(server.resetWorld(false, &error), qPrintable(error));
        const QString againToken = server.tokens().value(u"acme-owner"_s).toString();
        QCOMPARE(client.get(u"/preview/v2/pools"_s, againToken).data().size(), 0);
        QCOMPARE(client.get(u"/preview/v2/infiniband_fabrics"_s, againToken).status, 403); // not enrolled
    }

private:
    SimProcess m_sim;
    SimClient m_api;
    qint64 m_now = 0;
    QHash<QString, QJsonObject> m_skus;
};

QTEST_GUILESS_MAIN(TestSimDemo)
#include "tst_simdemo.moc"
