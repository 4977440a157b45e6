// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/model/resources.h"

#include <QList>
#include <QString>

namespace sfdesk {

// Whether a worker's InfiniBand link came up, as the `ibv_devinfo` run at boot (the InfiniBand
// images and the bootstrap's check) printed it on the instance's serial console.
namespace IbCheck {

enum class PortState
{
    Active,      // every port it listed is PORT_ACTIVE
    Down,        // a port is not active, or no device or no InfiniBand stack was found
    NotReported, // no ibv_devinfo result in the console yet
};

struct Result
{
    PortState state = PortState::NotReported;
    // The line that decided it without its console prefix ("state: PORT_ACTIVE (4)", "No IB devices
    // found"); empty when not reported.
    QString detail;
    // When ibv_devinfo ran (Unix seconds of its console line); 0 when it has not run. A run that
    // printed nothing yet is NotReported with this time.
    qint64 seenAt = 0;
    bool operator==(const Result&) const = default;
};

// The last ibv_devinfo result in the console lines (oldest first); a later run replaces an earlier one.
Result fromConsole(const QList<ConsoleLine>& lines);

// What to run on a worker to see the same by hand.
QString manualCommand();

} // namespace IbCheck

} // namespace sfdesk
