// SPDX-License-Identifier: Apache-2.0

#include "core/notify/notice.h"

#include "common/constvalue.h"
#include "core/settings/settings.h"

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

std::optional<Notice::Kind> Notice::kindFromName(const QString& name)
{
    for (const Kind kind : constValue(allKinds())) {
        if (kindName(kind) == name)
            return kind;
    }
    return std::nullopt;
}

bool Notice::isEnabled(const Settings& settings, Kind kind)
{
    return settings.notifies(kindName(kind));
}

void Notice::setEnabled(Settings& settings, Kind kind, bool on)
{
    settings.setNotifies(kindName(kind), on);
}

} // namespace sfdesk
