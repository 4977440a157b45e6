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

QString JsonStringMemo::shared(const JsonNode& string)
{
    JsonStringMemo* memo = currentMemo;
    if (!memo)
        return string.toString();
    const qsizetype slot = memo->m_next++;
    const QByteArrayView raw = string.rawString();
    if (slot == memo->m_strings.size()) {
        memo->m_strings.append(Slot{raw, string.toString()});
        return memo->m_strings.last().text;
    }
    // The same bytes (of the list's one body) decode to the same text.
    Slot& before = memo->m_strings[slot];
    if (before.raw == raw)
        return before.text;
    before = Slot{raw, string.toString()};
    return before.text;
}

JsonReader::JsonReader(const JsonNode& object, const QString& path)
    : m_object(object)
    , m_path(path)
{
    m_object.forEachMember([this](const JsonNode& key, const JsonNode&) {
        m_keys.append(key.index());
        return true;
    });
}

JsonReader::JsonReader(const JsonNode& object, const JsonReader& parent, const QString& key)
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

JsonNode JsonReader::find(const QString& key) const
{
    // The last of a repeated key, as QJsonDocument kept it.
    for (qsizetype i = m_keys.size() - 1; i >= 0; --i) {
        const JsonNode name(m_object.tape(), m_keys[i]);
        if (name.equals(key))
            return JsonNode(m_object.tape(), m_keys[i] + 1);
    }
    return {};
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
    const JsonNode value = present(QStringLiteral("object"));
    // Absent is tolerated (older shapes omit it); a different type is not.
    if (!value.isUndefined() && !value.equals(type))
        fail(QStringLiteral("object"), QStringLiteral("expected \"%1\", got %2")
                                           .arg(type, value.isString() ? u'"' + value.toString() + u'"'
                                                                       : QStringLiteral("a non-string")));
}

JsonNode JsonReader::present(const QString& key) const
{
    JsonNode value = find(key);
    if (value.isNull())
        return {};
    return value;
}

JsonNode JsonReader::required(const QString& key)
{
    JsonNode value = present(key);
    if (value.isUndefined())
        fail(key, QStringLiteral("missing"));
    return value;
}

JsonNode JsonReader::typed(const QString& key, Need need, JsonTape::Type type, const QString& expected)
{
    JsonNode value = need == Need::Required ? required(key) : present(key);
    if (value.isUndefined())
        return {};
    const bool matches =
        type == JsonTape::Type::True ? value.isBool() : value.tape()->at(value.index()).type == type;
    if (!matches) {
        fail(key, expected);
        return {};
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
    const JsonNode value = typed(key, need, JsonTape::Type::String, QStringLiteral("expected a string"));
    return value.isUndefined() ? QString() : JsonStringMemo::shared(value);
}

qint64 JsonReader::integer(const QString& key)
{
    const JsonNode value = required(key);
    if (value.isUndefined())
        return 0;
    constexpr qint64 invalid = std::numeric_limits<qint64>::min();
    const qint64 number = value.toInteger(invalid);
    if (number == invalid) {
        fail(key, QStringLiteral("expected an integer"));
        return 0;
    }
    return number;
}

qint64 JsonReader::optInteger(const QString& key, qint64 fallback)
{
    return present(key).isUndefined() ? fallback : integer(key);
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
    if (present(key).isUndefined())
        return std::nullopt;
    return epoch(key);
}

bool JsonReader::boolean(const QString& key)
{
    const JsonNode value =
        typed(key, Need::Required, JsonTape::Type::True, QStringLiteral("expected true or false"));
    return value.toBool();
}

bool JsonReader::optBoolean(const QString& key, bool fallback)
{
    return present(key).isUndefined() ? fallback : boolean(key);
}

std::optional<ObjectRef> JsonReader::optRef(const QString& key, const QString& nameKey)
{
    const JsonNode value = present(key);
    if (value.isUndefined())
        return std::nullopt;
    // Some servers send a bare id instead of {id, name}.
    if (value.isString())
        return ObjectRef{value.toString(), {}};
    if (!value.isObject()) {
        fail(key, QStringLiteral("expected an object"));
        return std::nullopt;
    }
    JsonReader inner(value, *this, key);
    ObjectRef ref{inner.string(QStringLiteral("id")), inner.optString(nameKey)};
    if (!inner.ok()) {
        absorb(inner);
        return std::nullopt;
    }
    return ref;
}

ObjectRef JsonReader::ref(const QString& key, const QString& nameKey)
{
    if (present(key).isUndefined()) {
        fail(key, QStringLiteral("missing"));
        return {};
    }
    return optRef(key, nameKey).value_or(ObjectRef{});
}

QList<ObjectRef> JsonReader::refList(const QString& key, const QString& nameKey)
{
    QList<ObjectRef> refs;
    qsizetype i = 0;
    optArray(key).forEachItem([&](const JsonNode& item) {
        if (!ok())
            return false;
        const QString itemPath = pathOf(key) + u'[' + QString::number(i++) + u']';
        if (!item.isObject()) {
            fail(QString(), itemPath + QStringLiteral(": expected an object"));
            return false;
        }
        JsonReader inner(item, itemPath);
        refs.append({inner.string(QStringLiteral("id")), inner.optString(nameKey)});
        absorb(inner);
        return true;
    });
    return refs;
}

std::optional<Price> parsePrice(const JsonNode& value)
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
    const JsonNode value = present(key);
    if (value.isUndefined())
        return std::nullopt;
    auto parsed = parsePrice(value);
    if (!parsed)
        fail(key, QStringLiteral("expected a decimal string such as \"2.500000\""));
    return parsed;
}

Price JsonReader::price(const QString& key)
{
    if (present(key).isUndefined()) {
        fail(key, QStringLiteral("missing"));
        return {};
    }
    return optPrice(key).value_or(Price{});
}

std::optional<NodeSchedule> parseScheduleValue(const JsonNode& value, const QString& path, QString* error)
{
    if (!value.isArray()) {
        if (error)
            *error = path + QStringLiteral(": expected a list of schedule entries");
        return std::nullopt;
    }
    NodeSchedule schedule;
    bool good = true;
    qsizetype i = 0;
    value.forEachItem([&](const JsonNode& item) {
        const QString itemPath = path + u'[' + QString::number(i++) + u']';
        if (!item.isObject()) {
            if (error)
                *error = itemPath + QStringLiteral(": expected an object");
            return good = false;
        }
        JsonReader entry(item, itemPath);
        ScheduleEntry parsed;
        parsed.startAt = entry.epoch(QStringLiteral("start_at"));
        parsed.endAt = entry.optEpoch(QStringLiteral("end_at"));
        parsed.nodeCount = static_cast<int>(entry.integer(QStringLiteral("node_count")));
        if (entry.ok() && parsed.endAt && *parsed.endAt <= parsed.startAt)
            entry.fail(QStringLiteral("end_at"), QStringLiteral("must be after start_at"));
        if (!entry.finish(error))
            return good = false;
        schedule.append(parsed);
        return true;
    });
    if (!good)
        return std::nullopt;
    return schedule;
}

NodeSchedule JsonReader::schedule(const QString& key)
{
    const JsonNode value = required(key);
    if (value.isUndefined())
        return {};
    QString error;
    auto parsed = parseScheduleValue(value, pathOf(key), &error);
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
    const JsonNode value = present(key);
    if (value.isUndefined())
        return result;
    if (!value.isObject()) {
        fail(key, QStringLiteral("expected an object of tags"));
        return result;
    }
    value.forEachMember([&](const JsonNode& name, const JsonNode& tag) {
        if (!tag.isString()) {
            fail(key, QStringLiteral("tag \"%1\" is not a string").arg(name.toString()));
            result.clear();
            return false;
        }
        result.insert(name.toString(), tag.toString());
        return true;
    });
    return result;
}

JsonNode JsonReader::object(const QString& key)
{
    return typed(key, Need::Required, JsonTape::Type::Object, QStringLiteral("expected an object"));
}

JsonNode JsonReader::optArray(const QString& key)
{
    return typed(key, Need::Optional, JsonTape::Type::Array, QStringLiteral("expected a list"));
}

} // namespace sfdesk
