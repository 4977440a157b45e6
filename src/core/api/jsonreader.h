// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/jsontape.h"
#include "core/model/resources.h"

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QVarLengthArray>

#include <optional>

namespace sfdesk {

// Reads fields of one JSON object for a parser, remembering the first problem with its path
// ("instance.pool.id: missing"). Unknown fields are ignored; wrong types and missing required fields
// are errors. Null counts as absent for optional fields. The object is a node of a JsonTape: keys
// are compared as the body's bytes, and a value is converted only when it is read.
class JsonReader final
{
public:
    JsonReader(const JsonNode& object, const QString& path);
    // The reader of an object nested in parent's at key: its path is put together only for an error.
    JsonReader(const JsonNode& object, const JsonReader& parent, const QString& key);

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
    // The object at key (an error if it is not one), the list at key (absent or null: none).
    JsonNode object(const QString& key);
    JsonNode optArray(const QString& key);

    // The value at key, undefined when the object has no such key.
    JsonNode value(const QString& key) const { return find(key); }
    // Whether the object has the key, null included.
    bool has(const QString& key) const { return !find(key).isUndefined(); }

    QString pathOf(const QString& key) const;
    const JsonNode& json() const { return m_object; }

private:
    JsonNode find(const QString& key) const;
    // Null or absent: undefined and no error. Present: the value.
    JsonNode present(const QString& key) const;
    JsonNode required(const QString& key);
    enum class Need
    {
        Required,
        Optional
    };
    // present() or required(), and then of the given type; otherwise the error `expected`.
    JsonNode typed(const QString& key, Need need, JsonTape::Type type, const QString& expected);
    QString stringOf(const QString& key, Need need);
    QString path() const;

    JsonNode m_object;
    // The object's keys (token indices; each value is the token after its key), found once: a
    // parser asks for most of them.
    QVarLengthArray<quint32, 32> m_keys;
    QString m_path;
    // A nested object's reader: its parent and the key it is at there.
    const JsonReader* m_parent = nullptr;
    QString m_key;
    QString m_error;
};

// While a list is parsed, the strings its items repeat (workspace, status, SKU, pool, image, ...)
// are kept once and shared by the items that hold them: ten thousand instances of one pool hold
// one copy of its name rather than ten thousand. The n-th string read of an item is compared, as
// bytes of the body, with the n-th of the item before; an equal one is that one, not decoded
// again. One per thread, for the list being parsed.
class JsonStringMemo final
{
public:
    JsonStringMemo();
    ~JsonStringMemo();
    Q_DISABLE_COPY_MOVE(JsonStringMemo)

    // Starts the next item of the list.
    void nextItem() { m_next = 0; }
    // The text of a string node, or an equal string the item before read at the same place.
    static QString shared(const JsonNode& string);

private:
    struct Slot
    {
        QByteArrayView raw;
        QString text;
    };
    QList<Slot> m_strings;
    qsizetype m_next = 0;
    JsonStringMemo* m_outer;
};

// Free helpers shared by the parsers.
std::optional<Price> parsePrice(const JsonNode& value);
std::optional<NodeSchedule> parseScheduleValue(const JsonNode& value, const QString& path, QString* error);

} // namespace sfdesk
