// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/api/simhttp.h"
#include "sim/routes/simrequest.h"

#include <QList>

#include <functional>

namespace sfsim {

// The routes of the API by method and path pattern ("pools/{}"): finds the handler of a request
// and its path parameters, or answers 404 and 405.
class SimRouter final
{
public:
    using Handler = std::function<ApiResponse(const SimRequestContext&)>;

    // What a path that exists answers for a method it does not serve.
    enum class UnservedMethod
    {
        MethodNotAllowed, // 405, naming the methods it serves
        NotFound,         // 404, as for a path that does not exist
    };
    explicit SimRouter(UnservedMethod unservedMethod = UnservedMethod::MethodNotAllowed)
        : m_unservedMethod(unservedMethod)
    {}

    void add(const char* method, const char* pattern, Handler handler);
    // The routes of a collection whose items are created, listed, read, changed and deleted, in
    // this order: POST and GET on `collection`, GET, PATCH and DELETE on `collection/{}`.
    struct Collection
    {
        Handler create;
        Handler list;
        Handler get;
        Handler patch;
        Handler remove;
    };
    void addCollection(const char* collection, Collection handlers);

    struct Match
    {
        Handler handler;
        QStringList params;
    };
    // `path` is the request's path without the API prefix; `fullPath` is quoted in errors.
    // Throws SimApiError 404 or 405.
    Match match(const QString& method, const QString& path, const QString& fullPath) const;

    // Path segments, each percent-decoded on its own so that an encoded '/' stays inside its segment.
    static QStringList segments(const QString& path);

private:
    struct Route
    {
        QString method;
        QStringList pattern;
        Handler handler;
    };
    UnservedMethod m_unservedMethod;
    QList<Route> m_routes;
};

} // namespace sfsim
