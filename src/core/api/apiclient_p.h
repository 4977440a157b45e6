// SPDX-License-Identifier: Apache-2.0

// What the endpoints of ApiClient (apiclient*.cpp) share: the parsers of a list, a page and an
// object, and the encoding of a reference and a workspace in a URL.

#pragma once

#include "core/api/apireply.h"
#include "core/api/resourcejson.h"

#include <QUrl>
#include <QUrlQuery>

namespace sfdesk::ApiClientParts {

template <typename T> inline ResultParser<QList<T>> listParser(ItemParser<T> parser)
{
    return {[parser](const JsonNode& document, QString* error) -> std::optional<QList<T>> {
        // Paginated calls hand over the collected items as an array; others the list envelope.
        JsonNode data = document;
        if (document.isObject()) {
            const auto envelope = parseListEnvelope(document, error);
            if (!envelope)
                return std::nullopt;
            data = envelope->data;
        }
        return parseItems<T>(data, parser, error);
    }};
}

// One page of a list and where the next one starts, for callers that page on their own.
template <typename T> inline ResultParser<Page<T>> pageParser(ItemParser<T> parser)
{
    return {[parser](const JsonNode& document, QString* error) -> std::optional<Page<T>> {
        const auto envelope = parseListEnvelope(document, error);
        if (!envelope)
            return std::nullopt;
        auto items = parseItems<T>(envelope->data, parser, error);
        if (!items)
            return std::nullopt;
        return Page<T>{*items, envelope->hasMore, envelope->cursor};
    }};
}

template <typename T> inline ResultParser<T> objectParser(ItemParser<T> parser)
{
    return {[parser](const JsonNode& document, QString* error) -> std::optional<T> {
        if (!document.isObject()) {
            *error = QStringLiteral("expected a JSON object");
            return std::nullopt;
        }
        return parser(document, error);
    }};
}

inline QString encoded(const QString& idOrReference)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(idOrReference));
}

inline QUrlQuery workspaceQuery(const QString& workspace, QUrlQuery query = {})
{
    if (!workspace.isEmpty())
        query.addQueryItem(QStringLiteral("workspace"), workspace);
    return query;
}

} // namespace sfdesk::ApiClientParts
