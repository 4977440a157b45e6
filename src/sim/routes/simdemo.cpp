// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/simdemo.h"

#include "common/constvalue.h"
#include "sim/routes/simapi.h"
#include "sim/store/simstore.h"

#include "common/constvalue.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

namespace demo {

namespace {

constexpr qint64 Hour = 3600;
constexpr qint64 Day = 86400;

// What the demo's workers boot with: the fabric checked once the node is up.
const QByteArray workerUserData = "#cloud-config\n"
                                  "# Workers of the training partition: check the InfiniBand port at boot.\n"
                                  "packages:\n"
                                  "  - infiniband-diags\n"
                                  "runcmd:\n"
                                  "  - [ibstat]\n";

class Seeder
{
public:
    Seeder(SimApi& api, const QJsonObject& tokens)
        : m_api(api)
        , m_acme(tokens.value(u"acme-owner"_s).toString())
        , m_globex(tokens.value(u"globex-owner"_s).toString())
    {}

    QString error;
    const QString& acme() const { return m_acme; }
    const QString& globex() const { return m_globex; }

    qint64 now() { return m_api.clock().now(); }
    void advanceTo(qint64 t)
    {
        if (t > now())
            m_api.clock().advance(t - now());
    }

    // One request as a client sends it; nullopt (and `error`) when the answer is not `expected`.
    std::optional<QJsonObject> call(const QString& method, const QString& path, const QString& token,
                                    const QJsonObject& body = {}, int expected = 200)
    {
        if (!error.isEmpty())
            return std::nullopt;
        SimApiRequest r;
        r.method = method;
        const qsizetype query = path.indexOf(u'?');
        r.path = u"/preview/v2/"_s + path.left(query);
        if (query >= 0)
            r.query = QUrlQuery(path.mid(query + 1));
        if (method != u"GET"_s)
            r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
        r.authorization = "Bearer " + token.toUtf8();
        r.fromLoopback = true;
        const ApiResponse response = m_api.handle(r);
        if (response.status != expected) {
            error = u"%1 %2 answered %3: %4"_s.arg(method, r.path)
                        .arg(response.status)
                        .arg(QString::fromUtf8(response.bytes()));
            return std::nullopt;
        }
        return response.json.isEmpty() ? response.body : QJsonDocument::fromJson(response.json).object();
    }

    // Buys (or sells) at the price the market quotes now, scaled by `priceFactor`; returns the order.
    std::optional<QJsonObject> order(const QString& token, const QString& pool, const QString& side,
                                     const QString& sku, qint64 start, qint64 end, qint64 nodes,
                                     double priceFactor = 1.0, bool standing = false, bool required = true)
    {
        const auto preview = call(u"POST"_s, u"order_preview"_s, token,
                                  {{u"side"_s, side},
                                   {u"requirements"_s, QJsonObject{{u"instance_sku"_s, QJsonArray{sku}}}},
                                   {u"start_at"_s, start},
                                   {u"duration_seconds"_s, end - start},
                                   {u"node_count"_s, nodes},
                                   {u"pool"_s, pool}});
        if (!preview)
            return std::nullopt;
        if (preview->value(u"type"_s).toString() != u"quoted"_s) {
            if (!required)
                return std::nullopt; // a trade of the background market; the next one will do
            error = u"the market quotes no %1 of %2 nodes of %3 from %4 to %5"_s.arg(side)
                        .arg(nodes)
                        .arg(sku)
                        .arg(start)
                        .arg(end);
            return std::nullopt;
        }
        QJsonObject body = preview->value(u"post_order_body"_s).toObject();
        if (side == u"buy"_s && priceFactor == 1.0)
            priceFactor =
                1.05; // headroom for the hour that passes between quote and order; fills pay the asks
        if (priceFactor != 1.0) {
            const double limit = body.value(u"limit_price_dollars_per_node_hour"_s).toString().toDouble();
            body.insert(u"limit_price_dollars_per_node_hour"_s, QString::number(limit * priceFactor, 'f', 6));
        }
        body.insert(u"allow_standing"_s, standing);
        return call(u"POST"_s, u"orders"_s, token, body, 201);
    }

    // A buy of the demo's own story must fill (the market had the nodes), or the story is wrong.
    void expectFilled(const std::optional<QJsonObject>& order)
    {
        if (order && order->value(u"status"_s).toString() != u"filled"_s && error.isEmpty())
            error = u"order %1 ended %2, not filled"_s.arg(order->value(u"id"_s).toString(),
                                                           order->value(u"status"_s).toString());
    }

private:
    SimApi& m_api;
    QString m_acme;
    QString m_globex;
};

qint64 floorTo(qint64 t, qint64 unit)
{
    return t - t % unit;
}

// The pool transfer and the procurement of the demo (see seed()).
bool capacityAutomation(Seeder& s, const QString& trainingId, const QString& inferenceId, qint64 monday)
{
    QHash<QString, QString> skus;
    if (const auto list = s.call(u"GET"_s, u"instance_skus?limit=200"_s, s.acme())) {
        for (const auto& v : constValue(list->value(u"data"_s).toArray()))
            skus.insert(v.toObject().value(u"alias"_s).toString(), v.toObject().value(u"id"_s).toString());
    }
    const auto evaluation = s.call(u"POST"_s, u"pools"_s, s.acme(),
                                   {{u"workspace"_s, u"research"_s}, {u"name"_s, u"evaluation"_s}}, 201);
    if (!evaluation)
        return false;
    const QJsonArray moved{
        QJsonObject{{u"start_at"_s, monday + Day}, {u"end_at"_s, monday + 2 * Day}, {u"node_count"_s, 2}}};
    const auto transfer = s.call(u"POST"_s, u"pool_transfers"_s, s.acme(),
                                 {{u"from_pool"_s, trainingId},
                                  {u"to_pool"_s, evaluation->value(u"id"_s).toString()},
                                  {u"instance_sku"_s, skus.value(u"hel-a-h100-ib"_s)},
                                  {u"allocation_schedule_delta"_s, moved}},
                                 202);
    // The world carries it out at the next request.
    if (!transfer)
        return false;
    const auto done = s.call(u"GET"_s, u"pool_transfers/"_s + transfer->value(u"id"_s).toString(), s.acme());
    if (!done || done->value(u"status"_s).toString() != u"executed"_s) {
        if (s.error.isEmpty())
            s.error = u"the demo's pool transfer was %1"_s.arg(done->value(u"status"_s).toString());
        return false;
    }

    // A cap a little above what the market asks for a day of one node, a floor well above it.
    const qint64 start = floorTo(s.now(), Hour) + Hour;
    const auto preview =
        s.call(u"POST"_s, u"order_preview"_s, s.acme(),
               {{u"side"_s, u"buy"_s},
                {u"requirements"_s, QJsonObject{{u"instance_sku"_s, QJsonArray{u"sea-3-h100"_s}}}},
                {u"start_at"_s, start},
                {u"duration_seconds"_s, Day},
                {u"node_count"_s, 1}});
    if (!preview)
        return false;
    const double rate = preview->value(u"post_order_body"_s)
                            .toObject()
                            .value(u"limit_price_dollars_per_node_hour"_s)
                            .toString()
                            .toDouble();
    if (rate <= 0) {
        s.error = u"the market quotes no day of sea-3-h100 for the demo's procurement"_s;
        return false;
    }
    return s
        .call(u"POST"_s, u"procurements"_s, s.acme(),
              {{u"name"_s, u"inference-keep-2"_s},
               {u"pool"_s, inferenceId},
               {u"instance_sku"_s, skus.value(u"sea-3-h100"_s)},
               {u"target"_s, 2},
               {u"max_buy_price_dollars_per_node_hour"_s, QString::number(rate * 1.3, 'f', 2)},
               {u"min_sell_price_dollars_per_node_hour"_s, QString::number(rate * 2.5, 'f', 2)},
               {u"managed_window_minutes"_s, 24 * 60}},
              201)
        .has_value();
}

} // namespace

bool seed(SimApi& api, SimStore& store, const QJsonObject& tokens, qint64 now, QString* error)
{
    Seeder s(api, tokens);
    const qint64 begin = s.now();
    // Enough for weeks of trading: the demo shows what an account does, not what it can afford.
    store.exec(u"UPDATE accounts SET balance_micros = ? WHERE id = 'acme'"_s, {qint64(400'000) * 1'000'000});
    store.exec(u"UPDATE accounts SET balance_micros = ? WHERE id = 'globex'"_s,
               {qint64(150'000) * 1'000'000});

    const auto training = s.call(u"POST"_s, u"pools"_s, s.acme(),
                                 {{u"workspace"_s, u"production"_s},
                                  {u"name"_s, u"training-cluster"_s},
                                  {u"tags"_s, QJsonObject{{u"team"_s, u"ml-platform"_s}}}},
                                 201);
    const auto inference = s.call(u"POST"_s, u"pools"_s, s.acme(),
                                  {{u"workspace"_s, u"research"_s}, {u"name"_s, u"inference"_s}}, 201);
    const auto batch = s.call(u"POST"_s, u"pools"_s, s.globex(),
                              {{u"workspace"_s, u"default"_s}, {u"name"_s, u"batch"_s}}, 201);
    if (!training || !inference || !batch) {
        *error = s.error;
        return false;
    }
    const QString trainingId = training->value(u"id"_s).toString();
    const QString inferenceId = inference->value(u"id"_s).toString();
    const QString batchId = batch->value(u"id"_s).toString();

    // Weeks of trading: every day globex buys a few nodes of each SKU, one SKU every two hours
    // from the morning on, so that each SKU's recent fills show a trade a day; acme ran two short
    // evaluations on the training pool.
    const QStringList globexSkus{u"sea-3-h100"_s, u"hel-a-h100-ib"_s, u"iad-12-h200"_s, u"dfw-a-h100-ib"_s,
                                 u"hel-a-h200-ib"_s};
    const qint64 firstDay = floorTo(begin, Day) + Day;
    // The trades of `day` before `until` (the clock never passes what comes next in the story).
    const auto trade = [&](qint64 day, qint64 until) {
        const qint64 index = (day - firstDay) / Day;
        for (qsizetype k = 0; k < globexSkus.size() && day + (9 + 2 * k) * Hour < until; ++k) {
            s.advanceTo(day + (9 + 2 * k) * Hour);
            const qint64 start = floorTo(s.now(), Hour) + Hour;
            const qint64 shape = (index + k) % 3;
            s.order(s.globex(), batchId, u"buy"_s, globexSkus.at(k), start, start + (4 + 4 * shape) * Hour,
                    1 + shape, 1.0, false, false);
        }
        if (index == 4 || index == 11) {
            const qint64 start = floorTo(s.now(), Hour) + Hour;
            s.expectFilled(
                s.order(s.acme(), trainingId, u"buy"_s, u"hel-a-h100-ib"_s, start, start + 12 * Hour, 4));
        }
    };
    const qint64 recent = floorTo(now, Hour) - 3 * Day; // the 2-node holding starts about here
    qint64 day = firstDay;
    for (; day + 9 * Hour < recent - Hour; day += Day)
        trade(day, recent - Hour);

    // The run of next week starts on a Monday at least three days away; 1970-01-01 was a
    // Thursday, so Mondays are 4 days after a multiple of 7 days.
    const qint64 today = floorTo(now, Day);
    qint64 monday = today + ((4 - (today / Day) % 7) + 7) % 7 * Day;
    if (monday - now < 3 * Day)
        monday += 7 * Day;

    // The holding of the last few days and the next few (up to the run), the enrolment, the
    // partition.
    s.advanceTo(recent - Hour);
    const qint64 holdingStart = floorTo(s.now(), Hour) + Hour;
    s.expectFilled(s.order(s.acme(), trainingId, u"buy"_s, u"hel-a-h100-ib"_s, holdingStart,
                           std::min(floorTo(now, Hour) + 4 * Day, monday), 2));
    s.call(u"POST"_s, u"feature_flags/infiniband-preview"_s, s.acme(), {{u"enrolled"_s, true}});
    const auto partition = s.call(u"POST"_s, u"infiniband_partitions"_s, s.acme(),
                                  {{u"workspace"_s, u"production"_s},
                                   {u"name"_s, u"training"_s},
                                   {u"fabric"_s, u"europe-north1-a.fab1"_s},
                                   {u"tags"_s, QJsonObject{{u"team"_s, u"ml-platform"_s}}}},
                                  201);

    // The research pool: one RoCE node for the next week.
    s.advanceTo(recent + Day);
    const qint64 roceStart = floorTo(s.now(), Hour) + Hour;
    s.expectFilled(s.order(s.acme(), inferenceId, u"buy"_s, u"sea-3-h100"_s, roceStart,
                           floorTo(now, Hour) + 7 * Day, 1));

    // The run of next week: 16 nodes for 5 days from Monday, and its last two days of four nodes
    // offered back at a price well above the market's bids, so the sell rests on the book.
    s.expectFilled(s.order(s.acme(), trainingId, u"buy"_s, u"hel-a-h100-ib"_s, monday, monday + 5 * Day, 16));
    s.order(s.acme(), trainingId, u"sell"_s, u"hel-a-h100-ib"_s, monday + 3 * Day, monday + 5 * Day, 4, 1.8,
            true);

    // Instances, a day before the demo opens, so their consoles show a finished boot: the research
    // server and the deployment of two workers on the partition (the pools own their nodes by then).
    s.advanceTo(roceStart + Hour);
    s.call(u"POST"_s, u"instances"_s, s.acme(),
           {{u"pool"_s, inferenceId},
            {u"instance_sku"_s, u"sea-3-h100"_s},
            {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
            {u"name"_s, u"inference-0"_s}},
           201);
    // The workers: a template (the CUDA 13 image with InfiniBand, a boot check of the fabric) and a
    // deployment that keeps two of them running in the partition.
    const auto workerTemplate =
        s.call(u"POST"_s, u"instance_templates"_s, s.acme(),
               {{u"workspace"_s, u"production"_s},
                {u"name"_s, u"training-worker"_s},
                {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
                {u"cloud_init_user_data"_s, QString::fromLatin1(workerUserData.toBase64())},
                {u"tags"_s, QJsonObject{{u"role"_s, u"worker"_s}}}},
               201);
    const auto trainers = s.call(
        u"POST"_s, u"deployments"_s, s.acme(),
        {{u"kind"_s, u"generic"_s},
         {u"name"_s, u"trainers"_s},
         {u"pool"_s, trainingId},
         {u"instance_sku"_s, u"hel-a-h100-ib"_s},
         {u"instance_template"_s, workerTemplate ? workerTemplate->value(u"id"_s).toString() : QString()},
         {u"target_instance_count"_s, 2},
         {u"instance_name_template"_s, u"worker-{{nanoid(10)}}"_s},
         {u"infiniband_partition"_s, partition ? partition->value(u"id"_s).toString() : QString()}},
        201);
    // The team calls its two workers by number, as its launch scripts do; the deployment keeps them
    // under those names (a replacement it starts later gets a name from the template).
    if (trainers) {
        const QString deploymentId = trainers->value(u"id"_s).toString();
        QStringList workers;
        if (const auto listed = s.call(u"GET"_s, u"instances?workspace=production&limit=200"_s, s.acme()))
            for (const auto& v : sfdesk::constValue(listed->value(u"data"_s).toArray()))
                if (v[u"managed_by"_s][u"id"_s].toString() == deploymentId)
                    workers << v[u"id"_s].toString();
        std::sort(workers.begin(), workers.end());
        for (qsizetype i = 0; i < workers.size(); ++i)
            s.call(u"PATCH"_s, u"instances/"_s + workers.at(i), s.acme(),
                   {{u"name"_s, u"worker-%1"_s.arg(i)}});
    }

    // globex goes on trading up to a day ago...
    const qint64 dayAgo = floorTo(now, Hour) - Day;
    for (; day + 9 * Hour < dayAgo; day += Day) {
        if (day + 9 * Hour > s.now())
            trade(day, dayAgo);
    }
    s.advanceTo(dayAgo);
    // ...when acme moved two nodes of next week's run to a pool for evaluations in research, and
    // set a procurement to keep the inference pool at two nodes for the next day: it has bought
    // hour by hour since.
    if (!capacityAutomation(s, trainingId, inferenceId, monday)) {
        *error = s.error;
        return false;
    }
    // globex goes on trading up to today.
    for (; day + 9 * Hour < now; day += Day) {
        if (day + 9 * Hour > s.now())
            trade(day, now);
    }
    s.advanceTo(now);
    s.call(u"GET"_s, u"me"_s, s.acme());
    if (!s.error.isEmpty()) {
        *error = s.error;
        return false;
    }
    return true;
}

} // namespace demo

} // namespace sfsim
