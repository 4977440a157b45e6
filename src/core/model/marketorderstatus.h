// SPDX-License-Identifier: Apache-2.0

#pragma once

namespace sfdesk {

// Where an order stands on the market. The API's orders (Order) and the planner's (PlannerOrder)
// share it: the planner keeps the status an order came with.
enum class MarketOrderStatus
{
    Pending,
    Standing,
    PartiallyFilled,
    Filled,
    Cancelled,
    Rejected,
    Unknown
};

// Still on the book: may yet fill, may be cancelled.
constexpr bool isOpen(MarketOrderStatus status)
{
    return status == MarketOrderStatus::Pending || status == MarketOrderStatus::Standing
           || status == MarketOrderStatus::PartiallyFilled;
}

} // namespace sfdesk
