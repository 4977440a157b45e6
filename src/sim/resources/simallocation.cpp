// SPDX-License-Identifier: Apache-2.0

#include "sim/resources/simallocation.h"

#include "common/constvalue.h"
#include "common/schedule.h"
#include "sim/resources/simjsonwriter.h"
#include "sim/store/simstore.h"

#include <QJsonDocument>
#include <QMap>

#include <limits>

using namespace Qt::StringLiterals;

namespace sfsim {

using sfdesk::constValue;

namespace allocation {

namespace {

constexpr qint64 unbounded = std::numeric_limits<qint64>::max();

// A rectangle of a row that selects instance_sku_id, start_at, end_at, node_count first.
Rectangle fromRow(const SimRow& row)
{
    Rectangle rect;
    rect.instanceSkuId = QString::fromUtf8(row.text(0));
    rect.startAt = row.integer(1);
    if (!row.isNull(2))
        rect.endAt = row.integer(2);
    rect.nodeCount = row.integer(3);
    return rect;
}

} // namespace

QList<Rectangle> rectangles(SimStore& store, const QString& poolId, const QString& instanceSkuId)
{
    // Read as SQLite returns the rows: a pool a procurement keeps holds a rectangle per fill, and
    // the market asks for them at every match of a sell.
    QList<Rectangle> out;
    const auto append = [&out](const SimRow& row) { out.append(fromRow(row)); };
    if (instanceSkuId.isEmpty())
        store.forEachRow(u"SELECT instance_sku_id, start_at, end_at, node_count FROM pool_allocations "
                         "WHERE pool_id = ?"_s,
                         {poolId}, append);
    else
        store.forEachRow(u"SELECT instance_sku_id, start_at, end_at, node_count FROM pool_allocations "
                         "WHERE pool_id = ? AND instance_sku_id = ?"_s,
                         {poolId, instanceSkuId}, append);
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

namespace {

// The step function from `from` on: runs of a constant non-zero count, merged where one continues
// another at the same count; the last may be unbounded.
QList<sfdesk::ScheduleEntry> runs(const QList<Rectangle>& rects, qint64 from)
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
    QList<sfdesk::ScheduleEntry> out;
    qint64 level = 0;
    auto it = deltas.cbegin();
    while (it != deltas.cend()) {
        level += it.value();
        const qint64 start = it.key();
        ++it;
        const qint64 count = qMax<qint64>(0, level);
        if (count == 0)
            continue;
        const std::optional<qint64> end =
            it == deltas.cend() ? std::nullopt : std::optional<qint64>(it.key());
        if (!out.isEmpty() && out.last().endAt == start && out.last().nodeCount == count) {
            out.last().endAt = end;
            continue;
        }
        out.append(sfdesk::ScheduleEntry{start, end, count});
    }
    return out;
}

} // namespace

QJsonArray schedule(const QList<Rectangle>& rects, qint64 from)
{
    QJsonArray out;
    for (const sfdesk::ScheduleEntry& entry : constValue(runs(rects, from)))
        out.append(QJsonObject{
            {u"start_at"_s, entry.startAt},
            {u"node_count"_s, entry.nodeCount},
            {u"end_at"_s, entry.endAt ? QJsonValue(*entry.endAt) : QJsonValue(QJsonValue::Null)}});
    return out;
}

QByteArray allocationScheduleText(const QList<Rectangle>& rects, qint64 from)
{
    QMap<QString, QList<Rectangle>> bySku;
    for (const auto& r : rects)
        bySku[r.instanceSkuId].append(r);
    QByteArray out("{\"by_instance_sku\":{");
    bool first = true;
    for (auto it = bySku.cbegin(); it != bySku.cend(); ++it) {
        const QList<sfdesk::ScheduleEntry> entries = runs(it.value(), from);
        if (entries.isEmpty())
            continue;
        if (!first)
            out.append(',');
        first = false;
        jsonout::appendString(out, it.key());
        out.append(':');
        jsonout::appendSchedule(out, entries);
    }
    out.append("},\"total\":");
    jsonout::appendSchedule(out, runs(rects, from));
    out.append('}');
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
    // What ended before `from` is not shown.
    QList<Rectangle> rects;
    store.forEachRow(u"SELECT instance_sku_id, start_at, end_at, node_count FROM pool_allocations "
                     "WHERE pool_id = ? AND (end_at IS NULL OR end_at > ?)"_s,
                     {poolId, from}, [&rects](const SimRow& row) { rects.append(fromRow(row)); });
    return allocationSchedule(rects, from);
}

QHash<QString, QByteArray> allocationScheduleTexts(SimStore& store, const QStringList& poolIds, qint64 from)
{
    QHash<QString, QList<Rectangle>> byPool;
    // One statement for the whole page: the ids travel as one JSON array. What ended before
    // `from` is not shown.
    store.forEachRow(
        u"SELECT instance_sku_id, start_at, end_at, node_count, pool_id FROM pool_allocations "
        "WHERE pool_id IN (SELECT value FROM json_each(?)) AND (end_at IS NULL OR end_at > ?)"_s,
        {QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(poolIds)).toJson(QJsonDocument::Compact)),
         from},
        [&byPool](const SimRow& row) { byPool[QString::fromUtf8(row.text(4))].append(fromRow(row)); });
    QHash<QString, QByteArray> out;
    for (auto it = byPool.cbegin(); it != byPool.cend(); ++it)
        out.insert(it.key(), allocationScheduleText(it.value(), from));
    return out;
}

bool hasCurrentOrFutureAllocation(SimStore& store, const QString& poolId, qint64 now)
{
    return !allocationSchedule(store, poolId, now).value(u"total"_s).toArray().isEmpty();
}

void addRectangle(SimStore& store, const QString& poolId, const Rectangle& rect, const QString& source,
                  const QString& sourceId)
{
    // A fill that continues one before it (the same pool, SKU and node count, ending where this one
    // starts) lengthens that rectangle: a procurement that buys an hour at a time would otherwise
    // leave a rectangle per hour, which every schedule of the pool reads. The rectangle keeps the
    // contract of its first fill.
    if (source == u"order" && rect.endAt) {
        const auto before = store.row(u"SELECT id FROM pool_allocations WHERE end_at = ? AND pool_id = ? AND "
                                      "instance_sku_id = ? AND node_count = ? AND source = 'order' LIMIT 1"_s,
                                      {rect.startAt, poolId, rect.instanceSkuId, rect.nodeCount});
        if (before) {
            store.exec(u"UPDATE pool_allocations SET end_at = ? WHERE id = ?"_s,
                       {*rect.endAt, before->value(0)});
            return;
        }
    }
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
