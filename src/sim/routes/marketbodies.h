// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"
#include "sim/market/marketengine.h"
#include "sim/market/markettypes.h"

#include <QJsonObject>

#include <optional>

namespace sfsim {

using sfdesk::FieldErrors;

// The bodies of POST /orders and POST /order_preview, read and checked before the market sees
// them. Details use the API's {field, code, message}.
class MarketBodies final
{
public:
    // Everything but resolving `pool`, which the caller does and writes into the result's
    // poolId/poolName. The SKU must be one the market trades.
    static std::optional<NewOrder> readOrder(const QJsonObject& body, qint64 now, const MarketEngine& market,
                                             FieldErrors* errors);
    static std::optional<PreviewRequest> readPreview(const QJsonObject& body, FieldErrors* errors);
};

} // namespace sfsim
