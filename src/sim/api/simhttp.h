// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUrlQuery>

#include <exception>
#include <optional>

namespace sfsim {

using sfdesk::FieldError;

// Request and response values of the API layer, independent of the HTTP server, so that routes
// can be exercised without sockets and the dispatcher owns every byte that leaves sfsim.

// Thrown by route code; the dispatcher rolls the request's transaction back and answers with the
// API's error envelope. Exceptions keep each handler a straight line of checks.
class SimApiError final : public std::exception
{
public:
    SimApiError(int status, QString type, QString message, QList<FieldError> details = {});

    static SimApiError badRequest(const QString& message, QList<FieldError> details = {});
    static SimApiError unauthorized(const QString& message);
    static SimApiError forbidden(const QString& message);
    static SimApiError notFound(const QString& message);
    static SimApiError conflict(const QString& message, QList<FieldError> details = {});
    static SimApiError unprocessable(const QString& message, QList<FieldError> details = {});
    static SimApiError tooLarge(const QString& message);

    int status() const { return m_status; }
    QJsonObject toJson() const;
    const char* what() const noexcept override { return "sfsim api error"; }

private:
    int m_status;
    QString m_type;
    QString m_message;
    QList<FieldError> m_details;
};

struct ApiResponse
{
    ApiResponse() = default;
    ApiResponse(int status_, QJsonObject body_, bool empty_, QByteArray json_ = {})
        : status(status_)
        , body(std::move(body_))
        , empty(empty_)
        , json(std::move(json_))
    {}

    int status = 200;
    QJsonObject body;
    bool empty = false; // 204
    // The body already written as compact JSON (the instance lists, which skip the object model);
    // when set, `body` is empty.
    QByteArray json;

    // What goes on the wire: `json`, or `body` written compactly.
    QByteArray bytes() const;

    static ApiResponse ok(const QJsonObject& body) { return {200, body, false, {}}; }
    static ApiResponse okJson(const QByteArray& json) { return {200, {}, false, json}; }
    static ApiResponse created(const QJsonObject& body) { return {201, body, false, {}}; }
    static ApiResponse noContent() { return {204, {}, true, {}}; }
};

// Query string access with the API's conventions: repeatable parameters may be written `id` or
// `id[]`, integers are checked and reported as 422 details.
class QueryReader final
{
public:
    explicit QueryReader(const QUrlQuery& query);

    std::optional<QString> string(const QString& key) const;
    QStringList list(const QString& key) const;
    std::optional<qint64> integer(const QString& key, qint64 minimum, qint64 maximum);
    std::optional<bool> boolean(const QString& key);
    int limit(int defaultLimit, int maximum);
    // Throws 422 with every problem found so far.
    void finish() const;
    void addError(const QString& field, const QString& code, const QString& message);

private:
    QUrlQuery m_query;
    QList<FieldError> m_errors;
};

// JSON body access that collects every problem as a 422 detail: wrong types, missing fields,
// values out of range. Malformed JSON is a 400 raised by parse().
class BodyReader final
{
public:
    static BodyReader parse(const QByteArray& body);

    bool has(const QString& key) const { return m_object.contains(key); }
    bool isNull(const QString& key) const;
    QJsonValue raw(const QString& key) const { return m_object.value(key); }

    // nullable: absent or null gives nullopt without an error.
    std::optional<QString> string(const QString& key, bool required, int maxLength = 255);
    std::optional<QString> name(const QString& key, bool required);
    std::optional<qint64> integer(const QString& key, bool required, qint64 minimum, qint64 maximum);
    std::optional<bool> boolean(const QString& key, bool required);
    std::optional<QJsonObject> tags(const QString& key);
    std::optional<QJsonArray> array(const QString& key, bool required);
    void addError(const QString& field, const QString& code, const QString& message);
    bool hasErrors() const { return !m_errors.isEmpty(); }
    void finish() const;
    // finish() for the routes whose document declares 400 (not 422) for a body that fails validation.
    void finishAsBadRequest() const;

private:
    // The value of `key` when it is there and of `type` (`typeName` in the error). Nothing when it is
    // missing or null (an error if `required`) or of another type (an error).
    std::optional<QJsonValue> present(const QString& key, bool required, QJsonValue::Type type,
                                      const QString& typeName);

    QJsonObject m_object;
    QList<FieldError> m_errors;
};

// Names of the API: 1 to 255 characters, [a-zA-Z0-9][a-zA-Z0-9._-]*.
bool isValidName(const QString& name);
// Tags: at most 50, keys 1-128 characters not starting with _ , = or space, values up to 256.
QString tagsProblem(const QJsonObject& tags);

} // namespace sfsim
