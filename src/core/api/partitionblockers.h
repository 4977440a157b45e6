// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apierror.h"

#include <QList>
#include <QString>

namespace sfdesk {

// What keeps a partition from being deleted, read from the details of a 409 (INFINIBAND.md).
struct PartitionBlocker
{
    enum class Kind
    {
        Attached,       // a readable instance still attached
        Unreadable,     // attached instances the caller may not read
        PendingRelease, // terminated, but its node has not released the partition yet
        Other,          // a code this client does not know; shown as the server wrote it
    };
    Kind kind = Kind::Other;
    QString instanceId; // Attached and PendingRelease
    int count = 1;      // Unreadable: how many
    QString message;
    bool operator==(const PartitionBlocker&) const = default;
};

QList<PartitionBlocker> partitionBlockers(const ApiError& error);

} // namespace sfdesk
