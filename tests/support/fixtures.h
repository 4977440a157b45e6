// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/resourcejson.h"
#include "support/testenv.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

namespace sfdesk {

namespace Fixtures {

inline QByteArray bytes(const QString& name)
{
    QFile file(TestEnv::dataFile(QStringLiteral("api/") + name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return file.readAll();
}

inline QJsonObject object(const QString& name)
{
    return QJsonDocument::fromJson(bytes(name)).object();
}

// The items of a list fixture, parsed; aborts the test binary on a bad fixture.
template <typename T> QList<T> list(const QString& name, ItemParser<T> parser)
{
    QString error;
    const auto items = parseItems<T>(object(name).value(u"data").toArray(), parser, &error);
    if (!items)
        qFatal("bad fixture %s: %s", qPrintable(name), qPrintable(error));
    return *items;
}

} // namespace Fixtures

} // namespace sfdesk
