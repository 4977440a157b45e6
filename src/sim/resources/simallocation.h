// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace sfsim {

class SimStore;

// A pool's allocation is stored as rectangles (pool, SKU, [start_at, end_at), node_count); buy
// fills add positive ones and sell fills negative ones. Schedules and "allocated nodes now" are
// derived from them, so every writer (control route, market) only appends or replaces rectangles.
namespace allocation {

struct Rectangle
{
    QString instanceSkuId;
    qint64 startAt = 0;
    std::optional<qint64> endAt; // nullopt: unbounded
    qint64 nodeCount = 0;
};

QList<Rectangle> rectangles(SimStore& store, const QString& poolId, const QString& instanceSkuId = {});

// Sum of node counts at time t.
qint64 nodesAt(const QList<Rectangle>& rects, qint64 t);
qint64 allocatedNow(SimStore& store, const QString& poolId, const QString& instanceSkuId, qint64 now);

// The step function as an API Schedule from `from` on: entries with explicit end_at, gaps mean
// zero, a final unbounded entry has end_at null. Zero runs are left out.
QJsonArray schedule(const QList<Rectangle>& rects, qint64 from);
// {total, by_instance_sku} of a pool, from `from` on.
QJsonObject allocationSchedule(SimStore& store, const QString& poolId, qint64 from);
QJsonObject allocationSchedule(const QList<Rectangle>& rects, qint64 from);
// allocationSchedule() as compact JSON, written as Qt would write it, without the object model.
QByteArray allocationScheduleText(const QList<Rectangle>& rects, qint64 from);
// The schedules of several pools (a page of a list) in one query, by pool id, as compact JSON; a
// pool that owns nothing from `from` on is left out (its schedule is allocationScheduleText({}, from)).
QHash<QString, QByteArray> allocationScheduleTexts(SimStore& store, const QStringList& poolIds, qint64 from);

// True when the pool holds nodes now or later (a delete blocker).
bool hasCurrentOrFutureAllocation(SimStore& store, const QString& poolId, qint64 now);

void addRectangle(SimStore& store, const QString& poolId, const Rectangle& rect, const QString& source,
                  const QString& sourceId = {});
// Replaces every rectangle of (pool, SKU) that came from `source`.
void replaceRectangles(SimStore& store, const QString& poolId, const QString& instanceSkuId,
                       const QString& source, const QList<Rectangle>& rects);

// The next time after `now` at which some pool's allocation changes, if any.
std::optional<qint64> nextBoundary(SimStore& store, qint64 now);

} // namespace allocation

} // namespace sfsim
