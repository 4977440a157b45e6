// SPDX-License-Identifier: Apache-2.0

#include "core/api/infinibandadapter.h"
#include "core/api/jsonreader.h"
#include "core/api/resourcejson.h"
#include "support/testenv.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

#include <functional>

using namespace sfdesk;

namespace {

QJsonDocument load(const QString& name)
{
    QFile file(TestEnv::dataFile(QStringLiteral("api/") + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return QJsonDocument::fromJson(file.readAll());
}

// Parses a fixture as one object or as a list of objects; returns the item count, or -1 and an error.
using Runner = std::function<int(const QJsonDocument&, QString*)>;

template <typename T> Runner object(ItemParser<T> parser)
{
    return [parser](const QJsonDocument& document, QString* error) {
        return parser(document.object(), error) ? 1 : -1;
    };
}

template <typename T> Runner list(ItemParser<T> parser)
{
    return [parser](const QJsonDocument& document, QString* error) {
        const auto envelope = parseListEnvelope(document.object(), error);
        if (!envelope)
            return -1;
        const auto items = parseItems<T>(envelope->data, parser, error);
        return items ? static_cast<int>(items->size()) : -1;
    };
}

const QHash<QString, Runner>& runners()
{
    static const QHash<QString, Runner> table{
        {QStringLiteral("account"), object<Account>(parseAccount)},
        {QStringLiteral("workspaces"), list<Workspace>(parseWorkspace)},
        {QStringLiteral("workspace"), object<Workspace>(parseWorkspace)},
        {QStringLiteral("flags"), list<FeatureFlag>(parseFeatureFlag)},
        {QStringLiteral("skus"), list<InstanceSku>(parseInstanceSku)},
        {QStringLiteral("sku"), object<InstanceSku>(parseInstanceSku)},
        {QStringLiteral("availability"), list<SkuAvailability>(parseSkuAvailability)},
        {QStringLiteral("instances"), list<Instance>(parseInstance)},
        {QStringLiteral("instance"), object<Instance>(parseInstance)},
        {QStringLiteral("pools"), list<Pool>(parsePool)},
        {QStringLiteral("pool"), object<Pool>(parsePool)},
        {QStringLiteral("orders"), list<Order>(parseOrder)},
        {QStringLiteral("order"), object<Order>(parseOrder)},
        {QStringLiteral("images"), list<Image>(parseImage)},
        {QStringLiteral("quote"), object<OrderbookQuote>(parseOrderbookQuote)},
        {QStringLiteral("windows"), list<OrderbookWindow>(parseOrderbookWindow)},
        {QStringLiteral("depth"), object<OrderbookDepth>(parseOrderbookDepth)},
        {QStringLiteral("fills"), list<OrderbookFill>(parseOrderbookFill)},
        {QStringLiteral("preview"), object<OrderPreview>(parseOrderPreview)},
        {QStringLiteral("fabrics"), list<InfinibandFabric>(InfinibandAdapter::parseFabric)},
        {QStringLiteral("partitions"), list<InfinibandPartition>(InfinibandAdapter::parsePartition)},
        {QStringLiteral("partition"), object<InfinibandPartition>(InfinibandAdapter::parsePartition)},
    };
    return table;
}

} // namespace

class TestResourceJson final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void fixtures_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<int>("count"); // -1: must be rejected
        QTest::addColumn<QString>("error");

        QTest::newRow("me") << "me.json" << "account" << 1 << QString();
        QTest::newRow("me as a service token") << "me_service_token.json" << "account" << 1 << QString();
        QTest::newRow("workspaces") << "workspaces.json" << "workspaces" << 3 << QString();
        QTest::newRow("feature flags") << "feature_flags.json" << "flags" << 2 << QString();
        QTest::newRow("instance skus") << "instance_skus.json" << "skus" << 2 << QString();
        QTest::newRow("availability") << "sku_availability.json" << "availability" << 2 << QString();
        QTest::newRow("instances") << "instances.json" << "instances" << 4 << QString();
        QTest::newRow("instance") << "instance.json" << "instance" << 1 << QString();
        QTest::newRow("instance with capacity only")
            << "instance_legacy_capacity.json" << "instance" << 1 << QString();
        QTest::newRow("pools") << "pools.json" << "pools" << 2 << QString();
        QTest::newRow("orders") << "orders.json" << "orders" << 3 << QString();
        QTest::newRow("order") << "order.json" << "order" << 1 << QString();
        QTest::newRow("images") << "images.json" << "images" << 2 << QString();
        QTest::newRow("quote") << "orderbook_quote.json" << "quote" << 1 << QString();
        QTest::newRow("quote, May shape") << "orderbook_quote_may.json" << "quote" << 1 << QString();
        QTest::newRow("windows") << "orderbook_windows.json" << "windows" << 2 << QString();
        QTest::newRow("depth") << "orderbook_depth.json" << "depth" << 1 << QString();
        QTest::newRow("fills") << "orderbook_fills.json" << "fills" << 2 << QString();
        QTest::newRow("preview quoted") << "order_preview_quoted.json" << "preview" << 1 << QString();
        QTest::newRow("preview unavailable")
            << "order_preview_unavailable.json" << "preview" << 1 << QString();
        QTest::newRow("fabrics") << "infiniband_fabrics.json" << "fabrics" << 2 << QString();
        QTest::newRow("partitions") << "infiniband_partitions.json" << "partitions" << 2 << QString();

        QTest::newRow("instance without id")
            << "bad_instance_missing_id.json" << "instance" << -1 << "instance.id: missing";
        QTest::newRow("created_at as text") << "bad_instance_created_at_string.json" << "instance" << -1
                                            << "instance.created_at: expected an integer";
        QTest::newRow("price as number")
            << "bad_order_price_number.json" << "order" << -1
            << "order.limit_price_dollars_per_node_hour: expected a decimal string";
        QTest::newRow("schedule backwards")
            << "bad_order_schedule_backwards.json" << "order" << -1
            << "order.allocation_schedule_delta[0].end_at: must be after start_at";
        QTest::newRow("pool schedule not a list")
            << "bad_pool_schedule.json" << "pool" << -1 << "pool.allocation_schedule.total: expected a list";
        QTest::newRow("sku property flat") << "bad_sku_property_not_object.json" << "sku" << -1
                                           << "instance_sku.rdma_type: expected a property object";
        QTest::newRow("partition is a fabric")
            << "bad_partition_wrong_object.json" << "partition" << -1
            << "infiniband_partition.object: expected \"infiniband_partition\"";
        QTest::newRow("negative instance count") << "bad_partition_negative_count.json" << "partition" << -1
                                                 << "instance_count: must not be negative";
        QTest::newRow("unknown preview type")
            << "bad_preview_type.json" << "preview" << -1 << "unknown preview type \"maybe\"";
        QTest::newRow("depth level price as number")
            << "bad_depth_price_number.json" << "depth" << -1
            << "orderbook_depth.asks[1].dollars_per_node_hour: expected a decimal string";
        QTest::newRow("name is a number")
            << "bad_workspace_name_number.json" << "workspace" << -1 << "workspace.name: expected a string";
    }

    void fixtures()
    {
        QFETCH(QString, file);
        QFETCH(QString, kind);
        QFETCH(int, count);
        QFETCH(QString, error);
        QVERIFY2(runners().contains(kind), qPrintable(kind));
        QString problem;
        const int parsed = runners().value(kind)(load(file), &problem);
        QCOMPARE(parsed, count);
        if (count < 0)
            QVERIFY2(problem.contains(error), qPrintable(problem));
        else
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }

    void listRejectsABadItemByIndex()
    {
        QJsonObject list = load(QStringLiteral("instances.json")).object();
        QJsonArray data = list.value(u"data").toArray();
        QJsonObject item = data.at(2).toObject();
        item.remove(QStringLiteral("status"));
        data.replace(2, item);
        QString error;
        QVERIFY(!parseItems<Instance>(data, parseInstance, &error));
        QCOMPARE(error, QStringLiteral("data[2]: instance.status: missing"));
        QVERIFY(!parseItems<Instance>(QJsonArray{42}, parseInstance, &error));
        QCOMPARE(error, QStringLiteral("data[0]: expected an object"));
    }

    void instanceFields()
    {
        QString error;
        const auto instances = parseItems<Instance>(
            load(QStringLiteral("instances.json")).object().value(u"data").toArray(), parseInstance, &error);
        QVERIFY2(instances, qPrintable(error));
        const Instance& first = instances->at(0);
        QCOMPARE(first.id, QStringLiteral("inst_k3R-nX9vLm7Qp2Yw5J001"));
        QCOMPARE(first.status, Instance::Status::Running);
        QCOMPARE(first.sku.name, QStringLiteral("sea-3-h100"));
        QCOMPARE(first.pool.name, QStringLiteral("dev"));
        QCOMPARE(first.tags.value(QStringLiteral("team")), QStringLiteral("ml"));
        QVERIFY(first.infinibandPartition);
        QCOMPARE(first.infinibandPartition->name, QStringLiteral("train"));
        QVERIFY(!first.expectedShutdownAt);
        QCOMPARE(instances->at(2).infinibandReleasedAt, std::optional<qint64>(1784592000 + 4000));
        // An unknown status is kept as sent.
        QCOMPARE(instances->at(3).status, Instance::Status::Unknown);
        QCOMPARE(instances->at(3).statusText, QStringLiteral("hibernating"));

        const auto legacy =
            parseInstance(load(QStringLiteral("instance_legacy_capacity.json")).object(), &error);
        QVERIFY(legacy);
        QCOMPARE(legacy->pool.id, QStringLiteral("pool_nuO4nVSM8O3NnsRE7udBe"));
        QCOMPARE(legacy->image.id, QStringLiteral("image_TQiHEBzCA18ToAQqBtOr_"));
    }

    void skuProperties()
    {
        QString error;
        const auto skus = parseItems<InstanceSku>(
            load(QStringLiteral("instance_skus.json")).object().value(u"data").toArray(), parseInstanceSku,
            &error);
        QVERIFY2(skus, qPrintable(error));
        QCOMPARE(skus->at(0).alias, QStringLiteral("sea-3-h100"));
        QVERIFY(skus->at(0).isInfiniband());
        QCOMPARE(skus->at(0).property(QStringLiteral("num_accelerators")), QStringLiteral("8"));
        QCOMPARE(skus->at(0).property(QStringLiteral("memory")), QStringLiteral("2164663517184"));
        QCOMPARE(skus->at(0).displayProperty(QStringLiteral("memory")), QStringLiteral("2,016 GiB"));
        QCOMPARE(skus->at(0).property(QStringLiteral("supports_public_ipv4")), QStringLiteral("true"));
        QCOMPARE(skus->at(0).property(QStringLiteral("infiniband_fabric")),
                 QStringLiteral("us-west1-a.fab1"));
        QVERIFY(!skus->at(1).isInfiniband());
        QVERIFY(!skus->at(1).properties.contains(QStringLiteral("memory")));
        QCOMPARE(skus->at(1).audienceHint, QStringLiteral("Early access"));
        // A property the client does not know yet still shows.
        QCOMPARE(skus->at(1).displayProperty(QStringLiteral("new_property")), QStringLiteral("X"));
    }

    void orderFields()
    {
        QString error;
        const auto order = parseOrder(load(QStringLiteral("order.json")).object(), &error);
        QVERIFY2(order, qPrintable(error));
        QCOMPARE(order->status, Order::Status::Filled);
        QCOMPARE(order->limitPrice.micros, 2500000);
        QCOMPARE(order->nodeCount(), 2);
        QCOMPARE(order->endAt() - order->startAt(), 7200);
        QCOMPARE(order->fills.size(), 1);
        QCOMPARE(order->fills.first().price.micros, 2125000);
        QCOMPARE(order->fills.first().contract, QStringLiteral("cont_Ab1Cd2Ef3Gh4Ij5Kl6Mn7"));
        QCOMPARE(order->createdBy, QStringLiteral("jane@acme.example"));
        QVERIFY(order->filledAveragePrice);
        QCOMPARE(order->filledAveragePrice->text, QStringLiteral("2.125000"));
    }

    void poolSchedule()
    {
        QString error;
        const auto pools = parseItems<Pool>(
            load(QStringLiteral("pools.json")).object().value(u"data").toArray(), parsePool, &error);
        QVERIFY2(pools, qPrintable(error));
        const qint64 t = 1784592000;
        QCOMPARE(pools->at(0).nodesAt(t - 1), 0);
        QCOMPARE(pools->at(0).nodesAt(t), 2);
        QCOMPARE(pools->at(0).nodesAt(t + 7199), 2);
        QCOMPARE(pools->at(0).nodesAt(t + 7200), 0);
        QCOMPARE(pools->at(0).bySku.size(), 1);
        QCOMPARE(pools->at(1).tags.value(QStringLiteral("env")), QStringLiteral("prod"));
    }

    void preview()
    {
        QString error;
        const auto quoted =
            parseOrderPreview(load(QStringLiteral("order_preview_quoted.json")).object(), &error);
        QVERIFY2(quoted, qPrintable(error));
        QVERIFY(quoted->quoted);
        QCOMPARE(quoted->postOrderBody.nodeCount, 2);
        QCOMPARE(quoted->postOrderBody.limitPrice, QStringLiteral("2.125000"));
        QCOMPARE(quoted->notices.size(), 1);
        QCOMPARE(quoted->notices.first().title, QStringLiteral("Network upgrade"));
        // The body the preview proposes is what createOrder sends back.
        const QJsonObject body = orderRequestToJson(quoted->postOrderBody);
        const QJsonObject original =
            load(QStringLiteral("order_preview_quoted.json")).object().value(u"post_order_body").toObject();
        QCOMPARE(body.value(u"allocation_schedule_delta"), original.value(u"allocation_schedule_delta"));
        QCOMPARE(body.value(u"limit_price_dollars_per_node_hour"),
                 original.value(u"limit_price_dollars_per_node_hour"));

        const auto unavailable =
            parseOrderPreview(load(QStringLiteral("order_preview_unavailable.json")).object(), &error);
        QVERIFY(unavailable);
        QVERIFY(!unavailable->quoted);
        QCOMPARE(unavailable->unavailableReason, QStringLiteral("no_availability"));
    }

    void prices_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<qint64>("micros");
        QTest::newRow("six decimals") << "2.500000" << true << qint64(2500000);
        QTest::newRow("two decimals") << "1.38" << true << qint64(1380000);
        QTest::newRow("rounds the seventh") << "0.0000005" << true << qint64(1);
        QTest::newRow("negative") << "-1.5" << true << qint64(-1500000);
        QTest::newRow("no decimal point") << "2" << false << qint64(0);
        QTest::newRow("comma") << "2,5" << false << qint64(0);
        QTest::newRow("empty") << "" << false << qint64(0);
        QTest::newRow("larger than any price") << "1000000001.0" << false << qint64(0);
        QTest::newRow("not a number") << "1.5abc" << false << qint64(0);
    }

    void prices()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(qint64, micros);
        const auto price = parsePrice(QJsonValue(text));
        QCOMPARE(price.has_value(), valid);
        if (valid)
            QCOMPARE(price->micros, micros);
    }

    void partitionAdapter()
    {
        InfinibandAdapter::NewPartition partition{QStringLiteral("default"),  QStringLiteral("train"), {},
                                                  QStringLiteral("us-west1"), QStringLiteral("a"),     {}};
        const QJsonObject body = InfinibandAdapter::createPartitionBody(partition);
        QCOMPARE(body.value(u"region").toString(), QStringLiteral("us-west1"));
        QVERIFY(!body.contains(u"fabric"));
        QCOMPARE(InfinibandAdapter::partitionPath(QStringLiteral("sfc:infiniband_partition:a:b:c")),
                 QStringLiteral("/infiniband_partitions/sfc%3Ainfiniband_partition%3Aa%3Ab%3Ac"));
        const QUrlQuery query =
            InfinibandAdapter::partitionQuery({QString(), QStringLiteral("fab1"), {}, {}});
        QCOMPARE(query.toString(), QStringLiteral("fabric=fab1"));
    }
};

QTEST_GUILESS_MAIN(TestResourceJson)
#include "tst_resourcejson.moc"
