// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/api/apicall.h"
#include "core/api/apierror.h"

#include <QList>
#include <QMetaType>
#include <QString>

class ApiClient;

// One line of an instance's console, decoded from the API's base64 bytes.
struct ConsoleLine
{
    qint64 seqnum = 0;
    qint64 timestamp = 0; // Unix seconds
    QString text;
    bool operator==(const ConsoleLine&) const = default;
};

struct SshHostKey
{
    QString keyType;
    QString key;
    bool operator==(const SshHostKey&) const = default;
};

struct SshDetails
{
    QString hostname;
    int port = 22;
    QList<SshHostKey> hostKeys;
    bool operator==(const SshDetails&) const = default;
};

// Calls the views need that ApiClient has no typed method for yet. They go through
// ApiClient::send, so they show up in the activity list and retry like every other call.
namespace ExtraCalls {

ApiCall* renameInfinibandPartition(ApiClient* client, const QString& reference,
                                   const QString& name);                              // InfinibandPartition
ApiCall* consoleLogs(ApiClient* client, const QString& instanceId, int limit = 2500); // QList<ConsoleLine>
ApiCall* sshDetails(ApiClient* client, const QString& instanceId);                    // SshDetails

std::optional<QList<ConsoleLine>> parseConsoleLogs(const QJsonDocument& document, QString* error);
std::optional<SshDetails> parseSshDetails(const QJsonDocument& document, QString* error);

} // namespace ExtraCalls

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

Q_DECLARE_METATYPE(ConsoleLine)
Q_DECLARE_METATYPE(SshDetails)
