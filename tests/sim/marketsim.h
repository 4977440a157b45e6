// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "support/simclient.h"

#include "common/constvalue.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace sfdesk {

// A real sfsim (with --control) and the requests the market tests repeat: SKUs by alias, pools,
// previews and order bodies. Times are hour-aligned and in the future, so orders are valid.
class MarketSim final
{
public:
    static constexpr qint64 H = 3600;
    static constexpr qint64 D = 86400;
    static inline const QString Orders = QStringLiteral("/preview/v2/orders");

    bool start(const QStringList& extra = {})
    {
        if (!sim.start(QStringList{QStringLiteral("--control")} + extra))
            return false;
        api.setBaseUrl(sim.baseUrl());
        api.setToken(sim.token(QStringLiteral("acme-owner")));
        for (const auto& v :
             constValue(api.get(QStringLiteral("/preview/v2/instance_skus?limit=200")).data()))
            skus.insert(v.toObject().value(u"alias").toString(), v.toObject().value(u"id").toString());
        return !skus.isEmpty();
    }

    // The start of the hour `hours` after the current one.
    qint64 hourFromNow(qint64 hours) { return floorHour(api.now()) + hours * H; }

    QString createPool(const QString& name, const QString& workspace = QStringLiteral("default"),
                       const QString& token = {})
    {
        return api
            .post(QStringLiteral("/preview/v2/pools"),
                  {{QStringLiteral("workspace"), workspace}, {QStringLiteral("name"), name}}, token)
            .id();
    }

    static QJsonObject order(const QString& pool, const QString& side, const QString& sku, qint64 start,
                             qint64 end, qint64 nodes, const QString& limit, bool standing = false,
                             std::optional<bool> partial = {})
    {
        QJsonObject body{
            {QStringLiteral("pool"), pool},
            {QStringLiteral("side"), side},
            {QStringLiteral("instance_sku"), sku},
            {QStringLiteral("allocation_schedule_delta"),
             QJsonArray{QJsonObject{{QStringLiteral("start_at"), start},
                                    {QStringLiteral("end_at"), end},
                                    {QStringLiteral("node_count"), nodes}}}},
            {QStringLiteral("limit_price_dollars_per_node_hour"), limit},
            {QStringLiteral("allow_standing"), standing},
        };
        if (partial)
            body.insert(QStringLiteral("allow_partial"), *partial);
        return body;
    }

    SimReply preview(const QString& side, qint64 start, qint64 duration, qint64 nodes,
                     const QJsonObject& requirements, const QString& pool = {})
    {
        QJsonObject body{{QStringLiteral("side"), side},
                         {QStringLiteral("requirements"), requirements},
                         {QStringLiteral("start_at"), start},
                         {QStringLiteral("duration_seconds"), duration},
                         {QStringLiteral("node_count"), nodes}};
        if (!pool.isEmpty())
            body.insert(QStringLiteral("pool"), pool);
        return api.post(QStringLiteral("/preview/v2/order_preview"), body);
    }

    // The postable body of a quoted buy preview for one SKU, with the pool filled in; empty
    // when the market cannot quote it.
    QJsonObject quotedBuy(const QString& pool, const QString& skuAlias, qint64 start, qint64 end,
                          qint64 nodes)
    {
        const SimReply r = preview(QStringLiteral("buy"), start, end - start, nodes,
                                   {{QStringLiteral("instance_sku"), QJsonArray{skuAlias}}});
        if (r.json.value(u"type").toString() != u"quoted")
            return {};
        QJsonObject body = r.json.value(u"post_order_body").toObject();
        body.insert(QStringLiteral("pool"), pool);
        return body;
    }

    // The pool's allocation schedule of one SKU.
    QJsonArray poolSchedule(const QString& pool, const QString& skuId)
    {
        return api.get(QStringLiteral("/preview/v2/pools/") + pool)
            .json.value(u"allocation_schedule")
            .toObject()
            .value(u"by_instance_sku")
            .toObject()
            .value(skuId)
            .toArray();
    }

    static QJsonArray entries(std::initializer_list<std::tuple<qint64, qint64, qint64>> ranges)
    {
        QJsonArray out;
        for (const auto& [start, end, nodes] : ranges)
            out.append(QJsonObject{{QStringLiteral("start_at"), start},
                                   {QStringLiteral("end_at"), end},
                                   {QStringLiteral("node_count"), nodes}});
        return out;
    }

    // What the fills of an order cost in µ$: Σ rate × node-hours, each fill rounded.
    static qint64 fillsAmount(const QJsonObject& order)
    {
        qint64 total = 0;
        for (const auto& f : constValue(order.value(u"fills").toArray())) {
            const QJsonObject fill = f.toObject();
            const QStringList parts = fill.value(u"price_dollars_per_node_hour").toString().split(u'.');
            const qint64 rate =
                parts.value(0).toLongLong() * 1'000'000 + parts.value(1).leftJustified(6, u'0').toLongLong();
            qint64 nodeSeconds = 0;
            for (const auto& e : constValue(fill.value(u"allocation_schedule_delta").toArray()))
                nodeSeconds += e.toObject().value(u"node_count").toInteger()
                               * (e.toObject().value(u"end_at").toInteger()
                                  - e.toObject().value(u"start_at").toInteger());
            total += (rate * nodeSeconds + 1800) / 3600;
        }
        return total;
    }

    SimProcess sim;
    SimClient api;
    QHash<QString, QString> skus; // alias -> id

private:
    static qint64 floorHour(qint64 t) { return t - t % H; }
};

} // namespace sfdesk
