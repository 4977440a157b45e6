// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/schedule.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace sfdesk {

struct Instance;
struct Pool;

// Owned nodes that no running or starting instance uses, per pool and SKU, hour by hour over the
// whole hours of the next two days. The Pools column, the planner's band, Sell Idle… and the idle
// notice all read it, so they always agree.
namespace IdleCapacity {

inline constexpr qint64 Hours = 48;

// A rectangle of idle nodes of one SKU: `nodes` over [start, end).
struct Block
{
    QString sku;
    qint64 start = 0;
    qint64 end = 0;
    qint64 nodes = 0;
    qint64 nodeHours() const { return nodes * (end - start) / Schedule::Hour; }
    bool operator==(const Block&) const = default;
};

struct PoolIdle
{
    QString poolId;
    // Idle nodes per SKU id, constant over each whole hour, zero outside the window.
    QMap<QString, Schedule> bySku;
    qint64 nodeHours = 0;
    // The block Sell Idle… offers: the longest-lasting (by node-hours, earliest on a tie) run of
    // hours of one SKU with the same idle count; and whether it is all of the pool's idle capacity.
    std::optional<Block> sellable;
    bool sellableIsAll = false;
    bool operator==(const PoolIdle&) const = default;
};

// The window looked at: the whole hours of [ceil(now), ceil(now) + 48 h); the hour under way is
// not offered, it cannot be sold any more.
qint64 windowStart(qint64 now);
qint64 windowEnd(qint64 now);

// Whether an instance holds a node of its pool: running, or waiting for one.
bool usesNode(const Instance& instance);

// For each hour: the nodes owned through the whole hour minus the pool's instances of that SKU that
// hold a node then (until their expected shutdown, when one is known), never below zero.
PoolIdle compute(const Pool& pool, const QList<Instance>& instances, qint64 now);
// Every pool's, by pool id.
QHash<QString, PoolIdle> computeAll(const QList<Pool>& pools, const QList<Instance>& instances, qint64 now);

// Owned nodes at `at` that no instance uses (the moment, not the window): what the idle notice
// watches.
qint64 idleNodesAt(const Pool& pool, const QList<Instance>& instances, qint64 at);

} // namespace IdleCapacity

} // namespace sfdesk
