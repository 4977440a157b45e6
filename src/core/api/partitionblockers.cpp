// SPDX-License-Identifier: Apache-2.0

#include "core/api/partitionblockers.h"

#include <QRegularExpression>

namespace sfdesk {

QList<PartitionBlocker> partitionBlockers(const ApiError& error)
{
    static const QRegularExpression instanceId(QStringLiteral("\\b((?:inst|vm)_[0-9A-Za-z_-]+)"));
    static const QRegularExpression leadingCount(QStringLiteral("^\\s*(\\d+)"));
    QList<PartitionBlocker> blockers;
    for (const FieldError& detail : error.details()) {
        PartitionBlocker blocker;
        blocker.message = detail.message;
        if (detail.code == u"attached_instance")
            blocker.kind = PartitionBlocker::Kind::Attached;
        else if (detail.code == u"pending_release")
            blocker.kind = PartitionBlocker::Kind::PendingRelease;
        else if (detail.code == u"unreadable_instance")
            blocker.kind = PartitionBlocker::Kind::Unreadable;
        if (blocker.kind == PartitionBlocker::Kind::Attached
            || blocker.kind == PartitionBlocker::Kind::PendingRelease)
            blocker.instanceId = instanceId.match(detail.message).captured(1);
        if (blocker.kind == PartitionBlocker::Kind::Unreadable) {
            const auto match = leadingCount.match(detail.message);
            blocker.count = match.hasMatch() ? match.captured(1).toInt() : 1;
        }
        blockers.append(blocker);
    }
    return blockers;
}

} // namespace sfdesk
