// SPDX-License-Identifier: Apache-2.0

#include "sim/api/simhttp.h"

#include "common/constvalue.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;
using sfdesk::FieldError;

QByteArray ApiResponse::bytes() const
{
    return json.isEmpty() ? QJsonDocument(body).toJson(QJsonDocument::Compact) : json;
}

SimApiError::SimApiError(int status, QString type, QString message, QList<FieldError> details)
    : m_status(status)
    , m_type(std::move(type))
    , m_message(std::move(message))
    , m_details(std::move(details))
{}

SimApiError SimApiError::badRequest(const QString& message, QList<FieldError> details)
{
    return {400, u"invalid_request_error"_s, message, std::move(details)};
}

SimApiError SimApiError::unauthorized(const QString& message)
{
    return {401, u"authentication_error"_s, message};
}

SimApiError SimApiError::forbidden(const QString& message)
{
    return {403, u"forbidden"_s, message};
}

SimApiError SimApiError::notFound(const QString& message)
{
    return {404, u"not_found"_s, message};
}

SimApiError SimApiError::conflict(const QString& message, QList<FieldError> details)
{
    return {409, u"conflict"_s, message, std::move(details)};
}

SimApiError SimApiError::unprocessable(const QString& message, QList<FieldError> details)
{
    return {422, u"unprocessable_entity"_s, message, std::move(details)};
}

SimApiError SimApiError::tooLarge(const QString& message)
{
    return {413, u"invalid_request_error"_s, message};
}

QJsonObject SimApiError::toJson() const
{
    QJsonObject error{{u"type"_s, m_type}, {u"message"_s, m_message}};
    if (!m_details.isEmpty()) {
        QJsonArray details;
        for (const auto& d : m_details)
            details.append(d.toJson());
        error.insert(u"details"_s, details);
    }
    return {{u"error"_s, error}};
}

// ---------------------------------------------------------------------------------------------

QueryReader::QueryReader(const QUrlQuery& query)
    : m_query(query)
{}

std::optional<QString> QueryReader::string(const QString& key) const
{
    if (!m_query.hasQueryItem(key))
        return std::nullopt;
    return m_query.queryItemValue(key, QUrl::FullyDecoded);
}

QStringList QueryReader::list(const QString& key) const
{
    QStringList values = m_query.allQueryItemValues(key, QUrl::FullyDecoded);
    values += m_query.allQueryItemValues(key + u"[]"_s, QUrl::FullyDecoded);
    // A comma-separated single value is accepted as a list, as many clients send it that way.
    QStringList out;
    for (const auto& v : std::as_const(values)) {
        for (const auto& part : constValue(v.split(u',', Qt::SkipEmptyParts)))
            out.append(part.trimmed());
    }
    return out;
}

std::optional<qint64> QueryReader::integer(const QString& key, qint64 minimum, qint64 maximum)
{
    const auto text = string(key);
    if (!text)
        return std::nullopt;
    bool ok = false;
    const qint64 value = text->toLongLong(&ok);
    if (!ok) {
        addError(key, u"invalid_type"_s, u"%1 must be an integer, got \"%2\"."_s.arg(key, *text));
        return std::nullopt;
    }
    if (value < minimum || value > maximum) {
        addError(key, u"out_of_range"_s,
                 u"%1 must be between %2 and %3."_s.arg(key).arg(minimum).arg(maximum));
        return std::nullopt;
    }
    return value;
}

std::optional<bool> QueryReader::boolean(const QString& key)
{
    const auto text = string(key);
    if (!text)
        return std::nullopt;
    if (*text == u"true"_s || *text == u"1"_s)
        return true;
    if (*text == u"false"_s || *text == u"0"_s)
        return false;
    addError(key, u"invalid_type"_s, u"%1 must be true or false."_s.arg(key));
    return std::nullopt;
}

int QueryReader::limit(int defaultLimit, int maximum)
{
    return static_cast<int>(integer(u"limit"_s, 1, maximum).value_or(defaultLimit));
}

void QueryReader::addError(const QString& field, const QString& code, const QString& message)
{
    m_errors.append({field, code, message});
}

void QueryReader::finish() const
{
    if (!m_errors.isEmpty())
        throw SimApiError::unprocessable(m_errors.first().message, m_errors);
}

// ---------------------------------------------------------------------------------------------

namespace {

QString jsonTypeName(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"boolean"_s;
    case QJsonValue::Double:
        return u"number"_s;
    case QJsonValue::String:
        return u"string"_s;
    case QJsonValue::Array:
        return u"array"_s;
    case QJsonValue::Object:
        return u"object"_s;
    default:
        return u"undefined"_s;
    }
}

// Line and column of a byte offset, for messages that say where the JSON broke.
std::pair<int, int> lineColumn(const QByteArray& body, int offset)
{
    int line = 1;
    int column = 1;
    for (int i = 0; i < offset && i < body.size(); ++i) {
        if (body.at(i) == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

} // namespace

BodyReader BodyReader::parse(const QByteArray& body)
{
    if (body.trimmed().isEmpty())
        throw SimApiError::badRequest(u"Request body is empty; expected a JSON object."_s);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &error);
    if (error.error != QJsonParseError::NoError) {
        const auto [line, column] = lineColumn(body, error.offset);
        throw SimApiError::badRequest(u"Malformed JSON at line %1, column %2 (byte %3): %4."_s.arg(line)
                                          .arg(column)
                                          .arg(error.offset)
                                          .arg(error.errorString()));
    }
    if (!doc.isObject())
        throw SimApiError::badRequest(u"Request body must be a JSON object, got %1."_s.arg(
            doc.isArray() ? u"an array"_s : u"a scalar"_s));
    BodyReader reader;
    reader.m_object = doc.object();
    return reader;
}

bool BodyReader::isNull(const QString& key) const
{
    return m_object.contains(key) && m_object.value(key).isNull();
}

void BodyReader::addError(const QString& field, const QString& code, const QString& message)
{
    m_errors.append({field, code, message});
}

void BodyReader::finish() const
{
    if (!m_errors.isEmpty())
        throw SimApiError::unprocessable(m_errors.first().message, m_errors);
}

void BodyReader::finishAsBadRequest() const
{
    if (!m_errors.isEmpty())
        throw SimApiError::badRequest(m_errors.first().message, m_errors);
}

std::optional<QJsonValue> BodyReader::present(const QString& key, bool required, QJsonValue::Type type,
                                              const QString& typeName)
{
    QJsonValue v = m_object.value(key);
    if (v.isUndefined() || v.isNull()) {
        if (required)
            addError(key, u"missing_field"_s, u"%1 is required."_s.arg(key));
        return std::nullopt;
    }
    if (v.type() != type) {
        addError(key, u"invalid_type"_s, u"%1 must be %2, got %3."_s.arg(key, typeName, jsonTypeName(v)));
        return std::nullopt;
    }
    return v;
}

std::optional<QString> BodyReader::string(const QString& key, bool required, int maxLength)
{
    const std::optional<QJsonValue> v = present(key, required, QJsonValue::String, u"a string"_s);
    if (!v)
        return std::nullopt;
    QString s = v->toString();
    if (s.isEmpty()) {
        addError(key, u"empty"_s, u"%1 must not be empty."_s.arg(key));
        return std::nullopt;
    }
    if (s.size() > maxLength) {
        addError(key, u"too_long"_s,
                 u"%1 is %2 characters long; the maximum is %3."_s.arg(key).arg(s.size()).arg(maxLength));
        return std::nullopt;
    }
    return s;
}

std::optional<QString> BodyReader::name(const QString& key, bool required)
{
    auto s = string(key, required, 255);
    if (!s)
        return std::nullopt;
    if (!isValidName(*s)) {
        addError(
            key, u"invalid_name"_s,
            u"%1 must start with a letter or digit and contain only letters, digits, '.', '_' and '-'."_s.arg(
                key));
        return std::nullopt;
    }
    return s;
}

std::optional<qint64> BodyReader::integer(const QString& key, bool required, qint64 minimum, qint64 maximum)
{
    const std::optional<QJsonValue> v = present(key, required, QJsonValue::Double, u"an integer"_s);
    if (!v)
        return std::nullopt;
    const double d = v->toDouble();
    // Range first: casting a double beyond qint64 to an integer is undefined.
    if (!(d >= -9.2e18 && d <= 9.2e18)) {
        addError(key, u"out_of_range"_s,
                 u"%1 must be between %2 and %3."_s.arg(key).arg(minimum).arg(maximum));
        return std::nullopt;
    }
    if (d != static_cast<double>(static_cast<qint64>(d))) {
        addError(key, u"invalid_type"_s, u"%1 must be an integer."_s.arg(key));
        return std::nullopt;
    }
    const qint64 i = static_cast<qint64>(d);
    if (i < minimum || i > maximum) {
        addError(key, u"out_of_range"_s,
                 u"%1 must be between %2 and %3."_s.arg(key).arg(minimum).arg(maximum));
        return std::nullopt;
    }
    return i;
}

std::optional<bool> BodyReader::boolean(const QString& key, bool required)
{
    const std::optional<QJsonValue> v = present(key, required, QJsonValue::Bool, u"a boolean"_s);
    return v ? std::optional<bool>(v->toBool()) : std::nullopt;
}

std::optional<QJsonObject> BodyReader::tags(const QString& key)
{
    const std::optional<QJsonValue> v = present(key, false, QJsonValue::Object, u"an object of strings"_s);
    if (!v)
        return std::nullopt;
    const QString problem = tagsProblem(v->toObject());
    if (!problem.isEmpty()) {
        addError(key, u"invalid_tags"_s, problem);
        return std::nullopt;
    }
    return v->toObject();
}

std::optional<QJsonArray> BodyReader::array(const QString& key, bool required)
{
    const std::optional<QJsonValue> v = present(key, required, QJsonValue::Array, u"an array"_s);
    return v ? std::optional<QJsonArray>(v->toArray()) : std::nullopt;
}

bool isValidName(const QString& name)
{
    // Anchored on both ends: with ^...$ PCRE2 also accepts a final newline ("p\n").
    static const QRegularExpression pattern(
        QRegularExpression::anchoredPattern(u"[a-zA-Z0-9][a-zA-Z0-9._-]{0,254}"_s));
    return pattern.match(name).hasMatch();
}

QString tagsProblem(const QJsonObject& tags)
{
    if (tags.size() > 50)
        return u"At most 50 tags are allowed, got %1."_s.arg(tags.size());
    // Control characters (a newline above all) would end up in commands copied from the app.
    static const QRegularExpression key(
        QRegularExpression::anchoredPattern(u"[^_,= \\x00-\\x1f\\x7f][^,= \\x00-\\x1f\\x7f]{0,127}"_s));
    static const QRegularExpression value(
        QRegularExpression::anchoredPattern(u"[^,=\\x00-\\x1f\\x7f]{0,256}"_s));
    for (auto it = tags.begin(); it != tags.end(); ++it) {
        if (!key.match(it.key()).hasMatch())
            return u"Tag key \"%1\" must be 1 to 128 characters, not start with '_', ',', '=' or a space, "
                   "and contain no ',', '=' or space."_s.arg(it.key());
        if (!it.value().isString())
            return u"Tag \"%1\" must have a string value."_s.arg(it.key());
        if (!value.match(it.value().toString()).hasMatch())
            return u"Tag \"%1\" has a value over 256 characters or containing ',', '=' or a control character."_s
                .arg(it.key());
    }
    return {};
}

} // namespace sfsim
