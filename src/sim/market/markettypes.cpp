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

namespace {

// Each status with the name the API gives it: one list for both directions. The names are
// literals, so handing one out copies no text.
struct OrderStatusName
{
    OrderStatus status;
    QString name;
};
const OrderStatusName orderStatusNames[] = {
    {OrderStatus::Pending, u"pending"_s},
    {OrderStatus::Standing, u"standing"_s},
    {OrderStatus::PartiallyFilled, u"partially_filled"_s},
    {OrderStatus::Filled, u"filled"_s},
    {OrderStatus::Cancelled, u"cancelled"_s},
    {OrderStatus::Rejected, u"rejected"_s},
};

} // namespace

QString orderStatusName(OrderStatus status)
{
    for (const OrderStatusName& entry : orderStatusNames) {
        if (entry.status == status)
            return entry.name;
    }
    return u"rejected"_s;
}

std::optional<OrderStatus> orderStatusFromName(QStringView name)
{
    for (const OrderStatusName& entry : orderStatusNames) {
        if (entry.name == name)
            return entry.status;
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
