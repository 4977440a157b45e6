// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringView>

#include <memory>
#include <optional>
#include <vector>

namespace sfdesk {

class JsonNode;

// A JSON document decoded in one pass into a flat list of tokens ("tape"): each token has its type,
// where its text is in the UTF-8 body and, for an object or a list, the index after its last
// member. Nothing is converted until a reader asks: a string becomes a QString only when read, a
// key is compared as bytes. Strict RFC 8259: no trailing commas, comments, control characters in
// strings, unknown escapes, invalid UTF-8, leading zeros, NaN or Infinity; a number Qt's
// QJsonDocument could not hold (beyond a double) is refused as it refused it. The top level is an
// object or a list, nested at most maxDepth deep (the parse uses no recursion).
class JsonTape final
{
public:
    enum class Type : quint8
    {
        Null,
        False,
        True,
        Number,
        String,
        Array,
        Object
    };
    // String: has escapes; has bytes beyond ASCII. Number: has a fraction or an exponent.
    static constexpr quint8 Escaped = 1;
    static constexpr quint8 NonAscii = 2;
    static constexpr quint8 Fraction = 1;

    // What was wrong, and the byte of the body where.
    struct Error
    {
        QString problem;
        qsizetype offset = 0;
    };

    struct Token
    {
        quint32 offset; // of the value's first byte; a string's content, after its quote
        quint32 length; // of a string's raw content or a number's text
        quint32 end;    // the index after the token and everything it contains
        Type type;
        quint8 flags;
    };

    static constexpr int maxDepth = 1024;

    // The decoded document, or nullptr and *error (when given).
    static std::shared_ptr<const JsonTape> parse(const QByteArray& body, Error* error = nullptr);
    // Several lists as one: the items of each list node, in order (for the pages of a list);
    // nullptr past 4 GiB.
    static std::shared_ptr<const JsonTape> concatenate(const QList<JsonNode>& lists);

    // The tokens are kept in blocks of this many (64 KiB), the first one sized from the body when it
    // is smaller: a long list's tape is no one block of hundreds of MB, which glibc would map fresh
    // from the kernel (a page fault a page) at every refresh, but blocks its heap reuses.
    static constexpr int blockBits = 12;
    static constexpr quint32 blockSize = 1U << blockBits;

    const QByteArray& body() const { return m_body; }
    const Token& at(quint32 index) const { return m_blocks[index >> blockBits][index & (blockSize - 1)]; }
    quint32 size() const { return m_size; }
    JsonNode root() const;

private:
    friend class JsonTapeWriter;

    QByteArray m_body;
    std::vector<std::unique_ptr<Token[]>> m_blocks;
    quint32 m_size = 0;
    quint32 m_capacity = 0;
};

// One value of a JsonTape: a view as cheap as two words, valid while the tape lives. A default
// one is "undefined" (what a missing key gives). Built from Qt's JSON values, it holds a tape of
// their text of its own: tests and the few callers with a QJsonObject go the same way as answers.
class JsonNode final
{
public:
    JsonNode() = default;
    JsonNode(const JsonTape* tape, quint32 index)
        : m_tape(tape)
        , m_index(index)
    {}
    explicit JsonNode(std::shared_ptr<const JsonTape> tape);
    JsonNode(const QJsonObject& object);     // NOLINT(google-explicit-constructor)
    JsonNode(const QJsonArray& array);       // NOLINT(google-explicit-constructor)
    JsonNode(const QJsonValue& value);       // NOLINT(google-explicit-constructor)
    JsonNode(const QJsonDocument& document); // NOLINT(google-explicit-constructor)

    bool isUndefined() const { return !m_tape; }
    bool isNull() const { return m_tape && token().type == JsonTape::Type::Null; }
    bool isBool() const
    {
        return m_tape && (token().type == JsonTape::Type::True || token().type == JsonTape::Type::False);
    }
    bool isDouble() const { return m_tape && token().type == JsonTape::Type::Number; }
    bool isString() const { return m_tape && token().type == JsonTape::Type::String; }
    bool isArray() const { return m_tape && token().type == JsonTape::Type::Array; }
    bool isObject() const { return m_tape && token().type == JsonTape::Type::Object; }

    bool toBool(bool fallback = false) const;
    double toDouble(double fallback = 0) const;
    // A number that is a whole qint64 (1, 1.0 and 1e3 alike, as QJsonValue::toInteger), else fallback.
    qint64 toInteger(qint64 fallback = 0) const { return wholeNumber().value_or(fallback); }
    std::optional<qint64> wholeNumber() const;
    QString toString(const QString& fallback = {}) const;
    // A string's content as it is in the body (escapes not decoded).
    QByteArrayView rawString() const;
    // Whether this is a string equal to text, without decoding it when it has no escapes.
    bool equals(QStringView text) const;

    // An object's value at key (the last one, when a key repeats, as Qt kept it); undefined if none.
    JsonNode value(QStringView key) const;
    bool contains(QStringView key) const { return !value(key).isUndefined(); }
    // The number of items of a list or members of an object.
    qsizetype size() const;

    // The first member (a key; its value follows) of an object, the first item of a list, and the
    // node after this one in its container; undefined past the end.
    JsonNode first() const;
    JsonNode next(const JsonNode& container) const;

    // Calls fn(item) for each item of a list, fn(key, value) for each member of an object, in the
    // document's order, while fn returns true.
    template <typename Fn> void forEachItem(Fn&& fn) const
    {
        for (JsonNode item = first(); !item.isUndefined(); item = item.next(*this)) {
            if (!fn(item))
                return;
        }
    }
    template <typename Fn> void forEachMember(Fn&& fn) const
    {
        for (JsonNode key = first(); !key.isUndefined();) {
            const JsonNode value(m_tape, key.m_index + 1);
            if (!fn(key, value))
                return;
            key = value.next(*this);
        }
    }

    // Qt's value of this node and all it holds, for the callers that want one.
    QJsonValue toJsonValue() const;
    QJsonObject toObject() const { return toJsonValue().toObject(); }
    QJsonArray toArray() const { return toJsonValue().toArray(); }

    const JsonTape* tape() const { return m_tape; }
    quint32 index() const { return m_index; }
    // This node, keeping the tape owner holds alive (for a value kept beyond its document).
    JsonNode keeping(const JsonNode& owner) const
    {
        JsonNode kept = *this;
        kept.m_keep = owner.m_keep;
        return kept;
    }

private:
    const JsonTape::Token& token() const { return m_tape->at(m_index); }

    std::shared_ptr<const JsonTape> m_keep;
    const JsonTape* m_tape = nullptr;
    quint32 m_index = 0;
};

inline JsonNode JsonTape::root() const
{
    return JsonNode(this, 0);
}

} // namespace sfdesk
