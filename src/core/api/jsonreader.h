// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace sfdesk {

// Reads fields of one JSON object for a parser, remembering the first problem with its path
// ("instance.pool.id: missing"). Unknown fields are ignored; wrong types and missing required fields
// are errors. Null counts as absent for optional fields.
class JsonReader final
{
public:
    JsonReader(const QJsonObject& object, const QString& path);

    bool ok() const { return m_error.isEmpty(); }
    const QString& error() const { return m_error; }
    // With an empty key, problem is the whole message (it already names its path).
    void fail(const QString& key, const QString& problem);
    // Takes over the error of a reader for a nested object.
    void absorb(const JsonReader& inner);
    // Copies the first error into *error (when given) and returns ok().
    bool finish(QString* error) const;

    // Checks "object": a different discriminator means the wrong kind of object.
    void expectObjectType(const QString& type);

    QString string(const QString& key);
    QString optString(const QString& key);
    qint64 epoch(const QString& key);
    std::optional<qint64> optEpoch(const QString& key);
    qint64 integer(const QString& key);
    qint64 optInteger(const QString& key, qint64 fallback);
    bool boolean(const QString& key);
    bool optBoolean(const QString& key, bool fallback);
    ObjectRef ref(const QString& key, const QString& nameKey = QStringLiteral("name"));
    std::optional<ObjectRef> optRef(const QString& key, const QString& nameKey = QStringLiteral("name"));
    QList<ObjectRef> refList(const QString& key, const QString& nameKey = QStringLiteral("name"));
    Price price(const QString& key);
    std::optional<Price> optPrice(const QString& key);
    NodeSchedule schedule(const QString& key);
    QMap<QString, QString> tags(const QString& key);
    QJsonObject object(const QString& key);
    QJsonArray optArray(const QString& key);

    QString pathOf(const QString& key) const;
    const QJsonObject& json() const { return m_object; }

private:
    // Null or absent: nullopt and no error. Present: the value.
    std::optional<QJsonValue> present(const QString& key) const;
    std::optional<QJsonValue> required(const QString& key);
    enum class Need
    {
        Required,
        Optional
    };
    // present() or required(), and then of the given type; otherwise the error `expected`.
    std::optional<QJsonValue> typed(const QString& key, Need need, QJsonValue::Type type,
                                    const QString& expected);
    QString stringOf(const QString& key, Need need);

    const QJsonObject& m_object;
    QString m_path;
    QString m_error;
};

// Free helpers shared by the parsers.
std::optional<Price> parsePrice(const QJsonValue& value);
std::optional<NodeSchedule> parseScheduleValue(const QJsonValue& value, const QString& path, QString* error);

} // namespace sfdesk
