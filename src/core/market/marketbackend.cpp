// SPDX-License-Identifier: Apache-2.0

#include "core/market/marketbackend.h"

#include "common/constvalue.h"

namespace sfdesk {

MarketBackend::MarketBackend(QObject* parent)
    : QObject(parent)
{}

MarketBackend::~MarketBackend() = default;

std::optional<Pool> MarketBackend::pool(const QString& id) const
{
    for (const Pool& candidate : constValue(pools())) {
        if (candidate.id == id)
            return candidate;
    }
    return std::nullopt;
}

bool MarketBackend::placeOutcomeUnknown(const OrderRequest&) const
{
    return false;
}

QString MarketBackend::unknownOutcomesNotKept() const
{
    return {};
}

bool MarketBackend::ordersKnown() const
{
    return true;
}

std::optional<Order> MarketBackend::takePlacedEarlier(const OrderRequest&)
{
    return std::nullopt;
}

void MarketBackend::requestDepth(const QString&, qint64, qint64) {}

void MarketBackend::requestFills(const QString&, qint64) {}

QList<Procurement> MarketBackend::procurements() const
{
    return {};
}

} // namespace sfdesk
