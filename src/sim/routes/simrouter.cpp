// SPDX-License-Identifier: Apache-2.0

#include "sim/routes/simrouter.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace sfsim {

QStringList SimRouter::segments(const QString& path)
{
    QStringList out = path.split(u'/', Qt::SkipEmptyParts);
    for (auto& segment : out)
        segment = QUrl::fromPercentEncoding(segment.toUtf8());
    return out;
}

void SimRouter::add(const char* method, const char* pattern, Handler handler)
{
    m_routes.append(
        {QString::fromLatin1(method), segments(QString::fromLatin1(pattern)), std::move(handler)});
}

void SimRouter::addCollection(const char* collection, Collection handlers)
{
    const QByteArray item = QByteArray(collection) + "/{}";
    add("POST", collection, std::move(handlers.create));
    add("GET", collection, std::move(handlers.list));
    add("GET", item.constData(), std::move(handlers.get));
    add("PATCH", item.constData(), std::move(handlers.patch));
    add("DELETE", item.constData(), std::move(handlers.remove));
}

SimRouter::Match SimRouter::match(const QString& method, const QString& path, const QString& fullPath) const
{
    const QStringList parts = segments(path);
    QStringList allowed;
    for (const auto& r : m_routes) {
        if (r.pattern.size() != parts.size())
            continue;
        QStringList params;
        bool found = true;
        for (int i = 0; i < parts.size() && found; ++i) {
            if (r.pattern.at(i) == u"{}"_s)
                params.append(parts.at(i));
            else
                found = r.pattern.at(i) == parts.at(i);
        }
        if (!found)
            continue;
        if (r.method != method) {
            allowed.append(r.method);
            continue;
        }
        return {r.handler, params};
    }
    if (!allowed.isEmpty() && m_unservedMethod == UnservedMethod::MethodNotAllowed)
        throw SimApiError(
            405, u"invalid_request_error"_s,
            u"Method %1 is not allowed on %2; use %3."_s.arg(method, fullPath, allowed.join(u", "_s)));
    throw SimApiError::notFound(u"No route for %1 %2."_s.arg(method, fullPath));
}

} // namespace sfsim
