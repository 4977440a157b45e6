// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QRegularExpression>
#include <QString>

namespace sfdesk::OrderStatus {

// Whether the order panel's status line says an order was placed: "Order … placed: …" or "Order …
// placed by an earlier attempt …". "The order was not placed" and "The order may or may not have
// been placed" contain the word too, so a test that looks for "placed" alone passes on a failure.
inline bool saysPlaced(const QString& status)
{
    static const QRegularExpression placed(QStringLiteral("^Order \\S+ placed"));
    return placed.match(status).hasMatch();
}

} // namespace sfdesk::OrderStatus
