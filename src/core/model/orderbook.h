// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QList>
#include <QMetaType>

namespace sfdesk {

// Depth of book for one delivery window: bids best (highest) first, asks best (lowest) first.
struct OrderbookDepth
{
    qint64 startAt = 0;
    qint64 endAt = 0;
    qint64 requestedAt = 0;
    QList<PriceLevel> bids;
    QList<PriceLevel> asks;
    bool operator==(const OrderbookDepth&) const = default;
};

// One trade of the market: the SKU, its rate, the nodes it delivers over time, when it was made.
struct OrderbookFill
{
    QString sku;
    Price price;
    NodeSchedule delta;
    qint64 filledAt = 0;
    bool operator==(const OrderbookFill&) const = default;
};

} // namespace sfdesk

Q_DECLARE_METATYPE(sfdesk::OrderbookDepth)
Q_DECLARE_METATYPE(sfdesk::OrderbookFill)
Q_DECLARE_METATYPE(sfdesk::Page<sfdesk::OrderbookFill>)
