// SPDX-License-Identifier: Apache-2.0

#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace sfsim {

// The serial console of a simulated instance: a plausible boot, cloud-init applying the user data
// it was given, and what `ibv_devinfo` reports. Generated from the instance, so it needs no storage
// and is the same on every read.
struct ConsoleContext
{
    QString instanceId;
    QString hostname;
    QString imageName;
    QString accelerator;
    int accelerators = 8;
    bool imageHasInfiniband = false;
    bool skuIsInfiniband = false;
    QString partitionName; // empty: not attached
    QString fabricName;
    QByteArray userData; // decoded
};

// Not ConsoleLine: that is the client's, and sfdesk links both (see BookLevel).
struct SimConsoleLine
{
    qint64 offsetMs; // since the node started booting
    QString text;
};

QList<SimConsoleLine> bootConsole(const ConsoleContext& context);
QList<SimConsoleLine> shutdownConsole(const ConsoleContext& context);

} // namespace sfsim
