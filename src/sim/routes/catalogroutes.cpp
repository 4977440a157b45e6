// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/catalogroutes.h"

#include "sim/market/marketjson.h"
#include "sim/resources/simresources.h"
#include "sim/store/simstore.h"
#include "sim/world/idalias.h"

#include <QJsonArray>
#include <QMap>

#include <limits>

using namespace Qt::StringLiterals;

namespace sfsim {

void SimCatalogRoutes::add(SimRouter& router)
{
    router.add("GET", "instance_skus", &SimCatalogRoutes::listSkus);
    router.add("GET", "instance_skus/availability", &SimCatalogRoutes::listAvailability);
    router.add("GET", "instance_skus/{}", &SimCatalogRoutes::getSku);
    router.add("GET", "instance_skus/{}/availability", &SimCatalogRoutes::getAvailability);
    router.add("GET", "instance_sku_property_catalog", &SimCatalogRoutes::propertyCatalog);
}

ApiResponse SimCatalogRoutes::listSkus(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    return ApiResponse::ok(c.resources.pages().page(
        CatalogRoom::skuSelectSql(), {}, {}, u"s.seq"_s, false, query, u"iskuc"_s, 50, 200,
        [&c](const QSqlRecord& r) { return c.resources.catalog().skuJson(r); }));
}

ApiResponse SimCatalogRoutes::getSku(const SimRequestContext& c)
{
    return ApiResponse::ok(c.resources.catalog().skuJson(c.resources.catalog().findSku(c.params.at(0))));
}

ApiResponse SimCatalogRoutes::listAvailability(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    QStringList where;
    QVariantList binds;
    const struct
    {
        const char* param;
        const char* column;
    } text[] = {{"id", "s.id"},
                {"region", "s.region"},
                {"availability_zone", "s.zone"},
                {"accelerator", "s.accelerator"},
                {"form_factor", "s.form_factor"},
                {"rdma_type", "s.rdma_type"}};
    for (const auto& t : text) {
        if (const auto v = query.string(QString::fromLatin1(t.param))) {
            if (QLatin1StringView(t.param) == "rdma_type"_L1 && *v != u"infiniband"_s && *v != u"roce"_s)
                query.addError(u"rdma_type"_s, u"invalid_value"_s,
                               u"rdma_type must be infiniband or roce."_s);
            where.append(QString::fromLatin1(t.column) + u" = ?"_s);
            binds.append(QLatin1StringView(t.param) == "id"_L1 ? canonicalId(*v, skuIds) : *v);
        }
    }
    const struct
    {
        const char* param;
        const char* column;
    } numbers[] = {{"num_accelerators", "s.num_accelerators"},
                   {"num_vcpus", "s.num_vcpus"},
                   {"memory", "s.memory"},
                   {"local_storage", "s.local_storage"}};
    for (const auto& n : numbers) {
        if (const auto v =
                query.integer(QString::fromLatin1(n.param), 0, std::numeric_limits<qint64>::max())) {
            where.append(QString::fromLatin1(n.column) + u" = ?"_s);
            binds.append(*v);
        }
    }
    if (const auto v = query.boolean(u"supports_public_ipv4"_s)) {
        where.append(u"s.supports_public_ipv4 = ?"_s);
        binds.append(*v ? 1 : 0);
    }
    return ApiResponse::ok(c.resources.pages().page(
        CatalogRoom::skuSelectSql(), where, binds, u"s.seq"_s, false, query, u"iskuc"_s, 50, 200,
        [&c](const QSqlRecord& r) {
            const QString id = r.value(u"id"_s).toString();
            return MarketJson::availability(id, r.value(u"alias"_s).toString(),
                                            c.resources.marketSide().market().availability(id, c.now));
        }));
}

ApiResponse SimCatalogRoutes::getAvailability(const SimRequestContext& c)
{
    // What the market offers for purchase: synthetic sellers and users' resting sells, less
    // what has been bought.
    const QSqlRecord sku = c.resources.catalog().findSku(c.params.at(0));
    const QString id = sku.value(u"id"_s).toString();
    return ApiResponse::ok(MarketJson::availability(
        id, sku.value(u"alias"_s).toString(), c.resources.marketSide().market().availability(id, c.now)));
}

ApiResponse SimCatalogRoutes::propertyCatalog(const SimRequestContext& c)
{
    QueryReader query(c.request.query);
    query.limit(50, 200);
    query.finish();
    const qint64 stableAt = c.store.meta(u"seeded_at"_s).toLongLong() - 86400 * 365;
    const auto skus = c.store.rows(CatalogRoom::skuSelectSql() + u" ORDER BY s.seq"_s);
    const struct
    {
        const char* key;
        const char* display;
        const char* description;
    } keys[] = {
        {"region", "Region", "Geographic region of the hardware."},
        {"availability_zone", "Availability zone", "Zone within the region."},
        {"accelerator", "Accelerator", "GPU model."},
        {"form_factor", "Form factor", "How the accelerators are attached (SXM or PCIe)."},
        {"rdma_type", "RDMA type", "Interconnect for RDMA between nodes: infiniband or roce."},
        {"num_accelerators", "Accelerators", "Number of accelerators per node."},
        {"num_vcpus", "vCPUs", "Number of virtual CPUs per node."},
        {"memory", "Memory", "Memory per node, in bytes."},
        {"local_storage", "Local storage", "Local NVMe storage per node, in bytes."},
        {"supports_public_ipv4", "Public IPv4", "Whether instances can have a public IPv4 address."},
        {"infiniband_fabric", "InfiniBand fabric", "The InfiniBand fabric the nodes are on."},
    };
    QJsonArray data;
    for (const auto& k : keys) {
        const QString key = QString::fromLatin1(k.key);
        QMap<QString, QString> values;
        for (const auto& r : skus) {
            const QJsonValue p = c.resources.catalog().skuJson(r).value(key);
            if (!p.isObject())
                continue;
            const QJsonValue v = p.toObject().value(u"value"_s);
            const QString name = v.isBool()     ? (v.toBool() ? u"true"_s : u"false"_s)
                                 : v.isDouble() ? QString::number(v.toInteger())
                                                : v.toString();
            values.insert(name, p.toObject().value(u"display_value"_s).toString());
        }
        QJsonArray valueArray;
        for (auto it = values.cbegin(); it != values.cend(); ++it)
            valueArray.append(
                QJsonObject{{u"name"_s, it.key()},
                            {u"display_name"_s, it.value()},
                            {u"description"_s, u"%1: %2"_s.arg(QString::fromLatin1(k.display), it.value())},
                            {u"stable_at"_s, stableAt}});
        data.append(QJsonObject{{u"type"_s, u"enumeration"_s},
                                {u"key"_s, QJsonObject{{u"name"_s, key},
                                                       {u"display_name"_s, QString::fromLatin1(k.display)},
                                                       {u"description"_s, QString::fromLatin1(k.description)},
                                                       {u"stable_at"_s, stableAt}}},
                                {u"values"_s, valueArray}});
    }
    return ApiResponse::ok({{u"object"_s, u"list"_s},
                            {u"data"_s, data},
                            {u"has_more"_s, false},
                            {u"cursor"_s, QJsonValue::Null}});
}

} // namespace sfsim
