// SPDX-License-Identifier: Apache-2.0

#include "core/notify/notice.h"

namespace sfdesk {

QString Notice::kindName(Kind kind)
{
    switch (kind) {
    case Kind::OrderFilled:
        return QStringLiteral("orderFilled");
    case Kind::OrderExpired:
        return QStringLiteral("orderExpired");
    case Kind::CapacitySoon:
        return QStringLiteral("capacitySoon");
    case Kind::InstanceRunning:
        return QStringLiteral("instanceRunning");
    case Kind::PriceWatch:
        return QStringLiteral("priceWatch");
    case Kind::PoolIdle:
        return QStringLiteral("poolIdle");
    }
    return {};
}

} // namespace sfdesk
