// SPDX-License-Identifier: Apache-2.0

#include "support/simclient.h"

#include "common/constvalue.h"
#include "support/simprocess.h"
#include "support/testenv.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <random>

using namespace Qt::StringLiterals;
using namespace sfdesk;

namespace {

constexpr qint64 H = 3600;
constexpr qint64 D = 86400;
constexpr int Clients = 8;

// The resident memory of a process, in KiB (Linux).
qint64 residentKiB(qint64 pid)
{
    QFile status(u"/proc/%1/status"_s.arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : constValue(status.readAll().split('\n'))) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

// Nodes of a schedule ([{start_at, end_at|null, node_count}]) at time t.
qint64 nodesAt(const QJsonArray& schedule, qint64 t)
{
    qint64 nodes = 0;
    for (const auto& v : schedule) {
        const QJsonObject e = v.toObject();
        const bool open = e.value(u"end_at").isNull() || e.value(u"end_at").isUndefined();
        if (e.value(u"start_at").toInteger() <= t && (open || t < e.value(u"end_at").toInteger()))
            nodes += e.value(u"node_count").toInteger();
    }
    return nodes;
}

// Node-seconds of a schedule of bounded entries.
qint64 nodeSeconds(const QJsonArray& schedule)
{
    qint64 sum = 0;
    for (const auto& v : schedule) {
        const QJsonObject e = v.toObject();
        sum += e.value(u"node_count").toInteger()
               * (e.value(u"end_at").toInteger() - e.value(u"start_at").toInteger());
    }
    return sum;
}

// What the soak's clients share: the world they found and what they created in it. One thread.
struct SoakWorld
{
    QUrl base;
    QStringList skuIds;
    QStringList skuAliases;
    qint64 now = 0;
    QHash<QString, QStringList> pools; // token -> pool ids
    QHash<QString, QStringList> instances;
    QStringList orders;
    // Idempotency key -> the order ids the server answered with (all must be one).
    QHash<QString, QSet<QString>> ordersByKey;
    std::map<int, int> statuses; // HTTP status (0: no complete answer) -> count
    int requests = 0;
};

// One client: one connection pool, one request at a time, chosen at random (seeded) from reads,
// writes and orders. Failures are expected (faults are on); the client goes on as a user would,
// retrying an order with the same Idempotency-Key.
class SoakClient final : public QObject
{
public:
    SoakClient(SoakWorld& world, int index, QString token, QDeadlineTimer deadline)
        : m_world(world)
        , m_index(index)
        , m_token(std::move(token))
        , m_deadline(deadline)
        , m_random(1000 + index)
    {}

    void start() { next(); }
    bool done() const { return m_done; }

private:
    using Callback = std::function<void(int status, const QJsonObject& json)>;

    int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_random); }
    template <typename T> const T& any(const QList<T>& list) { return list.at(pick(int(list.size()))); }

    void send(const QByteArray& method, const QString& path, const QJsonObject& body, Callback done,
              const QByteArray& idempotencyKey = {})
    {
        QNetworkRequest request(m_world.base.resolved(QUrl(path)));
        request.setTransferTimeout(20000);
        if (!path.startsWith(u"/_sim/"_s))
            request.setRawHeader("Authorization", "Bearer " + m_token.toUtf8());
        if (!idempotencyKey.isEmpty())
            request.setRawHeader("Idempotency-Key", idempotencyKey);
        QByteArray payload;
        if (!body.isEmpty()) {
            payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
            request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        }
        QNetworkReply* reply = m_nam.sendCustomRequest(request, method, payload);
        connect(reply, &QNetworkReply::finished, this, [this, reply, done = std::move(done)] {
            reply->deleteLater();
            const QByteArray raw = reply->readAll();
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(raw, &error);
            // A cut-off body or a dropped connection is no answer, whatever the status line said.
            const bool whole = reply->error() == QNetworkReply::NoError
                               || reply->error() >= QNetworkReply::ContentAccessDenied;
            int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (!whole || (!raw.isEmpty() && error.error != QJsonParseError::NoError))
                status = 0;
            ++m_world.requests;
            ++m_world.statuses[status];
            done(status, document.object());
        });
    }

    // The next operation, or the end once the soak's time is up.
    void next()
    {
        if (m_deadline.hasExpired()) {
            m_done = true;
            return;
        }
        const auto then = [this](int, const QJsonObject&) { next(); };
        const QStringList& pools = m_world.pools[m_token];
        const int roll = pick(100);
        if (pools.isEmpty() || (roll < 4 && pools.size() < 4))
            return createPool();
        if (roll < 30)
            return read(then);
        if (roll < 40)
            return createInstance();
        if (roll < 44 && !m_world.instances[m_token].isEmpty()) {
            const QString id = any(m_world.instances[m_token]);
            return send("POST", u"/preview/v2/instances/%1/terminate"_s.arg(id), {}, then);
        }
        if (roll < 47)
            return send("PATCH", u"/preview/v2/pools/%1"_s.arg(any(pools)),
                        {{u"tags"_s, QJsonArray{u"soak-%1"_s.arg(pick(5))}}}, then);
        if (roll < 70)
            return buy();
        if (roll < 85)
            return sell();
        if (roll < 92 && !m_world.orders.isEmpty())
            return send("DELETE", u"/preview/v2/orders/%1"_s.arg(any(m_world.orders)), {}, then);
        if (roll < 96)
            return send("POST", u"/_sim/clock/advance"_s, {{u"seconds"_s, 1800}},
                        [this](int status, const QJsonObject& json) {
                            if (status == 200)
                                m_world.now = std::max(m_world.now, json.value(u"now").toInteger());
                            next();
                        });
        return read(then);
    }

    void read(const Callback& then)
    {
        const QStringList& pools = m_world.pools[m_token];
        const qint64 start = m_world.now - m_world.now % H + H;
        switch (pick(9)) {
        case 0:
            return send("GET", u"/preview/v2/me"_s, {}, then);
        case 1:
            return send("GET", u"/preview/v2/workspaces"_s, {}, then);
        case 2:
            return send("GET", u"/preview/v2/pools?limit=50"_s, {}, then);
        case 3:
            return send("GET", u"/preview/v2/instances?limit=50"_s, {}, then);
        case 4:
            return send("GET", u"/preview/v2/orders?limit=50&pool=%1"_s.arg(any(pools)), {}, then);
        case 5:
            return send("GET", u"/preview/v2/pools/%1"_s.arg(any(pools)), {}, then);
        case 6:
            return send("GET",
                        u"/preview/v2/orderbook/quote?requirements=instance_sku:%1&start_at=%2&end_at=%3"_s
                            .arg(any(m_world.skuAliases))
                            .arg(start)
                            .arg(start + 4 * H),
                        {}, then);
        case 7:
            return send("GET",
                        u"/preview/v2/orderbook/depth?requirements=instance_sku:%1&start_at=%2&end_at=%3"_s
                            .arg(any(m_world.skuAliases))
                            .arg(start)
                            .arg(start + 2 * H),
                        {}, then);
        default:
            if (!m_world.orders.isEmpty())
                return send("GET", u"/preview/v2/orders/%1"_s.arg(any(m_world.orders)), {}, then);
            return send("GET", u"/preview/v2/instance_skus"_s, {}, then);
        }
    }

    void createPool()
    {
        const QString name = u"soak-%1-%2"_s.arg(m_index).arg(++m_serial);
        send("POST", u"/preview/v2/pools"_s, {{u"workspace"_s, u"default"_s}, {u"name"_s, name}},
             [this, name](int status, const QJsonObject& json) {
                 QStringList& pools = m_world.pools[m_token];
                 if (status == 201)
                     pools.append(json.value(u"id"_s).toString());
                 if (status == 0) {
                     // The pool may exist all the same: look it up by name.
                     return send("GET", u"/preview/v2/pools?workspace=default&limit=200"_s, {},
                                 [this, name](int found, const QJsonObject& list) {
                                     for (const auto& p : constValue(list.value(u"data"_s).toArray())) {
                                         const QJsonObject pool = p.toObject();
                                         QStringList& mine = m_world.pools[m_token];
                                         if (found == 200 && pool.value(u"name"_s).toString() == name
                                             && !mine.contains(pool.value(u"id"_s).toString()))
                                             mine.append(pool.value(u"id"_s).toString());
                                     }
                                     next();
                                 });
                 }
                 next();
             });
    }

    void createInstance()
    {
        send("POST", u"/preview/v2/instances"_s,
             {{u"pool"_s, any(m_world.pools[m_token])},
              {u"instance_sku"_s, any(m_world.skuIds)},
              {u"image"_s, u"ubuntu-24.04-cuda-13.2"_s},
              {u"name"_s, u"soak-%1-%2"_s.arg(m_index).arg(++m_serial)}},
             [this](int status, const QJsonObject& json) {
                 if (status == 201)
                     m_world.instances[m_token].append(json.value(u"id"_s).toString());
                 next();
             });
    }

    // POST /orders with a key; a request without a complete answer is sent again with the same key
    // (up to three times), as the app does.
    void placeOrder(const QJsonObject& body, int attempt = 0, QByteArray key = {})
    {
        if (key.isEmpty())
            key = u"soak-%1-%2"_s.arg(m_index).arg(++m_serial).toUtf8();
        send(
            "POST", u"/preview/v2/orders"_s, body,
            [this, body, attempt, key](int status, const QJsonObject& json) {
                if (status == 200 || status == 201) {
                    const QString id = json.value(u"id"_s).toString();
                    m_world.ordersByKey[QString::fromUtf8(key)].insert(id);
                    if (!m_world.orders.contains(id))
                        m_world.orders.append(id);
                } else if ((status == 0 || status == 503) && attempt < 3) {
                    return placeOrder(body, attempt + 1, key);
                }
                next();
            },
            key);
    }

    // A buy at the price the order preview quotes (sometimes a little below it, standing).
    void buy()
    {
        const qint64 start = m_world.now - m_world.now % H + (1 + pick(12)) * H;
        const QString alias = any(m_world.skuAliases);
        send("POST", u"/preview/v2/order_preview"_s,
             {{u"side"_s, u"buy"_s},
              {u"requirements"_s, QJsonObject{{u"instance_sku"_s, QJsonArray{alias}}}},
              {u"start_at"_s, start},
              {u"duration_seconds"_s, (1 + pick(3)) * H},
              {u"node_count"_s, 1 + pick(2)}},
             [this](int status, const QJsonObject& json) {
                 if (status != 200 || json.value(u"type"_s).toString() != u"quoted"_s)
                     return next();
                 QJsonObject body = json.value(u"post_order_body"_s).toObject();
                 body.insert(u"pool"_s, any(m_world.pools[m_token]));
                 if (pick(4) == 0) {
                     // Standing, a tenth below the quote: it may fill as the market moves.
                     const double price =
                         body.value(u"limit_price_dollars_per_node_hour"_s).toString().toDouble();
                     body.insert(u"limit_price_dollars_per_node_hour"_s,
                                 QString::number(price * 0.9, 'f', 6));
                     body.insert(u"allow_standing"_s, true);
                 }
                 placeOrder(body);
             });
    }

    // Sells an hour or two of what one of the client's pools owns: low and at once, or high and
    // standing.
    void sell()
    {
        const QString pool = any(m_world.pools[m_token]);
        send("GET", u"/preview/v2/pools/%1"_s.arg(pool), {},
             [this, pool](int status, const QJsonObject& json) {
                 const QJsonObject bySku =
                     json.value(u"allocation_schedule"_s).toObject().value(u"by_instance_sku"_s).toObject();
                 if (status != 200 || bySku.isEmpty())
                     return next();
                 const QString sku = any(bySku.keys());
                 const QJsonArray schedule = bySku.value(sku).toArray();
                 const qint64 earliest = m_world.now - m_world.now % H + 2 * H;
                 for (const auto& v : schedule) {
                     const QJsonObject e = v.toObject();
                     const qint64 from = std::max(earliest, e.value(u"start_at"_s).toInteger());
                     const qint64 to = e.value(u"end_at"_s).toInteger();
                     if (e.value(u"node_count"_s).toInteger() < 1 || to - from < H)
                         continue;
                     const bool standing = pick(2) == 0;
                     QJsonObject body{
                         {u"pool"_s, pool},
                         {u"side"_s, u"sell"_s},
                         {u"instance_sku"_s, sku},
                         {u"allocation_schedule_delta"_s,
                          QJsonArray{QJsonObject{
                              {u"start_at"_s, from}, {u"end_at"_s, from + H}, {u"node_count"_s, 1}}}},
                         {u"limit_price_dollars_per_node_hour"_s, standing ? u"40.000000"_s : u"0.100000"_s},
                         {u"allow_standing"_s, standing},
                     };
                     return placeOrder(body);
                 }
                 next();
             });
    }

    SoakWorld& m_world;
    int m_index;
    QString m_token;
    QDeadlineTimer m_deadline;
    std::mt19937 m_random;
    QNetworkAccessManager m_nam;
    int m_serial = 0;
    bool m_done = false;
};

} // namespace

// The soak of issue 20: 8 clients for 60 s (SFDESK_SOAK_SECONDS) of mixed reads, writes and
// orders against the real sfsim over HTTP with faults on (latency with jitter, server errors,
// dropped connections, cut-off bodies) and the clock moving. Afterwards, with the faults off:
// every order is in exactly one state and its fills agree with it, every pool's allocation
// schedule is the sum of its orders' fills, an order key never placed two orders, and the
// database passes PRAGMA integrity_check. Asserts what holds, never how fast: a slow machine
// makes fewer requests, not a failure. Prints sfsim's memory after start and after the soak.
class TestSimSoak final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { TestEnv::init(); }

    void soak()
    {
        SimProcess sim;
        QVERIFY2(sim.start({u"--control"_s, u"--faults"_s,
                            u"latency=5ms,jitter=20ms,error=0.1,drop=0.05,truncate=0.05"_s}),
                 qPrintable(sim.errorOutput()));
        SimClient api(sim.baseUrl());
        api.setFaultsOffFor(&sim);
        api.setToken(sim.token(u"acme-owner"_s));

        SoakWorld world;
        world.base = sim.baseUrl();
        world.now = api.now();
        const SimReply skus = api.get(u"/preview/v2/instance_skus?limit=200"_s);
        QCOMPARE(skus.status, 200);
        for (const auto& v : constValue(skus.data())) {
            const QJsonObject sku = v.toObject();
            if (world.skuIds.size() < 4) {
                world.skuIds.append(sku.value(u"id"_s).toString());
                world.skuAliases.append(sku.value(u"alias"_s).toString());
            }
        }
        QVERIFY(!world.skuIds.isEmpty());
        const qint64 pid = sim.process().processId();
        const qint64 memoryAtStart = residentKiB(pid);

        bool ok = false;
        const int seconds = qEnvironmentVariableIntValue("SFDESK_SOAK_SECONDS", &ok);
        const QDeadlineTimer deadline((ok && seconds > 0 ? seconds : 60) * 1000);
        const QStringList tokens{u"acme-owner"_s, u"globex-owner"_s};
        std::vector<std::unique_ptr<SoakClient>> clients;
        for (int i = 0; i < Clients; ++i)
            clients.push_back(
                std::make_unique<SoakClient>(world, i, sim.token(tokens.at(i < 6 ? 0 : 1)), deadline));
        for (const auto& client : clients)
            client->start();
        // Each client stops after the request under way when the time is up; an answer never
        // takes longer than the transfer timeout (20 s).
        const auto allDone = [&clients] {
            return std::all_of(clients.begin(), clients.end(), [](const auto& c) { return c->done(); });
        };
        QVERIFY2(QTest::qWaitFor(allDone, QDeadlineTimer(deadline.remainingTime() + 60'000)),
                 "a client was still waiting for an answer a minute after the soak's time");
        const qint64 memoryAfter = residentKiB(pid);

        QString counts;
        for (const auto& [status, count] : world.statuses)
            counts += u" %1:%2"_s.arg(status).arg(count);
        qInfo("soak: %d requests (status:count%s), %d orders placed", world.requests, qPrintable(counts),
              int(world.orders.size()));
        qInfo("soak: sfsim resident memory %lld KiB after start, %lld KiB after the soak (%+lld KiB)",
              memoryAtStart, memoryAfter, memoryAfter - memoryAtStart);
        QVERIFY(world.requests > Clients);
        QVERIFY(world.statuses.count(200) || world.statuses.count(201));

        // From here the test's own requests go without faults.
        QVERIFY(sim.setFaults(QString()));
        // An order key placed one order, however often it was sent.
        for (auto it = world.ordersByKey.cbegin(); it != world.ordersByKey.cend(); ++it)
            QVERIFY2(it.value().size() == 1, qPrintable(it.key()));

        const qint64 now = api.now();
        int filled = 0;
        for (const QString& token : tokens) {
            api.setToken(sim.token(token));
            QList<QJsonObject> orders;
            checkOrders(api, now, &filled, &orders);
            if (QTest::currentTestFailed())
                return;
            checkPools(api, now, orders);
            if (QTest::currentTestFailed())
                return;
        }
        // Quoted buys filled, so the checks above looked at real fills.
        QVERIFY(filled > 0);
        sim.stop();
        checkDatabase(sim.dbFile());
    }

private:
    // Pages of 50: the contract log keeps the first 200 KB of each answer.
    static QList<QJsonObject> allPages(SimClient& api, const QString& path)
    {
        QList<QJsonObject> out;
        QString cursor;
        do {
            const SimReply page = api.get(path + u"&limit=50"_s
                                          + (cursor.isEmpty() ? QString() : u"&starting_after="_s + cursor));
            if (page.status != 200) {
                qWarning("%s: %d %s", qPrintable(path), page.status, page.raw.left(300).constData());
                return {};
            }
            for (const auto& v : constValue(page.data()))
                out.append(v.toObject());
            cursor =
                page.json.value(u"has_more").toBool() ? page.json.value(u"cursor").toString() : QString();
        } while (!cursor.isEmpty());
        return out;
    }

    // Every order of the account is listed once and under exactly one status, and its status
    // agrees with its fills.
    static void checkOrders(SimClient& api, qint64 now, int* filled, QList<QJsonObject>* orders)
    {
        const QList<QJsonObject> all = allPages(api, u"/preview/v2/orders?sort_by=created_at"_s);
        *orders = all;
        QHash<QString, QString> statusOf;
        for (const QJsonObject& order : all) {
            const QString id = order.value(u"id").toString();
            QVERIFY2(!statusOf.contains(id), qPrintable(u"%1 listed twice"_s.arg(id)));
            statusOf.insert(id, order.value(u"status").toString());

            const QString status = order.value(u"status").toString();
            const QJsonArray requested = order.value(u"allocation_schedule_delta").toArray();
            const qint64 wanted = nodeSeconds(requested);
            qint64 got = 0;
            for (const auto& f : constValue(order.value(u"fills").toArray()))
                got += nodeSeconds(f.toObject().value(u"allocation_schedule_delta").toArray());
            const QString what =
                u"%1 %2: %3 of %4 node-seconds filled"_s.arg(id, status).arg(got).arg(wanted);
            QVERIFY2(wanted > 0, qPrintable(what));
            QVERIFY2(got >= 0 && got <= wanted, qPrintable(what));
            if (status == u"filled"_s) {
                QVERIFY2(got == wanted, qPrintable(what));
                QVERIFY2(order.value(u"filled_at").isDouble(), qPrintable(what));
            } else if (status == u"partially_filled"_s) {
                QVERIFY2(got > 0 && got < wanted, qPrintable(what));
            } else if (status == u"cancelled"_s) {
                QVERIFY2(got < wanted, qPrintable(what));
                QVERIFY2(order.value(u"cancelled_at").isDouble(), qPrintable(what));
            } else if (status == u"pending"_s || status == u"standing"_s || status == u"rejected"_s) {
                QVERIFY2(got == 0, qPrintable(what));
            } else {
                QFAIL(qPrintable(u"%1: unknown status"_s.arg(what)));
            }
            // An order still open has not ended.
            if (status == u"pending"_s || status == u"standing"_s || status == u"partially_filled"_s)
                QVERIFY2(requested.at(0).toObject().value(u"end_at").toInteger() > now, qPrintable(what));
        }
        for (const QString& status : std::as_const(statusOf))
            *filled += status == u"filled"_s ? 1 : 0;
        // The lists by status split the orders: each is in exactly one of them.
        QHash<QString, int> seen;
        for (const QString& status : {u"pending"_s, u"standing"_s, u"partially_filled"_s, u"filled"_s,
                                      u"cancelled"_s, u"rejected"_s}) {
            for (const QJsonObject& order :
                 constValue(allPages(api, u"/preview/v2/orders?status="_s + status))) {
                const QString id = order.value(u"id").toString();
                QVERIFY2(statusOf.value(id) == status,
                         qPrintable(u"%1 listed as %2 but is %3"_s.arg(id, status, statusOf.value(id))));
                ++seen[id];
            }
        }
        QCOMPARE(seen.size(), statusOf.size());
        for (auto it = seen.cbegin(); it != seen.cend(); ++it)
            QVERIFY2(it.value() == 1, qPrintable(it.key()));
    }

    // Each pool owns, per SKU and hour from now on, its buy fills less its sell fills.
    static void checkPools(SimClient& api, qint64 now, const QList<QJsonObject>& orders)
    {
        const QList<QJsonObject> pools = allPages(api, u"/preview/v2/pools?workspace=default"_s);
        QVERIFY(!pools.isEmpty());
        for (const QJsonObject& pool : pools) {
            const QString poolId = pool.value(u"id").toString();
            std::map<QString, std::map<qint64, qint64>> fromFills;
            for (const QJsonObject& order : orders) {
                if (order.value(u"pool").toObject().value(u"id").toString() != poolId)
                    continue;
                const qint64 sign = order.value(u"side").toString() == u"buy"_s ? 1 : -1;
                const QString sku = order.value(u"instance_sku").toObject().value(u"id").toString();
                for (const auto& f : constValue(order.value(u"fills").toArray())) {
                    const QJsonArray delta = f.toObject().value(u"allocation_schedule_delta").toArray();
                    for (qint64 t = now - now % H + H; t < now + 21 * D; t += H)
                        fromFills[sku][t] += sign * nodesAt(delta, t);
                }
            }
            const QJsonObject bySku =
                pool.value(u"allocation_schedule").toObject().value(u"by_instance_sku").toObject();
            for (const QString& sku : constValue(bySku.keys()))
                QVERIFY2(fromFills.count(sku), qPrintable(u"%1 owns %2 without fills"_s.arg(poolId, sku)));
            for (const auto& [sku, hours] : fromFills) {
                for (const auto& [t, nodes] : hours) {
                    const qint64 owned = nodesAt(bySku.value(sku).toArray(), t);
                    QVERIFY2(owned == nodes,
                             qPrintable(u"%1 %2 at %3: owns %4, fills say %5"_s.arg(poolId, sku)
                                            .arg(t)
                                            .arg(owned)
                                            .arg(nodes)));
                }
            }
        }
    }

    static void checkDatabase(const QString& file)
    {
        const QString connection = u"soak-check"_s;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, connection);
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery query(db);
            QVERIFY(query.exec(u"PRAGMA integrity_check"_s));
            QVERIFY(query.next());
            QCOMPARE(query.value(0).toString(), u"ok"_s);
            QVERIFY(query.exec(u"PRAGMA foreign_key_check"_s));
            QVERIFY(!query.next());
            // One state per order, and the times that state implies.
            QVERIFY(
                query.exec(u"SELECT count(*) FROM market_orders WHERE status NOT IN ('pending', 'standing', "
                           "'partially_filled', 'filled', 'cancelled', 'rejected') "
                           "OR (status = 'filled' AND filled_at IS NULL) "
                           "OR (status = 'cancelled' AND cancelled_at IS NULL)"_s));
            QVERIFY(query.next());
            QCOMPARE(query.value(0).toInt(), 0);
            QVERIFY(query.exec(u"SELECT count(*) FROM market_orders"_s));
            QVERIFY(query.next());
            qInfo("soak: %d orders in the store", query.value(0).toInt());
            db.close();
        }
        QSqlDatabase::removeDatabase(connection);
    }
};

QTEST_GUILESS_MAIN(TestSimSoak)
#include "tst_simsoak.moc"
