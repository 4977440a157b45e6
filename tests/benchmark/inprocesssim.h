// SPDX-License-Identifier: Apache-2.0

#pragma once

// sfsim's API called in process, without sockets: what the benchmarks seed a world through and
// time its routes with.
#include "sim/routes/simapi.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>
#include <QUrlQuery>

#include <cstdlib>

struct InProcessSim
{
    sfsim::SimApi& api;
    QByteArray authorization;

    sfsim::ApiResponse call(const QString& method, const QString& path, const QString& query = {},
                            const QJsonObject& body = {})
    {
        sfsim::SimApiRequest r;
        r.method = method;
        // A path with a leading slash is taken as it is (the /_sim/ control routes).
        r.path = path.startsWith(u'/') ? path : QStringLiteral("/preview/v2/") + path;
        r.query = QUrlQuery(query);
        r.body = body.isEmpty() ? QByteArray() : QJsonDocument(body).toJson(QJsonDocument::Compact);
        r.authorization = authorization;
        r.fromLoopback = true;
        return api.handle(r);
    }

    // A call that must succeed: a benchmark whose seeding failed measures nothing, so it stops.
    QJsonObject must(const QString& method, const QString& path, const QJsonObject& body,
                     const QString& query = {})
    {
        const sfsim::ApiResponse response = call(method, path, query, body);
        if (response.status >= 300) {
            QTextStream(stderr) << method << ' ' << path << ": " << response.status << ' ' << response.bytes()
                                << Qt::endl;
            std::exit(1);
        }
        return response.body;
    }
};
