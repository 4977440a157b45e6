// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "sim/resources/simroom.h"

namespace sfsim {

// Pools: references, their JSON with the allocation schedule, pages of them, and the reasons a
// pool cannot be deleted (other rooms and the routes add theirs).
class PoolRoom final : public SimRoom
{
public:
    using SimRoom::SimRoom;

    // Extra reasons a pool cannot be deleted (the market adds active orders); each returns
    // details, empty when it has no objection.
    using PoolDeleteGuard = std::function<QList<FieldError>(SimStore&, const QString& poolId, qint64 now)>;

    void addPoolDeleteGuard(PoolDeleteGuard guard) { m_poolDeleteGuards.append(std::move(guard)); }

    const QList<PoolDeleteGuard>& poolDeleteGuards() const { return m_poolDeleteGuards; }

    QSqlRecord findPool(const QString& ref, const QString& field = {});

    QJsonObject poolJson(const QSqlRecord& r, qint64 historyMinutes);

    QJsonObject poolJson(const QSqlRecord& r, const QJsonObject& allocationSchedule) const;

    qint64 scheduleFrom(qint64 historyMinutes) const;

    // The pool `id` as the API writes it, read from the store.
    QJsonObject storedPoolJson(const QString& id);

    // A page of pools as compact JSON, each with its allocation schedule from `historyMinutes` ago.
    QByteArray poolsPage(QueryReader& query, const QStringList& where, const QVariantList& binds,
                         qint64 historyMinutes);

private:
    QList<PoolDeleteGuard> m_poolDeleteGuards;
};

} // namespace sfsim
