// SPDX-License-Identifier: Apache-2.0

#include "sim/market/markettypes.h"

#include "common/money.h"

using namespace Qt::StringLiterals;

namespace sfsim {

namespace Money = sfdesk::Money;
using sfdesk::Schedule;

QString orderSideName(OrderSide side)
{
    return side == OrderSide::Buy ? u"buy"_s : u"sell"_s;
}

std::optional<OrderSide> orderSideFromName(QStringView name)
{
    if (name == u"buy")
        return OrderSide::Buy;
    if (name == u"sell")
        return OrderSide::Sell;
    return std::nullopt;
}

QString orderStatusName(OrderStatus status)
{
    switch (status) {
    case OrderStatus::Pending:
        return u"pending"_s;
    case OrderStatus::Standing:
        return u"standing"_s;
    case OrderStatus::PartiallyFilled:
        return u"partially_filled"_s;
    case OrderStatus::Filled:
        return u"filled"_s;
    case OrderStatus::Cancelled:
        return u"cancelled"_s;
    case OrderStatus::Rejected:
        return u"rejected"_s;
    }
    return u"rejected"_s;
}

std::optional<OrderStatus> orderStatusFromName(QStringView name)
{
    for (OrderStatus status : {OrderStatus::Pending, OrderStatus::Standing, OrderStatus::PartiallyFilled,
                               OrderStatus::Filled, OrderStatus::Cancelled, OrderStatus::Rejected}) {
        if (name == orderStatusName(status))
            return status;
    }
    return std::nullopt;
}

Schedule MarketOrder::filled() const
{
    Schedule sum = filledUnloaded;
    for (const MarketOrderFill& fill : fills)
        sum = sum.plus(fill.schedule);
    return sum;
}

bool MarketOrder::isActive() const
{
    return status == OrderStatus::Pending || status == OrderStatus::Standing
           || status == OrderStatus::PartiallyFilled;
}

std::optional<qint64> MarketOrder::averageFillRate() const
{
    if (fills.isEmpty())
        return std::nullopt;
    qint64 amount = 0;
    qint64 nodeSeconds = 0;
    for (const MarketOrderFill& fill : fills) {
        amount += fill.amount;
        nodeSeconds += fill.schedule.nodeSeconds().value_or(0);
    }
    return Money::averageRate(amount, nodeSeconds);
}

} // namespace sfsim
