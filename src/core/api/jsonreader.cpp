// SPDX-License-Identifier: Apache-2.0

#include "core/api/jsonreader.h"

#include "common/money.h"

#include <limits>
#include <utility>

namespace sfdesk {

namespace {

thread_local JsonStringMemo* currentMemo = nullptr;

} // namespace

JsonStringMemo::JsonStringMemo()
    : m_outer(std::exchange(currentMemo, this))
{}

JsonStringMemo::~JsonStringMemo()
{
    currentMemo = m_outer;
}

QString JsonStringMemo::shared(QString text)
{
    JsonStringMemo* memo = currentMemo;
    if (!memo)
        return text;
    const qsizetype slot = memo->m_next++;
    if (slot == memo->m_strings.size()) {
        memo->m_strings.append(text);
        return text;
    }
    QString& before = memo->m_strings[slot];
    if (before == text)
        return before;
    before = text;
    return text;
}

JsonReader::JsonReader(const QJsonObject& object, const QString& path)
    : m_object(object)
    , m_path(path)
{
    for (auto it = object.constBegin(); it != object.constEnd(); ++it)
        m_fields.append(Field{it.key(), it.value()});
}

JsonReader::JsonReader(const QJsonObject& object, const JsonReader& parent, const QString& key)
    : JsonReader(object, QString())
{
    m_parent = &parent;
    m_key = key;
}

QString JsonReader::path() const
{
    return m_parent ? m_parent->pathOf(m_key) : m_path;
}

QString JsonReader::pathOf(const QString& key) const
{
    const QString own = path();
    return own.isEmpty() ? key : own + u'.' + key;
}

const QJsonValue* JsonReader::find(const QString& key) const
{
    for (const Field& field : m_fields) {
        if (field.key == key)
            return &field.value;
    }
    return nullptr;
}

void JsonReader::fail(const QString& key, const QString& problem)
{
    if (m_error.isEmpty())
        m_error = key.isEmpty() ? problem : pathOf(key) + u": " + problem;
}

void JsonReader::absorb(const JsonReader& inner)
{
    if (!inner.ok())
        fail(QString(), inner.error());
}

bool JsonReader::finish(QString* error) const
{
    if (error && !m_error.isEmpty())
        *error = m_error;
    return m_error.isEmpty();
}

void JsonReader::expectObjectType(const QString& type)
{
    const QJsonValue* value = present(QStringLiteral("object"));
    // Absent is tolerated (older shapes omit it); a different type is not.
    if (value && value->toString() != type)
        fail(QStringLiteral("object"), QStringLiteral("expected \"%1\", got %2")
                                           .arg(type, value->isString() ? u'"' + value->toString() + u'"'
                                                                        : QStringLiteral("a non-string")));
}

const QJsonValue* JsonReader::present(const QString& key) const
{
    const QJsonValue* value = find(key);
    if (!value || value->isUndefined() || value->isNull())
        return nullptr;
    return value;
}

const QJsonValue* JsonReader::required(const QString& key)
{
    const QJsonValue* value = present(key);
    if (!value)
        fail(key, QStringLiteral("missing"));
    return value;
}

const QJsonValue* JsonReader::typed(const QString& key, Need need, QJsonValue::Type type,
                                    const QString& expected)
{
    const QJsonValue* value = need == Need::Required ? required(key) : present(key);
    if (value && value->type() != type) {
        fail(key, expected);
        return nullptr;
    }
    return value;
}

QString JsonReader::string(const QString& key)
{
    return stringOf(key, Need::Required);
}

QString JsonReader::optString(const QString& key)
{
    return stringOf(key, Need::Optional);
}

QString JsonReader::stringOf(const QString& key, Need need)
{
    const QJsonValue* value = typed(key, need, QJsonValue::String, QStringLiteral("expected a string"));
    return value ? JsonStringMemo::shared(value->toString()) : QString();
}

qint64 JsonReader::integer(const QString& key)
{
    const QJsonValue* value = required(key);
    if (!value)
        return 0;
    constexpr qint64 invalid = std::numeric_limits<qint64>::min();
    const qint64 number = value->isDouble() ? value->toInteger(invalid) : invalid;
    if (number == invalid) {
        fail(key, QStringLiteral("expected an integer"));
        return 0;
    }
    return number;
}

qint64 JsonReader::optInteger(const QString& key, qint64 fallback)
{
    return present(key) ? integer(key) : fallback;
}

qint64 JsonReader::epoch(const QString& key)
{
    const qint64 value = integer(key);
    if (value < 0)
        fail(key, QStringLiteral("expected a Unix time in seconds"));
    return value;
}

std::optional<qint64> JsonReader::optEpoch(const QString& key)
{
    if (!present(key))
        return std::nullopt;
    return epoch(key);
}

bool JsonReader::boolean(const QString& key)
{
    const QJsonValue* value =
        typed(key, Need::Required, QJsonValue::Bool, QStringLiteral("expected true or false"));
    return value && value->toBool();
}

bool JsonReader::optBoolean(const QString& key, bool fallback)
{
    return present(key) ? boolean(key) : fallback;
}

std::optional<ObjectRef> JsonReader::optRef(const QString& key, const QString& nameKey)
{
    const QJsonValue* value = present(key);
    if (!value)
        return std::nullopt;
    // Some servers send a bare id instead of {id, name}.
    if (value->isString())
        return ObjectRef{value->toString(), {}};
    if (!value->isObject()) {
        fail(key, QStringLiteral("expected an object"));
        return std::nullopt;
    }
    const QJsonObject object = value->toObject();
    JsonReader inner(object, *this, key);
    ObjectRef ref{inner.string(QStringLiteral("id")), inner.optString(nameKey)};
    if (!inner.ok()) {
        absorb(inner);
        return std::nullopt;
    }
    return ref;
}

ObjectRef JsonReader::ref(const QString& key, const QString& nameKey)
{
    if (!present(key)) {
        fail(key, QStringLiteral("missing"));
        return {};
    }
    return optRef(key, nameKey).value_or(ObjectRef{});
}

QList<ObjectRef> JsonReader::refList(const QString& key, const QString& nameKey)
{
    QList<ObjectRef> refs;
    const QJsonArray array = optArray(key);
    for (qsizetype i = 0; i < array.size() && ok(); ++i) {
        const QJsonValue item = array.at(i);
        const QString itemPath = pathOf(key) + u'[' + QString::number(i) + u']';
        if (!item.isObject()) {
            fail(QString(), itemPath + QStringLiteral(": expected an object"));
            break;
        }
        const QJsonObject object = item.toObject();
        JsonReader inner(object, itemPath);
        refs.append({inner.string(QStringLiteral("id")), inner.optString(nameKey)});
        absorb(inner);
    }
    return refs;
}

std::optional<Price> parsePrice(const QJsonValue& value)
{
    if (!value.isString())
        return std::nullopt;
    const QString text = value.toString();
    const std::optional<qint64> micros = Money::parseAmount(text);
    if (!micros)
        return std::nullopt;
    return Price{text, *micros};
}

std::optional<Price> JsonReader::optPrice(const QString& key)
{
    const QJsonValue* value = present(key);
    if (!value)
        return std::nullopt;
    auto parsed = parsePrice(*value);
    if (!parsed)
        fail(key, QStringLiteral("expected a decimal string such as \"2.500000\""));
    return parsed;
}

Price JsonReader::price(const QString& key)
{
    if (!present(key)) {
        fail(key, QStringLiteral("missing"));
        return {};
    }
    return optPrice(key).value_or(Price{});
}

std::optional<NodeSchedule> parseScheduleValue(const QJsonValue& value, const QString& path, QString* error)
{
    if (!value.isArray()) {
        if (error)
            *error = path + QStringLiteral(": expected a list of schedule entries");
        return std::nullopt;
    }
    const QJsonArray array = value.toArray();
    NodeSchedule schedule;
    schedule.reserve(array.size());
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString itemPath = path + u'[' + QString::number(i) + u']';
        if (!array.at(i).isObject()) {
            if (error)
                *error = itemPath + QStringLiteral(": expected an object");
            return std::nullopt;
        }
        const QJsonObject object = array.at(i).toObject();
        JsonReader entry(object, itemPath);
        ScheduleEntry parsed;
        parsed.startAt = entry.epoch(QStringLiteral("start_at"));
        parsed.endAt = entry.optEpoch(QStringLiteral("end_at"));
        parsed.nodeCount = static_cast<int>(entry.integer(QStringLiteral("node_count")));
        if (entry.ok() && parsed.endAt && *parsed.endAt <= parsed.startAt)
            entry.fail(QStringLiteral("end_at"), QStringLiteral("must be after start_at"));
        if (!entry.finish(error))
            return std::nullopt;
        schedule.append(parsed);
    }
    return schedule;
}

NodeSchedule JsonReader::schedule(const QString& key)
{
    const QJsonValue* value = required(key);
    if (!value)
        return {};
    QString error;
    auto parsed = parseScheduleValue(*value, pathOf(key), &error);
    if (!parsed) {
        if (m_error.isEmpty())
            m_error = error;
        return {};
    }
    return *parsed;
}

QMap<QString, QString> JsonReader::tags(const QString& key)
{
    QMap<QString, QString> result;
    const QJsonValue* value = present(key);
    if (!value)
        return result;
    if (!value->isObject()) {
        fail(key, QStringLiteral("expected an object of tags"));
        return result;
    }
    const QJsonObject object = value->toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!it.value().isString()) {
            fail(key, QStringLiteral("tag \"%1\" is not a string").arg(it.key()));
            return {};
        }
        result.insert(it.key(), it.value().toString());
    }
    return result;
}

QJsonObject JsonReader::object(const QString& key)
{
    const QJsonValue* value =
        typed(key, Need::Required, QJsonValue::Object, QStringLiteral("expected an object"));
    return value ? value->toObject() : QJsonObject();
}

QJsonArray JsonReader::optArray(const QString& key)
{
    const QJsonValue* value =
        typed(key, Need::Optional, QJsonValue::Array, QStringLiteral("expected a list"));
    return value ? value->toArray() : QJsonArray();
}

} // namespace sfdesk
