// SPDX-License-Identifier: Apache-2.0

#include "core/api/jsontape.h"

#include <QVarLengthArray>

#include <algorithm>

#include <cmath>
#include <cstring>
#include <limits>

namespace sfdesk {

// Appends tokens to a tape's blocks (see JsonTape::blockBits): the first block sized from what
// the caller expects and grown up to a whole block, then whole blocks.
class JsonTapeWriter
{
public:
    JsonTapeWriter(JsonTape* tape, qsizetype expected)
        : m_tape(tape)
        , m_expected(expected)
    {}
    ~JsonTapeWriter() { m_tape->m_size = m_size; }
    JsonTapeWriter(const JsonTapeWriter&) = delete;
    JsonTapeWriter& operator=(const JsonTapeWriter&) = delete;

    void append(const JsonTape::Token& token)
    {
        if (m_left == 0)
            grow();
        *m_next++ = token;
        --m_left;
        ++m_size;
    }
    quint32 size() const { return m_size; }
    JsonTape::Token& at(quint32 index)
    {
        return m_tape->m_blocks[index >> JsonTape::blockBits][index & (JsonTape::blockSize - 1)];
    }

private:
    void grow();

    JsonTape* m_tape;
    qsizetype m_expected;
    JsonTape::Token* m_next = nullptr;
    quint32 m_left = 0;
    quint32 m_size = 0;
};

void JsonTapeWriter::grow()
{
    using Token = JsonTape::Token;
    auto& blocks = m_tape->m_blocks;
    quint32 capacity = JsonTape::blockSize;
    if (blocks.empty()) {
        capacity = static_cast<quint32>(std::clamp<qsizetype>(m_expected, 16, JsonTape::blockSize));
        blocks.push_back(std::make_unique_for_overwrite<Token[]>(capacity));
    } else if (blocks.size() == 1 && m_tape->m_capacity < JsonTape::blockSize) {
        // A first block smaller than a whole one grows (a short answer keeps a short tape).
        capacity = std::min(JsonTape::blockSize, m_tape->m_capacity * 2);
        auto block = std::make_unique_for_overwrite<Token[]>(capacity);
        std::copy_n(blocks.front().get(), m_size, block.get());
        blocks.front() = std::move(block);
        m_tape->m_capacity = capacity;
        m_next = blocks.front().get() + m_size;
        m_left = capacity - m_size;
        return;
    } else {
        blocks.push_back(std::make_unique_for_overwrite<Token[]>(capacity));
    }
    m_tape->m_capacity += capacity;
    m_next = blocks.back().get();
    m_left = capacity;
}

namespace {

using Type = JsonTape::Type;
using Token = JsonTape::Token;

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// The length of the well-formed UTF-8 sequence at p (lead byte >= 0x80), or 0.
qsizetype utf8Sequence(const uchar* p, const uchar* end)
{
    const uchar lead = p[0];
    const auto continuation = [&](qsizetype i, uchar low = 0x80, uchar high = 0xbf) {
        return p + i < end && p[i] >= low && p[i] <= high;
    };
    if (lead >= 0xc2 && lead <= 0xdf)
        return continuation(1) ? 2 : 0;
    if (lead == 0xe0)
        return continuation(1, 0xa0) && continuation(2) ? 3 : 0;
    if ((lead >= 0xe1 && lead <= 0xec) || lead == 0xee || lead == 0xef)
        return continuation(1) && continuation(2) ? 3 : 0;
    if (lead == 0xed) // not the UTF-16 surrogates
        return continuation(1, 0x80, 0x9f) && continuation(2) ? 3 : 0;
    if (lead == 0xf0)
        return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0;
    if (lead >= 0xf1 && lead <= 0xf3)
        return continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
    if (lead == 0xf4)
        return continuation(1, 0x80, 0x8f) && continuation(2) && continuation(3) ? 4 : 0;
    return 0;
}

class Tokenizer
{
public:
    Tokenizer(const QByteArray& body, JsonTapeWriter* tokens)
        : m_begin(body.constData())
        , m_p(body.constData())
        , m_end(body.constData() + body.size())
        , m_tokens(tokens)
    {}

    bool run();
    JsonTape::Error error() const { return m_error; }

private:
    bool fail(const char* problem, const char* at)
    {
        m_error = {QString::fromLatin1(problem), at - m_begin};
        return false;
    }
    void skipSpace()
    {
        while (m_p < m_end && isSpace(*m_p))
            ++m_p;
    }
    quint32 offset(const char* at) const { return static_cast<quint32>(at - m_begin); }
    void push(Type type, const char* at, quint32 length, quint8 flags = 0)
    {
        const auto index = static_cast<quint32>(m_tokens->size());
        m_tokens->append(Token{offset(at), length, index + 1, type, flags});
    }
    bool string();
    bool number();
    bool literal(const char* word, qsizetype length, Type type);

    const char* m_begin;
    const char* m_p;
    const char* m_end;
    JsonTapeWriter* m_tokens;
    JsonTape::Error m_error;
};

bool Tokenizer::string()
{
    const char* quote = m_p++;
    const char* start = m_p;
    quint8 flags = 0;
    while (true) {
        // The common case first: a run of plain ASCII.
        while (m_p < m_end) {
            const auto c = static_cast<uchar>(*m_p);
            if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80)
                break;
            ++m_p;
        }
        if (m_p >= m_end)
            return fail("unterminated string", quote);
        const auto c = static_cast<uchar>(*m_p);
        if (c == '"')
            break;
        if (c < 0x20)
            return fail("control character in a string", m_p);
        if (c == '\\') {
            flags |= JsonTape::Escaped;
            if (m_p + 1 >= m_end)
                return fail("unterminated string", quote);
            const char escaped = m_p[1];
            if (escaped == 'u') {
                if (m_end - m_p < 6 || hexValue(m_p[2]) < 0 || hexValue(m_p[3]) < 0 || hexValue(m_p[4]) < 0
                    || hexValue(m_p[5]) < 0)
                    return fail("invalid escape sequence", m_p);
                m_p += 6;
            } else if (std::strchr("\"\\/bfnrt", escaped) && escaped != '\0') {
                m_p += 2;
            } else {
                return fail("invalid escape sequence", m_p);
            }
            continue;
        }
        const qsizetype length =
            utf8Sequence(reinterpret_cast<const uchar*>(m_p), reinterpret_cast<const uchar*>(m_end));
        if (length == 0)
            return fail("invalid UTF-8 in a string", m_p);
        flags |= JsonTape::NonAscii;
        m_p += length;
    }
    const auto index = static_cast<quint32>(m_tokens->size());
    m_tokens->append(Token{offset(start), static_cast<quint32>(m_p - start), index + 1, Type::String, flags});
    ++m_p;
    return true;
}

bool Tokenizer::number()
{
    const char* start = m_p;
    quint8 flags = 0;
    if (*m_p == '-')
        ++m_p;
    if (m_p >= m_end || !isDigit(*m_p))
        return fail(m_p < m_end && std::strchr("IN", *m_p) ? "NaN and Infinity are not JSON numbers"
                                                           : "illegal value",
                    start);
    if (*m_p == '0') {
        ++m_p;
        if (m_p < m_end && isDigit(*m_p))
            return fail("number with a leading zero", start);
    } else {
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
    }
    if (m_p < m_end && *m_p == '.') {
        flags |= JsonTape::Fraction;
        ++m_p;
        if (m_p >= m_end || !isDigit(*m_p))
            return fail("illegal number", start);
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
    }
    if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
        flags |= JsonTape::Fraction;
        ++m_p;
        if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
            ++m_p;
        if (m_p >= m_end || !isDigit(*m_p))
            return fail("illegal number", start);
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
    }
    const auto length = static_cast<quint32>(m_p - start);
    // Up to 18 digits always fit a qint64; beyond, or with a fraction, what a double cannot hold
    // QJsonDocument refused, and so does this.
    if (flags || length > 18) {
        bool ok = false;
        const double value = QByteArrayView(start, length).toDouble(&ok);
        Q_UNUSED(value);
        if (!ok)
            return fail("number out of range", start);
    }
    push(Type::Number, start, length, flags);
    return true;
}

bool Tokenizer::literal(const char* word, qsizetype length, Type type)
{
    if (m_end - m_p < length || std::memcmp(m_p, word, static_cast<size_t>(length)) != 0)
        return fail("illegal value", m_p);
    push(type, m_p, static_cast<quint32>(length));
    m_p += length;
    return true;
}

bool Tokenizer::run()
{
    // A byte order mark is skipped, as QJsonDocument did.
    if (m_end - m_p >= 3 && std::memcmp(m_p, "\xef\xbb\xbf", 3) == 0)
        m_p += 3;
    skipSpace();
    if (m_p >= m_end)
        return fail("the document is empty", m_p);
    if (*m_p != '{' && *m_p != '[')
        return fail("expected an object or a list", m_p);

    // The containers open, innermost last; their tokens' ends are set when they close.
    QVarLengthArray<quint32, 64> open;
    enum class Expect
    {
        Value,
        ValueOrClose,
        Key,
        KeyOrClose,
        CommaOrClose
    };
    Expect expect = Expect::Value;
    while (true) {
        skipSpace();
        if (m_p >= m_end)
            return fail(open.isEmpty() ? "the document is empty" : "unexpected end of the document", m_p);
        const char c = *m_p;
        bool closed = false;
        switch (expect) {
        case Expect::ValueOrClose:
            if (c == ']') {
                closed = true;
                break;
            }
            [[fallthrough]];
        case Expect::Value:
            switch (c) {
            case '{':
            case '[':
                if (open.size() >= JsonTape::maxDepth)
                    return fail("nested too deeply", m_p);
                open.append(static_cast<quint32>(m_tokens->size()));
                push(c == '{' ? Type::Object : Type::Array, m_p, 0);
                ++m_p;
                expect = c == '{' ? Expect::KeyOrClose : Expect::ValueOrClose;
                continue;
            case '"':
                if (!string())
                    return false;
                break;
            case 't':
                if (!literal("true", 4, Type::True))
                    return false;
                break;
            case 'f':
                if (!literal("false", 5, Type::False))
                    return false;
                break;
            case 'n':
                if (!literal("null", 4, Type::Null))
                    return false;
                break;
            case ']':
            case '}':
            case ',':
                // After a comma in a list, a closing bracket is a trailing comma.
                return fail(expect == Expect::Value && c == ']'
                                    && m_tokens->at(open.last()).type == Type::Array
                                ? "trailing comma in a list"
                                : "expected a value",
                            m_p);
            default:
                if (!number())
                    return false;
                break;
            }
            expect = Expect::CommaOrClose;
            continue;
        case Expect::KeyOrClose:
            if (c == '}') {
                closed = true;
                break;
            }
            [[fallthrough]];
        case Expect::Key:
            if (c != '"')
                return fail(c == '}' ? "trailing comma in an object" : "expected a string as a key", m_p);
            if (!string())
                return false;
            skipSpace();
            if (m_p >= m_end || *m_p != ':')
                return fail("expected ':' after a key", m_p);
            ++m_p;
            expect = Expect::Value;
            continue;
        case Expect::CommaOrClose: {
            const bool inObject = m_tokens->at(open.last()).type == Type::Object;
            if (c == ',') {
                ++m_p;
                expect = inObject ? Expect::Key : Expect::Value;
                continue;
            }
            if (c != (inObject ? '}' : ']'))
                return fail(inObject ? "expected ',' or '}'" : "expected ',' or ']'", m_p);
            closed = true;
            break;
        }
        }
        if (closed) {
            Token& container = m_tokens->at(open.last());
            container.end = static_cast<quint32>(m_tokens->size());
            container.length = static_cast<quint32>(m_p + 1 - m_begin) - container.offset;
            open.removeLast();
            ++m_p;
            expect = Expect::CommaOrClose;
            if (open.isEmpty())
                break;
        }
    }
    skipSpace();
    if (m_p != m_end)
        return fail("garbage at the end of the document", m_p);
    return true;
}

// UTF-8 to a QString, keeping every leading U+FEFF: QString::fromUtf8 drops one as a byte order
// mark, where in a JSON string it is a character (Qt's JSON parser keeps it), and a second one would
// then lead what is left.
QString decodeUtf8(const char* p, qsizetype length)
{
    qsizetype marks = 0;
    while (length - 3 * marks >= 3 && p[3 * marks] == '\xEF' && p[3 * marks + 1] == '\xBB'
           && p[3 * marks + 2] == '\xBF')
        ++marks;
    if (marks == 0)
        return QString::fromUtf8(p, length);
    return QString(marks, QChar(0xFEFF)) + QString::fromUtf8(p + 3 * marks, length - 3 * marks);
}

// Appends the decoded text of a string's raw content.
void appendDecoded(QString* out, QByteArrayView raw)
{
    const char* p = raw.data();
    const char* end = p + raw.size();
    while (p < end) {
        const char* escape = static_cast<const char*>(std::memchr(p, '\\', static_cast<size_t>(end - p)));
        const char* runEnd = escape ? escape : end;
        if (runEnd > p)
            out->append(decodeUtf8(p, runEnd - p));
        if (!escape)
            return;
        const char c = escape[1];
        p = escape + 2;
        switch (c) {
        case 'b':
            out->append(QChar(0x08));
            break;
        case 'f':
            out->append(QChar(0x0c));
            break;
        case 'n':
            out->append(QChar(0x0a));
            break;
        case 'r':
            out->append(QChar(0x0d));
            break;
        case 't':
            out->append(QChar(0x09));
            break;
        case 'u': {
            // Each \u is one UTF-16 unit, as QJsonDocument decoded it: a pair makes its character,
            // a lone surrogate stays as it is.
            const int unit =
                (hexValue(p[0]) << 12) | (hexValue(p[1]) << 8) | (hexValue(p[2]) << 4) | hexValue(p[3]);
            out->append(QChar(static_cast<char16_t>(unit)));
            p += 4;
            break;
        }
        default: // " \ /
            out->append(QLatin1Char(c));
            break;
        }
    }
}

// What QJsonValue::toInteger() accepted of a double: a whole number within qint64.
std::optional<qint64> wholeDouble(double value)
{
    if (!std::isfinite(value) || std::trunc(value) != value || value < -9223372036854775808.0
        || value >= 9223372036854775808.0)
        return std::nullopt;
    return static_cast<qint64>(value);
}

QJsonValue toQt(const JsonTape& tape, quint32 index)
{
    const Token& token = tape.at(index);
    const JsonNode node(&tape, index);
    switch (token.type) {
    case Type::Null:
        return QJsonValue(QJsonValue::Null);
    case Type::False:
        return false;
    case Type::True:
        return true;
    case Type::Number: {
        // Whole numbers as integers, as QJsonDocument kept them.
        const std::optional<qint64> whole = node.wholeNumber();
        return whole ? QJsonValue(*whole) : QJsonValue(node.toDouble());
    }
    case Type::String:
        return node.toString();
    case Type::Array: {
        QJsonArray array;
        node.forEachItem([&](const JsonNode& item) {
            array.append(toQt(tape, item.index()));
            return true;
        });
        return array;
    }
    case Type::Object: {
        QJsonObject object;
        node.forEachMember([&](const JsonNode& key, const JsonNode& value) {
            object.insert(key.toString(), toQt(tape, value.index()));
            return true;
        });
        return object;
    }
    }
    return {};
}

std::shared_ptr<const JsonTape> tapeOf(const QByteArray& json)
{
    return JsonTape::parse(json);
}

} // namespace

std::shared_ptr<const JsonTape> JsonTape::parse(const QByteArray& body, Error* error)
{
    auto tape = std::make_shared<JsonTape>();
    if (body.size() >= std::numeric_limits<quint32>::max()) {
        if (error)
            *error = {QStringLiteral("the document is larger than 4 GiB"), 0};
        return nullptr;
    }
    tape->m_body = body;
    {
        // The API's answers have a token in 11 to 13 bytes: a short one fits its first block.
        JsonTapeWriter tokens(tape.get(), body.size() / 8 + 16);
        Tokenizer tokenizer(tape->m_body, &tokens);
        if (!tokenizer.run()) {
            if (error)
                *error = tokenizer.error();
            return nullptr;
        }
    }
    return tape;
}

std::shared_ptr<const JsonTape> JsonTape::concatenate(const QList<JsonNode>& lists)
{
    auto tape = std::make_shared<JsonTape>();
    qsizetype bytes = 0;
    qsizetype tokens = 1;
    for (const JsonNode& list : lists) {
        bytes += list.tape()->body().size();
        tokens += list.tape()->at(list.index()).end - list.index() - 1;
    }
    if (bytes >= std::numeric_limits<quint32>::max() || tokens >= std::numeric_limits<quint32>::max())
        return nullptr;
    tape->m_body.reserve(bytes);
    JsonTapeWriter out(tape.get(), tokens);
    out.append(Token{0, 0, static_cast<quint32>(tokens), Type::Array, 0});
    for (const JsonNode& list : lists) {
        const JsonTape& from = *list.tape();
        const auto byteShift = static_cast<quint32>(tape->m_body.size());
        const quint32 first = list.index() + 1;
        const quint32 last = from.at(list.index()).end;
        const quint32 indexShift = out.size() - first;
        tape->m_body.append(from.body());
        for (quint32 i = first; i < last; ++i) {
            Token token = from.at(i);
            token.offset += byteShift;
            token.end += indexShift;
            out.append(token);
        }
    }
    return tape;
}

JsonNode::JsonNode(std::shared_ptr<const JsonTape> tape)
    : m_keep(std::move(tape))
    , m_tape(m_keep.get())
{}

JsonNode::JsonNode(const QJsonObject& object)
    : JsonNode(tapeOf(QJsonDocument(object).toJson(QJsonDocument::Compact)))
{}

JsonNode::JsonNode(const QJsonArray& array)
    : JsonNode(tapeOf(QJsonDocument(array).toJson(QJsonDocument::Compact)))
{}

JsonNode::JsonNode(const QJsonDocument& document)
{
    if (document.isObject() || document.isArray())
        *this = JsonNode(tapeOf(document.toJson(QJsonDocument::Compact)));
}

JsonNode::JsonNode(const QJsonValue& value)
{
    if (value.isObject())
        *this = JsonNode(value.toObject());
    else if (value.isArray())
        *this = JsonNode(value.toArray());
    else if (!value.isUndefined()) {
        const JsonNode wrapper(QJsonArray{value});
        *this = wrapper.first().keeping(wrapper);
    }
}

bool JsonNode::toBool(bool fallback) const
{
    if (!isBool())
        return fallback;
    return token().type == JsonTape::Type::True;
}

double JsonNode::toDouble(double fallback) const
{
    if (!isDouble())
        return fallback;
    const JsonTape::Token& t = token();
    return QByteArrayView(m_tape->body().constData() + t.offset, t.length).toDouble();
}

std::optional<qint64> JsonNode::wholeNumber() const
{
    if (!isDouble())
        return std::nullopt;
    const JsonTape::Token& t = token();
    const char* p = m_tape->body().constData() + t.offset;
    if (!(t.flags & JsonTape::Fraction) && t.length <= 18) {
        // Up to 18 digits: no overflow possible.
        const bool negative = *p == '-';
        qint64 value = 0;
        for (quint32 i = negative ? 1 : 0; i < t.length; ++i)
            value = value * 10 + (p[i] - '0');
        return negative ? -value : value;
    }
    if (!(t.flags & JsonTape::Fraction)) {
        bool ok = false;
        const qint64 value = QByteArrayView(p, t.length).toLongLong(&ok);
        if (ok)
            return value;
    }
    return wholeDouble(QByteArrayView(p, t.length).toDouble());
}

QByteArrayView JsonNode::rawString() const
{
    if (!isString())
        return {};
    const JsonTape::Token& t = token();
    return {m_tape->body().constData() + t.offset, t.length};
}

QString JsonNode::toString(const QString& fallback) const
{
    if (!isString())
        return fallback;
    const JsonTape::Token& t = token();
    const char* p = m_tape->body().constData() + t.offset;
    if (!(t.flags & JsonTape::Escaped))
        return t.flags & JsonTape::NonAscii ? decodeUtf8(p, t.length) : QString::fromLatin1(p, t.length);
    QString out;
    out.reserve(t.length);
    appendDecoded(&out, QByteArrayView(p, t.length));
    return out;
}

bool JsonNode::equals(QStringView text) const
{
    if (!isString())
        return false;
    const JsonTape::Token& t = token();
    if (t.flags & (JsonTape::Escaped | JsonTape::NonAscii))
        return toString() == text;
    // Plain ASCII: one byte is one UTF-16 unit.
    if (t.length != static_cast<quint32>(text.size()))
        return false;
    const char* p = m_tape->body().constData() + t.offset;
    const QChar* q = text.data();
    for (quint32 i = 0; i < t.length; ++i) {
        if (static_cast<char16_t>(static_cast<uchar>(p[i])) != q[i].unicode())
            return false;
    }
    return true;
}

JsonNode JsonNode::value(QStringView key) const
{
    JsonNode found;
    if (!isObject())
        return found;
    forEachMember([&](const JsonNode& name, const JsonNode& value) {
        if (name.equals(key))
            found = value;
        return true;
    });
    return found;
}

qsizetype JsonNode::size() const
{
    qsizetype count = 0;
    if (isArray())
        forEachItem([&count](const JsonNode&) { return ++count, true; });
    else if (isObject())
        forEachMember([&count](const JsonNode&, const JsonNode&) { return ++count, true; });
    return count;
}

JsonNode JsonNode::first() const
{
    if (!isArray() && !isObject())
        return {};
    const quint32 index = m_index + 1;
    return index < token().end ? JsonNode(m_tape, index) : JsonNode();
}

JsonNode JsonNode::next(const JsonNode& container) const
{
    const quint32 index = token().end;
    return index < m_tape->at(container.m_index).end ? JsonNode(m_tape, index) : JsonNode();
}

QJsonValue JsonNode::toJsonValue() const
{
    if (!m_tape)
        return QJsonValue(QJsonValue::Undefined);
    return toQt(*m_tape, m_index);
}

} // namespace sfdesk
