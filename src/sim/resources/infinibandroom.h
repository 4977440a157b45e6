// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "common/fielderror.h"
#include "sim/resources/simroom.h"

#include <optional>

namespace sfsim {

// InfiniBand fabrics and partitions: references, JSON with attached instance counts, pages.
class InfinibandRoom final : public SimRoom
{
public:
    using SimRoom::SimRoom;

    QSqlRecord findPartition(const QString& ref, const QString& workspaceRef);
    // The partition a create puts its nodes in (a bare name resolves in `workspaceId`, the pool's
    // workspace); the caller must be able to write in the partition's workspace.
    QSqlRecord writablePartition(const QString& ref, const QString& workspaceId);
    // The problem with nodes of the InfiniBand SKU `sku` in `partition`, when the two are on
    // different fabrics.
    static std::optional<sfdesk::FieldError> fabricMismatch(const QSqlRecord& partition,
                                                            const QSqlRecord& sku);

    QSqlRecord findFabric(const QString& ref, const QString& field = {});

    QJsonObject partitionJson(const QSqlRecord& r);

    QJsonObject partitionJson(const QSqlRecord& r, qint64 instanceCount) const;

    // Attached, unreleased instances the caller can read, per partition, in one query.
    QHash<QString, qint64> attachedInstanceCounts(const QStringList& partitionIds);

    QJsonObject fabricJson(const QSqlRecord& r);

    // The partition `id` as the API writes it, read from the store.
    QJsonObject storedPartitionJson(const QString& id);

    // A page of partitions as compact JSON, each with the attached instances the caller can read.
    QByteArray partitionsPage(QueryReader& query, const QStringList& where, const QVariantList& binds);
};

} // namespace sfsim
