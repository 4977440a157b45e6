// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QString>
#include <QUrl>

#include <utility>

namespace sfdesk {

// One HTTP exchange with sfsim.
struct SimReply
{
    int status = 0;
    QByteArray raw;
    QJsonObject json;

    QJsonObject error() const { return json.value(u"error").toObject(); }
    QString errorType() const { return error().value(u"type").toString(); }
    QJsonArray details() const { return error().value(u"details").toArray(); }
    QJsonArray data() const { return json.value(u"data").toArray(); }
    QString id() const { return json.value(u"id").toString(); }
    // The `code` of every detail, in order.
    QStringList detailCodes() const;
};

// A blocking client for tests. Every exchange is appended to a JSONL file that the contract test
// (tests/contracts/validate_responses.py) checks against the OpenAPI document and the InfiniBand
// schema, so every response a test receives is validated.
class SimProcess;

class SimClient final
{
    Q_DISABLE_COPY_MOVE(SimClient)

public:
    explicit SimClient(const QUrl& baseUrl = {});

    void setBaseUrl(const QUrl& url) { m_base = url; }
    void setToken(const QString& token) { m_token = token; }
    // The test's own requests to this sim go with its faults switched off (see SimProcess::FaultsOff):
    // setup and checks on the server are not what a fault run tests.
    void setFaultsOffFor(SimProcess* sim) { m_sim = sim; }

    SimReply get(const QString& path, const QString& token = {});
    SimReply post(const QString& path, const QJsonObject& body, const QString& token = {});
    SimReply patch(const QString& path, const QJsonObject& body, const QString& token = {});
    SimReply del(const QString& path, const QString& token = {});
    // Raw bytes, for malformed and oversized bodies; an empty token sends no Authorization.
    SimReply send(const QByteArray& method, const QString& path, const QByteArray& body, const QString& token,
                  bool authorize = true, const QList<std::pair<QByteArray, QByteArray>>& headers = {});
    // POST with an Idempotency-Key header.
    SimReply postIdempotent(const QString& path, const QJsonObject& body, const QString& key,
                            const QString& token = {});

    // Control routes of a sfsim started with --control.
    void advanceClock(qint64 seconds);
    void setAllocation(const QString& pool, const QString& sku, qint64 nodes);
    // The virtual time of the simulated world.
    qint64 now();
    // Gives an object (pool, instance, infiniband_partition, instance_sku; user: the e-mail) a name
    // the API would refuse (control route).
    void setName(const QString& object, const QString& id, const QString& name);
    // An account's balance in micro-dollars (control route).
    qint64 balanceMicros(const QString& account);

private:
    void record(const QByteArray& method, const QString& path, const SimReply& reply);

    QNetworkAccessManager m_nam;
    SimProcess* m_sim = nullptr;
    QUrl m_base;
    QString m_token;
};

} // namespace sfdesk
