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

void MarketBackend::createProcurement(const ProcurementRequest&, QObject*,
                                      std::function<void(const Procurement&)>, Failed failed)
{
    failed(tr("This connection cannot keep procurements."));
}

void MarketBackend::updateProcurement(const QString&, const ProcurementChange&, QObject*,
                                      std::function<void(const Procurement&)>, Failed failed)
{
    failed(tr("This connection cannot keep procurements."));
}

void MarketBackend::deleteProcurement(const QString&, QObject*, std::function<void()>, Failed failed)
{
    failed(tr("This connection cannot keep procurements."));
}

} // namespace sfdesk
