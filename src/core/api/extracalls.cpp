// SPDX-License-Identifier: Apache-2.0

#include "core/api/extracalls.h"

#include "core/api/apiclient.h"
#include "core/api/infinibandadapter.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

namespace {

QString encoded(const QString& value)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(value));
}

} // namespace

namespace ExtraCalls {

ApiCall* renameInfinibandPartition(ApiClient* client, const QString& reference, const QString& name)
{
    return client->send(
        ApiRequest::make("PATCH", InfinibandAdapter::partitionPath(reference))
            .withBody(QJsonDocument(QJsonObject{{QStringLiteral("name"), name}}))
            .withIdempotent(true)
            .parsedBy([](const QJsonDocument& document, QString* error) -> std::optional<QVariant> {
                auto partition = InfinibandAdapter::parsePartition(document.object(), error);
                if (!partition)
                    return std::nullopt;
                return QVariant::fromValue(*partition);
            }));
}

ApiCall* consoleLogs(ApiClient* client, const QString& instanceId, int limit)
{
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("limit"), QString::number(qBound(1, limit, 2500)));
    query.addQueryItem(QStringLiteral("sort_by"), QStringLiteral("seqnum"));
    return client->send(
        ApiRequest::make("GET", QStringLiteral("/instances/%1/logs").arg(encoded(instanceId)))
            .withQuery(query)
            .parsedBy([](const QJsonDocument& document, QString* error) -> std::optional<QVariant> {
                auto lines = parseConsoleLogs(document, error);
                if (!lines)
                    return std::nullopt;
                return QVariant::fromValue(*lines);
            }));
}

ApiCall* sshDetails(ApiClient* client, const QString& instanceId)
{
    return client->send(
        ApiRequest::make("GET", QStringLiteral("/instances/%1/ssh").arg(encoded(instanceId)))
            .parsedBy([](const QJsonDocument& document, QString* error) -> std::optional<QVariant> {
                auto details = parseSshDetails(document, error);
                if (!details)
                    return std::nullopt;
                return QVariant::fromValue(*details);
            }));
}

std::optional<QList<ConsoleLine>> parseConsoleLogs(const QJsonDocument& document, QString* error)
{
    if (!document.isObject() || !document.object().value(u"data").isArray()) {
        *error = QStringLiteral("logs: expected a list with data");
        return std::nullopt;
    }
    QList<ConsoleLine> lines;
    const QJsonArray data = document.object().value(u"data").toArray();
    for (qsizetype i = 0; i < data.size(); ++i) {
        const QJsonObject entry = data.at(i).toObject();
        const QJsonValue bytes = entry.value(u"data");
        if (!bytes.isString()) {
            *error = QStringLiteral("logs.data[%1].data: expected a base64 string").arg(i);
            return std::nullopt;
        }
        const auto decoded = QByteArray::fromBase64Encoding(bytes.toString().toLatin1());
        if (!decoded) {
            *error = QStringLiteral("logs.data[%1].data: not base64").arg(i);
            return std::nullopt;
        }
        ConsoleLine line;
        line.seqnum = entry.value(u"seqnum").toInteger();
        line.timestamp = entry.value(u"timestamp_realtime").toInteger();
        line.text = QString::fromUtf8(*decoded);
        // Console bytes carry their own line ends; one entry is one line here.
        while (line.text.endsWith(u'\n') || line.text.endsWith(u'\r'))
            line.text.chop(1);
        lines.append(line);
    }
    return lines;
}

std::optional<SshDetails> parseSshDetails(const QJsonDocument& document, QString* error)
{
    const QJsonObject json = document.object();
    if (!json.value(u"hostname").isString() || !json.value(u"port").isDouble()) {
        *error = QStringLiteral("ssh: expected hostname and port");
        return std::nullopt;
    }
    SshDetails details;
    details.hostname = json.value(u"hostname").toString();
    details.port = json.value(u"port").toInt();
    const QJsonArray keys = json.value(u"host_keys").toArray();
    for (const QJsonValue& key : keys)
        details.hostKeys.append(
            {key.toObject().value(u"key_type").toString(), key.toObject().value(u"key").toString()});
    return details;
}

} // namespace ExtraCalls

QList<PartitionBlocker> partitionBlockers(const ApiError& error)
{
    static const QRegularExpression instanceId(QStringLiteral("\\b((?:inst|vm)_[0-9A-Za-z_-]+)"));
    static const QRegularExpression leadingCount(QStringLiteral("^\\s*(\\d+)"));
    QList<PartitionBlocker> blockers;
    for (const ApiErrorDetail& detail : error.details()) {
        PartitionBlocker blocker;
        blocker.message = detail.message;
        if (detail.code == u"attached_instance")
            blocker.kind = PartitionBlocker::Kind::Attached;
        else if (detail.code == u"pending_release")
            blocker.kind = PartitionBlocker::Kind::PendingRelease;
        else if (detail.code == u"unreadable_instance")
            blocker.kind = PartitionBlocker::Kind::Unreadable;
        if (blocker.kind == PartitionBlocker::Kind::Attached
            || blocker.kind == PartitionBlocker::Kind::PendingRelease)
            blocker.instanceId = instanceId.match(detail.message).captured(1);
        if (blocker.kind == PartitionBlocker::Kind::Unreadable) {
            const auto match = leadingCount.match(detail.message);
            blocker.count = match.hasMatch() ? match.captured(1).toInt() : 1;
        }
        blockers.append(blocker);
    }
    return blockers;
}
