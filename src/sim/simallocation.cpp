// SPDX-License-Identifier: Apache-2.0

#include "sim/simallocation.h"

#include "sim/simstore.h"

#include <QJsonDocument>
#include <QMap>

#include <limits>

using namespace Qt::StringLiterals;

namespace sfsim {

namespace allocation {

namespace {

constexpr qint64 unbounded = std::numeric_limits<qint64>::max();

Rectangle fromRecord(const QSqlRecord& r)
{
    Rectangle rect;
    rect.instanceSkuId = r.value(0).toString();
    rect.startAt = r.value(1).toLongLong();
    if (!r.value(2).isNull())
        rect.endAt = r.value(2).toLongLong();
    rect.nodeCount = r.value(3).toLongLong();
    return rect;
}

} // namespace

QList<Rectangle> rectangles(SimStore& store, const QString& poolId, const QString& instanceSkuId)
{
    QList<Rectangle> out;
    const auto rows =
        instanceSkuId.isEmpty()
            ? store.rows(u"SELECT instance_sku_id, start_at, end_at, node_count FROM pool_allocations "
                         "WHERE pool_id = ?"_s,
                         {poolId})
            : store.rows(u"SELECT instance_sku_id, start_at, end_at, node_count FROM pool_allocations "
                         "WHERE pool_id = ? AND instance_sku_id = ?"_s,
                         {poolId, instanceSkuId});
    for (const auto& r : rows)
        out.append(fromRecord(r));
    return out;
}

qint64 nodesAt(const QList<Rectangle>& rects, qint64 t)
{
    qint64 sum = 0;
    for (const auto& r : rects) {
        if (r.startAt <= t && t < r.endAt.value_or(unbounded))
            sum += r.nodeCount;
    }
    return sum;
}

qint64 allocatedNow(SimStore& store, const QString& poolId, const QString& instanceSkuId, qint64 now)
{
    return qMax<qint64>(0, nodesAt(rectangles(store, poolId, instanceSkuId), now));
}

QJsonArray schedule(const QList<Rectangle>& rects, qint64 from)
{
    // Sweep the boundaries; each segment [b_i, b_i+1) has a constant sum.
    QMap<qint64, qint64> deltas;
    for (const auto& r : rects) {
        const qint64 end = r.endAt.value_or(unbounded);
        if (end <= from || r.nodeCount == 0)
            continue;
        deltas[qMax(r.startAt, from)] += r.nodeCount;
        if (end != unbounded)
            deltas[end] -= r.nodeCount;
    }
    QJsonArray out;
    qint64 level = 0;
    auto it = deltas.cbegin();
    while (it != deltas.cend()) {
        level += it.value();
        const qint64 start = it.key();
        ++it;
        const qint64 count = qMax<qint64>(0, level);
        if (count == 0)
            continue;
        QJsonObject entry{{u"start_at"_s, start}, {u"node_count"_s, count}};
        entry.insert(u"end_at"_s, it == deltas.cend() ? QJsonValue(QJsonValue::Null) : QJsonValue(it.key()));
        // Merge with the previous entry when it continues at the same level.
        if (!out.isEmpty()) {
            QJsonObject last = out.last().toObject();
            if (last.value(u"end_at"_s).toInteger() == start
                && last.value(u"node_count"_s).toInteger() == count) {
                last.insert(u"end_at"_s, entry.value(u"end_at"_s));
                // QJsonArray::last() is a copy; write through the index.
                out[out.size() - 1] = last;
                continue;
            }
        }
        out.append(entry);
    }
    return out;
}

QJsonObject allocationSchedule(const QList<Rectangle>& rects, qint64 from)
{
    QMap<QString, QList<Rectangle>> bySku;
    for (const auto& r : rects)
        bySku[r.instanceSkuId].append(r);
    QJsonObject perSku;
    for (auto it = bySku.cbegin(); it != bySku.cend(); ++it) {
        const QJsonArray s = schedule(it.value(), from);
        if (!s.isEmpty())
            perSku.insert(it.key(), s);
    }
    return {{u"total"_s, schedule(rects, from)}, {u"by_instance_sku"_s, perSku}};
}

QJsonObject allocationSchedule(SimStore& store, const QString& poolId, qint64 from)
{
    return allocationSchedule(rectangles(store, poolId), from);
}

QHash<QString, QJsonObject> allocationSchedules(SimStore& store, const QStringList& poolIds, qint64 from)
{
    QHash<QString, QList<Rectangle>> byPool;
    // One statement for the whole page: the ids travel as one JSON array.
    const auto rows =
        store.rows(u"SELECT instance_sku_id, start_at, end_at, node_count, pool_id FROM pool_allocations "
                   "WHERE pool_id IN (SELECT value FROM json_each(?))"_s,
                   {QString::fromUtf8(
                       QJsonDocument(QJsonArray::fromStringList(poolIds)).toJson(QJsonDocument::Compact))});
    for (const auto& r : rows)
        byPool[r.value(4).toString()].append(fromRecord(r));
    QHash<QString, QJsonObject> out;
    for (auto it = byPool.cbegin(); it != byPool.cend(); ++it)
        out.insert(it.key(), allocationSchedule(it.value(), from));
    return out;
}

bool hasCurrentOrFutureAllocation(SimStore& store, const QString& poolId, qint64 now)
{
    return !allocationSchedule(store, poolId, now).value(u"total"_s).toArray().isEmpty();
}

void addRectangle(SimStore& store, const QString& poolId, const Rectangle& rect, const QString& source,
                  const QString& sourceId)
{
    store.exec(
        u"INSERT INTO pool_allocations(pool_id, instance_sku_id, start_at, end_at, node_count, source, "
        "source_id) VALUES(?, ?, ?, ?, ?, ?, ?)"_s,
        {poolId, rect.instanceSkuId, rect.startAt,
         rect.endAt ? QVariant(*rect.endAt) : QVariant(QMetaType(QMetaType::LongLong)), rect.nodeCount,
         source, sourceId.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(sourceId)});
}

void replaceRectangles(SimStore& store, const QString& poolId, const QString& instanceSkuId,
                       const QString& source, const QList<Rectangle>& rects)
{
    store.exec(u"DELETE FROM pool_allocations WHERE pool_id = ? AND instance_sku_id = ? AND source = ?"_s,
               {poolId, instanceSkuId, source});
    for (const auto& r : rects)
        addRectangle(store, poolId, r, source);
}

std::optional<qint64> nextBoundary(SimStore& store, qint64 now)
{
    const QVariant v =
        store.scalar(u"SELECT MIN(t) FROM (SELECT start_at AS t FROM pool_allocations WHERE start_at > ? "
                     "UNION ALL SELECT end_at FROM pool_allocations WHERE end_at > ?)"_s,
                     {now, now});
    if (v.isNull())
        return std::nullopt;
    return v.toLongLong();
}

} // namespace allocation

} // namespace sfsim
